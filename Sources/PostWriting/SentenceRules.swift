// What makes a piece of a page a whole sentence worth quoting, and why a piece is not one.
import Foundation

/// The shape of a quotable sentence: it starts as a sentence starts, ends as one ends (or is a whole line of its own
/// that is no heading), holds its brackets and quotes in pairs, and has a verb. A line cut by the page edge, a heading
/// that introduces a list ("Ce temps est utilisé pour :"), an ingredient ("1 large shallot") and a bracket opened and
/// never closed are not sentences, however clean their words.
enum SentenceRules {
    enum Flaw: Equatable {
        /// Begins with a lower-case word or a joining mark: the start of the sentence is elsewhere.
        case startsMidSentence
        /// Ends on ":", ",", ";", a dash or a bare word in a longer paragraph: it goes on elsewhere.
        case endsOpen
        /// A bracket or quotation mark is opened and not closed, or closed and never opened.
        case unbalanced
        /// No verb: a list item, a label, a caption.
        case noVerb
        /// Fewer than four words, or it ends on a stray short word ("Chickens are em.").
        case tooShort
        /// Marks that are not writing: a table edge, a label read as text.
        case strayMarks
    }

    /// Why `text` cannot be quoted, or nil when it is a whole sentence. `standsAlone`: it is a paragraph of one line
    /// on its own (typed without a full stop, a line set apart), which may then end without punctuation.
    static func flaw(_ text: String, words: [String], language: ExcerptAnalysis.Language, standsAlone: Bool) -> Flaw? {
        let prose = Markup.strippingTags(text)
        guard let first = prose.first(where: { !$0.isWhitespace }) else { return .tooShort }
        if ",;:)]}—–-…".contains(first) { return .startsMidSentence }
        if let letter = prose.first(where: { $0.isLetter || $0.isNumber }), letter.isLowercase { return .startsMidSentence }
        if !isWholeThought(words) { return .tooShort }
        if ExcerptAnalysis.hasStrayMarks(text) { return .strayMarks }
        if !endsWhole(prose, standsAlone: standsAlone) { return .endsOpen }
        if !isBalanced(prose) { return .unbalanced }
        if !hasVerb(words, language: language) { return .noVerb }
        return nil
    }

    /// Ends with . ! ? … (closing quotes and brackets after it are fine); a line standing alone may also end on a
    /// word, but never on ":" "," ";" or a dash.
    static func endsWhole(_ text: String, standsAlone: Bool) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let core = trimmed.reversed().drop { "\"”»)’']".contains($0) }
        guard let last = core.first else { return false }
        if ".!?…".contains(last) { return true }
        return standsAlone && (last.isLetter || last.isNumber || last == ")")
    }

    /// Brackets and quotation marks in pairs, never closed before they open. Straight double quotes count in twos;
    /// single quotes are apostrophes too often to count.
    static func isBalanced(_ text: String) -> Bool {
        let pairs: [(Character, Character)] = [("(", ")"), ("[", "]"), ("{", "}"), ("“", "”"), ("«", "»")]
        for (open, close) in pairs {
            var depth = 0
            for character in text {
                if character == open { depth += 1 }
                if character == close { depth -= 1 }
                if depth < 0 { return false }
            }
            if depth != 0 { return false }
        }
        return text.filter { $0 == "\"" }.count % 2 == 0
    }

    /// At least four words, and not ending on a stray short word ("Chickens are em."): a cut line reads like that.
    static func isWholeThought(_ words: [String]) -> Bool {
        guard words.filter({ $0.contains(where: \.isLetter) }).count >= 4, let last = words.last?.lowercased() else { return false }
        return last.count > 2 || Lexicon.shortEndings.contains(last) || last.allSatisfy(\.isNumber)
    }

    /// A word that can be a finite verb, or an imperative at the start: from the language's list of common verb forms
    /// and its endings. A language without cues is not judged on this.
    static func hasVerb(_ words: [String], language: ExcerptAnalysis.Language) -> Bool {
        let lower = words.map { $0.lowercased() }
        switch language {
        case .english:
            if let first = lower.first, Lexicon.englishImperatives.contains(first) { return true }
            return lower.enumerated().contains { index, word in
                if Lexicon.englishVerbs.contains(word) { return true }
                // Past tenses and participles: "roasted", "cooked" (not "red", "bed", "need"-like short words).
                if word.count >= 5, word.hasSuffix("ed"), !Lexicon.englishEdNouns.contains(word) { return true }
                // "it takes", "the page says": a third-person -s after a subject word.
                if index > 0, word.count >= 4, word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"),
                    Lexicon.englishSubjects.contains(lower[index - 1]), Lexicon.englishVerbs.contains(String(word.dropLast()))
                {
                    return true
                }
                return false
            }
        case .french:
            if let first = lower.first, ExcerptAnalysis.isImperative(first, language: .french) { return true }
            return lower.contains { word in
                if Lexicon.frenchVerbs.contains(word) { return true }
                // Imperfect and conditional (-ait, -aient), present plural (-ent but not the adverbs' -ment), -ons, -ez.
                if word.count >= 5, word.hasSuffix("ait") || word.hasSuffix("aient") || word.hasSuffix("ons") || word.hasSuffix("ez") {
                    return true
                }
                if word.count >= 5, word.hasSuffix("ent"), !word.hasSuffix("ment") { return true }
                return false
            }
        }
    }
}

/// Markup a person may type into a page's text ("<b>Good</b>", "<br>"): tags are not words and not stray marks.
enum Markup {
    /// The text with every well-formed tag taken out.
    static func strippingTags(_ text: String) -> String {
        guard text.contains("<") else { return text }
        return text.replacingOccurrences(of: #"</?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?/?>"#, with: "", options: .regularExpression)
    }
}
