// Each pipeline step on its own: a page state made here, a fake engine, and what the step must change.
import Foundation
import Imaging
import Support
import Testing
import Words

@testable import PageReading

@Suite struct PipelineStepTests {
    func line(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int = 30, confidence: Double = 0.9, block: Int = 0, para: Int = 0) -> RecognizedLine
    {
        RecognizedLine(text: text, box: PixelBox(x: x, y: y, width: w, height: h), confidence: confidence, block: block, paragraph: para)
    }

    /// A white page with dark letter-sized blocks in rows: enough for the image steps to measure print.
    func page(width: Int = 800, height: Int = 600, letter: Int = 12) -> LeptonicaImage {
        var bytes = [UInt8](repeating: 240, count: width * height)
        var y = 40
        while y + letter < height - 40 {
            var x = 40
            while x + letter < width - 40 {
                if (x / (letter * 6)) % 5 != 4 {  // word gaps
                    for yy in y..<(y + letter) { for xx in x..<(x + letter * 2 / 3) { bytes[yy * width + xx] = 20 } }
                }
                x += letter
            }
            y += letter * 2
        }
        return LeptonicaImage(gray: GrayImage(width: width, height: height, bytes: bytes))!
    }

    func state(_ page: LeptonicaImage? = nil, configure: (inout ImageProcessor.Config) -> Void = { _ in }) -> PageState {
        var config = ImageProcessor.Config()
        configure(&config)
        var s = PageState(data: Data(), config: config, languages: ["eng"])
        s.page = page
        return s
    }

    @Test func decodeTurnsByExifAndRefusesWhatIsNotAPhoto() throws {
        let png = try #require(page(width: 300, height: 200).pngData())
        var s = PageState(data: png, config: .init(), languages: ["eng"])
        try DecodeStep().apply(&s)
        #expect(s.page?.width == 300 && s.page?.height == 200)
        var bad = PageState(data: Data("%PDF-1.4 not a photo".utf8), config: .init(), languages: ["eng"])
        #expect(throws: ImagingError.self) { try DecodeStep().apply(&bad) }
    }

    @Test func scaleBringsTheXHeightToTheTarget() throws {
        let png = try #require(page(width: 1200, height: 900, letter: 40).pngData())
        var s = PageState(data: png, config: .init(), languages: ["eng"])
        try DecodeStep().apply(&s)
        try ScaleStep().apply(&s)
        let x = try #require(s.xHeight)
        #expect(abs(x - s.config.targetXHeight) < 4, "x-height after scaling: \(x)")
        #expect((s.page?.width ?? 0) < 1200)
    }

    @Test func aFullSizeMeasureThatDisagreesWithTheHalfSizeOneByHalfKeepsTheLarger() throws {
        // Blurred print at a reduced scale merges letters into words and leaves specks: the small measure is wrong.
        #expect(TextScaler.reconciled(5.1, 22.7) == 22.7)
        #expect(TextScaler.reconciled(40, 22.7) == 40)
        #expect(TextScaler.reconciled(20, 22.7) == 20, "within half of each other: the full-size measure stands")
        #expect(TextScaler.reconciled(nil, 22.7) == 22.7)
        // Through the step: letters 40 px tall measured on the full image, a half-size measure of 12 (24 in full
        // pixels) agrees and changes nothing; one of 60 (a made-up disagreement) wins.
        let png = try #require(page(width: 1200, height: 900, letter: 40).pngData())
        var agreeing = PageState(data: png, config: .init(), languages: ["eng"])
        try DecodeStep().apply(&agreeing)
        var disagreeing = agreeing
        agreeing.halfSizeXHeight = 34
        disagreeing.halfSizeXHeight = 60
        try ScaleStep().apply(&agreeing)
        try ScaleStep().apply(&disagreeing)
        let a = try #require(agreeing.page?.width), d = try #require(disagreeing.page?.width)
        #expect(d < a, "the larger x-height scales the page down further (\(d) against \(a))")
    }

