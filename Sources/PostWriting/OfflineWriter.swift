// The embedded writer used when no AI provider is configured: five real drafts built from the excerpt itself.
import AIClient
import Foundation
import Support

/// Writes drafts without a network: it ranks the excerpt's clean sentences (real words, read with good confidence),
/// gives each tone its own line to quote, and shapes a hook, one or two supporting lines and a closing question around
/// it, opening to fit the kind of page (a recipe, a manual, a novel, an essay). It never claims the reader's own
/// experience. Deterministic for a given text and ``DraftRequest/variation``; a new variation changes the drafts.
public struct OfflineWriter: PostGenerator {
    /// Waits this long before answering, to try the page's loading state (the seed's `mockResponseDelaySeconds`).
    public var delay: Duration

    public init(delay: Duration = .zero) {
        self.delay = delay
    }

    public var displayName: String { "Offline writer" }

    public func write(_ request: DraftRequest) async throws -> [Variant] {
        if delay > .zero { try await Task.sleep(for: delay) }
        // Pure CPU work: on a Dispatch thread, so a long passage never holds up the threads that serve requests.
        let writer = self
        return try await offload { try writer.variants(for: request) }
    }

    /// The same drafts, synchronously.
    public func variants(from excerpt: String, bookTitle: String?, author: String?) throws -> [Variant] {
        try variants(for: DraftRequest(excerpt: excerpt, bookTitle: bookTitle, author: author))
    }

    /// The drafts for a request. A draft equal to one in `earlier` is written again with the next variation.
    public func variants(for request: DraftRequest) throws -> [Variant] {
        guard !request.excerpt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw AIError(.emptyInput) }
        let analysis = ExcerptAnalysis(request.excerpt, evidence: request.reading)
        guard !analysis.sentences.isEmpty else { throw AIError(.emptyInput) }
        guard !analysis.ranked.isEmpty else {
            throw PostWritingError(
                .nothingCleanToQuote(
                    blocked: analysis.blockedByWords.map { PostWritingError.BlockedSentence(sentence: $0.sentence, words: $0.words) }))
        }
        let voice: any OfflineVoice = analysis.language == .french ? FrenchVoice() : EnglishVoice()
        let earlier = Set(request.earlier.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        return request.tones.map { tone in
            var variation = request.variation
            var text = ""
            // A few tries find a draft not written before; the variation moves the quote and the phrasing.
            for _ in 0..<8 {
                let material = DraftMaterial(
                    analysis, title: Self.clean(request.bookTitle), author: Self.clean(request.author), variation: variation)
                text = Self.draft(tone, voice: voice, material: material)
                if !earlier.contains(text) { break }
                variation += 1
            }
            let fitted = LinkedInLength.fit(text)
            return Variant(tone: tone, text: fitted.text, note: fitted.trimmed ? Variant.trimmedNote : nil)
        }
    }

    static func draft(_ tone: Tone, voice: any OfflineVoice, material: DraftMaterial) -> String {
        let parts: [DraftPart] =
            switch tone {
            case .punchy: voice.punchy(material)
            case .contrarian: voice.contrarian(material)
            case .personal: voice.personal(material)
            case .analytical: voice.analytical(material)
            case .openQuestion: voice.openQuestion(material)
            }
        return DraftPart.assemble(parts)
    }

    private static func clean(_ value: String?) -> String? {
        guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty,
            value.lowercased() != "unknown"
        else { return nil }
        return value
    }
}

/// One paragraph of a draft; optional ones are dropped, last first, when the draft runs long.
struct DraftPart {
    var text: String
    var optional = false

    static func required(_ text: String) -> DraftPart { DraftPart(text: text) }
    static func optional(_ text: String?) -> DraftPart? { text.map { DraftPart(text: $0, optional: true) } }

    static func assemble(_ parts: [DraftPart]) -> String {
        var kept = parts
        func joined() -> String { kept.map(\.text).joined(separator: "\n\n") }
        while joined().count > LinkedInLength.limit, let last = kept.lastIndex(where: \.optional) {
            kept.remove(at: last)
        }
        return joined()
    }
}

