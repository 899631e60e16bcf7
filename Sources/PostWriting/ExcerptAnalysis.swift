// Reads a page of text the way the offline writer needs it: headings, sentences ranked by strength, recurring words.
import Foundation
import Words

/// What the offline writer knows about an excerpt. Everything here is deterministic: no dictionary order leaks out.
struct ExcerptAnalysis: Sendable {
    enum Language: Sendable { case english, french }

    struct Sentence: Sendable, Equatable {
        var text: String
        var index: Int
        var words: [String]
        var score: Double
        /// Ends with . ! ? and starts with a capital: not a fragment cut by the page edge.
        var isComplete: Bool
        /// Opens with a verb in the imperative: a step, not a statement.
        var isStep = false
        /// Every word is a real word read with good confidence (see ``UnsureWords/quotable``): safe to quote.
        var isClean = true
        /// Why its shape makes it no sentence to quote (a fragment, a heading, a list item), or nil.
        var flaw: SentenceRules.Flaw?
        /// The words the camera may have misread in it (each keeps it from being quoted).
        var unsureWords: [String] = []
        /// Words typed by the person that the language's word list does not know (typed text is trusted, but a
        /// sentence without them is preferred).
        var unknownTypedWords = 0
        var isQuestion: Bool { text.hasSuffix("?") }
        /// Words as a reader counts them: "doesn’t" is one, a dash is none.
        var wordCount: Int { text.split(whereSeparator: \.isWhitespace).filter { $0.contains { $0.isLetter || $0.isNumber } }.count }
    }

    let language: Language
    /// Short title lines such as recipe names or section titles, in page order.
    let headings: [String]
    /// Every sentence, in page order.
    let sentences: [Sentence]
    /// Clean complete sentences, strongest first: the only ones a draft may quote. Empty when none qualifies.
    let ranked: [Sentence]
    /// What sort of page this is, which decides how the drafts open.
    let kind: PageKind
    /// Up to five content words that recur, most frequent first.
    let recurringWords: [String]
    /// Sentences that open with a verb in the imperative.
    let imperativeCount: Int
    /// Measurements such as "two cups" or "10 g".
    let quantityCount: Int
    /// Written in the first person (I, we, je, nous).
    let isFirstPerson: Bool
    /// A stable number derived from the text, to vary phrasing between excerpts but never between runs.
    let seed: UInt64

    var isProcedural: Bool { Self.isProcedural(imperatives: imperativeCount, sentences: sentences.count) }

    private static func isProcedural(imperatives: Int, sentences: Int) -> Bool {
        sentences >= 3 && Double(imperatives) / Double(sentences) >= 0.4
    }

