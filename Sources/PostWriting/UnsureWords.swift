// Which words of a text the camera may have misread: the engine's own word confidences and runner-up readings, for
// the words that came from the camera and were not changed or confirmed by the person since.
import Foundation
import Support
import Words

/// How a text was read: the OCR lines (with their words when the engine gave them), the text as the camera read it
/// before any edit, the words the person confirmed, and the page language's word list. All optional: typed text has
/// no lines, and a language without a word list is judged by the engine alone.
public struct ReadingEvidence: Sendable {
    public var lines: [TextLine]
    public var words: (any WordList)?
    /// The text as it was read (the scan's OCR text, before the person's edits); nil: the lines' text is it.
    public var cameraText: String?
    /// Words of the camera text the person confirmed as read (retyped, or told the page they are right), by their
    /// index among its words (``UnsureWords/tokens(in:)``).
    public var confirmed: Set<Int>

    public init(lines: [TextLine] = [], words: (any WordList)? = nil, cameraText: String? = nil, confirmed: Set<Int> = []) {
        self.lines = lines
        self.words = words
        self.cameraText = cameraText
        self.confirmed = confirmed
    }
}

/// A word of the text with what is known of how it was read.
public struct ReadWord: Sendable, Equatable {
    public var text: String
    /// Position in the text, in UTF-16 units (what a browser's string offsets count).
    public var utf16Start: Int
    public var utf16End: Int
    /// Which occurrence of this exact word in the text it is (0 for the first): how the page's script finds it again.
    public var occurrence: Int
    /// Index into the evidence's lines, when the word came from the camera.
    public var line: Int?
    /// Where the word lies across its line, as fractions of the line's width, when the engine said.
    public var span: ClosedRange<Double>?
    /// 0...1: the engine's confidence in the word (its line's, for lines without words; 1 for a typed word).
    public var confidence: Double
    /// 0...1: how sure the engine was of its best runner-up reading of a letter of the word.
    public var rival: Double
    /// Whether the word is as the camera read it, and neither typed nor confirmed by the person.
    public var fromCamera: Bool
    /// Index of the word among the camera text's words, when it is one of them (confirmed or not).
    public var cameraIndex: Int?
    /// Whether the language's word list knows it (true when there is no list).
    public var known: Bool
    /// Underlined on Results, and a sentence holding it is not quoted.
    public var unsure: Bool
}

/// Decides which words the camera may have misread. Only words the camera read can be unsure: what the person typed,
/// changed or confirmed is theirs. The engine's doubt is judged per word of the text, from that word's own letters (a
/// bracket read unsurely does not make "rect" in "rect(100,70);" unsure), in three kinds:
/// - a word neither the language's word list nor the engine's dictionary knows is unsure unless read surely (under
///   0.9): it is either a misread or a rare word, and a misread of a word the page has is usually both;
/// - a word of four letters or more the engine found in its dictionary is unsure only when read poorly (under 0.5) or
///   when a letter nearly read as another (a runner-up at 0.6 or more, within 0.2 of the word's confidence): "Hour" for
///   "flour" is a dictionary word, and only the runner-up "fl" gives it away, but the dictionary vouches for the rest;
/// - any other word (short words, numbers, words outside the engine's dictionary) is unsure when read under 0.65 or
///   when a letter had a runner-up at 0.5 or more, within 0.4 of the word's confidence.
/// A word the text also holds elsewhere, read there without doubt, is not unsure (``corroborated(_:)``); a word no list
/// knows that is one letter away from a word the text holds more often, surely, is (``nearTwins(_:list:)``). A line read
/// surely is not flagged as a whole. Lines stored before words were kept fall back to the line's
/// confidence, halved for a word the language's list does not know.
public enum UnsureWords {
    /// A word of a list's language that neither the list nor the engine's dictionary knows is unsure below this.
    public static let unknownWordConfidence = 0.9
    /// How a word's confidence and runner-up decide it: unsure below `confidence`, or when a letter's runner-up reaches
    /// `rival` and comes within `margin` of the word's confidence.
    public struct Doubt: Sendable, Equatable {
        public var confidence: Double
        public var rival: Double
        public var margin: Double

