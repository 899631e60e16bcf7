// The image steps each on their own (turn, page, normalise, deskew, dewarp, preview, sideways) and the step switches,
// on pages drawn here.
import Foundation
import Imaging
import Localization
import Support
import Testing

@testable import PageReading

@Suite struct ImageStepTests {
    func state(_ page: LeptonicaImage? = nil, options: ReadOptions = ReadOptions()) -> PageState {
        var s = PageState(data: Data(), config: .init(), languages: ["eng"], options: options)
        s.page = page
        s.xHeight = 20
        return s
    }

    /// A page of rows of letters on paper.
    func print(width: Int = 1200, height: Int = 800, rows: Int = 10, paper: UInt8 = 250) -> Canvas {
        var c = Canvas(width: width, height: height, paper: paper)
        for r in 0..<rows { c.row(x: 80, baseline: 90 + 60 * r, letters: 40) }
        return c
    }

    @Test func aChosenTurnTurnsThePage() throws {
        var s = state(Canvas(width: 300, height: 200).image, options: ReadOptions(quarterTurns: 1))
        #expect(GivenTurnStep().runs(s.config, s.options))
        #expect(!GivenTurnStep().runs(s.config, ReadOptions()), "only when the person chose a turn")
        try GivenTurnStep().apply(&s)
        #expect(s.page?.width == 200 && s.page?.height == 300 && s.turns == 1)
        // The page's transform now maps the photo's top-left corner to the turned page's top-right.
        let corner = s.toPage.apply(0, 0)
        #expect(abs(corner.x - 199) < 1.5 && abs(corner.y) < 1.5, "\(corner)")
    }

    @Test func aSheetOnADarkDeskIsFoundAndStraightened() throws {
        var desk = Canvas(width: 1600, height: 1200, paper: 60)
        var sheet = print(width: 1000, height: 700, rows: 9)
        sheet.fill(0, 0, 1000, 40, 250)
        for y in 0..<700 { for x in 0..<1000 { desk.bytes[(y + 250) * 1600 + x + 300] = sheet.bytes[y * 1000 + x] } }
        var s = state(desk.image)
        s.decoded = DecodedPhoto(image: desk.image, format: .png, exifOrientation: 1, fullSize: PixelSize(width: 1600, height: 1200))
        try FindPageStep().apply(&s)
        let page = try #require(s.page)
        #expect(abs(page.width - 1000) < 40 && abs(page.height - 700) < 40, "\(page.width)x\(page.height)")
        #expect(s.outlineInPhoto?.count == 4)
        // An outline the person drew is used even with page finding switched off.
        var config = ImageProcessor.Config()
        config.detectsPage = false
        let drawn = [PixelPoint(x: 300, y: 250), PixelPoint(x: 1300, y: 250), PixelPoint(x: 1300, y: 950), PixelPoint(x: 300, y: 950)]
        #expect(FindPageStep().runs(config, ReadOptions(outline: drawn)) && !FindPageStep().runs(config, ReadOptions()))
    }

