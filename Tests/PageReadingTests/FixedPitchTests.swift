// The fixed-pitch step on lines made here: letters on a grid of 10-px cells (a receipt's print) and letters of
// proportional type, with the words the engine made of them.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct FixedPitchTests {
    /// A line whose engine words are `words`, each letter placed in the cell `cells` gives it (10 px wide).
    func line(_ words: [String], cells: [[Int]], y: Int = 0) -> RecognizedLine {
        var textWords: [TextWord] = []
        for (word, places) in zip(words, cells) {
            let letters = zip(word, places).map { c, cell in
                ReadLetter(text: String(c), confidence: 0.9, rival: 0, minX: cell * 10 + 2, maxX: cell * 10 + 8)
            }
            let box = PixelBox(x: letters.first!.minX, y: y, width: letters.last!.maxX - letters.first!.minX, height: 12)
            var textWord = TextWord(text: word, box: box, line: PixelBox(x: 0, y: y, width: 400, height: 12), confidence: 0.9)
            textWord.letters = letters
            textWords.append(textWord)
        }
        let box = textWords.dropFirst().reduce(textWords[0].box!) { $0.union($1.box!) }
        return RecognizedLine(text: words.joined(separator: " "), box: box, confidence: 0.9, words: textWords)
    }

    /// A receipt: "2 Stk x 1,99" read "2Stkx 1,99" (a blank cell missed), "0,25" read "0, 25" (a space too many).
    var receipt: [RecognizedLine] {
        [
            line(["KARTOFFELN", "1,69", "B"], cells: [Array(0..<10), Array(20..<24), [25]], y: 0),
            line(["2Stkx", "1,99"], cells: [[1, 3, 4, 5, 7], Array(12..<16)], y: 20),
            line(["LEERGUT", "EINWEG"], cells: [Array(0..<7), Array(8..<14)], y: 40),
            line(["6", "Stk", "x", "0,", "25"], cells: [[1], [3, 4, 5], [7], [12, 13], [14, 15]], y: 60),
        ]
    }

    @Test func aFixedPitchPageHasItsWordsCutWhereACellIsBlank() throws {
        let pitch = try #require(FixedPitch().pagePitch(receipt))
        #expect(abs(pitch - 10) < 0.5)
        let spaced = receipt.map { FixedPitch().respaced($0, pitch: pitch) }
        #expect(spaced[0] == nil, "a line spaced right is left as it is")
        #expect(spaced[1]?.text == "2 Stk x 1,99")
        #expect(spaced[1]?.words.map(\.text) == ["2", "Stk", "x", "1,99"])
        #expect(spaced[3]?.text == "6 Stk x 0,25", "a space between two letters of adjacent cells is taken out")
        // Each new word takes the columns of its own letters and keeps them.
        let x = try #require(spaced[1]?.words[2])
        #expect(x.box?.x == 72 && x.box?.maxX == 78 && x.letters?.count == 1)
        #expect(spaced[1]?.words[3].parts?.map(\.text) == ["1", "99"])
    }

    @Test func proportionalTypeIsLeftAlone() {
        // Letters of widths that vary (4 to 14 px, as a page's letters do): centres drift off any grid.
        var seed: UInt32 = 7
        func width() -> Int {
            seed = seed &* 1_103_515_245 &+ 12_345
            return 4 + Int((seed >> 16) % 11)
        }
        func prose(_ y: Int) -> RecognizedLine {
            var x = 0
            var letters: [ReadLetter] = []
            for i in 0..<40 {
                let w = width()
                letters.append(ReadLetter(text: String(Character(UnicodeScalar(97 + i % 26)!)), confidence: 0.9, rival: 0, minX: x, maxX: x + w))
                x += w + 2
            }
            var word = TextWord(
                text: letters.map(\.text).joined(), box: PixelBox(x: 0, y: y, width: x, height: 12),
                line: PixelBox(x: 0, y: y, width: x, height: 12), confidence: 0.9)
            word.letters = letters
            return RecognizedLine(text: word.text, box: word.box!, confidence: 0.9, words: [word])
        }
        let page = (0..<5).map { prose($0 * 20) }
        #expect(FixedPitch().pagePitch(page) == nil)
        // Too few lines to tell, or lines without letters (read before letters were kept), say nothing either.
        #expect(FixedPitch().pagePitch(Array(receipt.prefix(2))) == nil)
        #expect(FixedPitch().pagePitch(receipt.map { RecognizedLine(text: $0.text, box: $0.box, confidence: 0.9) }) == nil)
    }

    @Test func theStepRespacesTheLinesOfAFixedPitchPage() async throws {
        var state = PageState(data: Data(), config: .init(), languages: ["eng"])
        state.lines = receipt
        try await FixedPitchStep().run(&state, engine: FakeOCREngine())
        #expect(state.lines.map(\.text) == ["KARTOFFELN 1,69 B", "2 Stk x 1,99", "LEERGUT EINWEG", "6 Stk x 0,25"])
    }

    @Test("On an unsure fixed-pitch page, a block reading that holds more sure text is kept, without the usual margin")
    func anUnsureFixedPitchPageIsReadAcrossWhenTheBlockReadsMore() async throws {
        // The receipt read unsurely by layout analysis (rows cut into pieces), and read again as one block with 5 %
        // more sure text: under the 10 % a page of proportional print needs, enough for a page printed in cells.
        func read(at confidence: Double) -> [RecognizedLine] {
            receipt.map { line in
                var l = line
                l.confidence = confidence
                return l
            }
        }
        let unsure = read(at: 0.6), block = read(at: 0.6 * 1.05.squareRoot())
        func readByLayout(_ lines: [RecognizedLine]) -> PageState {
            var state = PageState(data: Data(), config: .init(), languages: ["eng"])
            state.recognised = GrayImage(width: 400, height: 120, bytes: [UInt8](repeating: 255, count: 400 * 120))
            state.segmentationMode = 3
            state.lines = lines
            return state
        }
        var state = readByLayout(unsure)
        try await RowsStep().run(&state, engine: FakeOCREngine(lines: block))
        #expect(state.segmentationMode == 6 && state.lines == block)
        // The same lines without their letters' cells (proportional print, as far as anyone can tell): kept as read.
        let plain = unsure.map { RecognizedLine(text: $0.text, box: $0.box, confidence: $0.confidence) }
        var proportional = readByLayout(plain)
        try await RowsStep().run(&proportional, engine: FakeOCREngine(lines: block))
        #expect(proportional.segmentationMode == 3 && proportional.lines == plain)
        #expect(RowsStep.blockWins(layout: 100, block: 105, fixedPitch: true) && !RowsStep.blockWins(layout: 100, block: 105))
    }
}