        public func holds(confidence word: Double, rival runnerUp: Double) -> Bool {
            word < confidence || (runnerUp >= rival && runnerUp >= word - margin)
        }
    }
    /// For a word of ``dictionaryLength`` letters or more that the engine's dictionary knows.
    public static let dictionaryWord = Doubt(confidence: 0.5, rival: 0.6, margin: 0.2)
    public static let dictionaryLength = 4
    /// For every other word read by the engine.
    public static let otherWord = Doubt(confidence: 0.65, rival: 0.5, margin: 0.4)
    /// For lines without words: below this (line confidence, halved for an unknown word) a word is unsure.
    public static let threshold = 0.6
    /// For lines without words: a sentence is quoted only when every word reaches this.
    public static let quotable = 0.75

    /// One word as the engine read it, with the line it is on.
    struct Reading {
        var line: Int
        var confidence: Double
        var rival: Double
        /// The engine gave word results (else: only the line's confidence is known).
        var hasWordData: Bool
        var span: ClosedRange<Double>?
        /// The engine found the word in its own dictionary.
        var inDictionary = false
    }

    /// Every word of `text`, in order, with how it was read.
    public static func read(_ text: String, evidence: ReadingEvidence) -> [ReadWord] {
        let tokens = tokens(in: text)
        // Words are judged against the list of the language the text is written in, if there is one.
        // Only English and French lists judge words here: German, Spanish and Chinese text is judged by confidence alone
        // (an ideograph or a German word is no unknown English word). The Spanish list holds lemmas, no verb forms or
        // plurals, so it would call most words of a page unknown; it and the German one only confirm joined words.
        let list: (any WordList)? =
            switch PassageLanguage.of(text) {
            case .english: evidence.words?.forLanguage("eng")
            case .french: evidence.words?.forLanguage("fra")
            case .german, .spanish, .chinese: nil
            }

        // The engine's words in reading order, each token of a word carrying the word's reading.
        var engine: [(text: String, reading: Reading)] = []
        for (index, line) in evidence.lines.enumerated() {
            if let words = line.words, !words.isEmpty {
                for word in words {
                    let reading = Reading(
                        line: index, confidence: word.confidence, rival: word.rival, hasWordData: true, span: word.start...max(word.start, word.end),
                        inDictionary: word.inDictionary)
                    let pieces = Self.tokens(in: word.text).map(\.text)
                    // A word with punctuation is judged piece by piece, each by its own letters, when the engine's
                    // pieces are still the word's (a word mended after reading is judged as a whole).
                    if let parts = word.parts, parts.map(\.text) == pieces {
                        for part in parts {
                            var own = reading
                            own.confidence = part.confidence
                            own.rival = part.rival
                            engine.append((part.text, own))
                        }
                    } else {
                        for piece in pieces { engine.append((piece, reading)) }
                    }
                }
            } else {
                let reading = Reading(line: index, confidence: line.confidence, rival: 0, hasWordData: false, span: nil)
                for token in Self.tokens(in: line.text) { engine.append((token.text, reading)) }
            }
        }
        let camera = evidence.cameraText.map { Self.tokens(in: $0).map(\.text) } ?? engine.map(\.text)
        let cameraReadings = readings(of: camera, from: engine)
        // What the person has now against what the camera read: a word with no counterpart was typed.
        let fromCamera = TokenAlignment.matches(tokens.map(\.text), camera)

        var seen: [String: Int] = [:]
        let words = tokens.enumerated().map { position, token in
            let occurrence = seen[token.text, default: 0]
            seen[token.text] = occurrence + 1
            let known = isKnown(token.text, words: list)
            var word = ReadWord(
                text: token.text, utf16Start: token.start, utf16End: token.end, occurrence: occurrence, line: nil, span: nil,
                confidence: 1, rival: 0, fromCamera: false, cameraIndex: nil, known: known, unsure: false)
            guard let index = fromCamera[position] else { return word }
            word.cameraIndex = index
            guard let reading = cameraReadings[index] else { return word }
            word.line = reading.line
            word.span = reading.span
            word.rival = reading.rival
            word.confidence = reading.hasWordData ? reading.confidence : (known ? reading.confidence : reading.confidence * 0.5)
            word.fromCamera = !evidence.confirmed.contains(index)
            word.unsure =
                word.fromCamera
                && (reading.hasWordData
                    ? Self.isDoubtful(
                        token.text, confidence: reading.confidence, rival: reading.rival, inDictionary: reading.inDictionary,
                        listKnows: list == nil ? nil : known)
                    : word.confidence < threshold)
            return word
        }
        return nearTwins(corroborated(words), list: list)
    }

