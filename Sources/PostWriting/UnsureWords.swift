// Which words of a text the camera may have misread: line confidence from the OCR, weighed by a word list.
import Foundation
import Support
import Words

/// How a text was read: the OCR lines with their confidences and the page language's word list. Both optional:
/// typed text has no lines, and a language without a word list is judged by line confidence alone.
public struct ReadingEvidence: Sendable {
    public var lines: [TextLine]
    public var words: (any WordList)?

    public init(lines: [TextLine] = [], words: (any WordList)? = nil) {
        self.lines = lines
        self.words = words
    }
}

/// A word of the text with its estimated confidence and, when it came from the OCR, the line it was read from.
public struct ReadWord: Sendable, Equatable {
    public var text: String
    /// Position in the text, in UTF-16 units (what a browser's string offsets count).
    public var utf16Start: Int
    public var utf16End: Int
    /// Which occurrence of this exact word in the text it is (0 for the first): how the page's script finds it again.
    public var occurrence: Int
    /// Index into the evidence's lines, when the word was matched to one.
    public var line: Int?
    /// 0...1: the line's confidence (1 for a word not from the OCR, i.e. typed), halved when the word is not a known word.
    public var confidence: Double
}

/// Estimates a confidence for every word of a text. Tesseract's line confidence alone misses wrong words in lines it
/// scored 91–95 %, so a word missing from the language's word list counts at half its line's confidence.
public enum UnsureWords {
    /// Below this a word is underlined as unsure.
    public static let threshold = 0.6
    /// A sentence is quoted only when every word reaches this.
    public static let quotable = 0.75

    /// Every word of `text`, in order, with its estimated confidence.
    public static func read(_ text: String, evidence: ReadingEvidence) -> [ReadWord] {
        let tokens = tokens(in: text)
        // The OCR's words in reading order, each with its line.
        var ocr: [(word: String, line: Int)] = []
        for (index, line) in evidence.lines.enumerated() {
            for token in Self.tokens(in: line.text) { ocr.append((token.text, index)) }
        }
        // Words are judged against the list of the language the text is written in, if there is one.
        let language = ExcerptAnalysis.detectLanguage(tokens.map { $0.text.lowercased() }) == .french ? "fra" : "eng"
        let words = evidence.words?.forLanguage(language)
        var cursor = 0
        var seen: [String: Int] = [:]
        return tokens.map { token in
            // Align with the OCR's words: the next equal word a little ahead. No match means the person typed it.
            var line: Int?
            var j = cursor
            while j < min(ocr.count, cursor + 12) {
                if ocr[j].word == token.text {
                    line = ocr[j].line
                    cursor = j + 1
                    break
                }
                j += 1
            }
            let lineConfidence = line.map { evidence.lines[$0].confidence } ?? 1
            let known = isKnown(token.text, words: words)
            let occurrence = seen[token.text, default: 0]
            seen[token.text] = occurrence + 1
            return ReadWord(
                text: token.text, utf16Start: token.start, utf16End: token.end, occurrence: occurrence, line: line,
                confidence: known ? lineConfidence : lineConfidence * 0.5)
        }
    }

    /// The words below ``threshold``.
    public static func unsure(in text: String, evidence: ReadingEvidence) -> [ReadWord] {
        read(text, evidence: evidence).filter { $0.confidence < threshold }
    }

    /// Numbers and ordinals count as known; so do capitalised words of four letters or more (names); with no word
    /// list every word does.
    static func isKnown(_ word: String, words: (any WordList)?) -> Bool {
        guard let words else { return true }
        if word.allSatisfy(\.isNumber) { return true }
        if word.contains(where: \.isNumber) {
            return word.range(of: #"^[0-9]+(st|nd|rd|th|er|e|g|kg|ml|cm|mm|s|h|min)?$"#, options: .regularExpression) != nil
        }
        if words.knows(word) { return true }
        if word.count == 1 { return ["a", "I", "à", "y", "o", "A", "O"].contains(word) }
        if let first = word.first, first.isUppercase, word.count >= 4, word.dropFirst().contains(where: \.isLowercase),
            !word.contains("'"), !word.contains("’")
        {
            return true
        }
        return false
    }

    /// Words: letters and digits, with apostrophes inside ("don't", "l’eau"). Hyphens split words.
    static func tokens(in text: String) -> [(text: String, start: Int, end: Int)] {
        var result: [(String, Int, Int)] = []
        var current = ""
        var start = 0
        var offset = 0
        var pendingApostrophe: Character?
        func flush() {
            if !current.isEmpty { result.append((current, start, start + current.utf16.count)) }
            current = ""
        }
        for character in text {
            let width = character.utf16.count
            if character.isLetter || character.isNumber {
                if let apostrophe = pendingApostrophe {
                    if character.isLetter, !current.isEmpty {
                        current.append(apostrophe)
                    } else {
                        flush()
                    }
                    pendingApostrophe = nil
                }
                if current.isEmpty { start = offset }
                current.append(character)
            } else if (character == "'" || character == "’"), !current.isEmpty, pendingApostrophe == nil {
                pendingApostrophe = character
            } else {
                pendingApostrophe = nil
                flush()
            }
            offset += width
        }
        flush()
        return result
    }
}
