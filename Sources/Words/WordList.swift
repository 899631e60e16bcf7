// The words of a language, to tell a real word from an OCR slip: Debian's word lists (the one place they are read),
// or a small set in tests.
import Foundation

/// Answers whether a word exists in a language. Case matters the way dictionaries keep it ("Boston", "pour").
public protocol WordList: Sendable {
    func containsExactly(_ word: String) -> Bool
    /// The list to judge a text written in `language` ("eng", "fra") by; nil when there is none for it, so a page in
    /// another language is never marked wrong word by word.
    func forLanguage(_ language: String) -> (any WordList)?
}

extension WordList {
    public func forLanguage(_ language: String) -> (any WordList)? { self }

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

extension Sequence where Element == any WordList {
    /// Whether any of these lists knows `word` as it stands in a text (`WordList.knows`): the lists of a page's
    /// reading languages, judged together.
    public func knows(_ word: String) -> Bool { contains { $0.knows(word) } }
}

/// A word list held in memory.
public struct WordSet: WordList {
    let words: Set<String>

    public init(_ words: some Sequence<String>) { self.words = Set(words) }

    public func containsExactly(_ word: String) -> Bool { words.contains(word) }

    public var count: Int { words.count }
}

/// One word list per language.
public struct WordLists: WordList {
    let lists: [String: WordSet]

    public init(_ lists: [String: WordSet]) { self.lists = lists }

    public func containsExactly(_ word: String) -> Bool { lists.values.contains { $0.containsExactly(word) } }

    public func forLanguage(_ language: String) -> (any WordList)? { lists[language] }

    public var languages: [String] { lists.keys.sorted() }
}

/// Debian's plain word lists (packages wamerican, wbritish, wfrench, wngerman, wspanish), one per OCR language that has
/// one. The Spanish list holds lemmas (no verb forms, no plurals): it confirms a word, it cannot refute one.
public enum SystemWordLists {
    /// Files in /usr/share/dict for a Tesseract language code.
    public static let files: [String: [String]] = [
        "eng": ["american-english", "british-english"],
        "fra": ["french"],
        "deu": ["ngerman"],
        "spa": ["spanish"],
    ]

    /// The word lists for `languages` ("eng", "fra") that are installed, or nil when none is: then nothing is judged
    /// by the lexicon and only line confidence counts.
    public static func load(languages: [String], directory: String = "/usr/share/dict") -> WordLists? {
        var lists: [String: WordSet] = [:]
        for language in Set(languages) {
            let words = lines(of: files[language] ?? [], directory: directory)
            if !words.isEmpty { lists[language] = WordSet(words) }
        }
        return lists.isEmpty ? nil : WordLists(lists)
    }

    /// Every line of the installed files among `files` (names in `directory`), in order; a missing file adds nothing.
    public static func lines(of files: [String], directory: String = "/usr/share/dict") -> [String] {
        var words: [String] = []
        for file in files {
            guard let text = try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8) else { continue }
            words.append(contentsOf: text.split(separator: "\n").map { String($0) })
        }
        return words
    }
}