    /// A misread is the engine's slip on one spot of the page; the same slip twice, letter for letter, is rare. So a
    /// word of two characters or more that the text also holds elsewhere, not in doubt there, is not unsure: the page
    /// itself vouches for it ("all" read with a close runner-up on one line, surely on ten others). A single letter
    /// vouches for nothing ("e" for "é" recurs).
    static func corroborated(_ words: [ReadWord]) -> [ReadWord] {
        var sure: [String: Int] = [:]
        for word in words where !word.unsure { sure[word.text, default: 0] += 1 }
        return words.map { word in
            var word = word
            if word.unsure, word.text.count >= 2, sure[word.text, default: 0] > 0 { word.unsure = false }
            return word
        }
    }

    /// The other side of ``corroborated(_:)``: a misread of a word the page holds is usually that word with one letter
    /// wrong ("BingoCara" on a page of "BingoCard"). A word from the camera that the language's list does not know
    /// (a capitalised one passes as a name only), one letter away from a word of five letters or more that the text
    /// holds more often, read there without doubt, is unsure however surely it was read. Without a list, nothing.
    static func nearTwins(_ words: [ReadWord], list: (any WordList)?) -> [ReadWord] {
        guard let list else { return words }
        var sure: [String: Int] = [:]
        for word in words where !word.unsure && word.text.count >= 5 { sure[word.text, default: 0] += 1 }
        let counts = Dictionary(words.map { ($0.text, 1) }, uniquingKeysWith: +)
        return words.map { word in
            var word = word
            guard word.fromCamera, !word.unsure, word.text.count >= 5, !word.text.contains(where: \.isNumber), !list.knows(word.text)
            else { return word }
            let own = counts[word.text, default: 0]
            let letters = Array(word.text)
            for (other, n) in sure where n > own && editDistance(letters, Array(other), limit: 1) == 1 {
                word.unsure = true
                break
            }
            return word
        }
    }

    /// Whether the engine's reading of a word leaves it in doubt (see ``UnsureWords``). `listKnows` is nil when the
    /// text's language has no word list.
    public static func isDoubtful(_ text: String, confidence: Double, rival: Double, inDictionary: Bool, listKnows: Bool?) -> Bool {
        if listKnows == false, !inDictionary, confidence < unknownWordConfidence { return true }
        let doubt = inDictionary && text.count >= dictionaryLength ? dictionaryWord : otherWord
        return doubt.holds(confidence: confidence, rival: rival)
    }

    /// The words the page underlines.
    public static func unsure(in text: String, evidence: ReadingEvidence) -> [ReadWord] {
        read(text, evidence: evidence).filter(\.unsure)
    }

    /// Whether a word may be quoted: not unsure, and for a word known only by its line's confidence, read with at
    /// least ``quotable``.
    static func isQuotable(_ word: ReadWord) -> Bool {
        guard word.fromCamera else { return true }
        return !word.unsure && (word.span != nil || word.confidence >= quotable)
    }

    /// For each camera word, the engine's reading of it: the same word where the two agree; where the text was
    /// mended after reading (a hyphenated word joined, a bar read as I), the least sure of the words it came from.
    static func readings(of camera: [String], from engine: [(text: String, reading: Reading)]) -> [Reading?] {
        let pairs = TokenAlignment.pairs(camera, engine.map(\.text))
        var result = [Reading?](repeating: nil, count: camera.count)
        var previous = (-1, -1)
        for pair in pairs + [(camera.count, engine.count)] {
            // The words between two agreements were changed by cleaning: each takes the weakest of the engine's.
            let gap = (previous.1 + 1)..<pair.1
            if previous.0 + 1 < pair.0, !gap.isEmpty {
                let weakest = engine[gap].map(\.reading).min { ($0.confidence, -$0.rival) < ($1.confidence, -$1.rival) }!
                let rival = engine[gap].map(\.reading.rival).max() ?? 0
                for i in (previous.0 + 1)..<pair.0 {
                    result[i] = Reading(
                        line: weakest.line, confidence: weakest.confidence, rival: rival, hasWordData: weakest.hasWordData, span: weakest.span,
                        inDictionary: weakest.inDictionary)
                }
            }
            if pair.0 < camera.count { result[pair.0] = engine[pair.1].reading }
            previous = pair
        }
        return result
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

    /// Words: letters and digits, with apostrophes inside ("don't", "l’eau"); each ideograph alone. Hyphens split words.
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
            if character.isIdeograph {
                // Chinese and Japanese are not spaced into words: each ideograph is judged (and underlined) alone.
                pendingApostrophe = nil
                flush()
                result.append((String(character), offset, offset + width))
            } else if character.isLetter || character.isNumber {
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