    init(_ text: String, evidence: ReadingEvidence = ReadingEvidence()) {
        let paragraphs = Self.paragraphs(of: text)
        let prose = paragraphs.compactMap { if case .prose(let body, let starts) = $0 { (body, starts) } else { nil } }

        let allWords = Self.words(in: prose.map(\.0).joined(separator: " "))
        let language = Self.detectLanguage(allWords)
        self.language = language
        let stopWords = language == .french ? Lexicon.frenchStopWords : Lexicon.englishStopWords
        var read = WordReadings(UnsureWords.read(text, evidence: evidence))

        var sentences: [Sentence] = []
        for (paragraph, lineStarts) in prose {
            let pieces = Self.splitSentences(paragraph)
            let characters = Array(paragraph)
            var cursor = 0
            for (offset, piece) in pieces.enumerated() {
                // Where the piece starts in the paragraph, to know which of its lines begin inside it.
                let start = Self.offset(of: piece, in: characters, from: cursor) ?? cursor
                cursor = start + piece.count
                var sentence = Sentence(text: piece, index: sentences.count, words: [], score: offset == 0 ? 0.1 : 0, isComplete: false)
                let before = read
                Self.judge(&sentence, language: language, standsAlone: lineStarts.count == 1 && pieces.count == 1, readings: &read)
                // A line of debris or a heading run into a sentence without a full stop spoils it: when the sentence
                // is not clean, the shortest whole tail of it that starts a line with a capital is taken instead.
                if !sentence.isClean {
                    for lineStart in lineStarts.reversed() where lineStart > start && lineStart < cursor {
                        let tail = String(characters[lineStart..<cursor])
                        guard tail.first?.isUppercase == true else { continue }
                        var candidate = Sentence(text: tail, index: sentences.count, words: [], score: 0, isComplete: false)
                        var trial = before
                        trial.skip(String(characters[start..<lineStart]))
                        Self.judge(&candidate, language: language, standsAlone: false, readings: &trial)
                        if candidate.isClean {
                            sentence = candidate
                            break
                        }
                    }
                }
                guard !sentence.words.isEmpty else { continue }
                sentences.append(sentence)
            }
        }

        for i in sentences.indices {
            sentences[i].isStep = sentences[i].words.first.map { Self.isImperative($0, language: language) } ?? false
        }
        let imperativeCount = sentences.filter(\.isStep).count
        self.imperativeCount = imperativeCount
        let procedural = Self.isProcedural(imperatives: imperativeCount, sentences: sentences.count)

        // Topics come only from sentences that can be quoted, and only real words of the page's language: a word the
        // camera made up ("eee") or a sentence of debris never becomes what the page is "about".
        let list = evidence.words?.forLanguage(language == .french ? "fra" : "eng")
        let trusted = sentences.filter(\.isClean).flatMap(\.words)
        var counts: [String: Int] = [:]
        var firstSeen: [String: Int] = [:]
        for (position, word) in trusted.enumerated()
        where Self.isContentWord(word, stopWords: stopWords) && !Self.isImperative(word, language: language) && Self.isRealWord(word, list: list) {
            let stem = Self.stem(word)
            counts[stem, default: 0] += 1
            if firstSeen[stem] == nil { firstSeen[stem] = position }
        }
        recurringWords = counts.filter { $0.value >= 2 }.keys.sorted {
            (counts[$0]!, -firstSeen[$0]!) > (counts[$1]!, -firstSeen[$1]!)
        }.prefix(5).map { Self.displayForm(of: $0, in: trusted) }
        // Headings are named only when every word of them is real and was read surely.
        let headingReadings = WordReadings(UnsureWords.read(text, evidence: evidence))
        headings = paragraphs.compactMap { paragraph -> String? in
            guard case .heading(let title) = paragraph else { return nil }
            let words = UnsureWords.tokens(in: title).map(\.text)
            let sure = words.allSatisfy { headingReadings.lowest($0).map(UnsureWords.isQuotable) ?? true }
            return sure && words.allSatisfy { Self.isRealWord($0.lowercased(), list: list) || $0.first?.isUppercase == true && $0.count >= 4 }
                ? title : nil
        }

        let markers = language == .french ? Lexicon.frenchMarkers : Lexicon.englishMarkers
        for i in sentences.indices {
            sentences[i].score += Self.score(sentences[i], counts: counts, stopWords: stopWords, markers: markers)
            // In a page of steps, the one line that states an idea instead of a step is the one worth quoting.
            if procedural, !sentences[i].isStep { sentences[i].score += 0.5 }
            // ...and among the steps, the ones about time and care ("slowly, until tender") say the most.
            if procedural {
                let craft = sentences[i].words.filter { Lexicon.craftWords.contains($0) }.count
                sentences[i].score += 0.2 * Double(min(craft, 2))
            }
            sentences[i].score -= 0.4 * Double(min(sentences[i].unknownTypedWords, 3))
        }
        self.sentences = sentences
        ranked = sentences.filter(\.isClean).sorted { ($0.score, -$0.index) > ($1.score, -$1.index) }

        quantityCount = Self.countQuantities(allWords)
        let firstPerson: Set<String> = language == .french ? ["je", "j", "nous", "moi", "mon", "ma", "mes"] : ["i", "we", "my", "our", "me", "us"]
        isFirstPerson = allWords.filter { firstPerson.contains($0) }.count >= 2
        seed = Self.fnv1a(text)
        kind = PageKind.classify(
            words: allWords, sentences: sentences.count, imperatives: imperativeCount, quantities: quantityCount, text: text)
    }

    /// Fills in a sentence's words, shape and readings; `readings` hands out the text's words in order.
    private static func judge(_ sentence: inout Sentence, language: Language, standsAlone: Bool, readings: inout WordReadings) {
        let text = sentence.text
        sentence.words = words(in: text)
        let first = text.first { $0.isLetter || $0.isNumber }
        sentence.isComplete = (first?.isUppercase ?? false) && endsSentence(text)
        sentence.flaw = SentenceRules.flaw(text, words: sentence.words, language: language, standsAlone: standsAlone)
        let read = UnsureWords.tokens(in: Markup.strippingTags(text)).map { readings.next($0.text) }
        sentence.unsureWords = read.filter { !UnsureWords.isQuotable($0) }.map(\.text)
        sentence.unknownTypedWords = read.filter { !$0.fromCamera && !$0.known }.count
        sentence.isClean = sentence.flaw == nil && sentence.unsureWords.isEmpty
    }

