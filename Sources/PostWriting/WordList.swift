// The words of a language, to tell a real word from an OCR slip: Debian's word lists, or a small set in tests.
import Foundation

/// Answers whether a word exists in a language. Case matters the way dictionaries keep it ("Boston", "pour").
public protocol WordList: Sendable {
    func containsExactly(_ word: String) -> Bool
}

extension WordList {
    /// Whether `word` as it stands in a text is a known word: exactly, in lower case (a capital at a sentence start),
    /// capitalised (a heading in capitals), with typographic apostrophes made plain, or after a French elision (l’, d’…).
    public func knows(_ word: String) -> Bool {
        let plain = word.replacingOccurrences(of: "’", with: "'")
        for candidate in [plain, plain.lowercased(), plain.prefix(1).uppercased() + plain.dropFirst().lowercased()] where containsExactly(candidate) {
            return true
        }
        if let apostrophe = plain.firstIndex(of: "'") {
            let head = plain[..<apostrophe].lowercased()
            let tail = String(plain[plain.index(after: apostrophe)...])
            if ["l", "d", "j", "m", "n", "s", "t", "c", "qu", "jusqu", "lorsqu", "puisqu"].contains(head), !tail.isEmpty {
                return knows(tail)
            }
        }
        return false
    }
}

/// A word list held in memory.
public struct WordSet: WordList {
    let words: Set<String>

    public init(_ words: some Sequence<String>) { self.words = Set(words) }

    public func containsExactly(_ word: String) -> Bool { words.contains(word) }

    public var count: Int { words.count }
}

/// Debian's plain word lists (packages wamerican, wbritish, wfrench), one per OCR language that has one.
public enum SystemWordLists {
    /// Files in /usr/share/dict for a Tesseract language code.
    public static let files: [String: [String]] = [
        "eng": ["american-english", "british-english"],
        "fra": ["french"],
    ]

    /// The union of the word lists for `languages` ("eng", "fra"), or nil when none is installed: then nothing is
    /// judged by the lexicon and only line confidence counts.
    public static func load(languages: [String], directory: String = "/usr/share/dict") -> WordSet? {
        var words: [String] = []
        for language in languages {
            for file in files[language] ?? [] {
                guard let text = try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8) else { continue }
                words.append(contentsOf: text.split(separator: "\n").map { String($0) })
            }
        }
        return words.isEmpty ? nil : WordSet(words)
    }
}
