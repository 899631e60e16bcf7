// Each pipeline step on its own: a page state made here, a fake engine, and what the step must change.
import Foundation
import Imaging
import Support
import Testing

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

    @Test func facingPageFragmentsAtTheFrameEdgeAreDropped() async throws {
        // Our page on the right; the facing page's line ends cut by the left edge of the frame.
        var lines: [RecognizedLine] = []
        for i in 0..<8 {
            lines.append(line("ends \(i)", 0, 100 + i * 45, 90))
            lines.append(line("a full line of our page number \(i) with words", 300, 100 + i * 45, 900))
        }
        var s = state(page(width: 1300, height: 600))
        s.xHeight = 20
        s.lines = lines
        try await FacingPageStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.count == 8)
        #expect(s.lines.allSatisfy { $0.text.hasPrefix("a full line") })
    }

    @Test func twoWholeColumnsAreNotMistakenForAFacingPage() async throws {
        var lines: [RecognizedLine] = []
        for i in 0..<8 {
            lines.append(line("left column words \(i)", 80, 100 + i * 45, 500))
            lines.append(line("right column words \(i)", 700, 100 + i * 45, 500))
        }
        var s = state(page(width: 1300, height: 600))
        s.xHeight = 20
        s.lines = lines
        try await FacingPageStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.count == 16)
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

    @Test func cleanJoinsHyphensDropsPageNumbersAndRefusesCrumbs() async throws {
        var s = state()
        s.lines = [
            line("12", 500, 0, 30), line("An exam-", 0, 50, 300), line("ple of text.", 0, 90, 300), line("a line", 0, 130, 300),
            line("more words", 0, 170, 300),
        ]
        try await CleanStep().run(&s, engine: FakeOCREngine())
        #expect(s.text == "An example of text. a line more words")
        var crumbs = state()
        crumbs.lines = [line("a b", 0, 0, 40)]
        await #expect(throws: OCRError.noText) { try await CleanStep().run(&crumbs, engine: FakeOCREngine()) }
    }

    @Test func theLoopTimesEveryStepAndSkipsWhatIsSwitchedOff() async throws {
        let engine = FakeOCREngine(lines: [line("The quick brown fox jumps", 40, 40, 600)])
        let png = try #require(page(width: 800, height: 600).pngData())
        var config = ImageProcessor.Config()
        config.dewarps = false
        config.detectsOrientation = false
        // One recognition, so the fake's one line comes back once.
        config.splitsForParallelRecognition = false
        config.recoversMissedText = false
        let capture = try await ImageProcessor(config: config, engine: engine).process(image: png)
        let names = capture.timings.map(\.step)
        #expect(names.first == "decode" && names.contains("recognise") && names.last == "clean")
        #expect(!names.contains("dewarp") && !names.contains("orient"))
        #expect(capture.text == "The quick brown fox jumps")
    }
}

@Suite struct LanguageTests {
    @Test func aMissingLanguageIsNamedWithItsDebianPackage() throws {
        let polish = try #require(RecognitionLanguage(code: "pol"))
        let error = OCRError.languageNotInstalled(polish)
        #expect(error.message == "Polish (pol) is not installed: apt-get install tesseract-ocr-pol")
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