    @Test("A reading past its time limit stops with a clear message, between steps and inside a recognition")
    func aReadingPastItsTimeLimitStops() async throws {
        var config = ImageProcessor.Config()
        config.readingTimeLimit = 0.000_001
        let photo = try #require(print().image.pngData())
        await #expect(throws: OCRError.tooSlow) {
            _ = try await ImageProcessor(config: config, engine: FakeOCREngine()).process(image: photo)
        }
        #expect(OCRError.tooSlow.code == "too_slow" && OCRError.tooSlow.category == .nothingFound)
        // Tesseract itself is stopped by its progress monitor: a page that takes longer than a millisecond to read.
        let engine = try #require(OCRFixtures.engine)
        let page = try #require(print(width: 2400, height: 1600, rows: 24).image.grayImage())
        await #expect(throws: OCRError.tooSlow) {
            try await ReadingDeadline.$current.withValue(ContinuousClock.now.advanced(by: .milliseconds(1))) {
                _ = try await engine.recognize(page, request: RecognitionRequest(languages: ["eng"]))
            }
        }
    }

    @Test func unevenLightIsFlattened() throws {
        // The paper falls from 250 on the left to 120 on the right.
        var c = print()
        for y in 0..<c.height {
            for x in 0..<c.width where c.bytes[y * c.width + x] > 128 { c.bytes[y * c.width + x] = UInt8(250 - 130 * x / c.width) }
        }
        var s = state(c.image)
        try NormaliseStep().apply(&s)
        let page = try #require(s.page?.grayImage())
        func paper(_ x0: Int) -> Double {
            let values = (20..<60).flatMap { y in (x0..<(x0 + 60)).map { Double(page.bytes[y * page.width + $0]) } }
            return values.reduce(0, +) / Double(values.count)
        }
        #expect(abs(paper(20) - paper(1100)) < 25, "left \(paper(20)), right \(paper(1100))")
    }

    @Test func tiltedRowsAreLevelled() async throws {
        let tilted = try #require(print().image.rotated(degrees: 4))
        var s = state(tilted)
        try await DeskewStep().run(&s, engine: FakeOCREngine())
        let small = try #require(s.page?.scaled(by: 0.4)?.grayImage())
        let residual = try #require(Deskewer.estimate(small, range: 15))
        #expect(abs(residual.0) < 1, "still tilted by \(residual.0)°")
        #expect(s.toPage != .identity)
    }

    @Test func curledRowsAreFlattened() throws {
        var c = Canvas(width: 1400, height: 900)
        for r in 0..<10 {
            var x = 60
            for i in 0..<44 {
                let t = Double(i) / 43
                x = c.row(x: x, baseline: 100 + 70 * r + Int(50 * t * t), letters: 1)
                if i % 5 == 4 { x += 12 }
            }
        }
        var s = state(c.image)
        try DewarpStep().apply(&s)
        #expect(s.flatToPage != nil, "a curl of two and a half x-heights is flattened")
        let flat = try #require(s.page?.grayImage())
        let rows = TextLineFinder(xHeight: 20).lines(in: InkComponents(flat)).filter { $0.letters.count >= 30 }
        #expect(!rows.isEmpty && rows.allSatisfy { $0.box.height < 45 }, "rows still bend: \(rows.map(\.box.height))")
    }

    @Test func thePreviewIsMadeOnTheSide() async throws {
        let png = try #require(print(width: 600, height: 400, rows: 4).image.pngData())
        var s = PageState(data: png, config: .init(), languages: ["eng"])
        try DecodeStep().apply(&s)
        try await PreviewStep().run(&s, engine: FakeOCREngine())
        let jpeg = try #require(await s.preview?.value)
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
    }

    @Test func textRunningDownAMarginIsReadTurnedAndAColumnOfPricesIsNot() async throws {
        func line(_ text: String, _ box: PixelBox, _ confidence: Double = 0.9) -> RecognizedLine {
            RecognizedLine(text: text, box: box, confidence: confidence)
        }
        let body = (0..<6).map { line("a line of the page's own text number \($0)", PixelBox(x: 100, y: 60 + 40 * $0, width: 700, height: 30)) }
        let margin = line("Ilil", PixelBox(x: 900, y: 40, width: 30, height: 260), 0.3)
        var s = state(Canvas(width: 1000, height: 400).image)
        s.recognised = Canvas(width: 1000, height: 400).gray
        s.lines = body + [margin]
        let engine = FakeOCREngine(lines: [line("Chapter Two: the harbour", PixelBox(x: 10, y: 5, width: 240, height: 26))])
        try await SidewaysTextStep().run(&s, engine: engine)
        #expect(s.lines == body)
        #expect(s.trailingLines.map(\.text) == ["Chapter Two: the harbour"])
        #expect(engine.requests.count == 2, "read turned both ways")
        // The same tall box holding rows that run across (prices the engine took for text running down).
        var t = state(Canvas(width: 1000, height: 400).image)
        t.recognised = Canvas(width: 1000, height: 400).gray
        t.lines = body + [margin]
        t.inkLines = (0..<6).map { InkLine(box: PixelBox(x: 900, y: 50 + 40 * $0, width: 30, height: 20), letters: [], letterHeight: 20) }
        let other = FakeOCREngine(lines: [])
        try await SidewaysTextStep().run(&t, engine: other)
        #expect(other.requests.isEmpty && t.trailingLines.isEmpty)
        // The margin step found and read the same text from the ink: it is kept once, from the surer reading.
        let strip = PixelBox(x: 902, y: 60, width: 26, height: 220)
        for (here, kept) in [(0.95, "Chapter Two: the harbour"), (0.5, "Chapter Two from the ink")] {
            var u = state(Canvas(width: 1000, height: 400).image)
            u.recognised = Canvas(width: 1000, height: 400).gray
            u.lines = body + [margin]
            u.marginStrips = [MarginStrip(box: strip, block: MarginTextStep.firstBlock)]
            var fromInk = line("Chapter Two from the ink", strip, 0.8)
            fromInk.block = MarginTextStep.firstBlock
            u.trailingLines = [fromInk]
            try await SidewaysTextStep().run(
                &u, engine: FakeOCREngine(lines: [line("Chapter Two: the harbour", PixelBox(x: 10, y: 5, width: 240, height: 26), here)]))
            #expect(u.trailingLines.map(\.text) == [kept], "read here at \(here)")
        }
    }
}

