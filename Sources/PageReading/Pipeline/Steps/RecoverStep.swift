// Step "recover": rows of letters on the page that no recognised line covers (a column of prices, a short label, a
// line beside a table) are read again, row block by row block, and kept when they read surely.
import Foundation
import Imaging
import Support

struct RecoverStep: PageStep {
    let name = "recover"
    /// At most this many blocks are read again (each costs a recognition).
    var maximumBlocks = 8

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard state.recognised != nil, let inkLines = state.inkLines, let ink = state.ink else { return }
        let recovery = LineRecovery()
        // Nothing beyond the facing page's edge is ours to read.
        let cuts = state.facingCuts
        let ours = { (row: InkLine) in !cuts.contains { $0.isBeyond(row.box) } }
        let blocks = recovery.blocks(missedBy: state.lines, among: inkLines.filter(ours), short: state.shortInkLines.filter(ours))
        guard !blocks.isEmpty else { return }
        trace("recover: \(blocks.count) block(s) of rows no line covers: \(blocks.map(\.box))")
        // The blocks' rows alone on white paper (nothing else on the page is read with them, or twice), read on every
        // worker at once; then kept or not one after another, each against the lines kept before it.
        let chosen = Array(blocks.prefix(maximumBlocks))
        let crops = await offload { chosen.map { recovery.image(of: $0, ink: ink) } }
        let languages = state.languages
        let results = try await engine.recognizeAll(
            zip(chosen, crops).map { block, crop in
                (crop.0, RecognitionRequest(languages: languages, pixelsPerInch: 300, pageSegmentationMode: block.rows.count == 1 ? 7 : 6))
            })
        for ((block, (_, origin)), result) in zip(zip(chosen, crops), results) {
            let read = result.lines.map { $0.moved(dx: origin.x, dy: origin.y) }
            let kept = recovery.keep(read, rows: block.rows, existing: state.lines)
            trace("recover: \(block.box) read \(read.map { "\($0.text) \(String(format: "%.2f", $0.confidence))" }), kept \(kept.count)")
            state.appendBlock(kept)
        }
    }
}

/// Which rows of letters the recognised lines left out, how they are grouped to be read again, and which of the
/// lines read there are kept.
struct LineRecovery: Sendable {
    /// A row of letters is covered when at least this share of its letters lies inside recognised lines.
    var coveredShare = 0.5
    /// Rows at most this many of their heights apart, one above the other in one column, are read as one block.
    var joinGap = 2.5
    /// A line read again is kept from this confidence up (short pieces alone, from `shortConfidence`)...
    var minimumConfidence = 0.6
    var shortConfidence = 0.8
    /// ...and when it overlaps recognised lines by less than this share of its box (each line once).
    var maximumOverlap = 0.3

    struct Block: Sendable, Equatable {
        var box: PixelBox
        var rows: [InkLine]
    }

    /// Blocks of rows of letters (from the page's ink) that no recognised line covers, largest first.
    func blocks(missedBy lines: [RecognizedLine], among rows: [InkLine], short: [InkLine] = []) -> [Block] {
        let missed = (rows + short).filter { row in
            let h = Int(row.letterHeight / 3)
            let inside = lines.filter { line in
                let b = line.box
                return min(b.maxX, row.box.maxX) - max(b.x, row.box.x) > 0 && b.y - h <= row.box.midYInt && b.maxY + h >= row.box.midYInt
            }
            // Letters of the row inside a recognised line's box.
            let covered = inside.isEmpty ? 0 : Self.coveredWidth(row.box, by: inside.map(\.box))
            return Double(covered) < coveredShare * Double(row.box.width)
        }
        var blocks: [Block] = []
        for row in missed.sorted(by: { $0.box.y < $1.box.y }) {
            let gap = Int(joinGap * row.letterHeight)
            if let i = blocks.lastIndex(where: { b in
                let last = b.rows.last!.box
                let overlap = min(last.maxX, row.box.maxX) - max(last.x, row.box.x)
                return row.box.y - last.maxY <= gap && row.box.y >= last.y && overlap > Int(0.3 * Double(min(last.width, row.box.width)))
            }) {
                blocks[i].rows.append(row)
                blocks[i].box = blocks[i].box.union(row.box)
            } else {
                blocks.append(Block(box: row.box, rows: [row]))
            }
        }
        // Short pieces far apart in one column (the numbers of exercises) are read as one block: only their own
        // ink is on its paper.
        var merged: [Block] = []
        for block in blocks {
            let isShort = block.rows.allSatisfy { $0.letters.count < 3 }
            if isShort,
                let i = merged.firstIndex(where: { m in
                    m.rows.allSatisfy { $0.letters.count < 3 }
                        && min(m.box.maxX, block.box.maxX) - max(m.box.x, block.box.x) > min(m.box.width, block.box.width) / 2
                })
            {
                merged[i].rows += block.rows
                merged[i].box = merged[i].box.union(block.box)
            } else {
                merged.append(block)
            }
        }
        return merged.sorted { $0.box.width * $0.box.height > $1.box.width * $1.box.height }
    }

