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
}
