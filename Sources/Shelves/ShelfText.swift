// Words as the matcher sees them: folded, lower-cased, split on anything that is not a letter or digit.
import Foundation
import Words

enum ShelfText {
    /// Words too common to identify a book by.
    static let stopwords: Set<String> = [
        "the", "a", "an", "of", "and", "to", "in", "for", "on", "at", "by", "with", "from", "is", "or", "as", "into",
        "de", "la", "le", "el", "y", "s", "vol", "volume", "edition", "book", "books", "novel", "new",
    ]

    static func tokens(_ text: String) -> [String] {
        // Plain ASCII (nearly every spine reading and catalog line) needs no Unicode folding: the same words, found
        // ten times faster, which is most of loading the catalog.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiTokens(text) }
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "'", with: "").replacingOccurrences(of: "’", with: "")
        var out: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                out.append(current)
                current = ""
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// `tokens` for ASCII text: lower-cased, apostrophes dropped, split on anything but letters and digits.
    static func asciiTokens(_ text: String) -> [String] {
        var out: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): current.append(byte + 32)
            case UInt8(ascii: "'"): continue
            default:
                if !current.isEmpty {
                    out.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { out.append(String(decoding: current, as: UTF8.self)) }
        return out
    }

    /// Tokens that can identify a title: not stopwords, and either two letters or more, or a number.
    static func significant(_ tokens: [String]) -> [String] {
        tokens.filter { !stopwords.contains($0) && ($0.count >= 2 || $0.allSatisfy(\.isNumber)) }
    }

    /// Whether an OCR'd word stands for a catalog word: equal, or one edit apart when both are five letters or more
    /// (never a part of a longer word: "thinking" does not contain "king").
    static func sameWord(_ read: String, _ word: String) -> Bool {
        if read == word { return true }
        guard read.count >= 5, word.count >= 5 else { return false }
        return editDistance(Array(read.utf8), Array(word.utf8), limit: 1) <= 1
    }
}