    /// Grey print on dim paper, with dark specks strewn over it (a photo's noise and dust): letters with an x-height
    /// of `letter` px, a third of their pitch apart, in words of five, blurred by `blur` px (0: sharp).
    func specklePage(letter: Int = 14, blur: Double) -> LeptonicaImage {
        let width = 1600, height = 1200
        var bytes = [UInt8](repeating: 200, count: width * height)
        let pitch = letter * 3 / 2
        var y = 40
        while y + letter < height - 40 {
            var x = 40
            while x + pitch < width - 40 {
                if (x / pitch) % 6 != 5 {
                    // Every third letter has an ascender (lower-case print, not capitals).
                    let top = (x / pitch) % 3 == 0 ? y - letter * 2 / 5 : y
                    for yy in top..<(y + letter) { for xx in x..<(x + pitch * 2 / 3) { bytes[yy * width + xx] = 90 } }
                }
                x += pitch
            }
            y += letter * 5 / 2
        }
        var seed: UInt64 = 7
        for _ in 0..<1500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let sx = Int((seed >> 20) % UInt64(width - 4)), sy = Int((seed >> 40) % UInt64(height - 4))
            for yy in sy..<(sy + 3) { for xx in sx..<(sx + 3) { bytes[yy * width + xx] = 60 } }
        }
        let gray = GrayImage(width: width, height: height, bytes: bytes)
        return LeptonicaImage(gray: blur > 0 ? UnsharpMask(sigma: blur, amount: -1).apply(to: gray) : gray)!
    }

    @Test("Blurred print that the usual threshold breaks into specks is measured with a gentler one; sharp print is not")
    func blurredPrintIsMeasuredWithAGentlerThreshold() throws {
        let scaler = TextScaler(targetXHeight: 20, maxLongSide: 4200, maxUpscale: 2)
        let sharp = try #require(scaler.measurePrint(of: specklePage(blur: 0))?.xHeight)
        #expect(abs(sharp - 14) < 2, "sharp print: \(sharp)")
        #expect(TextScaler.blurredPrint(specklePage(blur: 0)) == nil, "a sharp page is not blurred")
        // Blurred by 4 px, the usual threshold keeps only the specks (under 6 px); the gentler one finds the letters.
        let soft = specklePage(blur: 4)
        let usual = try #require(soft.sauvolaBinarised(halfWindow: 10, factor: 0.3).flatMap { TextScaler.printHeight($0.componentBoxes()) })
        #expect(usual < 6, "the usual threshold on blurred print: \(usual)")
        let blurred = try #require(scaler.measurePrint(of: soft)?.xHeight)
        #expect(abs(blurred - 14) < 2, "blurred print: \(blurred)")
    }

    @Test func orientTurnsThePageTheWayTheEngineSays() async throws {
        let engine = FakeOCREngine(orientation: OrientationEstimate(quarterTurnsClockwise: 1, confidence: 9))
        // Upright print reads as upright by Leptonica's own test and never asks the engine, so give it a sideways page.
        let sideways = try #require(page(width: 600, height: 800).rotatedQuarterTurns(3))
        var s = state(sideways)
        try await OrientStep().run(&s, engine: engine)
        #expect(s.turns == 1)
        #expect(s.page?.width == 600 && s.page?.height == 800)
    }

    @Test func recogniseAsksForTheLanguagesAndKeepsTheLines() async throws {
        let engine = FakeOCREngine(lines: [line("hello world", 10, 10, 200)])
        var s = state(page(width: 400, height: 300)) { $0.splitsForParallelRecognition = false }
        s.languages = ["fra"]
        try await RecogniseStep().run(&s, engine: engine)
        #expect(s.lines.map(\.text) == ["hello world"])
        #expect(engine.requests.first?.request.languages == ["fra"])
        #expect(s.recognised != nil)
    }

    @Test func lineFilterDropsCrumbsAndKeepsWords() async throws {
        var s = state()
        s.lines = [line("A real line of words here", 0, 0, 500), line("~~ ,' ;", 0, 40, 100, confidence: 0.2), line("Another real line", 0, 80, 400)]
        try await LineFilterStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.map(\.text) == ["A real line of words here", "Another real line"])
    }

    /// A heading, a sentence, and a three-row table read cell by cell (one of its cells lost).
    var tableLines: [RecognizedLine] {
        [
            line("A heading over the table", 40, 20, 500), line("Harbour", 40, 100, 160), line("seven", 300, 100, 110),
            line("north", 500, 100, 110), line("Market", 40, 160, 150), line("south", 500, 160, 110),
            line("Castle", 40, 220, 140), line("nine", 300, 220, 90), line("east", 500, 220, 90),
        ]
    }

    @Test func aTableIsFoundFromShortCellsSharingRows() {
        let region = TableFinder().tables(in: tableLines).first
        #expect(TableFinder().tables(in: tableLines).count == 1)
        #expect(region.map { $0.y <= 100 && $0.maxY >= 250 && $0.x <= 40 && $0.maxX >= 610 } == true, "\(String(describing: region))")
        // Prose in two columns is not a table: its lines are long.
        let prose = (0..<4).flatMap { i in
            [line("rivers carve their long valleys", 40, 100 + 60 * i, 300), line("mountains rise where the plates", 400, 100 + 60 * i, 300)]
        }
        #expect(TableFinder().tables(in: prose).isEmpty)
    }

    @Test("Two price lists side by side are two tables; an item and its price across their leader are one")
    func priceListsSideBySideAreTwoTables() {
        // Four rows of two lists: item, then price, with a dot leader between them (painted out), then the same again
        // 200 px to the right.
        var cells: [RecognizedLine] = [], leaders: [LeaderLinks.Leader] = []
        for r in 0..<4 {
            let y = 100 + 50 * r
            cells += [line("Scone", 40, y, 120), line("3.30", 420, y, 60), line("Latte", 680, y, 120), line("3.80", 1060, y, 60)]
            leaders.append(
                LeaderLinks.Leader(from: PixelBox(x: 170, y: y + 20, width: 5, height: 5), to: PixelBox(x: 410, y: y + 20, width: 5, height: 5)))
            leaders.append(
                LeaderLinks.Leader(from: PixelBox(x: 810, y: y + 20, width: 5, height: 5), to: PixelBox(x: 1050, y: y + 20, width: 5, height: 5)))
        }
        let tables = TableFinder().tables(in: cells, leaders: leaders)
        #expect(tables.count == 2, "\(tables)")
        #expect(tables.count == 2 && tables[0].maxX < 680 && tables[1].x > 480, "\(tables)")
        // Without leaders the four columns are one table, and so they are with the leaders of one list only.
        #expect(TableFinder().tables(in: cells).count == 1)
        #expect(TableFinder().tables(in: cells, leaders: leaders.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)).count == 1)
    }

    @Test("Chinese prose in two columns is no table: a line of ideographs Tesseract left unspaced is long, not one word")
    func unspacedProseInTwoColumnsIsNoTable() {
        let prose = (0..<6).flatMap { i in
            [line("许多歌曲从来没有被写下来，只是", 40, 100 + 60 * i, 420), line("每年春天，燕子都会回到同一个谷", 520, 100 + 60 * i, 420)]
        }
        #expect(TableFinder().tables(in: prose).isEmpty)
        // Short cells of ideographs are still a table's.
        let cells = (0..<4).flatMap { i in [line("价格", 40, 100 + 60 * i, 80), line("数量", 300, 100 + 60 * i, 80)] }
        #expect(!TableFinder().tables(in: cells).isEmpty)
    }

    @Test("Boxed questions side by side whose wrapped last lines share rows are no table")
    func wrappedEndsSideBySideAreNoTable() {
        // Three rows of two questions, each wrapped onto a short second line right under its first.
        let questions = (0..<3).flatMap { r in
            [0, 1].flatMap { c in
                let x = 40 + 500 * c, y = 100 + 120 * r
                return [line("\(3 * c + r + 1). Subtract three tenths from nine tenths and", x, y, 440), line("simplify.", x, y + 40, 110)]
            }
        }
        #expect(TableFinder().tables(in: questions).isEmpty)
        // Cells under a header of short cells are still a table.
        #expect(!TableFinder().tables(in: tableLines).isEmpty)
    }

    @Test func aTableIsReadAgainRowByRowWhenThatReadsMore() async throws {
        let rows = [line("Harbour seven north", 10, 10, 560), line("Market eight south", 10, 70, 560), line("Castle nine east", 10, 130, 560)]
        var s = state(page(width: 800, height: 400))
        s.recognised = s.page?.grayImage()
        s.lines = tableLines
        try await TableStep().run(&s, engine: FakeOCREngine(lines: rows))
        #expect(s.lines.map(\.text) == ["A heading over the table", "Harbour seven north", "Market eight south", "Castle nine east"])
        // Boxes come back in page coordinates, below the heading.
        #expect(s.lines.dropFirst().allSatisfy { $0.box.y >= 80 })
        // A re-reading that holds less is not kept.
        var t = state(page(width: 800, height: 400))
        t.recognised = t.page?.grayImage()
        t.lines = tableLines
        try await TableStep().run(&t, engine: FakeOCREngine(lines: [line("Harbour", 10, 10, 100)]))
        #expect(t.lines == tableLines)
    }

    /// A receipt as layout analysis read it: unsure, a price cut from its row and misread.
    var unsureReceipt: [RecognizedLine] {
        [
            line("BEDTENUNGSTHEKE 7,178", 10, 10, 560, confidence: 0.55), line("ERINGSTILET 3,98 B", 10, 50, 560, confidence: 0.6),
            line("x ,", 10, 90, 60, confidence: 0.3),
        ]
    }

    /// A page read by layout analysis (mode 3) into `lines`, ready for the rows step.
    func readByLayout(_ lines: [RecognizedLine]) -> PageState {
        var s = state(page(width: 800, height: 400))
        s.recognised = s.page?.grayImage()
        s.segmentationMode = 3
        s.lines = lines
        return s
    }

    @Test func anUnsurePageIsReadAgainAsOneBlockAndKeptWhenThatReadsClearlyMore() async throws {
        let rows = [
            line("BEDIENUNGSTHEKE 7,77 B", 10, 10, 560, confidence: 0.9), line("HERINGSFILET 3,98 B", 10, 50, 560, confidence: 0.9),
            line("2 Stk x 1,99", 10, 90, 300, confidence: 0.85),
        ]
        var s = readByLayout(unsureReceipt)
        let engine = FakeOCREngine(lines: rows)
        try await RowsStep().run(&s, engine: engine)
        #expect(s.lines.map(\.text) == rows.map(\.text))
        #expect(s.segmentationMode == 6 && engine.requests.map(\.request.pageSegmentationMode) == [6], "one uniform block")
        // A block reading that holds less sure text is not kept.
        var t = readByLayout(unsureReceipt)
        try await RowsStep().run(&t, engine: FakeOCREngine(lines: [line("BEDIENUNGSTHEKE", 10, 10, 300, confidence: 0.6)]))
        #expect(t.lines == unsureReceipt && t.segmentationMode == 3)
        // Two columns side by side (two blocks of three lines) are never read across, however unsure.
        var columns = readByLayout(
            (0..<3).flatMap { i in
                [
                    line("rivers carve valleys", 20, 20 + 40 * i, 300, confidence: 0.5, block: 0),
                    line("plates rise slowly", 420, 20 + 40 * i, 300, confidence: 0.5, block: 1),
                ]
            })
        let unused = FakeOCREngine(lines: rows)
        try await RowsStep().run(&columns, engine: unused)
        #expect(unused.requests.isEmpty && RowsStep.hasColumns(columns.lines))
        #expect(!RowsStep.hasColumns(unsureReceipt))
        // Items in one block and their prices in another beside it are a receipt's rows, not two columns.
        let priced = (0..<4).flatMap { i in
            [
                line("ORGANIC CARROTS", 20, 20 + 40 * i, 300, confidence: 0.5, block: 0),
                line("\(i + 3).40", 420, 20 + 40 * i, 100, confidence: 0.5, block: 1),
            ]
        }
        #expect(!RowsStep.hasColumns(priced))
        // A page read surely is not read again.
        var u = readByLayout(rows)
        let idle = FakeOCREngine(lines: unsureReceipt)
        try await RowsStep().run(&u, engine: idle)
        #expect(idle.requests.isEmpty && u.lines == rows)
    }

    @Test func lineFilterKeepsAnAbbreviatedLineAtAColumnsEdgeButNotAFigure() async throws {
        var s = state()
        s.lines = [
            line("OBLATENLEBKUCHEN 2,49 B", 10, 0, 600), line("LEERG. EW E. ST -0,25 B", 10, 40, 600, confidence: 0.5),
            line("SUMME EUR 30,82", 10, 80, 600), line("Geg. BAR EUR 35,00", 10, 120, 600),
            line("ap > 1 ” :", 10, 160, 600, confidence: 0.45), line("Rückgeld BAR EUR 4,18", 10, 200, 600),
        ]
        try await LineFilterStep().run(&s, engine: FakeOCREngine())
        #expect(
            s.lines.map(\.text) == [
                "OBLATENLEBKUCHEN 2,49 B", "LEERG. EW E. ST -0,25 B", "SUMME EUR 30,82", "Geg. BAR EUR 35,00", "Rückgeld BAR EUR 4,18",
            ])
    }

    @Test("Unsure lines of code between sure lines of their column are kept; the same below the column's end are not")
    func lineFilterKeepsUnsureLinesInsideAColumn() async throws {
        var s = state()
        s.lines = [
            line("18 // Draw the head", 40, 0, 420), line("19 fill(150);", 40, 40, 240), line("20 rect(100,70,50,50);", 40, 80, 400),
            line("21 // Draw the body", 40, 120, 420), line("22 fill(0);", 40, 160, 200, confidence: 0.3),
            line("23 rect(100,120,20,50);", 40, 200, 420, confidence: 0.17), line("24 // Draw the eyes", 40, 240, 420),
            line("25 ellipse(90,60,15,15);", 40, 280, 420),
            // Far below the column's last line: an unsure line there is not inside the column's run.
            line("ri ~ eee 3 ar", 40, 600, 420, confidence: 0.2),
        ]
        let column = s.lines.prefix(8).map(\.text)
        try await LineFilterStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.map(\.text) == column)
    }

    @Test("A table's one-digit quantities between the name and the price are kept; a lone digit in no column is not")
    func lineFilterKeepsOneDigitCellsOfAColumn() async throws {
        var s = state()
        s.lines = [
            line("Pencils", 20, 0, 120), line("9", 340, 0, 15, confidence: 0.93), line("$11.90", 580, 0, 120),
            line("Notebooks", 20, 60, 180), line("5", 340, 60, 15, confidence: 0.97), line("$5.47", 600, 60, 100),
            line("Erasers", 20, 120, 130), line("29", 325, 120, 30, confidence: 0.97), line("$9.92", 600, 120, 100),
            line("Staplers", 20, 180, 140), line("1", 342, 180, 13, confidence: 0.97), line("$14.50", 580, 180, 120),
            // A speck read as a digit in a gap, in no column of numbers.
            line("Markers", 20, 240, 140), line("4", 470, 240, 14, confidence: 0.95), line("$0.83", 600, 240, 100),
            // Unsure, or with nothing on one side: not a cell.
            line("Folders", 20, 300, 130), line("7", 341, 300, 14, confidence: 0.6), line("$9.11", 600, 300, 100),
            line("8", 341, 360, 14, confidence: 0.97), line("$15.86", 580, 360, 120),
        ]
        try await LineFilterStep().run(&s, engine: FakeOCREngine())
        let digits = s.lines.map(\.text).filter { $0.count == 1 }
        #expect(digits == ["9", "5", "1"], "\(s.lines.map(\.text))")
    }

    /// The texts of `lines` (stacked 40 px apart) that the filter step keeps.
    func filtered(_ lines: [(text: String, width: Int, confidence: Double)]) async throws -> [String] {
        var s = state()
        s.lines = lines.enumerated().map { line($1.text, 0, 40 * $0, $1.width, confidence: $1.confidence) }
        try await LineFilterStep().run(&s, engine: FakeOCREngine())
        return s.lines.map(\.text)
    }

    @Test("A line of a column is kept at the column's edge by where its text starts, not by a frame's edge read before it")
    func lineFilterMeasuresAColumnsEdgeAtTheFirstWord() async throws {
        var s = state()
        // The unsure line was read with a frame's edge 60 px left of the column: its box starts there, its code at 40.
        var framed = line("“ | 23 rect(100,120,20,50);", -20, 200, 440, confidence: 0.17)
        framed.words = [
            TextWord(text: "“", start: 0, end: 0.02, confidence: 0.1), TextWord(text: "|", start: 0.05, end: 0.07, confidence: 0.1),
            TextWord(text: "23", start: 60.0 / 440, end: 0.2, confidence: 0.5),
            TextWord(text: "rect(100,120,20,50);", start: 0.25, end: 1, confidence: 0.2),
        ]
        s.lines = [
            line("18 // Draw the head", 40, 0, 420), line("19 fill(150);", 40, 40, 240), line("20 rect(100,70,50,50);", 40, 80, 400),
            line("21 // Draw the body", 40, 120, 420), line("22 fill(0);", 40, 160, 200), framed, line("24 // Draw the eyes", 40, 240, 420),
        ]
        #expect(abs(LineFilter.textStart(framed) - 40) < 0.5 && LineFilter.textStart(s.lines[0]) == 40)
        try await LineFilterStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.contains { $0.text.hasSuffix("rect(100,120,20,50);") }, "\(s.lines.map(\.text))")
        // Without its words' places the box's edge is all there is, 60 px off the column: the line is not rescued.
        var bare = framed
        bare.words = []
        s.lines = [
            line("18 // Draw the head", 40, 0, 420), line("19 fill(150);", 40, 40, 240), line("20 rect(100,70,50,50);", 40, 80, 400),
            line("21 // Draw the body", 40, 120, 420), line("22 fill(0);", 40, 160, 200), bare, line("24 // Draw the eyes", 40, 240, 420),
        ]
        try await LineFilterStep().run(&s, engine: FakeOCREngine())
        #expect(!s.lines.contains { $0.text.hasSuffix("rect(100,120,20,50);") })
    }

    @Test func lineFilterKeepsPricesAndDottedWordsButNotCrumbs() async throws {
        let kept = try await filtered([("13 Stk x 0,15", 300, 0.7), ("[jap.rok]", 150, 0.55), ("ii 1 x 'l", 150, 0.6), ("2INT 8 x", 150, 0.6)])
        #expect(kept == ["13 Stk x 0,15", "[jap.rok]"])
    }

    @Test func lineFilterKeepsALabelJoinedToItsValueByAColon() async throws {
        let kept = try await filtered([("Approval:052723", 300, 0.66), ("Tel.:02304/9105770", 300, 0.7), ("=z:i+", 150, 0.6), ("Pd:4x", 150, 0.6)])
        #expect(kept == ["Approval:052723", "Tel.:02304/9105770"])
        // Each side must be a word or a number: a letter–digit mix stays a crumb on either side of the colon.
        #expect(LineFilter.wordShare("Acct:0525") == 1 && LineFilter.wordShare("A1:0525") == 0 && LineFilter.wordShare(":") == 0)
    }

    /// The lines the facing-page filter keeps on a 1300 × 600 page with 20 px print.
    func facingStepKeeps(_ lines: [RecognizedLine]) async throws -> [RecognizedLine] {
        FacingPageFilter(xHeight: 20).keep(lines, pageWidth: 1300)
    }

    @Test func facingPageFragmentsAtTheFrameEdgeAreDropped() async throws {
        // Our page on the right; the facing page's line ends cut by the left edge of the frame.
        var lines: [RecognizedLine] = []
        for i in 0..<8 {
            lines.append(line("ends \(i)", 0, 100 + i * 45, 90))
            lines.append(line("a full line of our page number \(i) with words", 300, 100 + i * 45, 900))
        }
        let kept = try await facingStepKeeps(lines)
        #expect(kept.count == 8)
        #expect(kept.allSatisfy { $0.text.hasPrefix("a full line") })
    }

    @Test func facingPageFragmentsAtASlantedFrameAreDropped() async throws {
        // The photo was taken at a slant and levelled: its left edge now runs across the page image, and the facing
        // page's line ends sit on it, 30 to 150 px in from the image's edge. Measured against the image edge alone
        // they do not look cut; against the photo's own edge they are.
        var boxes: [PixelBox] = [], weights: [Int] = []
        let tilt = 6.0 * Double.pi / 180
        for i in 0..<8 {
            let y = 100 + i * 45
            let edge = 30 + Int(Double(y - 100) * tan(tilt) * 1.1)
            boxes.append(PixelBox(x: edge, y: y, width: 90, height: 20))
            weights.append(6)
            boxes.append(PixelBox(x: 350, y: y, width: 900, height: 20))
            weights.append(40)
        }
        var filter = FacingPageFilter(xHeight: 20)
        #expect(filter.facingWithCuts(boxes, weights: weights, pageWidth: 1300).indices.isEmpty, "the image edge alone")
        // The photo's frame: the page image is the photo turned 6° anticlockwise about a point of its left edge, and
        // moved 30 px right.
        let photoToPage = Homography.rotation(degrees: -6, cx: 0, cy: 100).followed(by: .translation(30, 0))
        filter.frame = FacingPageFilter.PhotoFrame(size: PixelSize(width: 1400, height: 900), toPhoto: photoToPage.inverse()!, flatToPage: nil)
        let found = filter.facingWithCuts(boxes, weights: weights, pageWidth: 1300).indices
        #expect(found == Set(stride(from: 0, to: 16, by: 2)), "\(found.sorted())")
    }

    @Test("A facing page whose lines run off its own paper is dropped; a receipt's prices at its sheet's side stay")
    func facingPageCutByItsOwnPaper() {
        /// Twelve rows of two lines each, `left` then `right` on every row: their boxes, and their letters.
        func rows(_ left: (x: Int, width: Int, letters: Int), _ right: (x: Int, width: Int, letters: Int)) -> ([PixelBox], [Int]) {
            let y = (0..<12).map { 100 + $0 * 45 }
            return (
                y.flatMap {
                    [PixelBox(x: left.x, y: $0, width: left.width, height: 20), PixelBox(x: right.x, y: $0, width: right.width, height: 20)]
                },
                y.flatMap { _ in [left.letters, right.letters] }
            )
        }
        // An open book on a desk: the facing page curls away, so its lines end at its paper's left side (x = 150),
        // 150 px in from the frame, on the same rows as ours; they show about 60 % of our lines' width.
        let (boxes, weights) = rows((152, 540, 30), (800, 900, 50))
        var filter = FacingPageFilter(xHeight: 20)
        filter.frame = FacingPageFilter.PhotoFrame(size: PixelSize(width: 1800, height: 800), toPhoto: .identity, flatToPage: nil)
        #expect(filter.facingWithCuts(boxes, weights: weights, pageWidth: 1800).indices.isEmpty, "the frame alone cuts nothing")
        // The page step found both pages as one sheet whose left side runs through the facing page's line ends.
        filter.frame?.sheetEdges = [PageDetector.Edge(from: PixelPoint(x: 148, y: 40), to: PixelPoint(x: 146, y: 700))]
        let (found, cuts) = filter.facingWithCuts(boxes, weights: weights, pageWidth: 1800)
        #expect(found == Set(stride(from: 0, to: 24, by: 2)), "\(found.sorted())")
        #expect(cuts.map(\.side) == [.left])
        // A receipt printed to its right side: its prices end at the sheet's side, but they are no prose cut off.
        let (receipt, letters) = rows((200, 700, 25), (1030, 110, 5))
        filter.frame?.sheetEdges = [PageDetector.Edge(from: PixelPoint(x: 1150, y: 40), to: PixelPoint(x: 1150, y: 700))]
        #expect(filter.facingWithCuts(receipt, weights: letters, pageWidth: 1800).indices.isEmpty)
    }

    @Test("A facing page whose lines end where the photo shows its paper ending is dropped; a page's own margin is not")
    func facingPageSeenEndingInThePhoto() throws {
        // As above: the facing page's lines start at x = 152 on twelve rows, ours at 800, x-height 20. No sheet side
        // was found; the photo itself shows where each sheet ends.
        let y = (0..<12).map { 100 + $0 * 45 }
        let boxes = y.flatMap { [PixelBox(x: 152, y: $0, width: 540, height: 20), PixelBox(x: 800, y: $0, width: 900, height: 20)] }
        let weights = y.flatMap { _ in [30, 50] }
        /// A photo of paper (200) with the lines' letters in it (dark strokes, a stroke every 8 px across the middle of
        /// each line) on a table (150) left of `paperFrom`.
        func photo(paperFrom: Int) throws -> LeptonicaImage {
            let (width, height) = (1800, 800)
            var bytes = [UInt8](repeating: 200, count: width * height)
            for row in 0..<height { for x in 0..<min(paperFrom, width) { bytes[row * width + x] = 150 } }
            for box in boxes {
                for row in box.y + 6..<box.maxY - 6 { for x in stride(from: box.x, to: box.maxX, by: 8) { bytes[row * width + x] = 30 } }
            }
            return try #require(LeptonicaImage(gray: GrayImage(width: width, height: height, bytes: bytes)))
        }
        var filter = FacingPageFilter(xHeight: 20)
        filter.frame = FacingPageFilter.PhotoFrame(size: PixelSize(width: 1800, height: 800), toPhoto: .identity, flatToPage: nil)
        // The table begins right at the facing page's first letters: its paper ends there.
        filter.frame?.pixels = try photo(paperFrom: 150)
        let (found, cuts) = filter.facingWithCuts(boxes, weights: weights, pageWidth: 1800)
        #expect(found == Set(stride(from: 0, to: 24, by: 2)), "\(found.sorted())")
        #expect(cuts.map(\.side) == [.left])
        // The same lines on paper that goes on, or that ends three x-heights out (a narrow column of our own page, its
        // margin beside it), are kept.
        filter.frame?.pixels = try photo(paperFrom: 0)
        #expect(filter.facingWithCuts(boxes, weights: weights, pageWidth: 1800).indices.isEmpty, "paper goes on")
        filter.frame?.pixels = try photo(paperFrom: 92)
        #expect(filter.facingWithCuts(boxes, weights: weights, pageWidth: 1800).indices.isEmpty, "a margin of three x-heights")
    }

    @Test("A facing page beyond a gutter that runs at a slant is found along the slant, and the cut follows it")
    func facingPageBeyondASlantedGutter() {
        // A book photographed turned: after levelling, the gutter runs down at 0.1 px per px. The facing page's line
        // ends (cut by the frame at x = 0) end at 90 + 0.1 y; our lines start at 190 + 0.1 y. Straight down, the band
        // between them is 33 px, under the 60 px (3 x-heights) a gutter needs; along the slant it is 100 px.
        var boxes: [PixelBox] = [], weights: [Int] = []
        for i in 0..<16 {
            let y = 100 + i * 45, shift = Int(0.1 * Double(y + 10))
            boxes.append(PixelBox(x: 0, y: y, width: 90 + shift, height: 20))
            weights.append(6)
            boxes.append(PixelBox(x: 190 + shift, y: y, width: 900, height: 20))
            weights.append(40)
        }
        let filter = FacingPageFilter(xHeight: 20)
        #expect(filter.fragmentStrip(boxes, weights: weights, pageWidth: 1300, side: .left) == nil, "no straight band")
        let (found, cuts) = filter.facingWithCuts(boxes, weights: weights, pageWidth: 1300)
        #expect(found == Set(stride(from: 0, to: 32, by: 2)), "\(found.sorted())")
        #expect(cuts.count == 1)
        guard let cut = cuts.first else { return }
        #expect(cut.side == .left && abs(cut.slope - 0.1) < 1e-9, "\(cut)")
        // The cut follows the facing page's line ends (101 px at the top, 167 px at the bottom): a mark at 130-150 px
        // is in our page's margin at the top and among the facing page's line ends at the bottom.
        #expect(!cut.isBeyond(PixelBox(x: 130, y: 100, width: 20, height: 20)))
        #expect(cut.isBeyond(PixelBox(x: 130, y: 760, width: 20, height: 20)))
        #expect(cut.isBeyond(boxes[30]) && !cut.isBeyond(boxes[31]) && !cut.isBeyond(boxes[1]))
        // The same rows straight (no slant, a 100 px band) are cut straight down, as before.
        let straight = boxes.enumerated().map { i, b in
            i % 2 == 0 ? PixelBox(x: 0, y: b.y, width: 90, height: 20) : PixelBox(x: 190, y: b.y, width: 900, height: 20)
        }
        let straightCuts = filter.facingWithCuts(straight, weights: weights, pageWidth: 1300).cuts
        #expect(straightCuts.map(\.slope) == [0])
    }

    @Test func aLineReadAcrossTheGutterDoesNotHideTheFacingPage() async throws {
        // As above, with one fragment read together with our page's line across the gutter: the band between is
        // no longer empty, but one line crossing it still leaves the fragments a strip of their own.
        var lines: [RecognizedLine] = []
        for i in 0..<8 {
            if i == 3 {
                lines.append(line("ends 3 joined to a full line of our page with words", 0, 100 + i * 45, 1200))
                continue
            }
            lines.append(line("ends \(i)", 0, 100 + i * 45, 90))
            lines.append(line("a full line of our page number \(i) with words", 300, 100 + i * 45, 900))
        }
        let kept = try await facingStepKeeps(lines)
        #expect(!kept.contains { $0.text.hasPrefix("ends") && $0.box.width < 200 }, "\(kept.map(\.text))")
        #expect(kept.count == 8)
    }

    /// A line of `words` (text, start and end as fractions of `box`, confidence), joined by spaces.
    func placedWords(_ words: [(String, Double, Double, Double)], in box: PixelBox, confidence: Double) -> RecognizedLine {
        var line = RecognizedLine(text: words.map(\.0).joined(separator: " "), box: box, confidence: confidence)
        line.words = words.map { TextWord(text: $0.0, start: $0.1, end: $0.2, confidence: $0.3) }
        return line
    }

    @Test("Dot leaders read as text go, with the dot-like letters after them; the price, an ellipsis and words stay")
    func dotLeadersReadAsTextGo() {
        func read(_ texts: [String]) -> RecognizedLine {
            let step = 1 / Double(texts.count)
            return placedWords(
                texts.enumerated().map { ($1, Double($0) * step, Double($0) * step + 0.8 * step, 0.8) },
                in: PixelBox(x: 100, y: 40, width: 1000, height: 20), confidence: 0.8)
        }
        let leaders = [
            (["PAPER", "TOWELS", ".....", "weeee", "9.44"], "PAPER TOWELS 9.44"),
            (["RYE", "BREAD", "....", ".", "seaae", "14.98"], "RYE BREAD 14.98"),
            (["Chapter", "three", "........", "41"], "Chapter three 41"),
        ]
        for (words, kept) in leaders {
            let trimmed = LineFilter.withoutLeaders(read(words))
            #expect(trimmed?.text == kept)
            #expect(trimmed?.words.map(\.text) == kept.split(separator: " ").map(String.init))
        }
        for words in [["and", "then", "...", "so", "we", "went"], ["was", "seen", "as", "ease"]] {
            #expect(LineFilter.withoutLeaders(read(words))?.text == words.joined(separator: " "))
        }
    }

    @Test("A line read across the facing page's cut loses the words beyond it, and keeps its own where they were")
    func aLineReadAcrossTheCutLosesTheWordsBeyondIt() {
        // A line from 100 to 1300 px: "Set background" on our page, "4 gn" beyond a cut at 1150 px on the right.
        let across = placedWords(
            [("Set", 0, 0.1, 0.9), ("background", 0.15, 0.5, 0.9), ("4", 0.9, 0.92, 0.3), ("gn", 0.95, 1, 0.2)],
            in: PixelBox(x: 100, y: 40, width: 1200, height: 20), confidence: 0.6)
        let cut = [FacingPageFilter.Cut(side: .right, x: 1150)]
        let trimmed = LineFilter.trimmed(across, beyond: cut)
        #expect(trimmed?.text == "Set background")
        #expect(trimmed?.box == PixelBox(x: 100, y: 40, width: 600, height: 20))
        #expect(trimmed?.confidence == 0.6)
        // Each kept word is still where it was on the page.
        let words = trimmed?.words ?? []
        #expect(words.count == 2 && abs(words[1].start * 600 + 100 - 280) < 1 && abs(words[1].end * 600 + 100 - 700) < 1)
        // A word the cut runs through stays; a line wholly beyond goes; a line short of the cut is left as it is.
        #expect(LineFilter.trimmed(across, beyond: [FacingPageFilter.Cut(side: .right, x: 1190)])?.text == "Set background 4")
        #expect(LineFilter.trimmed(across, beyond: [FacingPageFilter.Cut(side: .left, x: 1400)]) == nil)
        #expect(LineFilter.trimmed(across, beyond: [FacingPageFilter.Cut(side: .left, x: 50)]) == across)
        // Beyond a left cut: the leading words go.
        #expect(LineFilter.trimmed(across, beyond: [FacingPageFilter.Cut(side: .left, x: 290)])?.text == "background 4 gn")
    }

    @Test("A bar read from a ruled table's upright rule is dropped; a bar outside the table and the cells' words stay")
    func aTablesRuleReadAsABarIsDropped() {
        // "Erasers 29 | $287.68" from 100 to 900 px; the bar at 600–604 px.
        let row = placedWords(
            [("Erasers", 0, 0.2, 0.9), ("29", 0.4, 0.45, 0.9), ("|", 0.625, 0.63, 0.6), ("$287.68", 0.8, 1, 0.9)],
            in: PixelBox(x: 100, y: 400, width: 800, height: 30), confidence: 0.9)
        let table = [PixelBox(x: 80, y: 100, width: 860, height: 700)]
        #expect(LineFilter.trimmed(row, rulesIn: table)?.text == "Erasers 29 $287.68")
        #expect(LineFilter.trimmed(row, rulesIn: [PixelBox(x: 80, y: 500, width: 860, height: 300)]) == row, "not inside a table")
        var written = row
        written.words[2].text = "I"
        written.text = "Erasers 29 I $287.68"
        #expect(LineFilter.trimmed(written, rulesIn: table) == written, "a letter is no rule")
    }

    @Test func aPriceColumnNearTheEdgeIsKeptWhereverItsRowsFall() async throws {
        // A receipt photographed at a slant: the items on the left, the prices near the right edge of the frame,
        // each price drifted half a row off its item's row (the photo fans the rows). Cut by nothing, they are the
        // page's own column; the same strip holding words is a facing page's line ends.
        func receipt(_ right: (Int) -> String) -> [RecognizedLine] {
            (0..<8).flatMap { i in
                [line("ITEM NAME NUMBER \(i) MILCH", 40, 100 + i * 45, 500), line(right(i), 1180, 120 + i * 45, 90)]
            }
        }
        let prices = try await facingStepKeeps(receipt { "1,\(10 + $0) A" })
        #expect(prices.count == 16, "\(prices.map(\.text))")
        let words = try await facingStepKeeps(receipt { _ in "and the" })
        #expect(words.map(\.text).allSatisfy { $0.hasPrefix("ITEM") } && words.count == 8, "\(words.map(\.text))")
        #expect(FacingPageFilter.isFigures("-0,45 A") && FacingPageFilter.isFigures("1,11 B") && FacingPageFilter.isFigures("12.99"))
        #expect(!FacingPageFilter.isFigures("2 cups") && !FacingPageFilter.isFigures("ends 3") && !FacingPageFilter.isFigures("A B"))
    }

    @Test func twoWholeColumnsAreNotMistakenForAFacingPage() async throws {
        var lines: [RecognizedLine] = []
        for i in 0..<8 {
            lines.append(line("left column words \(i)", 80, 100 + i * 45, 500))
            lines.append(line("right column words \(i)", 700, 100 + i * 45, 500))
        }
        #expect(try await facingStepKeeps(lines).count == 16)
    }

    @Test func orderReadsColumnsThenRows() async throws {
        var s = state()
        for i in 0..<5 {
            s.lines.append(line("right column words number \(i)", 900, 100 + i * 45, 650))
            s.lines.append(line("left column words number \(i)", 100, 100 + i * 45, 650))
        }
        try await OrderStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.prefix(5).allSatisfy { $0.text.hasPrefix("left") })
    }

    /// A 1000-px-wide page: a pale heading of eight letters at (200, 200), two dark lines of 25 letters at y 300 and
    /// 360, and with `edgePatch` a pale patch against the frame's left edge at y 600.
    static func paleHeadingPage(height: Int, edgePatch: Bool) -> GrayImage {
        let width = 1000
        var bytes = [UInt8](repeating: 245, count: width * height)
        func letters(x: Int, y: Int, count: Int, level: UInt8) {
            for i in 0..<count { for yy in y..<(y + 20) { for xx in (x + i * 24)..<(x + i * 24 + 14) { bytes[yy * width + xx] = level } } }
        }
        letters(x: 200, y: 200, count: 8, level: 200)
        letters(x: 200, y: 300, count: 25, level: 30)
        letters(x: 200, y: 360, count: 25, level: 30)
        if edgePatch { letters(x: 0, y: 600, count: 6, level: 200) }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    @Test func faintGreyPrintTheThresholdLostIsReadFromTheGreyPage() async throws {
        // Dark body lines (read already), one pale heading the page's threshold dropped, and a pale patch at the
        // frame's edge (the table beside the page), which must be left alone.
        let grey = try #require(LeptonicaImage(gray: Self.paleHeadingPage(height: 900, edgePatch: true)))
        var s = state()
        s.unbinarised = grey
        s.xHeight = 20
        s.recognised = try #require(await PageSauvola(halfWindow: 20, factor: 0.3).binarise(grey)?.grayImage())
        #expect(FaintTextStep.ink(try #require(s.recognised), in: PixelBox(x: 190, y: 190, width: 200, height: 40)) < 50, "the threshold lost it")
        s.lines = [line("dark body line one", 200, 300, 600, 20), line("dark body line two", 200, 360, 600, 20)]
        let engine = FakeOCREngine(lines: [line("Pale heading", 5, 5, 150, 20, confidence: 0.9), line("~ .", 5, 30, 30, 10, confidence: 0.2)])
        try await FaintTextStep().run(&s, engine: engine)
        #expect(engine.requests.count == 1, "one region read: the heading, not the edge")
        let heading = try #require(s.lines.first { $0.text == "Pale heading" })
        #expect(heading.box.y > 150 && heading.box.y < 220 && heading.box.x > 150, "placed where it was found: \(heading.box)")
        #expect(!s.lines.contains { $0.text == "~ ." }, "an unsure crumb from the region is not kept")
    }

    @Test func aFaintLineTheThresholdBrokeIsReadAgainFromTheGreyPage() async throws {
        // A pale heading the page's threshold kept only the tops of (read as a crumb at 0.14), and a dark line read
        // just as unsurely whose ink the threshold kept whole (a smudge, not faint print): only the heading is read
        // again, and its surer reading takes the crumb's place.
        let grey = try #require(LeptonicaImage(gray: Self.paleHeadingPage(height: 600, edgePatch: false)))
        var kept = try #require(await PageSauvola(halfWindow: 20, factor: 0.3).binarise(grey)?.grayImage())
        for i in 0..<8 { for yy in 200..<207 { for xx in (200 + i * 24)..<(200 + i * 24 + 14) { kept.bytes[yy * 1000 + xx] = 0 } } }
        var s = state()
        s.unbinarised = grey
        s.xHeight = 20
        s.recognised = kept
        s.lines = [
            line("~ T T", 200, 200, 190, 20, confidence: 0.14), line("dark body line one", 200, 300, 600, 20, confidence: 0.2),
            line("dark body line two", 200, 360, 600, 20),
        ]
        let engine = FakeOCREngine(lines: [line("Pale heading", 5, 5, 150, 20, confidence: 0.9)])
        try await FaintTextStep().run(&s, engine: engine)
        #expect(engine.requests.count == 1, "only the broken line is read again")
        #expect(!s.lines.contains { $0.text == "~ T T" }, "the crumb gave way to the surer reading")
        let heading = try #require(s.lines.first { $0.text == "Pale heading" })
        #expect(heading.box.y > 190 && heading.box.y < 220, "placed where the crumb was: \(heading.box)")
        #expect(s.lines.contains { $0.text == "dark body line one" }, "an unsure line whose ink was kept whole stays")
    }

    @Test("An unsure line is read again from the grey page alone and replaced only by a clearly surer, whole reading")
    func anUnsureLineIsReadAgainFromTheGreyPage() async throws {
        // Four lines of a page at an x-height of 20 px: a sure one (never read again), an unsure one whose grey crop
        // reads surely, an unsure one whose grey crop reads hardly better, and an unsure one whose grey crop reads
        // only part of it. Each crop is the line's box with 10 px of paper above and below and 5 px along the row.
        var s = state()
        s.unbinarised = page(width: 800, height: 600)
        s.xHeight = 20
        let sure = line("A sure line of print", 40, 40, 500, 24, confidence: 0.95, block: 0, para: 0)
        let thinned = line("sAl astQ@ BingoCard", 40, 100, 520, 24, confidence: 0.6, block: 1, para: 2)
        let hardlyBetter = line("Tbe quick brown fox", 40, 160, 480, 24, confidence: 0.7, block: 1, para: 2)
        let partly = line("jumps over the lazy dog", 40, 220, 460, 24, confidence: 0.5, block: 1, para: 3)
        s.lines = [sure, thinned, hardlyBetter, partly]
        func crop(_ l: RecognizedLine) -> PixelSize { PixelSize(width: l.box.width + 10, height: l.box.height + 20) }
        let engine = FakeOCREngine(bySize: [
            crop(thinned): [line("(A) int[] BingoCard", 5, 9, 515, 26, confidence: 0.85)],
            crop(hardlyBetter): [line("The quick brown fox", 5, 10, 478, 24, confidence: 0.75)],
            crop(partly): [line("the lazy dog", 200, 10, 250, 24, confidence: 0.9)],
        ])
        try await RereadStep().run(&s, engine: engine)
        #expect(engine.requests.count == 3, "the sure line is not read again")
        #expect(engine.requests.allSatisfy { $0.request.pageSegmentationMode == 7 }, "each crop is read as one line")
        #expect(s.lines.map(\.text) == ["A sure line of print", "(A) int[] BingoCard", "Tbe quick brown fox", "jumps over the lazy dog"])
        let replaced = s.lines[1]
        #expect(replaced.box == thinned.box && replaced.block == 1 && replaced.paragraph == 2, "the line keeps its place")
        #expect(replaced.confidence == 0.85)
        // A line so unsure that the filter would drop it is not raised to a reading the filter keeps by a little.
        let crumb = line("Tit1e", 0, 0, 300, 24, confidence: 0.1)
        let place = PixelBox(x: 0, y: 0, width: 310, height: 44)
        #expect(RereadStep.choose([line("Tl ii", 5, 10, 300, 24, confidence: 0.5)], replacing: crumb, at: place, gain: 0.1) == nil)
        #expect(RereadStep.choose([line("Title", 5, 10, 300, 24, confidence: 0.8)], replacing: crumb, at: place, gain: 0.1) != nil)
        // Two lines in the crop: the line's neighbour reached in, and it is not clear which is the line.
        let two = [line("Title", 5, 0, 300, 20, confidence: 0.9), line("next", 5, 24, 300, 20, confidence: 0.9)]
        #expect(RereadStep.choose(two, replacing: crumb, at: place, gain: 0.1) == nil)
        // One line, sure, but not the same text: the row above was read instead.
        let row = line("at : 9880123123", 0, 0, 300, 24, confidence: 0.5)
        #expect(RereadStep.choose([line("pt For support", 5, 10, 300, 24, confidence: 0.9)], replacing: row, at: place, gain: 0.1) == nil)
    }

    @Test("Letters left out before a line's start (a bold item number) are found, and the line read with them replaces it")
    func lettersLeftOutAtALinesEndAreReadAgain() throws {
        // A row of print at an x-height of 20 px: an item number (a 28-px digit and its full stop) at x 100-127, a tab,
        // then the line's letters from x 160 to 700, which layout analysis read as a line without the number.
        let w = 1200, h = 200
        var bytes = [UInt8](repeating: 255, count: w * h)
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) { for y in y0..<y1 { for x in x0..<x1 { bytes[y * w + x] = 0 } } }
        // A letter: two stems joined at the top (a solid block is no letter).
        func letter(_ x: Int, top: Int, width: Int = 14) {
            fill(x, top, x + 4, 88)
            fill(x + width - 4, top, x + width, 88)
            fill(x, top, x + width, top + 3)
        }
        letter(100, top: 60, width: 16)
        fill(121, 82, 127, 88)
        for x in stride(from: 160, to: 700, by: 20) { letter(x, top: x % 60 == 0 ? 60 : 68) }
        fill(1000, 84, 1004, 88)  // a speck after the line: no letter
        let ink = InkComponents(GrayImage(width: w, height: h, bytes: bytes))
        let (rows, short) = TextLineFinder(xHeight: 20).find(in: ink)
        let read = line("Give a word that rhymes with light.", 160, 58, 540, 32)
        let found = UnreadEnds(xHeight: 20).find(lines: [read], rows: rows + short, ink: ink)
        #expect(found == [0: PixelBox(x: 100, y: 58, width: 600, height: 32)], "\(found)")
        // Read as it was, nothing is left out.
        let whole = line("2. Give a word that rhymes with light.", 100, 58, 600, 32)
        #expect(UnreadEnds(xHeight: 20).find(lines: [whole], rows: rows + short, ink: ink).isEmpty)
        // The widened crop's reading replaces the line when it adds a letter or a digit to the same text.
        let dot = line(". Give a word that rhymes with light.", 120, 58, 580, 32, block: 2, para: 3)
        let place = PixelBox(x: 90, y: 48, width: 620, height: 52)
        let again = try #require(
            RereadStep.chooseWithEnds([line("2. Give a word that rhymes with light.", 10, 10, 600, 32)], replacing: dot, at: place))
        #expect(again.text == "2. Give a word that rhymes with light." && again.box.x == 100 && again.block == 2 && again.paragraph == 3)
        #expect(
            RereadStep.chooseWithEnds([line("- Give a word that rhymes with light.", 10, 10, 600, 32)], replacing: read, at: place) == nil,
            "a mark only")
        // A quote mark at the end: the old text's first letter is no letter added at the start.
        #expect(RereadStep.chooseWithEnds([line("Give a word that rhymes with light.\"", 10, 10, 600, 32)], replacing: read, at: place) == nil)
        #expect(RereadStep.chooseWithEnds([line("2. Have a ward than chimes with fight.", 10, 10, 600, 32)], replacing: read, at: place) == nil)
        #expect(
            RereadStep.chooseWithEnds([line("2. Give a word that rhymes with light.", 10, 10, 600, 32, confidence: 0.5)], replacing: read, at: place)
                == nil)
    }

    @Test("Rows that layout analysis ran into one box are read again as a block, and their rows replace it when surer")
    func rowsRunTogetherAreReadAgainAsABlock() async throws {
        // A receipt's rows, 30 px tall at an x-height of 20 px. Three boxes are two rows tall (the rows of a fanned
        // receipt drift into each other; a heading in larger print). Each crop is the box with 10 px of paper above
        // and below, 5 px along the row.
        var s = state()
        s.unbinarised = page(width: 800, height: 600)
        s.xHeight = 20
        let above = line("PEPERONI SALAMI 1,11 B", 40, 50, 300, 30, confidence: 0.95)
        let runTogether = line("BTR LONKRAKAUER", 40, 80, 300, 64, confidence: 0.1, block: 1, para: 2)
        let below = line("KARTOFFELN 1,69 B", 40, 150, 300, 30, confidence: 0.95)
        let next = line("CHICKEN BITES 2,79 B", 40, 190, 300, 30, confidence: 0.95)
        let unsure = line("LEERG MW V ST -0,45 A", 40, 240, 320, 64, confidence: 0.7)
        let heading = line("THANK Y0U", 40, 320, 340, 64, confidence: 0.5)
        let total = line("SUMME EUR 30,82", 40, 400, 300, 30, confidence: 0.95), paid = line("BAR EUR 35,00", 40, 440, 300, 30, confidence: 0.95)
        s.lines = [above, runTogether, below, next, unsure, heading, total, paid]
        func crop(_ l: RecognizedLine) -> PixelSize { PixelSize(width: l.box.width + 10, height: l.box.height + 20) }
        let engine = FakeOCREngine(bySize: [
            crop(runTogether): [
                // The crop reaches into the row above: read again, it is not added twice.
                line("PEPERONI SALAMI", 5, 0, 200, 14, confidence: 0.8),
                line("STADIONKRAKAUER 5,99 B", 5, 12, 290, 30, confidence: 0.85),
                line("PIZZATEIG 1,49 B", 5, 44, 250, 30, confidence: 0.9),
            ],
            // Its rows read hardly surer, the second less surely than the box: kept as it was.
            crop(unsure): [
                line("LEERG MW V ST -0,45 A", 5, 10, 300, 30, confidence: 0.75), line("3 Stk x 0,15", 5, 44, 200, 30, confidence: 0.5),
            ],
            // Larger print, one row: judged as a line, and it keeps its box.
            crop(heading): [line("THANK YOU", 5, 10, 330, 64, confidence: 0.9)],
        ])
        try await RereadStep().run(&s, engine: engine)
        #expect(engine.requests.count == 3 && engine.requests.allSatisfy { $0.request.pageSegmentationMode == 6 }, "two-row boxes are read as blocks")
        #expect(
            s.lines.map(\.text) == [
                "PEPERONI SALAMI 1,11 B", "STADIONKRAKAUER 5,99 B", "PIZZATEIG 1,49 B", "KARTOFFELN 1,69 B", "CHICKEN BITES 2,79 B",
                "LEERG MW V ST -0,45 A", "THANK YOU", "SUMME EUR 30,82", "BAR EUR 35,00",
            ])
        #expect(s.lines[1].box == PixelBox(x: 40, y: 82, width: 290, height: 30) && s.lines[1].block == 1 && s.lines[1].paragraph == 2)
        #expect(s.lines[5].confidence == 0.7, "the unsure box is kept as it was")
        #expect(s.lines[6].box == heading.box)
    }

    @Test("A sure line with one unsure word is read again, and replaced when that word reads surer and the line no less")
    func aSureLineWithAnUnsureWordIsReadAgain() async throws {
        func words(_ line: RecognizedLine, _ confidences: [Double]) -> RecognizedLine {
            var l = line
            let parts = line.text.split(separator: " ").map(String.init)
            l.words = zip(parts, confidences).map { TextWord(text: $0, start: 0, end: 1, confidence: $1, rival: 0, inDictionary: true) }
            return l
        }
        var s = state()
        s.unbinarised = page(width: 800, height: 400)
        s.xHeight = 20
        let skin = words(line("From the liquid skin off the fat", 40, 40, 520, 24, confidence: 0.86), [0.9, 0.9, 0.9, 0.55, 0.9, 0.9, 0.9])
        let batter = words(line("two tablespoons batter and salt", 40, 100, 500, 24, confidence: 0.88), [0.9, 0.9, 0.6, 0.9, 0.9])
        let sure = words(line("season with pepper then strain", 40, 160, 480, 24, confidence: 0.92), [0.9, 0.9, 0.95, 0.9, 0.9])
        s.lines = [skin, batter, sure]
        func crop(_ l: RecognizedLine) -> PixelSize { PixelSize(width: l.box.width + 10, height: l.box.height + 20) }
        let engine = FakeOCREngine(bySize: [
            crop(skin): [words(line("From the liquid skim off the fat", 5, 10, 518, 24, confidence: 0.88), [0.9, 0.9, 0.9, 0.8, 0.9, 0.9, 0.9])],
            // The weak word reads surer, but the line as a whole less surely: kept as it was.
            crop(batter): [words(line("two tablespoons butter and sal", 5, 10, 498, 24, confidence: 0.8), [0.9, 0.9, 0.9, 0.9, 0.5])],
        ])
        try await RereadStep().run(&s, engine: engine)
        #expect(engine.requests.count == 2, "a line whose every word is sure is not read again")
        #expect(s.lines.map(\.text) == ["From the liquid skim off the fat", "two tablespoons batter and salt", "season with pepper then strain"])
        #expect(RereadStep.weakest(skin) == 0.55 && RereadStep.weakest(sure) == 0.9)
    }

    @Test("A line read again keeps its box, and its words stay over the columns the crop's reading found them at")
    func aLineReadAgainKeepsItsWordsWhereTheyWere() throws {
        // The old line spans page columns 40...540. Its crop starts at column 35; the crop's reading finds the line at
        // crop columns 15...495 (page 50...530) and "skim" at 0.5...0.6 of that: page columns 290...338.
        let old = line("From the liquid skin", 40, 40, 500, 24, confidence: 0.5)
        var read = line("From the liquid skim", 15, 10, 480, 24, confidence: 0.9)
        read.words = [
            TextWord(text: "From the liquid", start: 0, end: 0.45, confidence: 0.9, rival: 0, inDictionary: true),
            TextWord(text: "skim", start: 0.5, end: 0.6, confidence: 0.9, rival: 0, inDictionary: true),
        ]
        let region = PixelBox(x: 35, y: 30, width: 510, height: 44)
        let kept = try #require(RereadStep.choose([read], replacing: old, at: region, gain: 0.1))
        #expect(kept.box == old.box)
        let skim = try #require(kept.words.last)
        #expect(abs(skim.start - 0.5) < 1e-9, "page column 290 is 0.5 of the way across 40...540, not \(skim.start)")
        #expect(abs(skim.end - 298.0 / 500) < 1e-9, "page column 338 is 0.596 of the way across, not \(skim.end)")
        #expect(abs(kept.words[0].start - 0.02) < 1e-9, "page column 50 is 0.02 of the way across")
        // A word beyond the new box is held at its edge.
        let wider = PixelBox(x: 100, y: 40, width: 300, height: 24)
        #expect(kept.placed(in: wider).words.map(\.start) == [0, 190.0 / 300])
    }

    @Test("A soft page is sharpened before the threshold, more the softer it is; a sharp page is left as it is")
    func aSoftPageIsSharpenedAndASharpOneLeftAlone() async throws {
        // Letter-sized blocks at an x-height of 20 px, crisp, and the same out of focus (an unsharp mask of amount
        // -1 leaves its blur).
        let sharp = try #require(page(width: 600, height: 400, letter: 20).grayImage())
        let soft = UnsharpMask(sigma: 3, amount: -1).apply(to: sharp)
        var s = state(LeptonicaImage(gray: sharp))
        s.xHeight = 20
        try await SharpenStep().run(&s, engine: FakeOCREngine(lines: []))
        #expect(s.page?.grayImage() == sharp, "a sharp page is not touched")
        s.page = LeptonicaImage(gray: soft)
        try await SharpenStep().run(&s, engine: FakeOCREngine(lines: []))
        let mended = try #require(s.page?.grayImage())
        let spread = EdgeSpread(reach: 10)
        let before = try #require(spread.sigma(of: soft)), after = try #require(spread.sigma(of: mended))
        #expect(after < before, "edges spread \(before) px before, \(after) after")
        // The mask: none up to the threshold, half as wide again as the spread, full strength a pixel past it.
        #expect(SharpenStep.mask(forSpread: 1.5, softerThan: 1.6) == nil)
        #expect(SharpenStep.mask(forSpread: 2.1, softerThan: 1.6).map(\.amount) == 1.5)
        #expect(SharpenStep.mask(forSpread: 3, softerThan: 1.6).map { [$0.sigma, $0.amount] } == [4.5, 3])
    }

    @Test func cleanJoinsHyphensSetsThePageNumberApartAndRefusesCrumbs() async throws {
        let lines = [
            line("12", 500, 0, 30), line("An exam-", 0, 50, 300), line("ple of text.", 0, 90, 300), line("a line", 0, 130, 300),
            line("more words", 0, 170, 300),
        ]
        var s = state()
        s.lines = lines
        try await CleanStep().run(&s, engine: FakeOCREngine())
        // The page number is printed text: kept, as a paragraph of its own, never glued to the first sentence.
        #expect(s.text == "12\n\nAn example of text. a line more words")
        var dropped = state { $0.pageFurniture = .removed }
        dropped.lines = lines
        try await CleanStep().run(&dropped, engine: FakeOCREngine())
        #expect(dropped.text == "An example of text. a line more words")
        var crumbs = state()
        crumbs.lines = [line("a b", 0, 0, 40)]
        await #expect(throws: OCRError.noText) { try await CleanStep().run(&crumbs, engine: FakeOCREngine()) }
        // A word or a number alone is text when it reads surely.
        var price = state()
        price.lines = [line("12.50", 0, 0, 120, confidence: 0.96)]
        try await CleanStep().run(&price, engine: FakeOCREngine())
        #expect(price.text == "12.50")
        var unsure = state()
        unsure.lines = [line("The", 0, 0, 90, confidence: 0.6)]
        await #expect(throws: OCRError.noText) { try await CleanStep().run(&unsure, engine: FakeOCREngine()) }
    }

    @Test func cleanReadsALoneBarAsThePronounInEnglishOnly() async throws {
        let lines = [line("Since | was the master now, | had workers", 0, 50, 600), line("who wanted their pay.", 0, 90, 600)]
        var english = state()
        english.lines = lines
        try await CleanStep().run(&english, engine: FakeOCREngine())
        #expect(english.text == "Since I was the master now, I had workers who wanted their pay.")
        #expect(english.lines.first?.text == "Since I was the master now, I had workers", "the Lines view shows the same words")
        var french = state()
        french.languages = ["fra"]
        french.lines = lines
        try await CleanStep().run(&french, engine: FakeOCREngine())
        #expect(french.text.contains("Since | was"))
    }

    /// No dewarp, no turn, one recognition and no re-reads: a fake engine's lines come back once, as given.
    static var oneRecognition: ImageProcessor.Config {
        var config = ImageProcessor.Config()
        config.dewarps = false
        config.detectsOrientation = false
        config.splitsForParallelRecognition = false
        config.recoversMissedText = false
        return config
    }

    @Test func theLoopTimesEveryStepAndSkipsWhatIsSwitchedOff() async throws {
        let engine = FakeOCREngine(lines: [line("The quick brown fox jumps", 40, 40, 600)])
        let png = try #require(page(width: 800, height: 600).pngData())
        let config = Self.oneRecognition
        let capture = try await ImageProcessor(config: config, engine: engine).process(image: png)
        let names = capture.timings.map(\.step)
        #expect(names.first == "decode" && names.contains("recognise") && names.last == "clean")
        #expect(!names.contains("dewarp") && !names.contains("orient"))
        #expect(capture.text == "The quick brown fox jumps")
    }

    @Test("The reader hands the reading languages' word lists to the clean step: a misread line-end hyphen is joined")
    func theWordListsReachTheCleanStep() async throws {
        let engine = FakeOCREngine(lines: [line("the accounts were encar.", 40, 40, 600), line("gada to the treasurer", 40, 80, 600)])
        let png = try #require(page(width: 800, height: 600).pngData())
        let config = Self.oneRecognition
        let lists = WordLists(["eng": WordSet(["encargada"]), "fra": WordSet(["accounts"])])
        let capture = try await ImageProcessor(config: config, engine: engine, words: lists).process(image: png)
        #expect(capture.text == "the accounts were encargada to the treasurer")
        let without = try await ImageProcessor(config: config, engine: engine).process(image: png)
        #expect(without.text == "the accounts were encar. gada to the treasurer")
        // Only the lists of the languages read count.
        let french = WordLists(["fra": WordSet(["encargada"])])
        #expect(try await ImageProcessor(config: config, engine: engine, words: french).process(image: png).text == without.text)
    }
}

