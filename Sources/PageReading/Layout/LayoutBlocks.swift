// Tesseract's page layout analysis kept as blocks of the page in its reading order: the order step's second opinion.
import Foundation
import Support

/// The blocks layout analysis found on the page (each the box around its lines), in the order it reads them. A page
/// read in two halves on two workers (`PageSplitter`) comes back as two layouts, the lower one's blocks after all of
/// the upper one's: a column cut in two is joined again (see `init(lines:lowerFrom:)`), so that its halves are read one
/// after the other and not the upper halves of every column first.
struct LayoutBlocks: Sendable, Equatable {
    /// Block boxes in reading order.
    var boxes: [PixelBox]

    init(boxes: [PixelBox]) { self.boxes = boxes }

    /// The blocks of `lines` (by their `block` numbers, in the order they first appear). When the page was read in two
    /// halves, `lowerFrom` is the first block number of the lower half: a lower block that continues an upper one is
    /// joined to it. It continues it when it is the first lower block below the upper one's span, the upper one is the
    /// last upper block above its span, the two overlap across by half the narrower, and no more than three lines
    /// of white part them (the cut lies in a blank band between two rows).
    init(lines: [RecognizedLine], lowerFrom: Int? = nil) {
        var order: [Int] = []
        var box: [Int: PixelBox] = [:]
        for line in lines {
            if let b = box[line.block] {
                box[line.block] = b.union(line.box)
            } else {
                box[line.block] = line.box
                order.append(line.block)
            }
        }
        var joinedTo: [Int: Int] = [:]
        if let lowerFrom, !lines.isEmpty {
            let lineHeight = LineOrderer.medianHeight(lines)
            let upper = order.filter { $0 < lowerFrom }, lower = order.filter { $0 >= lowerFrom }
            func across(_ a: PixelBox, _ b: PixelBox) -> Bool {
                let overlap = min(a.maxX, b.maxX) - max(a.x, b.x)
                return Double(overlap) >= 0.5 * Double(min(a.width, b.width))
            }
            for b in lower {
                let lowBox = box[b]!
                // The last upper block above this one's span, and it must have this one as its first lower block below.
                let above = upper.filter { across(box[$0]!, lowBox) && box[$0]!.maxY <= lowBox.y + Int(lineHeight) }
                guard let a = above.max(by: { box[$0]!.maxY < box[$1]!.maxY }) else { continue }
                let below = lower.filter { across(box[a]!, box[$0]!) && box[$0]!.y >= box[a]!.maxY - Int(lineHeight) }
                guard below.min(by: { box[$0]!.y < box[$1]!.y }) == b, joinedTo.values.allSatisfy({ $0 != a }) else { continue }
                guard Double(lowBox.y - box[a]!.maxY) <= 3 * lineHeight else { continue }
                joinedTo[b] = a
            }
        }
        var boxes: [PixelBox] = []
        var index: [Int: Int] = [:]
        for b in order {
            if let a = joinedTo[b], let i = index[a] {
                boxes[i] = boxes[i].union(box[b]!)
                index[b] = i
            } else {
                index[b] = boxes.count
                boxes.append(box[b]!)
            }
        }
        self.boxes = boxes
    }

    /// The block `line` belongs to: the smallest whose box holds the line's centre; nil when none does (print that
    /// a later step found and read apart).
    func block(of line: RecognizedLine) -> Int? {
        let x = line.box.x + line.box.width / 2, y = line.box.y + line.box.height / 2
        func holds(_ b: PixelBox) -> Bool { x >= b.x && x < b.maxX && y >= b.y && y < b.maxY }
        return boxes.indices.filter { holds(boxes[$0]) }.min { boxes[$0].width * boxes[$0].height < boxes[$1].width * boxes[$1].height }
    }

    /// `ours` as layout analysis reads it: block by block in its order, each block's lines in `rows` (top to bottom,
    /// left to right where two stand level). A line in no block keeps its place after the line it follows in `ours`.
    func order(_ ours: [RecognizedLine], rows: ([RecognizedLine]) -> [RecognizedLine]) -> [RecognizedLine] {
        let blockOf = ours.map { block(of: $0) }
        var members = [[Int]](repeating: [], count: boxes.count)
        for (i, b) in blockOf.enumerated() {
            if let b { members[b].append(i) }
        }
        var sequence: [Int] = []
        for lines in members where !lines.isEmpty {
            // Lines are told apart by their index, since two may be equal as values.
            var indexed = lines.map { i -> RecognizedLine in
                var line = ours[i]
                line.block = i
                return line
            }
            indexed = rows(indexed)
            sequence += indexed.map(\.block)
        }
        // Lines in no block, each after the line before it in ours (or first).
        for i in ours.indices where blockOf[i] == nil {
            let at = i == 0 ? 0 : (sequence.firstIndex(of: i - 1).map { $0 + 1 } ?? sequence.count)
            sequence.insert(i, at: at)
        }
        return sequence.map { ours[$0] }
    }
}
