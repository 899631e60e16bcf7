// The drop cap step: a chapter's large first letter, read as a word of its own, as a line of its own or painted out
// with the pictures, is put back at the start of the first word.
import Foundation
import Imaging
import Support
import Testing
import Words

@testable import PageReading

@Suite struct DropCapTests {
    /// A line of placed words; its box is theirs together.
    func row(_ words: [(String, Int, Int, Int, Int)], confidence: Double = 0.95) -> RecognizedLine {
        let boxes = words.map { PixelBox(x: $0.1, y: $0.2, width: $0.3, height: $0.4) }
        let x0 = boxes.map(\.x).min()!, y0 = boxes.map(\.y).min()!
        let box = PixelBox(x: x0, y: y0, width: boxes.map(\.maxX).max()! - x0, height: boxes.map(\.maxY).max()! - y0)
        return RecognizedLine(
            text: words.map(\.0).joined(separator: " "), box: box, confidence: confidence,
            words: zip(words, boxes).map { TextWord(text: $0.0, box: $1, line: box, confidence: confidence) })
    }

    func state(_ lines: [RecognizedLine], words: [String] = []) -> PageState {
        var s = PageState(data: Data(), config: ImageProcessor.Config(), languages: ["eng"])
        s.xHeight = 15
        s.lines = lines
        if !words.isEmpty { s.words = [WordSet(words)] }
        return s
    }

    /// The lines beside a cap standing at x 100...160, y 100...180: two indented at x 170, then one full width.
    var besideCap: [RecognizedLine] {
        [
            row([("he", 170, 100, 30, 30), ("storm", 210, 100, 80, 30), ("broke", 300, 100, 70, 30)]),
            row([("and", 170, 140, 45, 30), ("the", 225, 140, 40, 30), ("rain", 275, 140, 50, 30)]),
            row([("over", 100, 190, 60, 30), ("the", 170, 190, 40, 30), ("sea", 220, 190, 40, 30)]),
        ]
    }

    @Test("A cap read as the line's first word, hanging below it, is joined to the next word, and the line's box loses its height")
    func aCapReadAsAWordIsJoined() async throws {
        var lines = besideCap
        lines[0] = row([("H", 100, 100, 60, 80), ("er", 170, 112, 30, 20), ("father", 210, 100, 70, 30), ("kept", 290, 100, 50, 30)])
        var s = state(lines)
        try await DropCapStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.map(\.text) == ["Her father kept", "and the rain", "over the sea"])
        #expect(s.lines[0].words.map(\.text) == ["Her", "father", "kept"])
        #expect(s.lines[0].box.maxY <= 132, "the rows the cap drops into are no longer this line's: \(s.lines[0].box)")
    }

    @Test("A cap read as a line of its own is put before the first word of the line level with its top")
    func aCapReadAsALineIsPutBeforeTheWord() async throws {
        let cap = RecognizedLine(text: "T", box: PixelBox(x: 100, y: 100, width: 60, height: 80), confidence: 0.9)
        var s = state([cap] + besideCap)
        try await DropCapStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.map(\.text) == ["The storm broke", "and the rain", "over the sea"])
        #expect(s.lines[0].words.first?.text == "The")
    }

    @Test("A cap painted out with the pictures is read alone, as one letter, and put before the first word")
    func aPaintedOutCapIsReadAlone() async throws {
        // The cap's ink: an upright bar and a bar across its foot (a letter's fill, not a block's).
        var bytes = [UInt8](repeating: 255, count: 400 * 300)
        for y in 100..<180 { for x in 100..<160 where x < 115 || y >= 165 { bytes[y * 400 + x] = 0 } }
        var s = state(besideCap)
        s.ink = InkComponents(GrayImage(width: 400, height: 300, bytes: bytes))
        // The crop is the cap with a quarter of its height of paper round it.
        let engine = FakeOCREngine(bySize: [
            PixelSize(width: 100, height: 120): [RecognizedLine(text: "T", box: PixelBox(x: 20, y: 20, width: 60, height: 80), confidence: 0.9)]
        ])
        try await DropCapStep().run(&s, engine: engine)
        #expect(engine.requests.count == 1 && engine.requests[0].request.pageSegmentationMode == 10, "read as one character")
        #expect(s.lines.map(\.text) == ["The storm broke", "and the rain", "over the sea"])
    }

    @Test("No cap: a capital of the line's own height, a cap with no indented line under it, a reading that is no capital")
    func whatIsNoCapStaysAsItIs() async throws {
        let plain = [
            row([("A", 100, 100, 20, 30), ("storm", 130, 100, 80, 30), ("broke", 220, 100, 70, 30)]),
            row([("over", 100, 140, 60, 30), ("the", 170, 140, 40, 30), ("sea", 220, 140, 40, 30)]),
        ]
        var s = state(plain)
        try await DropCapStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines == plain)
        // A tall letter beside one line only (a sign's initial, a figure's label) is no drop cap.
        let alone = [row([("H", 100, 100, 60, 80), ("er", 170, 112, 30, 20), ("father", 210, 100, 70, 30), ("kept", 290, 100, 50, 30)])]
        var t = state(alone)
        try await DropCapStep().run(&t, engine: FakeOCREngine())
        #expect(t.lines == alone)
        #expect(
            DropCapStep.capLetter(
                RecognitionResult(
                    lines: [RecognizedLine(text: "g", box: PixelBox(x: 0, y: 0, width: 9, height: 9), confidence: 0.9)], meanConfidence: 0.9)) == nil)
        #expect(
            DropCapStep.capLetter(
                RecognitionResult(
                    lines: [RecognizedLine(text: "W", box: PixelBox(x: 0, y: 0, width: 9, height: 9), confidence: 0.3)], meanConfidence: 0.3)) == nil)
    }

    @Test("A cap that is a word of its own stays one where the word lists know the rest alone and not the two together")
    func aOneLetterWordStaysApart() async throws {
        let cap = RecognizedLine(text: "A", box: PixelBox(x: 100, y: 100, width: 60, height: 80), confidence: 0.9)
        var lines = besideCap
        lines[0] = row([("storm", 170, 100, 80, 30), ("broke", 260, 100, 70, 30)])
        var s = state([cap] + lines, words: ["a", "storm", "broke", "and", "the", "rain", "over", "sea"])
        try await DropCapStep().run(&s, engine: FakeOCREngine())
        #expect(s.lines.first?.text == "A storm broke")
        #expect(DropCapStep.apart("T", "he", words: [WordSet(["he", "the"])]) == false, "T is no word: joined")
    }
}
