// Step "table": full layout analysis cuts a table into one block per cell, reads each cell on its own and loses the
// short ones. Where the lines show a table (short cells side by side in three or more rows), read its area again as
// one uniform block, so each row is read across, and keep that reading when it holds at least as much sure text.
import Foundation
import Imaging
import Support

struct TableStep: PageStep {
    let name = "table"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let gray = state.recognised, let region = TableFinder().table(in: state.lines) else { return }
        let clamped = PixelBox(
            x: max(0, region.x), y: max(0, region.y), width: min(gray.width, region.maxX) - max(0, region.x),
            height: min(gray.height, region.maxY) - max(0, region.y))
        guard let crop = MissedTextRecovery.crop(gray, to: clamped) else { return }
        let inside = state.lines.filter { TableFinder.holdsCentre(clamped, of: $0.box) }
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        let again = try await engine.recognize(crop, request: request)
        let rows = again.lines.map { $0.moved(dx: clamped.x, dy: clamped.y) }
        let before = RecogniseStep.sureText(inside)
        let after = RecogniseStep.sureText(rows)
        trace("table: \(clamped), \(inside.count) cells -> \(rows.count) rows, sure text \(Int(before)) -> \(Int(after))")
        guard after >= before else { return }
        let block = (state.lines.map(\.block).max() ?? -1) + 1
        let paragraph = (state.lines.map(\.paragraph).max() ?? -1) + 1
        state.lines.removeAll { TableFinder.holdsCentre(clamped, of: $0.box) }
        state.lines += rows.map {
            var line = $0
            line.block = block
            line.paragraph = paragraph
            return line
        }
    }
}

/// Finds the area of a table among recognised lines: short cells (fewer than four words, `CJKText.wordCount`) that
/// share their row with another short cell across a clear gap, in at least three rows.
struct TableFinder: Sendable {
    var minimumRows = 3

    func table(in lines: [RecognizedLine]) -> PixelBox? {
        let flat = lines.filter { $0.box.width > $0.box.height }
        guard flat.count >= 2 * minimumRows else { return nil }
        let heights = flat.map(\.box.height).sorted()
        let lineHeight = heights[heights.count / 2]
        let cells = flat.filter { CJKText.wordCount($0.text) < 4 && !Self.endsParagraph($0, in: flat, lineHeight: lineHeight) }
        var inTable: [RecognizedLine] = []
        for cell in cells {
            let mates = cells.filter { other in
                other.box != cell.box && Self.shareRow(cell.box, other.box)
                    && (other.box.x >= cell.box.maxX + lineHeight || cell.box.x >= other.box.maxX + lineHeight)
            }
            if !mates.isEmpty { inTable.append(cell) }
        }
        // Rows: cells grouped by overlapping row bands.
        var rows: [PixelBox] = []
        for cell in inTable.sorted(by: { $0.box.y < $1.box.y }) {
            if let last = rows.last, Self.shareRow(last, cell.box) { continue }
            rows.append(cell.box)
        }
        guard rows.count >= minimumRows else { return nil }
        let x0 = inTable.map(\.box.x).min()!, y0 = inTable.map(\.box.y).min()!
        let x1 = inTable.map(\.box.maxX).max()!, y1 = inTable.map(\.box.maxY).max()!
        let pad = lineHeight / 2
        return PixelBox(x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad)
    }

    /// Whether a short line is the last line of a wrapped paragraph, not a cell: right under a longer line of four
    /// words or more (less than a line height between them) that starts where it does. Boxed questions or two
    /// columns of notes end their paragraphs side by side, and those ends share rows like a table's cells.
    static func endsParagraph(_ line: RecognizedLine, in lines: [RecognizedLine], lineHeight: Int) -> Bool {
        lines.contains { above in
            Double(above.box.maxY) <= line.box.midY && line.box.y - above.box.maxY < lineHeight
                && abs(above.box.x - line.box.x) <= lineHeight / 2 && above.box.width > line.box.width
                && CJKText.wordCount(above.text) >= 4
        }
    }

    /// Whether the centre of `inner` lies inside `outer`.
    static func holdsCentre(_ outer: PixelBox, of inner: PixelBox) -> Bool {
        let cx = inner.x + inner.width / 2, cy = inner.y + inner.height / 2
        return cx >= outer.x && cx < outer.maxX && cy >= outer.y && cy < outer.maxY
    }

    /// Two boxes overlap vertically by at least half the smaller height.
    static func shareRow(_ a: PixelBox, _ b: PixelBox) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
        return Double(overlap) >= 0.5 * Double(min(a.height, b.height))
    }
}
