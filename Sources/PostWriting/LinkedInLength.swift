// The 900-character rule: drafts longer than that are cut at a sentence or word boundary, never mid-word.
import Foundation

public enum LinkedInLength {
    /// The most characters a draft may have. LinkedIn folds posts long before its hard limit; 900 keeps the hook visible.
    public static let limit = 900

    /// About where LinkedIn's feed cuts a post and shows "…see more" (roughly three lines; less on a phone).
    /// Whatever comes after it is read only by people who tap.
    public static let seeMoreAfter = 210

    /// The text, cut to `limit` characters or fewer when needed, and whether it was cut.
    ///
    /// Prefers the last sentence end that keeps at least 60 % of the limit; otherwise cuts at the last space and
    /// adds "…". Characters are grapheme clusters, so accents and emoji count as one.
    public static func fit(_ text: String, limit: Int = limit) -> (text: String, trimmed: Bool) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count > limit else { return (text, false) }
        let characters = Array(text)

        // A sentence end is . ! ? or … (plus closing quotes or brackets) followed by whitespace.
        var sentenceCut: Int?
        var index = min(limit, characters.count) - 1
        while index >= limit * 6 / 10 {
            if characters[index + 1].isWhitespace, endsSentence(characters, at: index) {
                sentenceCut = index + 1
                break
            }
            index -= 1
        }
        if let sentenceCut {
            return (String(characters[..<sentenceCut]).trimmingCharacters(in: .whitespacesAndNewlines), true)
        }

        // Otherwise the last space that leaves room for the ellipsis.
        var wordCut = limit - 1
        while wordCut > 0, !characters[wordCut].isWhitespace { wordCut -= 1 }
        guard wordCut > 0 else { return (String(characters.prefix(limit - 1)) + "…", true) }
        var kept = String(characters[..<wordCut]).trimmingCharacters(in: .whitespacesAndNewlines)
        while let last = kept.last, ",;:—–-([\"“«".contains(last) {
            kept.removeLast()
            kept = kept.trimmingCharacters(in: .whitespaces)
        }
        return (kept + "…", true)
    }

    private static func endsSentence(_ characters: [Character], at index: Int) -> Bool {
        var i = index
        while i > 0, "\"”»')]".contains(characters[i]) { i -= 1 }
        return ".!?…".contains(characters[i])
    }
}
