// The 900-character rule: drafts longer than that are cut at a sentence or word boundary, never mid-word. Characters
// are counted as LinkedIn counts them (an ideograph is one), and the "see more" fold is found by width (an ideograph
// is as wide as two Latin letters, so the feed folds Chinese text after about half as many).
import Foundation
import Support

public enum LinkedInLength {
    /// The most characters a draft may have. LinkedIn folds posts long before its hard limit; 900 keeps the hook visible.
    public static let limit = 900

    /// About where LinkedIn's feed cuts a post and shows "…see more" (roughly three lines; less on a phone).
    /// Whatever comes after it is read only by people who tap. Counted in Latin letters' widths.
    public static let seeMoreAfter = 210

    /// How wide a character is in the feed, in Latin letters: 2 for ideographs, kana, Hangul and full-width forms.
    public static func width(of character: Character) -> Int {
        guard let value = character.unicodeScalars.first?.value else { return 1 }
        return character.isCJK || (0xAC00...0xD7AF).contains(value) || (0x1100...0x115F).contains(value) ? 2 : 1
    }

    /// How many characters of `text` show before "see more" (``seeMoreAfter`` widths); for text in Latin letters
    /// that is ``seeMoreAfter``, for Chinese about half.
    public static func seeMoreCharacters(in text: String) -> Int {
        var used = 0, count = 0
        // A text shorter than the fold is measured as if it went on in its own script.
        let sample = text.isEmpty ? "a" : text
        var characters = sample.makeIterator()
        var last: Character = "a"
        while used < seeMoreAfter {
            let character = characters.next() ?? last
            last = character
            let w = width(of: character)
            guard used + w <= seeMoreAfter else { break }
            used += w
            count += 1
        }
        return count
    }

    /// The text, cut to `limit` characters or fewer when needed, and whether it was cut.
    ///
    /// Prefers the last sentence end that keeps at least 60 % of the limit; otherwise cuts at the last space and
    /// adds "…". Characters are grapheme clusters, so accents and emoji count as one.
    public static func fit(_ text: String, limit: Int = limit) -> (text: String, trimmed: Bool) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count > limit else { return (text, false) }
        let characters = Array(text)

        // A sentence end is . ! ? or … (plus closing quotes or brackets) followed by whitespace, or 。！？ (CJK
        // sentences are not followed by a space).
        var sentenceCut: Int?
        var index = min(limit, characters.count) - 1
        while index >= limit * 6 / 10 {
            if characters[index + 1].isWhitespace, endsSentence(characters, at: index) {
                sentenceCut = index + 1
                break
            }
            if endsCJKSentence(characters, at: index) {
                sentenceCut = index + 1
                break
            }
            index -= 1
        }
        if let sentenceCut {
            return (String(characters[..<sentenceCut]).trimmingCharacters(in: .whitespacesAndNewlines), true)
        }

        // Otherwise the last space that leaves room for the ellipsis, or the last place between two ideographs (each
        // is a word).
        var wordCut = limit - 1
        while wordCut > 0, !characters[wordCut].isWhitespace, !(characters[wordCut].isIdeograph && characters[wordCut - 1].isIdeograph) {
            wordCut -= 1
        }
        guard wordCut > 0 else { return (String(characters.prefix(limit - 1)) + "…", true) }
        var kept = String(characters[..<wordCut]).trimmingCharacters(in: .whitespacesAndNewlines)
        while let last = kept.last, ",;:—–-([\"“«".contains(last) {
            kept.removeLast()
            kept = kept.trimmingCharacters(in: .whitespaces)
        }
        return (kept + "…", true)
    }

    /// 。！？ (or their half-width forms after an ideograph), with any closing quotes or brackets after them.
    private static func endsCJKSentence(_ characters: [Character], at index: Int) -> Bool {
        var i = index
        while i > 0, "”」』）》〉\"'".contains(characters[i]) { i -= 1 }
        guard i > 0 else { return false }
        return "。！？".contains(characters[i]) || ("!?".contains(characters[i]) && characters[i - 1].isIdeograph)
    }

    private static func endsSentence(_ characters: [Character], at index: Int) -> Bool {
        var i = index
        while i > 0, "\"”»')]".contains(characters[i]) { i -= 1 }
        return ".!?…".contains(characters[i])
    }
}
