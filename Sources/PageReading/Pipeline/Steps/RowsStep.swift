// Step "rows": full layout analysis cuts a page of short rows (a receipt, a form, a price list) into blocks and
// reads some rows in pieces; one uniform block reads each row across. When the page's reading is unsure, it is read
// again as one block, and that reading is kept when it holds clearly more sure text; on a page printed in a fixed
// pitch (a till's print: its rows are meant to be read across), when it holds more. No probe first (as the threshold
// step does): the rows that gain are a few scattered ones, which two bands of the page rarely hold. A third reading
// takes the page line by line (`LineSheet`), where rows offset from each other (prices half a row below their items)
// defeat both: it is kept when it holds a quarter more sure text than the better of the two.
import Foundation
import Imaging
import Support

struct RowsStep: PageStep {
    let name = "rows"

    /// The uniform block's reading replaces layout analysis's only when it holds this much more sure text (on a
    /// fixed-pitch page, any more).
    static let margin = 1.1

    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool {
        config.runs(name) && config.thresholdCheckBelow > 0
    }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let gray = state.recognised, state.segmentationMode != Self.uniformBlock, !state.lines.isEmpty else { return }
        let sureness = ThresholdCheckStep.sureness(state.lines)
        guard sureness < state.config.thresholdCheckBelow else { return }
        // Columns side by side would be read across as one block, a line of each in turn: such a page keeps its
        // layout reading however unsure.
        guard !Self.hasColumns(state.lines) else {
            trace("rows: unsure reading (\(String(format: "%.2f", sureness))) in columns, kept")
            return
        }
        let again = try await RecogniseStep.read(gray, mode: Self.uniformBlock, xHeight: state.xHeightOrTarget, state: state, engine: engine)
        let before = RecogniseStep.sureText(state.lines)
        let after = RecogniseStep.sureText(again.lines)
        let sheet = try await Self.sheetReading(gray, state: state, engine: engine)
        let onSheet = sheet.map { RecogniseStep.sureText($0) } ?? 0
        trace(
            "rows: unsure reading (\(String(format: "%.2f", sureness))), sure text \(Int(before)) by layout, \(Int(after)) as one block, \(Int(onSheet)) line by line"
        )
        if let sheet, Self.sheetWins(sheet: onSheet, over: max(before, after)) {
            trace("rows: the line-by-line reading is kept")
            state.lines = sheet
            state.segmentationMode = Self.uniformBlock
            state.layout = nil
            return
        }
        let fixedPitch = FixedPitch().pagePitch(state.lines) != nil
        guard Self.blockWins(layout: before, block: after, fixedPitch: fixedPitch) else { return }
        state.lines = again.lines
        state.segmentationMode = Self.uniformBlock
        state.layout = nil
    }

    /// The page's rows of print read line by line (`LineSheet`): each row of letters lifted out with its own ink and
    /// stacked on a sheet read as one block, then moved back to where it lies on the page. Nil when the page has no
    /// rows of letters found from its ink, or too few of its rows are in pieces.
    static func sheetReading(_ gray: GrayImage, state: PageState, engine: any OCREngine) async throws -> [RecognizedLine]? {
        guard let ink = state.ink, let rows = state.inkLines else { return nil }
        let pieces = rows + state.shortInkLines
        let x = state.xHeightOrTarget
        guard
            let sheet = await offload({
                LineSheet(lines: pieces, components: ink, page: gray, xHeight: x, minimumPiecedRows: minimumPiecedRows)
            })
        else { return nil }
        let read = try await RecogniseStep.read(sheet.image, mode: uniformBlock, xHeight: x, state: state, engine: engine)
        return read.lines.compactMap(sheet.onPage)
    }

    /// The line-by-line reading replaces both others only when it holds clearly more sure text than the better of
    /// them (a quarter more). Lifted out alone, lines read more surely than their text deserves, and the sheet holds
    /// only the rows found from the ink: where it came within a quarter of the others, it mostly read worse.
    static func sheetWins(sheet: Double, over best: Double) -> Bool {
        sheet > sheetMargin * best && sheet > 0
    }

    static let sheetMargin = 1.25

    /// The sheet is read only on a page of rows in pieces (items and their prices, labels and values: three rows in
    /// four or more), where rows offset from each other are what the other readings lose. A page of running text,
    /// with its rows whole, would pay a whole reading for nothing: there the sheet was never kept.
    static let minimumPiecedRows = 0.75

    /// Tesseract's page segmentation mode 6: one uniform block of text.
    static let uniformBlock = 6

    /// Whether layout analysis found columns: two blocks of three lines or more side by side (apart across the
    /// page, overlapping down it by half the shorter one's height), each mostly words: a block of prices or amounts
    /// beside the items is the rows' last cells, not a column.
    static func hasColumns(_ lines: [RecognizedLine]) -> Bool {
        func words(_ line: RecognizedLine) -> Bool { line.text.filter(\.isLetter).count >= 3 }
        let blocks = Dictionary(grouping: lines.filter { $0.box.width > $0.box.height }, by: \.block).values
            .filter { $0.count >= 3 && 2 * $0.filter(words).count >= $0.count }
            .map { block in block.dropFirst().reduce(block[0].box) { $0.union($1.box) } }
        for (i, a) in blocks.enumerated() {
            for b in blocks[(i + 1)...] {
                let apart = a.maxX <= b.x || b.maxX <= a.x
                if apart && TableFinder.shareRow(a, b) { return true }
            }
        }
        return false
    }

    static func blockWins(layout: Double, block: Double, fixedPitch: Bool = false) -> Bool {
        block > (fixedPitch ? 1 : margin) * layout && block > 0
    }
}