    /// The character offset of `piece` in `characters`, at or after `from`.
    private static func offset(of piece: String, in characters: [Character], from: Int) -> Int? {
        let target = Array(piece)
        guard !target.isEmpty, characters.count >= target.count else { return nil }
        var i = from
        while i + target.count <= characters.count {
            if characters[i] == target[0], Array(characters[i..<(i + target.count)]) == target { return i }
            i += 1
        }
        return nil
    }

    /// The sentences that would be quoted but for words the camera may have misread, with those words.
    var blockedByWords: [(sentence: String, words: [String])] {
        sentences.filter { $0.flaw == nil && !$0.unsureWords.isEmpty }.map { ($0.text, $0.unsureWords) }
    }

    /// A word of the language: in its word list when there is one; letters only, with a vowel, and no letter three
    /// times in a row ("eee") either way.
    static func isRealWord(_ word: String, list: (any WordList)?) -> Bool {
        guard word.count >= 3, word.allSatisfy(\.isLetter), word.contains(where: { "aeiouyàâéèêëîïôûùüÿæœ".contains($0) }) else { return false }
        let letters = Array(word)
        for i in 2..<letters.count where letters[i] == letters[i - 1] && letters[i] == letters[i - 2] { return false }
        return list.map { $0.knows(word) } ?? true
    }

    /// Marks that are not writing ("|", "~", "■") or a short capital fragment before the first word ("IE At the next…"):
    /// the signs of a table edge or a label the camera read as text.
    static func hasStrayMarks(_ text: String) -> Bool {
        let text = Markup.strippingTags(text)
        if text.contains(where: { "|~_¦¬■□◆●▪©®^<>{}[]=\\".contains($0) }) { return true }
        return text.range(of: #"^[A-Z]{1,3} [A-Z]"#, options: .regularExpression) != nil && !text.hasPrefix("I ") && !text.hasPrefix("A ")
    }

    /// At least four words, and not ending on a stray short word ("Chickens are em."): a cut line reads like that.
    static func isWholeThought(_ words: [String]) -> Bool { SentenceRules.isWholeThought(words) }

    // MARK: Paragraphs and headings

    enum Paragraph: Equatable {
        case heading(String)
        /// A paragraph's text with its wrapped lines joined, and where each line starts in it (in characters).
        case prose(String, lineStarts: [Int])
    }

    /// Joins wrapped lines (and words hyphenated across them), drops running heads, page numbers and figure labels,
    /// and keeps short title lines apart as headings.
    static func paragraphs(of text: String) -> [Paragraph] {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !isRunningHead($0) }
        let labels = figureLabels(lines)
        var result: [Paragraph] = []
        var current = ""
        var lineStarts: [Int] = []

        func flush() {
            let body = current.trimmingCharacters(in: .whitespaces)
            if !body.isEmpty { result.append(.prose(body, lineStarts: lineStarts)) }
            current = ""
            lineStarts = []
        }

        for (number, rawLine) in lines.enumerated() where !labels.contains(number) {
            if rawLine.isEmpty {
                flush()
                continue
            }
            let (line, wasNumbered) = stripNumbering(rawLine)
            let bullet = line.hasPrefix("- ") || line.hasPrefix("• ") || line.hasPrefix("* ")
            let content = bullet ? String(line.dropFirst(2)) : line
            guard !content.isEmpty else { continue }

            let previousEnded = current.isEmpty || endsSentence(current) || current.hasSuffix(":")
            let next = lines.dropFirst(number + 1).first { !$0.isEmpty }
            let nextStartsFresh = next.map { stripNumbering($0).0.first?.isUppercase ?? false } ?? false
            if previousEnded, nextStartsFresh, isHeadingLike(content) {
                flush()
                result.append(.heading(content))
                continue
            }
            if wasNumbered { flush() }
            current = join(current, content)
            lineStarts.append(current.count - content.count)
        }
        flush()
        return result
    }

    /// Runs of three or more short unnumbered title-like lines are the labels of a figure ("Gradins", "Scène", …).
    static func figureLabels(_ lines: [String]) -> Set<Int> {
        var labels: Set<Int> = []
        var run: [Int] = []
        for (number, line) in zip(0..., lines + [""]) {
            if !line.isEmpty, !stripNumbering(line).1, isHeadingLike(line) {
                run.append(number)
                continue
            }
            if run.count >= 3 { labels.formUnion(run) }
            run = []
        }
        return labels
    }

