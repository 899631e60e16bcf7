// The line sheet: a page's rows of letters lifted out with their own ink and stacked, and the rows step reading it
// when layout analysis and a one-block reading both lose rows.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct LineSheetTests {
    /// A receipt-like page: items on the left, their prices on the right sitting a little below them, a comma in
    /// the first price, a quantity between two rows, and grain on the paper below.
    static func receipt() -> Canvas {
        var c = Canvas(width: 1000, height: 500)
        c.row(x: 40, baseline: 80, letters: 12)
        c.row(x: 700, baseline: 88, letters: 4)  // the price, 8 px lower
        c.fill(760, 86, 3, 7)  // its comma, under the baseline, between two letters
        c.row(x: 60, baseline: 130, letters: 3)  // "2 x 1,49": a short row of its own between items
        c.row(x: 400, baseline: 130, letters: 4)
        c.row(x: 40, baseline: 180, letters: 10)
        c.row(x: 700, baseline: 186, letters: 4)
        c.grain(PixelBox(x: 0, y: 300, width: 1000, height: 200), strokes: 300)
        return c
    }

    func makeSheet(_ c: Canvas) -> (LineSheet, [InkLine], InkComponents)? {
        let ink = InkComponents(c.gray)
        let lines = TextLineFinder(xHeight: 20).lines(in: ink).filter { $0.box.maxY <= 260 }
        return LineSheet(lines: lines, components: ink, page: c.gray, xHeight: 20).map { ($0, lines, ink) }
    }

    @Test func rowsAreStackedInReadingOrderWithTheirOwnInkOnly() throws {
        let c = Self.receipt()
        let (sheet, lines, _) = try #require(makeSheet(c))
        #expect(lines.count == 6)
        // Rows top to bottom, a row's pieces left to right: the price follows its item though it sits lower.
        #expect(sheet.slots.map(\.page.x) == [40, 700, 60, 400, 40, 700], "\(sheet.slots.map(\.page))")
        #expect(sheet.piecedRows == 1)
        // One x-height of white between lines, and the sheet is as wide as the widest line and its margins.
        for (a, b) in zip(sheet.slots, sheet.slots.dropFirst()) { #expect(b.top == a.top + a.page.height + 20) }
        #expect(sheet.image.width == sheet.slots.map(\.page.width).max()! + 40)
        // The comma came with its price (its slot reaches below the letters' baseline).
        #expect(sheet.slots[1].page.maxY == 93)
        // Every slot holds exactly the page's pixels of its ink; the sheet holds no grain: its ink is the lines'.
        for slot in sheet.slots {
            for y in 0..<slot.page.height {
                for x in 0..<slot.page.width {
                    let onPage = c.gray.bytes[(slot.page.y + y) * c.width + slot.page.x + x]
                    let onSheet = sheet.image.bytes[(slot.top + y) * sheet.image.width + sheet.margin + x]
                    #expect(onSheet == 255 || onSheet == onPage)
                    if onPage < 128 { #expect(onSheet == onPage) }
                }
            }
        }
        let inkOnSheet = sheet.image.bytes.filter { $0 < 128 }.count
        let inkInSlots = sheet.slots.reduce(0) { sum, slot in
            sum
                + (0..<slot.page.height).reduce(0) { s, y in
                    s + (0..<slot.page.width).filter { c.gray.bytes[(slot.page.y + y) * c.width + slot.page.x + $0] < 128 }.count
                }
        }
        #expect(inkOnSheet == inkInSlots)
    }

    @Test func aLineReadOnTheSheetGoesBackToItsRowOnThePage() throws {
        let (sheet, _, _) = try #require(makeSheet(Self.receipt()))
        let price = sheet.slots[1]
        let read = RecognizedLine(
            text: "3,99 B", box: PixelBox(x: sheet.margin + 2, y: price.top + 1, width: price.page.width - 4, height: price.page.height - 2),
            confidence: 0.9)
        let placed = try #require(sheet.onPage(read))
        #expect(placed.box == PixelBox(x: price.page.x + 2, y: price.page.y + 1, width: price.page.width - 4, height: price.page.height - 2))
        // The white above the first line is no line's.
        #expect(sheet.onPage(RecognizedLine(text: "·", box: PixelBox(x: 0, y: 0, width: 5, height: 4), confidence: 0.2)) == nil)
    }

    @Test func tooFewLinesOrAnotherPageMakeNoSheet() {
        let c = Self.receipt()
        let ink = InkComponents(c.gray)
        let lines = TextLineFinder(xHeight: 20).lines(in: ink).filter { $0.box.maxY <= 260 }
        #expect(LineSheet(lines: Array(lines.prefix(2)), components: ink, page: c.gray, xHeight: 20) == nil)
        let other = GrayImage(width: 10, height: 10, bytes: [UInt8](repeating: 255, count: 100))
        #expect(LineSheet(lines: lines, components: ink, page: other, xHeight: 20) == nil)
    }

    @Test func theRowsStepKeepsTheLineByLineReadingWhenItIsClearlySurer() async throws {
        let c = Self.receipt()
        let (sheet, lines, ink) = try #require(makeSheet(c))
        func state() -> PageState {
            var config = ImageProcessor.Config()
            config.splitsForParallelRecognition = false
            var s = PageState(data: Data(), config: config, languages: ["eng"])
            s.page = c.image
            s.recognised = c.gray
            s.segmentationMode = 3
            s.xHeight = 20
            s.ink = ink
            s.inkLines = lines
            s.lines = [RecognizedLine(text: "PEPERONI SALAMI 1,11 2 x BIOHEU", box: PixelBox(x: 40, y: 60, width: 900, height: 140), confidence: 0.5)]
            return s
        }
        let unsure = [RecognizedLine(text: "PEPERONI SALAMI 1,11", box: PixelBox(x: 40, y: 60, width: 900, height: 40), confidence: 0.5)]
        let rows = sheet.slots.enumerated().map { k, slot in
            RecognizedLine(
                text: ["PEPERONI SALAMI", "1,11 B", "2 x", "1,49", "BIOHEU MILCH", "5,67 B"][k],
                box: PixelBox(x: sheet.margin, y: slot.top, width: slot.page.width, height: slot.page.height), confidence: 0.92)
        }
        let size = PixelSize(width: sheet.image.width, height: sheet.image.height)
        var s = state()
        let engine = FakeOCREngine(lines: unsure, bySize: [size: rows])
        try await RowsStep().run(&s, engine: engine)
        #expect(s.lines.map(\.text) == rows.map(\.text))
        #expect(s.lines.map(\.box) == sheet.slots.map(\.page), "each line where its ink lies on the page")
        #expect(engine.requests.map(\.request.pageSegmentationMode) == [6, 6] && s.segmentationMode == 6)
        // A line-by-line reading only a little surer than the others is not kept: it reads only the rows the ink
        // shows, so the others stand unless they lost clearly more.
        var t = state()
        let close = rows.map { line -> RecognizedLine in
            var l = line
            l.confidence = 0.5
            return l
        }
        try await RowsStep().run(&t, engine: FakeOCREngine(lines: unsure + unsure, bySize: [size: close]))
        #expect(t.lines.map(\.text) == ["PEPERONI SALAMI 1,11", "PEPERONI SALAMI 1,11"] && t.segmentationMode == 6)
        // A page of whole rows (running text) is not read line by line at all.
        var prose = state()
        prose.inkLines = lines.filter { $0.box.x < 100 }
        let block = FakeOCREngine(lines: unsure, bySize: [size: rows])
        try await RowsStep().run(&prose, engine: block)
        #expect(block.requests.count == 1 && prose.lines.map(\.text) == ["PEPERONI SALAMI 1,11 2 x BIOHEU"])
    }
}