@Suite struct LanguageTests {
    @Test func aMissingLanguageIsNamedWithItsDebianPackage() throws {
        let polish = try #require(RecognitionLanguage(code: "pol"))
        let error = OCRError.languageNotInstalled(polish)
        #expect(error.message.english == "Polish (pol) is not installed: apt-get install tesseract-ocr-pol")
        #expect(error.code == "language_not_installed")
        #expect(error.category == .badInput)
        #expect(RecognitionLanguage(code: "chi_sim")?.debianPackage == "tesseract-ocr-chi-sim")
        #expect(RecognitionLanguage(code: "../etc") == nil)
    }

    @Test func theRealEngineRefusesALanguageThatIsNotInstalled() async throws {
        let installed = TesseractEngine.installedLanguages()
        #expect(installed.contains { $0.code == "eng" })
        #expect(!installed.contains { $0.code == "osd" })
        // A well-formed code no Debian package ships, so it is absent on every machine.
        #expect(throws: OCRError.languageNotInstalled(RecognitionLanguage(code: "zzq")!)) {
            _ = try TesseractEngine(languages: ["zzq"], workers: 1)
        }
        #expect(throws: OCRError.unknownLanguage("eng/../x")) { _ = try TesseractEngine(languages: ["eng/../x"], workers: 1) }
    }
}