    /// "248 BOSTON COOKING-SCHOOL COOK BOOK", "AVER STU ~ 120 SOLUTIONS FOR LIFE", "- 12 -", a bare page number:
    /// capitals with a page number in them.
    static func isRunningHead(_ line: String) -> Bool {
        let letters = line.filter(\.isLetter)
        if letters.isEmpty { return line.contains(where: \.isNumber) }
        let upper = letters.filter(\.isUppercase).count
        return line.contains(where: \.isNumber) && letters.count >= 4 && Double(upper) / Double(letters.count) > 0.8
    }

    /// Removes "1. ", "2.1. ", "I. ", "II. " at the start of a line.
    static func stripNumbering(_ line: String) -> (String, Bool) {
        let pattern = #"^(?:\d+(?:\.\d+)*\.?|[IVX]{1,4}\.)\s+"#
        guard let range = line.range(of: pattern, options: .regularExpression) else { return (line, false) }
        return (String(line[range.upperBound...]), true)
    }

    static func isHeadingLike(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        guard (1...6).contains(words.count), line.count <= 60, line.first?.isUppercase ?? false else { return false }
        return !(line.last.map { ".!?;:,".contains($0) } ?? false)
    }

    /// Joins a wrapped line, mending "fry-" + "ing" but keeping "one-" + "half".
    static func join(_ text: String, _ line: String) -> String {
        guard !text.isEmpty else { return line }
        if text.hasSuffix("-"), let next = line.first, next.isLowercase {
            let stem = text.dropLast()
            let fragment = stem.reversed().prefix { $0.isLetter }
            let lastPart = String(fragment.reversed()).lowercased()
            if lastPart.isEmpty || Lexicon.keptHyphenPrefixes.contains(lastPart) { return text + line }
            return stem + line
        }
        return text + " " + line
    }

    // MARK: Sentences and words

