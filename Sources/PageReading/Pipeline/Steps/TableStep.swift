// Step "table": full layout analysis cuts a table into one block per cell, reads each cell on its own and loses the
// short ones. Where the lines show a table (short cells side by side in three or more rows), read its area again as
// one uniform block, so each row is read across, and keep that reading when it holds at least as much sure text.
import Foundation
import Imaging
import Support

struct TableStep: PageStep {
    let name = "table"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let gray = state.recognised else { return }
        let regions = TableFinder().tables(in: state.lines, leaders: state.leaders).compactMap { region -> PixelBox? in
            let clamped = PixelBox(
                x: max(0, region.x), y: max(0, region.y), width: min(gray.width, region.maxX) - max(0, region.x),
                height: min(gray.height, region.maxY) - max(0, region.y))
            return clamped.width > 0 && clamped.height > 0 ? clamped : nil
        }
        let crops = regions.compactMap { region in MissedTextRecovery.crop(gray, to: region).map { (region, $0) } }
        guard !crops.isEmpty else { return }
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        let readings = try await engine.recognizeAll(crops.map { ($0.1, request) })
        // Left to right: tables side by side are read one after the other, each a block of its own.
        for ((region, _), again) in zip(crops, readings) {
            let inside = state.lines.filter { TableFinder.holdsCentre(region, of: $0.box) }
            let rows = again.lines.map { $0.moved(dx: region.x, dy: region.y) }
            let before = RecogniseStep.sureText(inside)
            let after = RecogniseStep.sureText(rows)
            trace("table: \(region), \(inside.count) cells -> \(rows.count) rows, sure text \(Int(before)) -> \(Int(after))")
            guard after >= before else { continue }
            let block = (state.lines.map(\.block).max() ?? -1) + 1
            let paragraph = (state.lines.map(\.paragraph).max() ?? -1) + 1
            state.lines.removeAll { TableFinder.holdsCentre(region, of: $0.box) }
            state.lines += rows.map {
                var line = $0
                line.block = block
                line.paragraph = paragraph
                return line
            }
        }
    }
}

/// Finds the areas of tables among recognised lines: short cells (fewer than four words, `CJKText.wordCount`) that
/// share their row with another short cell across a clear gap, in at least three rows. Price lists that stand side by
/// side are tables of their own (`sideBySide`).
struct TableFinder: Sendable {
    var minimumRows = 3

    /// The tables' areas, left to right; none when the lines hold no table. `leaders`: the dot leaders painted out of
    /// the page, each joining an item to its price.
    func tables(in lines: [RecognizedLine], leaders: [LeaderLinks.Leader] = []) -> [PixelBox] {
        let flat = lines.filter { $0.box.width > $0.box.height }
        guard flat.count >= 2 * minimumRows else { return [] }
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
        return Self.sideBySide(inTable, lineHeight: lineHeight, leaders: leaders, minimumRows: minimumRows).compactMap { table in
            // Rows: cells grouped by overlapping row bands.
            var rows: [PixelBox] = []
            for cell in table.sorted(by: { $0.box.y < $1.box.y }) {
                if let last = rows.last, Self.shareRow(last, cell.box) { continue }
                rows.append(cell.box)
            }
            guard rows.count >= minimumRows else { return nil }
            let x0 = table.map(\.box.x).min()!, y0 = table.map(\.box.y).min()!
            let x1 = table.map(\.box.maxX).max()!, y1 = table.map(\.box.maxY).max()!
            let pad = lineHeight / 2
            return PixelBox(x: x0 - pad, y: y0 - pad, width: x1 - x0 + 2 * pad, height: y1 - y0 + 2 * pad)
        }
    }

    /// The cells parted at every empty band (a line height wide or more, crossed by no cell) between two price lists
    /// side by side: no dot leader crosses the band, and each side holds leaders of its own on `minimumRows` rows or
    /// more. An item and its price are joined by a leader across the band between them; two lists stand apart, and
    /// read across as one table they interleave. Left to right.
    static func sideBySide(_ cells: [RecognizedLine], lineHeight: Int, leaders: [LeaderLinks.Leader] = [], minimumRows: Int = 3)
        -> [[RecognizedLine]]
    {
        guard let x0 = cells.map(\.box.x).min(), let x1 = cells.map(\.box.maxX).max(), x1 > x0,
            let top = cells.map(\.box.y).min(), let bottom = cells.map(\.box.maxY).max()
        else { return [cells] }
        let leaders = leaders.filter { $0.from.midY >= Double(top) && $0.from.midY <= Double(bottom) }
        var covered = [Bool](repeating: false, count: x1 - x0)
        for cell in cells { for x in cell.box.x..<cell.box.maxX { covered[x - x0] = true } }
        var bands: [Int] = [], run = 0
        for (i, isCovered) in covered.enumerated() {
            if !isCovered {
                run += 1
                continue
            }
            if run >= max(1, lineHeight) { bands.append(x0 + i - run / 2) }
            run = 0
        }
        let cuts = bands.filter { x in
            let crossing = leaders.contains { $0.from.x < x && $0.to.maxX > x }
            let leftLeaders = leaders.filter { $0.to.maxX <= x }.count, rightLeaders = leaders.filter { $0.from.x >= x }.count
            return !crossing && min(leftLeaders, rightLeaders) >= minimumRows
        }
        guard !cuts.isEmpty else { return [cells] }
        let bounds = [Int.min] + cuts + [Int.max]
        return zip(bounds, bounds.dropFirst()).map { low, high in cells.filter { $0.box.x >= low && $0.box.maxX <= high } }
            .filter { !$0.isEmpty }
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