/// Reads a black-and-white image as unsure crumbs and a grey one as sure words, as Tesseract reads an out-of-focus
/// page after a local threshold and with its own.
final class ThresholdSensitiveEngine: OCREngine {
    let defaultLanguages = ["eng"]
    let installedLanguages: [RecognitionLanguage] = []
    let binaryLines: [RecognizedLine]
    let greyLines: [RecognizedLine]

    init(binary: [RecognizedLine], grey: [RecognizedLine]) {
        binaryLines = binary
        greyLines = grey
    }

    func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult {
        let binary = image.bytes.allSatisfy { $0 == 0 || $0 == 255 }
        return RecognitionResult(lines: binary ? binaryLines : greyLines, meanConfidence: 0)
    }

    func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate? { nil }
}

@Suite struct ThresholdCheckStepTests {
    func line(_ text: String, _ y: Int, confidence: Double) -> RecognizedLine {
        RecognizedLine(text: text, box: PixelBox(x: 40, y: y, width: 500, height: 24), confidence: confidence, block: 0, paragraph: 0)
    }

    func binarised(_ engine: ThresholdSensitiveEngine) async throws -> PageState {
        let page = PipelineStepTests().page(width: 600, height: 400)
        var config = ImageProcessor.Config()
        config.splitsForParallelRecognition = false
        var s = PageState(data: Data(), config: config, languages: ["eng"])
        s.page = page
        try await BinariseStep().run(&s, engine: engine)
        try await RecogniseStep().run(&s, engine: engine)
        return s
    }