    static func endsSentence(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: " \"”»)’'"))
        return trimmed.last.map { ".!?…".contains($0) } ?? false
    }

    /// Splits after . ! ? when the next word starts a sentence; abbreviations and initials do not end one.
    static func splitSentences(_ paragraph: String) -> [String] {
        let characters = Array(paragraph)
        var sentences: [String] = []
        var start = 0
        var i = 0
        while i < characters.count {
            let character = characters[i]
            if ".!?…".contains(character) {
                var end = i + 1
                while end < characters.count, "\"”»)’'".contains(characters[end]) { end += 1 }
                var nextStart = end
                while nextStart < characters.count, characters[nextStart] == " " { nextStart += 1 }
                let atEnd = nextStart >= characters.count
                let followedByStart =
                    !atEnd && nextStart > end
                    && (characters[nextStart].isUppercase || characters[nextStart].isNumber || "\"“«‘(<".contains(characters[nextStart]))
                if atEnd || (followedByStart && !(character == "." && isAbbreviation(characters, dotAt: i))) {
                    let sentence = String(characters[start..<end]).trimmingCharacters(in: .whitespaces)
                    if !sentence.isEmpty { sentences.append(sentence) }
                    start = nextStart
                    i = nextStart
                    continue
                }
            }
            i += 1
        }
        let rest = String(characters[min(start, characters.count)...]).trimmingCharacters(in: .whitespaces)
        if !rest.isEmpty { sentences.append(rest) }
        return sentences
    }

    private static func isAbbreviation(_ characters: [Character], dotAt index: Int) -> Bool {
        var wordStart = index
        while wordStart > 0, characters[wordStart - 1].isLetter || characters[wordStart - 1] == "." { wordStart -= 1 }
        let word = String(characters[wordStart..<index]).lowercased()
        if word.count == 1 { return true }  // an initial: "J. Smith"
        return Lexicon.abbreviations.contains(word)
    }

    /// Lowercased words; apostrophes split ("l’eau" → "l", "eau"), hyphens too.
    static func words(in text: String) -> [String] {
        Markup.strippingTags(text).lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// "pour", "add", "versez": a verb of command (French imperatives mostly end in -ez).
    static func isImperative(_ word: String, language: Language) -> Bool {
        switch language {
        case .english: Lexicon.englishImperatives.contains(word)
        case .french: Lexicon.frenchImperatives.contains(word) || (word.count > 4 && word.hasSuffix("ez"))
        }
    }

    static func isContentWord(_ word: String, stopWords: Set<String>) -> Bool {
        word.count >= 3 && !stopWords.contains(word) && !Lexicon.numberWords.contains(word) && !Lexicon.units.contains(word)
            && !word.allSatisfy(\.isNumber)
    }

    static func stem(_ word: String) -> String {
        word.count > 4 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
    }

    /// The form the text uses most for a stem ("chicken" rather than "chickens" when both appear).
    private static func displayForm(of stem: String, in words: [String]) -> String {
        let forms = words.filter { Self.stem($0) == stem }
        return forms.contains(stem) ? stem : (forms.first ?? stem)
    }

    static func detectLanguage(_ words: [String]) -> Language {
        let french = words.filter { Lexicon.frenchMarkersOfLanguage.contains($0) }.count
        let english = words.filter { Lexicon.englishMarkersOfLanguage.contains($0) }.count
        return french >= 2 && Double(french) > Double(english) * 1.2 ? .french : .english
    }

    // MARK: Scoring

    /// Strong sentences are mid-length, share the page's recurring words, make a claim or a contrast,
    /// and are clean (no OCR noise, not a list).
    private static func score(_ sentence: Sentence, counts: [String: Int], stopWords: Set<String>, markers: Set<String>) -> Double {
        let n = sentence.wordCount
        var score: Double
        switch n {
        case ..<5: score = 0.1 * Double(n)
        case 5..<9: score = 0.6 + 0.05 * Double(n - 5)
        case 9...28: score = 1.0
        default: score = max(0.1, 1.0 - Double(n - 28) / 25)
        }

        let content = Set(sentence.words.filter { isContentWord($0, stopWords: stopWords) }.map(stem))
        let shared = content.reduce(0.0) { $0 + Double(min((counts[$1] ?? 1) - 1, 3)) }
        score += 0.2 * min(shared / Double(max(content.count, 1)).squareRoot(), 2.5)

        let markerHits = sentence.words.filter { markers.contains($0) }.count
        score += 0.25 * Double(min(markerHits, 3))
        if Lexicon.hasContrastPhrase(sentence.text) { score += 0.25 }

        let text = sentence.text
        let commas = text.filter { $0 == "," || $0 == ";" }.count
        if commas * 4 > n { score -= 0.3 }
        if text.contains("(") { score -= 0.2 }
        score -= 0.3 * Double(text.filter { $0 == ";" }.count)  // a run of steps, not one thought
        let noise = text.filter { !($0.isLetter || $0.isNumber || $0.isWhitespace || ".,;:!?'’\"“”«»()-–—…".contains($0)) }.count
        if noise * 20 > text.count { score -= 0.5 }
        if !sentence.isComplete { score -= 0.5 }
        return score
    }

    private static func countQuantities(_ words: [String]) -> Int {
        var count = 0
        for (i, word) in words.enumerated().dropLast() {
            let isNumber = word.allSatisfy(\.isNumber) || Lexicon.numberWords.contains(word)
            guard isNumber else { continue }
            let next = words[i + 1]
            if Lexicon.units.contains(next) || (Lexicon.fractionWords.contains(next) && i + 2 < words.count && Lexicon.units.contains(words[i + 2])) {
                count += 1
            }
        }
        return count
    }

    /// Hands out, word by word in page order, how each occurrence was read.
    struct WordReadings {
        var queues: [String: [ReadWord]] = [:]
        var weakest: [String: ReadWord] = [:]

        init(_ words: [ReadWord]) {
            for word in words {
                queues[word.text, default: []].append(word)
                if let known = weakest[word.text], UnsureWords.isQuotable(word) || !UnsureWords.isQuotable(known) { continue }
                weakest[word.text] = word
            }
        }

        /// The next occurrence of `word`; a word not found (split differently) counts as its weakest occurrence.
        mutating func next(_ word: String) -> ReadWord {
            guard var queue = queues[word], !queue.isEmpty else {
                return weakest[word]
                    ?? ReadWord(
                        text: word, utf16Start: 0, utf16End: 0, occurrence: 0, line: nil, span: nil, confidence: 1, rival: 0, fromCamera: false,
                        cameraIndex: nil, known: true, unsure: false)
            }
            let value = queue.removeFirst()
            queues[word] = queue
            return value
        }

        /// Hands out the words of `text` without using them: the head of a sentence left out of a quote.
        mutating func skip(_ text: String) {
            for token in UnsureWords.tokens(in: Markup.strippingTags(text)) { _ = next(token.text) }
        }

        /// The least sure occurrence of `word`, if it occurs.
        func lowest(_ word: String) -> ReadWord? { weakest[word] }
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