/// What each tone works from: its own line of the excerpt, plus facts about the page.
struct DraftMaterial {
    /// The strongest line, for the personal draft, and whether it is a step (an imperative) or a statement.
    var main: String
    var mainIsStep: Bool
    /// A short line for the punchy hook, and how many words it has.
    var hook: String
    var hookWords: Int
    /// A line with a contrast or a rule in it, for the contrarian draft.
    var contrast: String
    /// A question from the page, or another strong line.
    var prompt: String
    var promptIsQuestion: Bool
    /// Another strong line, for the analytical draft.
    var evidence: String
    var evidenceIsStep: Bool
    /// A second short line to back the punchy hook, when the page has one.
    var support: String?

    var headings: [String]
    var recurring: [String]
    /// The longest content words of the main line: the fallback for a one-line excerpt.
    var salient: [String]
    var sentenceCount: Int
    var imperativeCount: Int
    var quantityCount: Int
    var averageWords: Int
    var shortestWords: Int
    var longestWords: Int
    var isProcedural: Bool
    var isFirstPerson: Bool
    var kind: PageKind
    var variation: Int
    var title: String?
    var author: String?
    var seed: UInt64

    /// Quotes are kept short enough to read in the feed.
    static let maxQuote = 230

    init(_ analysis: ExcerptAnalysis, title: String?, author: String?, variation: Int = 0) {
        // Each variation starts the choice of lines further down the ranking, so a new draft quotes something else
        // when the page has it.
        let shift = analysis.ranked.isEmpty ? 0 : variation % analysis.ranked.count
        let ranked = Array(analysis.ranked[shift...] + analysis.ranked[..<shift])
        var used: Set<Int> = []
        func take(_ preferred: (ExcerptAnalysis.Sentence) -> Bool = { _ in true }) -> ExcerptAnalysis.Sentence {
            let choice =
                ranked.first { !used.contains($0.index) && preferred($0) }
                ?? ranked.first { !used.contains($0.index) }
                ?? ranked[0]
            used.insert(choice.index)
            return choice
        }
        let markers = analysis.language == .french ? Lexicon.frenchContrasts : Lexicon.englishContrasts
        let contrastSentence = take { sentence in
            sentence.words.contains { markers.contains($0) } || Lexicon.hasContrastPhrase(sentence.text)
        }
        let mainSentence = take()
        let hookSentence = take { (5...12).contains($0.wordCount) && !$0.isQuestion }
        let promptSentence = take { $0.isQuestion }
        let evidenceSentence = take()
        let supportSentence = take { $0.wordCount <= 12 && !$0.isQuestion }

        main = Self.quotable(mainSentence.text)
        mainIsStep = mainSentence.isStep
        contrast = Self.quotable(contrastSentence.text)
        hook = Self.quotable(hookSentence.text)
        // As a reader counts: "doesn’t" is one word, a dash is none; a quote cut short is not counted at all.
        hookWords = hook.hasSuffix("…") ? 0 : hook.split(whereSeparator: \.isWhitespace).filter { $0.contains { $0.isLetter || $0.isNumber } }.count
        prompt = Self.quotable(promptSentence.text)
        promptIsQuestion = promptSentence.isQuestion
        evidence = Self.quotable(evidenceSentence.text)
        evidenceIsStep = evidenceSentence.isStep
        support = supportSentence.index == hookSentence.index || supportSentence.wordCount > 18 ? nil : Self.quotable(supportSentence.text)

        headings = Array(analysis.headings.prefix(4))
        recurring = Array(analysis.recurringWords.prefix(3))
        let stopWords = analysis.language == .french ? Lexicon.frenchStopWords : Lexicon.englishStopWords
        var seen: Set<String> = []
        // Original case, so proper nouns keep their capital; the sentence's first word loses it.
        let tokens = mainSentence.text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        salient = tokens.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : $0.element }
            .filter { ExcerptAnalysis.isContentWord($0.lowercased(), stopWords: stopWords) && seen.insert($0.lowercased()).inserted }
            .enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }
            .prefix(2).map(\.element)
        sentenceCount = analysis.sentences.count
        imperativeCount = analysis.imperativeCount
        quantityCount = analysis.quantityCount
        averageWords = analysis.sentences.isEmpty ? 0 : analysis.sentences.map(\.wordCount).reduce(0, +) / analysis.sentences.count
        shortestWords = analysis.sentences.map(\.wordCount).min() ?? 0
        longestWords = analysis.sentences.map(\.wordCount).max() ?? 0
        isProcedural = analysis.isProcedural
        isFirstPerson = analysis.isFirstPerson
        kind = analysis.kind
        self.title = title
        self.author = author
        seed = analysis.seed &+ UInt64(variation) &* 0x2545_F491_4F6C_DD1D
        self.variation = variation
    }

    /// A fact about the page that the analytical draft can state.
    enum Finding {
        case headings([String])
        case steps(Int, of: Int)
        case measurements(Int)
        case recurring([String])
        case averageLength(words: Int)
        case lengths(shortest: Int, longest: Int)
        case singleSentence(words: Int, focus: [String])
    }

    /// Up to three facts worth stating, strongest first; every page has at least one.
    var findings: [Finding] {
        var found: [Finding] = []
        if headings.count >= 2 { found.append(.headings(headings)) }
        if isProcedural { found.append(.steps(imperativeCount, of: sentenceCount)) }
        if quantityCount >= 3 { found.append(.measurements(quantityCount)) }
        if recurring.count >= 2 { found.append(.recurring(recurring)) }
        if found.count < 2, sentenceCount > 1 { found.append(.averageLength(words: averageWords)) }
        if found.count < 2, sentenceCount > 2, shortestWords < longestWords {
            found.append(.lengths(shortest: shortestWords, longest: longestWords))
        }
        if found.isEmpty { found.append(.singleSentence(words: hookWords, focus: salient)) }
        return Array(found.prefix(3))
    }

    /// Picks one of `count` phrasings; `salt` keeps tones from moving in lockstep. A new variation moves every pick.
    func pick(_ count: Int, salt: UInt64) -> Int {
        guard count > 1 else { return 0 }
        var x = seed ^ (salt &* 0x9E37_79B9_7F4A_7C15)
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        return Int(x % UInt64(count))
    }

    /// One of `options`, picked as ``pick(_:salt:)`` does.
    func choose<T>(_ options: [T], salt: UInt64) -> T { options[pick(options.count, salt: salt)] }

    /// The title as it reads inside an English sentence: "the Boston Cooking-School Cook Book", "Atomic Habits".
    var titleInSentence: String? {
        guard let title else { return nil }
        let last = title.split(separator: " ").last.map { $0.lowercased() } ?? ""
        let generic: Set<String> = [
            "book", "cookbook", "handbook", "manual", "guide", "dictionary", "encyclopedia", "almanac", "companion",
            "primer", "reader", "treatise", "textbook", "workbook",
        ]
        return generic.contains(last) && !title.lowercased().hasPrefix("the ") ? "the \(title)" : title
    }

    /// The title inside a French sentence, in guillemets so "de" never needs to contract ("de « Le Petit Prince »").
    var frenchTitle: String? { title.map { "«\u{00A0}\($0)\u{00A0}»" } }

    /// "— Title, Author", or whichever of the two is known.
    var signature: String? {
        switch (title, author) {
        case (let title?, let author?): "— \(title), \(author)"
        case (let title?, nil): "— \(title)"
        case (nil, let author?): "— \(author)"
        case (nil, nil): nil
        }
    }

    /// A sentence cut at a clause (or word) boundary when it is too long to quote whole.
    static func quotable(_ sentence: String) -> String {
        guard sentence.count > maxQuote else { return sentence }
        let characters = Array(sentence.prefix(maxQuote))
        var cut = characters.count - 1
        while cut > maxQuote / 2, !",;:".contains(characters[cut]) { cut -= 1 }
        if cut <= maxQuote / 2 {
            cut = characters.count - 1
            while cut > 0, !characters[cut].isWhitespace { cut -= 1 }
        }
        var kept = String(characters[..<max(cut, 1)]).trimmingCharacters(in: .whitespaces)
        while let last = kept.last, ",;:—–-".contains(last) { kept.removeLast() }
        return kept + "…"
    }
}

/// The words of one language's drafts. Each tone has its own structure, not one template with a name swapped.
protocol OfflineVoice {
    func punchy(_ m: DraftMaterial) -> [DraftPart]
    func contrarian(_ m: DraftMaterial) -> [DraftPart]
    func personal(_ m: DraftMaterial) -> [DraftPart]
    func analytical(_ m: DraftMaterial) -> [DraftPart]
    func openQuestion(_ m: DraftMaterial) -> [DraftPart]
}