    /// How much of `row`'s width lies under any of `boxes`.
    static func coveredWidth(_ row: PixelBox, by boxes: [PixelBox]) -> Int {
        let spans = boxes.map { (max(row.x, $0.x), min(row.maxX, $0.maxX)) }.filter { $0.0 < $0.1 }.sorted { $0.0 < $1.0 }
        var covered = 0, end = row.x
        for (a, b) in spans {
            let start = max(a, end)
            if b > start { covered += b - start }
            end = max(end, b)
        }
        return covered
    }

    /// The block's rows alone on white paper, a margin of a line height around them: the letters of its rows and
    /// the small marks beside them (punctuation, accents). Returns the image and where its origin lies on the page.
    func image(of block: Block, ink: InkComponents) -> (GrayImage, (x: Int, y: Int)) {
        let height = block.rows.map(\.letterHeight).max() ?? 10
        let margin = Int(height)
        let origin = (x: block.box.x - margin, y: block.box.y - margin)
        let w = block.box.width + 2 * margin, h = block.box.height + 2 * margin
        var bytes = [UInt8](repeating: 255, count: w * h)
        var chosen = Set(block.rows.flatMap(\.letters))
        // Marks too small to be letters that sit within a row's band belong to it.
        for (i, c) in ink.components.enumerated() where !chosen.contains(i) && Double(c.box.height) < 0.5 * height && Double(c.box.width) < height {
            let cx = c.box.x + c.box.width / 2, cy = c.box.y + c.box.height / 2
            if block.rows.contains(where: { r in
                let pad = Int(0.5 * r.letterHeight)
                return cx >= r.box.x - pad && cx <= r.box.maxX + pad && cy >= r.box.y - pad && cy <= r.box.maxY + pad
            }) {
                chosen.insert(i)
            }
        }
        for i in chosen {
            for run in ink.runs(of: i) {
                let y = Int(run.y) - origin.y
                guard y >= 0, y < h else { continue }
                for x in max(0, Int(run.x0) - origin.x)..<min(w, Int(run.x1) - origin.x) { bytes[y * w + x] = 0 }
            }
        }
        return (GrayImage(width: w, height: h, bytes: bytes), origin)
    }

    /// Lines read in a block (page coordinates) that are sure, lie on a missed row, and repeat no recognised line.
    func keep(_ read: [RecognizedLine], rows: [InkLine], existing: [RecognizedLine]) -> [RecognizedLine] {
        // A piece of one or two letters says little about itself: it must read surely.
        let least = rows.allSatisfy { $0.letters.count < 3 } ? shortConfidence : minimumConfidence
        return read.filter { line in
            guard line.confidence >= least, line.text.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
            guard rows.contains(where: { $0.box.intersectionArea(line.box) > 0 }) else { return false }
            return !LineSet.repeats(line, existing, maximumOverlap: maximumOverlap)
        }
    }
}

/// Each line once: a step that adds lines checks them against the lines already read.
enum LineSet {
    /// Whether `line` covers ground already read: its box overlaps the boxes of `existing` by at least
    /// `maximumOverlap` of its own area.
    static func repeats(_ line: RecognizedLine, _ existing: [RecognizedLine], maximumOverlap: Double = 0.3) -> Bool {
        let area = max(1, line.box.width * line.box.height)
        let overlap = existing.reduce(0) { $0 + line.box.intersectionArea($1.box) }
        return Double(overlap) >= maximumOverlap * Double(area)
    }

    /// `added` without the lines that repeat `existing` (or an earlier line of `added`).
    static func adding(_ added: [RecognizedLine], to existing: [RecognizedLine], maximumOverlap: Double = 0.3) -> [RecognizedLine] {
        var kept: [RecognizedLine] = []
        for line in added where !repeats(line, existing + kept, maximumOverlap: maximumOverlap) { kept.append(line) }
        return kept
    }
}

extension PixelBox {
    /// Area shared with `other`.
    func intersectionArea(_ other: PixelBox) -> Int {
        max(0, min(maxX, other.maxX) - max(x, other.x)) * max(0, min(maxY, other.maxY) - max(y, other.y))
    }

    /// The smallest box holding both.
    func union(_ other: PixelBox) -> PixelBox {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelBox(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    var midYInt: Int { y + height / 2 }
}