@Suite struct StepSwitchTests {
    @Test func everyStepOwnsItsSwitchByNameAndHasANameInEveryLanguage() throws {
        let names = ImageProcessor.stepNames
        #expect(Set(names).count == names.count, "one name each")
        #expect(names.first == "decode" && names.last == "clean")
        var config = ImageProcessor.Config()
        let unknown = config.switchStep("no such step", on: false)
        #expect(!unknown)
        let processor = ImageProcessor(config: config, engine: FakeOCREngine())
        let essential: Set = ["decode", "scale", "preview", "recognise", "filter", "clean"]
        #expect(ImageProcessor.switchableStepNames == names.filter { !essential.contains($0) && $0 != "turn" })
        for name in names where name != "turn" {
            config = ImageProcessor.Config()
            config.skippedSteps = []
            // A step every reading needs has no switch: naming it changes nothing, and the caller hears so.
            let known = config.switchStep(name, on: false)
            #expect(known == !essential.contains(name), "\(name)")
            #expect(config.skippedSteps == (essential.contains(name) ? [] : [name]))
            let ran = ImageProcessor(config: config, engine: FakeOCREngine()).steps().map(\.name)
            #expect(ran.contains(name) == essential.contains(name), "\(name) switched off: \(ran)")
        }
        let turnSwitched = config.switchStep("turn", on: false)
        #expect(!turnSwitched)
        // The Lines page shows each step's time by its name in the person's language (every catalogue has every
        // English key, `CatalogueTests`): a new step needs its name there too.
        let catalogues = try Localizations.shipped().catalogues
        for language in InterfaceLanguage.allCases {
            let missing = names.filter { catalogues[language]?["step.\($0)"] == nil }
            #expect(missing.isEmpty, "\(language.tag) has no name for the steps \(missing)")
        }
        // On by default: every step, the table re-reading too.
        #expect(Set(processor.steps().map(\.name)).isSuperset(of: ["table", "recover", "surface", "facing", "debris"]))
        // The old switch names are the same switches.
        config = ImageProcessor.Config()
        config.deskews = false
        #expect(config.skippedSteps.contains("deskew") && !config.runs("deskew"))
    }
}
