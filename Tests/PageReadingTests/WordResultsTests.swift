// Word-level results from the real engine: every line carries its words, their spans and how sure each one was.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct WordResultsTests {
    @Test("Each line's words spell the line, lie across it in order, and say how sure the engine was")
    func linesCarryTheirWords() async throws {
        let capture = try await OCRFixtures.processor().process(image: try OCRFixtures.data("clean.png"), sourceHint: "clean.png")
        #expect(!capture.lines.isEmpty)
        for line in capture.lines {
            let words = try #require(line.words, "\(line.text) has no words")
            #expect(words.map(\.text).joined(separator: " ") == line.text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            for (word, next) in zip(words, words.dropFirst()) {
                #expect(word.start < word.end && word.end <= next.start + 0.01, "\(word) then \(next)")
            }
            #expect(words.allSatisfy { (0...1).contains($0.start) && (0...1).contains($0.end) && (0...1).contains($0.confidence) })
            #expect(words.allSatisfy { (0...1).contains($0.rival) })
        }
        // A clean render is read surely: nearly every word with high confidence and no close runner-up.
        let all = capture.lines.flatMap { $0.words ?? [] }
        let sure = all.filter { $0.confidence >= 0.8 && $0.rival < 0.5 }
        #expect(Double(sure.count) >= 0.9 * Double(all.count), "\(all.count - sure.count) of \(all.count) unsure on a clean page")
    }

    @Test("Letters the engine nearly read otherwise are reported as rivals; the misread words are among them")
    func blurredLettersHaveRivals() async throws {
        let data = try OCRFixtures.data("blur_heavy.png")
        let capture = try await OCRFixtures.processor().process(image: data, sourceHint: "blur_heavy.png")
        let all = capture.lines.flatMap { $0.words ?? [] }
        #expect(all.contains { $0.rival > 0.5 }, "no close runner-up reading anywhere on a page out of focus")
        #expect(all.contains { $0.inDictionary })
        // The words that are not in the rendered text are less sure than the ones that are.
        let truth = Set(try OCRFixtures.truth().split(whereSeparator: \.isWhitespace).map(String.init))
        let wrong = all.filter { !truth.contains($0.text) }
        let right = all.filter { truth.contains($0.text) }
        let doubt = { (words: [TextWord]) in words.map { max(1 - $0.confidence, $0.rival) }.reduce(0, +) / Double(max(1, words.count)) }
        #expect(!wrong.isEmpty && doubt(wrong) > doubt(right), "wrong \(doubt(wrong)), right \(doubt(right))")
    }

    @Test("A word with punctuation is cut into the pieces a reader counts as words, each as sure as its own letters")
    func piecesTakeTheirOwnLetters() {
        func letters(_ text: String, unsure: Set<Int> = [], rival: [Int: Double] = [:]) -> [WordLetters.Letter] {
            text.enumerated().map { i, c in
                WordLetters.Letter(text: String(c), confidence: unsure.contains(i) ? 0.3 : 0.95, rival: rival[i] ?? 0)
            }
        }
        // "rect(10,7);": the bracket read unsurely (the word's confidence) leaves "rect" sure; the 7 is doubted.
        let parts = WordLetters.parts(of: letters("rect(10,7);", unsure: [4], rival: [8: 0.7]))
        #expect(parts.map(\.text) == ["rect", "10", "7"])
        #expect(parts[0].confidence == 0.95 && parts[0].rival == 0)
        #expect(parts[2].confidence == 0.95 && parts[2].rival == 0.7)
        // Apostrophes inside a word keep it whole; hyphens and a trailing quote split; each ideograph stands alone.
        #expect(WordLetters.parts(of: letters("don't")).map(\.text) == ["don't"])
        #expect(WordLetters.parts(of: letters("l’eau-de-vie’")).map(\.text) == ["l’eau", "de", "vie"])
        #expect(WordLetters.parts(of: letters("读书2")).map(\.text) == ["读", "书", "2"])
        #expect(WordLetters.parts(of: letters("—;")).isEmpty)
        // A letter the engine gave as two characters (a ligature) lends both its confidence.
        let ligature = [WordLetters.Letter(text: "ﬁ", confidence: 0.4, rival: 0.6), WordLetters.Letter(text: "x", confidence: 0.9, rival: 0)]
        #expect(WordLetters.parts(of: ligature) == [WordPart(text: "ﬁx", confidence: 0.4, rival: 0.6)])
    }

    @Test("The engine's words with punctuation carry their pieces, and the pieces spell the word's words")
    func realWordsCarryPieces() async throws {
        let capture = try await OCRFixtures.processor().process(image: try OCRFixtures.data("clean.png"), sourceHint: "clean.png")
        let words = capture.lines.flatMap { $0.words ?? [] }
        let punctuated = words.filter { $0.text.contains { !($0.isLetter || $0.isNumber) } }
        #expect(!punctuated.isEmpty, "the clean page has punctuation")
        for word in words {
            guard let parts = word.parts else {
                #expect(word.text.allSatisfy { $0.isLetter || $0.isNumber }, "\(word.text) has punctuation but no pieces")
                continue
            }
            let quotes = CharacterSet(charactersIn: "'’")
            let spelled = word.text.split { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }
                .map { $0.trimmingCharacters(in: quotes) }
            #expect(parts.map(\.text) == spelled.filter { !$0.isEmpty }, "\(word.text)")
            #expect(parts.allSatisfy { $0.confidence >= word.confidence - 0.01 }, "a piece is no less sure than its word: \(word)")
        }
    }
}
