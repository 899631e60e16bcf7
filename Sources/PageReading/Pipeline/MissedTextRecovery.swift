// Step "recover": Tesseract's layout analysis sometimes drops a whole paragraph (tilted lines, next to a table).
// Find letter-sized ink that no recognised line covers, and read those regions again as uniform blocks.
import Foundation
import Imaging
import Support

struct MissedTextRecovery: Sendable {
    /// x-height of the print in the page's pixels.
    var xHeight: Double
    /// Recover only when at least this many letter-sized components are left uncovered...
    var minimumComponents = 25
    /// ...and they are at least this share of all letter-sized components.
    var minimumShare = 0.08
    /// A region holds at least this many letters...
    var minimumLettersPerRegion = 8
    /// ...and is at least this many x-heights wide.
    var minimumRegionWidth = 6.0
    /// Letters closer than this many x-heights join one region.
    var joinGap = 2.0

    /// Regions (page pixels) holding letters that no line box covers, largest first.
    func missedRegions(in page: LeptonicaImage, lines: [RecognizedLine]) -> [PixelBox] {
        guard let binary = page.depth == 1 ? page : page.thresholded(128) else { return [] }
        let x = max(4.0, xHeight)
        let letters = binary.componentBoxes().filter {
            Double($0.height) >= 0.5 * x && Double($0.height) <= 2.5 * x && Double($0.width) <= 3 * x && $0.width >= 2
        }
        guard letters.count >= minimumComponents else { return [] }
        let pad = Int(0.5 * x)
        let covered = lines.map { PixelBox(x: $0.box.x - pad, y: $0.box.y - pad, width: $0.box.width + 2 * pad, height: $0.box.height + 2 * pad) }
        let missed = letters.filter { c in
            let cx = c.x + c.width / 2, cy = c.y + c.height / 2
            return !covered.contains { cx >= $0.x && cx <= $0.maxX && cy >= $0.y && cy <= $0.maxY }
        }
        guard missed.count >= minimumComponents, Double(missed.count) >= minimumShare * Double(letters.count) else { return [] }
        // Group into blocks: components closer than about two x-heights join the same block.
        let gap = Int(joinGap * x)
        var blocks: [(box: PixelBox, count: Int)] = []
        for c in missed.sorted(by: { $0.y < $1.y }) {
            if let i = blocks.firstIndex(where: { b in
                c.x <= b.box.maxX + gap && c.maxX >= b.box.x - gap && c.y <= b.box.maxY + gap && c.maxY >= b.box.y - gap
            }) {
                let b = blocks[i].box
                let nx = min(b.x, c.x), ny = min(b.y, c.y)
                blocks[i].box = PixelBox(x: nx, y: ny, width: max(b.maxX, c.maxX) - nx, height: max(b.maxY, c.maxY) - ny)
                blocks[i].count += 1
            } else {
                blocks.append((c, 1))
            }
        }
        // Growing blocks can come to overlap: merge until none do.
        var merged = true
        while merged {
            merged = false
            outer: for i in blocks.indices {
                for j in blocks.indices where j > i {
                    let a = blocks[i].box, b = blocks[j].box
                    if a.x <= b.maxX + gap && a.maxX >= b.x - gap && a.y <= b.maxY + gap && a.maxY >= b.y - gap {
                        let nx = min(a.x, b.x), ny = min(a.y, b.y)
                        blocks[i] = (
                            PixelBox(x: nx, y: ny, width: max(a.maxX, b.maxX) - nx, height: max(a.maxY, b.maxY) - ny),
                            blocks[i].count + blocks[j].count
                        )
                        blocks.remove(at: j)
                        merged = true
                        break outer
                    }
                }
            }
        }
        // Real text: several letters in a region at least a few letters wide.
        return blocks.filter { $0.count >= minimumLettersPerRegion && Double($0.box.width) >= minimumRegionWidth * x }
            .sorted { $0.count > $1.count }.prefix(4)
            .map { PixelBox(x: max(0, $0.box.x - pad), y: max(0, $0.box.y - pad), width: $0.box.width + 2 * pad, height: $0.box.height + 2 * pad) }
    }

    /// The pixels of `region` as their own image.
    static func crop(_ image: GrayImage, to region: PixelBox) -> GrayImage? {
        let x0 = max(0, region.x), y0 = max(0, region.y)
        let x1 = min(image.width, region.maxX), y1 = min(image.height, region.maxY)
        guard x1 - x0 >= 8, y1 - y0 >= 8 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { bytes += image.bytes[(y * image.width + x0)..<(y * image.width + x1)] }
        return GrayImage(width: x1 - x0, height: y1 - y0, bytes: bytes)
    }
}