    @Test func anUnsureReadingIsReplacedByTheGreyPagesWhenThatHoldsClearlyMore() async throws {
        let engine = ThresholdSensitiveEngine(
            binary: [line("Tlie qu1et", 40, confidence: 0.3)],
            grey: [line("The quiet library opened early", 40, confidence: 0.9), line("on Monday morning", 80, confidence: 0.88)])
        var s = try await binarised(engine)
        #expect(s.lines.map(\.text) == ["Tlie qu1et"])
        try await ThresholdCheckStep().run(&s, engine: engine)
        #expect(s.lines.map(\.text) == ["The quiet library opened early", "on Monday morning"])
        #expect(s.unbinarised == nil, "faint print has no threshold to compare against once the grey page is read")
        let read = try #require(s.recognised)
        #expect(!read.bytes.allSatisfy { $0 == 0 || $0 == 255 }, "later steps crop from the grey page")
    }

    @Test func aSureReadingIsNotReadAgain() async throws {
        let engine = ThresholdSensitiveEngine(
            binary: [line("The quiet library opened early", 40, confidence: 0.93)],
            grey: [line("The quiet library opened early on Monday", 40, confidence: 0.95)])
        var s = try await binarised(engine)
        try await ThresholdCheckStep().run(&s, engine: engine)
        #expect(s.lines.map(\.text) == ["The quiet library opened early"])
        #expect(s.unbinarised != nil)
    }

    @Test func anUnsureReadingStaysWhenTheGreyPageReadsNoBetter() async throws {
        // A receipt on a grained table: unsure either way, and the grey page's reading is the texture's.
        let engine = ThresholdSensitiveEngine(
            binary: [line("SUMME EUR 12,40", 40, confidence: 0.7)],
            grey: [line("SUMME EUR 12,40", 40, confidence: 0.7), line("il1 ;: ..", 80, confidence: 0.2)])
        var s = try await binarised(engine)
        try await ThresholdCheckStep().run(&s, engine: engine)
        #expect(s.lines.map(\.text) == ["SUMME EUR 12,40"])
        #expect(ThresholdCheckStep.greyWins(binarised: 100, grey: 120) == false)
        #expect(ThresholdCheckStep.greyWins(binarised: 100, grey: 130))
        #expect(ThresholdCheckStep.greyWins(binarised: 0, grey: 0) == false)
    }
}
