// The respell step: a word no list knows takes one letter's runner-up reading when that alone makes a known word.
import Foundation
import Support
import Testing
import Words

@testable import PageReading

@Suite("Respell by runner-up letters")
struct RespellTests {
    let speller = RunnerUpSpelling(words: [WordSet(["plante", "pour", "la", "well", "wax", "ham", "and", "bell"])])

    /// A word as the engine gives it: each letter read surely unless `runnerUps` names its index (runner-up, confidence).
    static func word(_ text: String, _ runnerUps: [Int: (String, Double)] = [:]) -> TextWord {
        var word = TextWord(text: text, start: 0, end: 1, confidence: 0.9)
        word.letters = text.enumerated().map { i, c in
            let (runnerUp, rival) = runnerUps[i] ?? ("", 0)
            return ReadLetter(text: String(c), confidence: 0.95, rival: rival, minX: i * 10, maxX: i * 10 + 8, runnerUp: runnerUp)
        }
        return word
    }

    @Test("An unknown word becomes the known word one letter's runner-up makes, in that letter's case")
    func runnerUpMakesAKnownWord() throws {
        let plante = try #require(speller.respelled(Self.word("piante", [1: ("l", 0.52)])))
        #expect(plante.text == "plante")
        #expect(plante.letters?[1].text == "l" && plante.letters?[1].runnerUp == "i" && plante.letters?[1].confidence == 0.52)
        // Punctuation around the word stays; an upper-case runner-up for a lower-case letter is read in lower case.
        #expect(speller.respelled(Self.word("Weil,", [2: ("L", 0.77)]))?.text == "Well,")
    }

    @Test("A known word, a weak runner-up, two possible words, digits or a short word: the word stays as read")
    func otherwiseTheWordStays() {
        #expect(speller.respelled(Self.word("pour", [1: ("a", 0.9)])) == nil, "the list knows it already")
        #expect(speller.respelled(Self.word("piante", [1: ("l", 0.2)])) == nil, "a runner-up barely seen")
        #expect(speller.respelled(Self.word("hax", [0: ("w", 0.6), 2: ("m", 0.6)])) == nil, "wax or ham: the page cannot tell")
        #expect(speller.respelled(Self.word("b3ll", [1: ("e", 0.8)])) == nil, "a word with a digit is a code or a number")
        #expect(speller.respelled(Self.word("aud", [1: ("n", 0.8)]))?.text == "and")
        #expect(RunnerUpSpelling(words: [WordSet(["an"])]).respelled(Self.word("au", [1: ("n", 0.8)])) == nil, "two letters")
    }

    @Test("The line's text changes with its word; a line whose text no longer spells its words is left alone")
    func linesFollowTheirWords() {
        let words = [Self.word("la"), Self.word("piante", [1: ("l", 0.52)]), Self.word("pour")]
        let line = RecognizedLine(text: "la piante pour", box: PixelBox(x: 0, y: 0, width: 300, height: 30), confidence: 0.8, words: words)
        let respelled = speller.respelled(line)
        #expect(respelled.text == "la plante pour" && respelled.words.map(\.text) == ["la", "plante", "pour"])
        var mended = line
        mended.text = "la piante pour nous"
        #expect(speller.respelled(mended) == mended)
    }

    @Test("The step changes nothing without a word list for the page's languages")
    func noListNoChange() async throws {
        let line = RecognizedLine(
            text: "piante", box: PixelBox(x: 0, y: 0, width: 100, height: 30), confidence: 0.8, words: [Self.word("piante", [1: ("l", 0.52)])])
        var state = PageState(data: Data(), config: .init(), languages: ["fra"])
        state.lines = [line]
        try await RespellStep().run(&state, engine: FakeOCREngine())
        #expect(state.lines == [line])
        state.words = [WordSet(["plante"])]
        try await RespellStep().run(&state, engine: FakeOCREngine())
        #expect(state.lines.map(\.text) == ["plante"])
    }
}
