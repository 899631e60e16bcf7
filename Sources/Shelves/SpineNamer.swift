// Step "name from the spine": a title and an author from a spine's own text, for books the catalog does not hold.
import Foundation

/// One line read on a spine, with its letter size and its place along the spine.
public struct SpineLine: Sendable, Equatable {
    public var text: String
    /// Letter height as a share of the spine's width: titles are set large, authors smaller, publishers smallest.
    public var size: Double
    /// Where the line starts and ends along the spine, 0 = the top, 1 = the foot.
    public var from: Double
    public var to: Double
    /// 0...1, the engine's.
    public var confidence: Double
    /// Read with the spine upright (words stacked across it) instead of along it.
    public var across: Bool
    /// Read on the second, narrower look (it repeats words of the first and may be a fragment).
    public var secondLook: Bool

    public init(text: String, size: Double, from: Double, to: Double, confidence: Double, across: Bool = false, secondLook: Bool = false) {
        self.text = text
        self.size = size
        self.from = from
        self.to = to
        self.confidence = confidence
        self.across = across
        self.secondLook = secondLook
    }
}

/// A book as its spine names it.
public struct SpineName: Sendable, Equatable {
    public var title: String
    /// The author as printed (often the surname alone); empty when no name was read.
    public var author: String
    /// 0...1: how sure the reading is (real words, the engine's confidence, an author found, a clear layout).
    public var confidence: Double
}

/// Turns a spine's lines into a title and an author, the way spines are laid out: the title in the largest letters,
/// the author's name (often the surname alone) smaller, the publisher's mark at the foot. Words are judged by word
/// lists: the system dictionary's common words, the names of people (the catalog's authors and the dictionary's
/// capitalised entries), publishers and edition marks. Nothing here knows any particular book.
public struct SpineNamer: Sendable {
    public struct Config: Sendable, Equatable {
        /// A name below this is not given (the spine's text is shown as read instead).
        public var minimumConfidence = 0.6
        /// Lines whose letters are at least this share of the title line's are part of the title.
        public var titleSizeShare = 0.7
        /// Lines starting beyond this share of the spine's length are at its foot (publisher, logo, edition).
        public var footStart = 0.78
        /// The most words a title read from a spine may have (more is two books, or a subtitle and blurb).
        public var maximumTitleWords = 9
        public init() {}
    }

    /// Lower-case common words (the dictionary's entries written in lower case).
    public let commonWords: Set<String>
    /// Lower-case tokens of proper names: catalog authors' names and the dictionary's capitalised entries (people and
    /// places).
    public let names: Set<String>
    /// Lower-case tokens of people's names only (the catalog's authors): a name cut off a title as its author must be
    /// one of these, so "… New England" or "… America" keep their place names.
    public let people: Set<String>
    public var config: Config

    public init(commonWords: Set<String>, names: Set<String>, people: Set<String>, config: Config = Config()) {
        self.commonWords = commonWords
        self.names = names
        self.people = people
        self.config = config
    }

    /// Publishers' marks and imprint words printed at a spine's foot.
    static let publisherWords: Set<String> = [
        "penguin", "puffin", "vintage", "signet", "bantam", "ballantine", "scribner", "scribners", "harper", "harpercollins", "perennial",
        "anchor", "knopf", "norton", "doubleday", "putnam", "dutton", "viking", "riverhead", "picador", "faber", "bloomsbury", "houghton",
        "mifflin", "harcourt", "macmillan", "hachette", "crown", "pearson", "wiley", "springer", "reilly", "oreilly", "mcgraw", "elsevier",
        "routledge", "sage", "tor", "ace", "dell", "berkley", "scholastic", "random", "house", "press", "books", "publishing", "publishers",
        "classics", "classic", "library", "modern", "oxford", "cambridge", "university", "everyman", "everymans", "wordsworth", "dover",
        "pocket", "simon", "schuster", "little", "brown", "grand", "central", "portfolio", "basic", "avon", "mariner", "nostarch", "apress",
        "manning", "packt", "addison", "wesley", "prentice", "hall", "crc", "chapman", "ecco", "tarcher",
        "hyperion", "atria", "gallery", "delacorte", "laurel", "leaf", "del", "rey", "orbit", "daw", "baen", "roc", "st", "martins",
    ]

    /// Words of an edition mark ("Second Edition", "20th Anniversary Edition").
    static let editionWords: Set<String> = [
        "edition", "editions", "ed", "second", "third", "fourth", "fifth", "sixth", "seventh", "revised", "updated", "expanded", "anniversary",
        "new", "first", "1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "10th", "20th", "25th", "50th", "volume", "vol",
    ]

    /// English words of one or two letters.
    static let shortWords: Set<String> = [
        "a", "i", "an", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is", "it", "me", "my", "no", "of", "on", "or", "so", "to", "up",
        "us", "we",
    ]

    /// Small words set in lower case inside a title.
    static let minorWords: Set<String> = [
        "a", "an", "the", "and", "but", "or", "nor", "for", "of", "to", "in", "on", "at", "by", "with", "from", "as", "into", "over", "per",
    ]

    // MARK: Words

    enum Kind: Equatable {
        /// A dictionary word (it may be a name too: "Clear", "King").
        case common
        /// A person's name only (not a common word).
        case name
        /// An initial: "B." or "J".
        case initial
        case number
        /// Shaped like a word but in no list: a rare word, a rare name, or a misread.
        case unknown
        case noise
    }

    struct Word: Equatable {
        var text: String
        var lower: String
        var kind: Kind
        /// Also in the names list (for common words that are names too).
        var isName: Bool
        var possessive: Bool
        var letters: Int { lower.count }
    }

    /// A line's words. Marks that are never inside a word ("\\", "|", "/") part words they glue together
    /// ("INSIDE\\WORLD"), and so does an apostrophe that opens no ending ("THOW'DESIGN", not "ARTHUR'S" or "DON'T").
    func words(of text: String) -> [Word] {
        var pieces: [Substring] = []
        for token in text.split(whereSeparator: { $0.isWhitespace || "\\|/<>{}[]_=~*^@#$%+".contains($0) }) {
            var rest = token[...]
            while let mark = rest.firstIndex(where: { $0 == "'" || $0 == "’" }), mark > rest.startIndex {
                let after = rest[rest.index(after: mark)...]
                let ending = after.prefix { $0.isLetter }.lowercased()
                guard ending.count >= 3, !["ll", "re", "ve"].contains(ending) else { break }
                pieces.append(rest[..<mark])
                rest = after
            }
            pieces.append(rest)
        }
        return pieces.compactMap(word)
    }

    func word(_ raw: Substring) -> Word? {
        let trimmed = raw.trimmingCharacters(in: CharacterSet.alphanumerics.inverted.subtracting(CharacterSet(charactersIn: "&")))
        guard !trimmed.isEmpty else { return nil }
        if trimmed == "&" { return Word(text: "&", lower: "and", kind: .common, isName: false, possessive: false) }
        let folded = trimmed.folding(options: [.diacriticInsensitive], locale: nil)
        var lower = folded.lowercased()
        let possessive = lower.hasSuffix("'s") || lower.hasSuffix("’s")
        lower = String(lower.filter { $0.isLetter || $0.isNumber })
        guard !lower.isEmpty else { return nil }
        let base = possessive && lower.hasSuffix("s") ? String(lower.dropLast()) : lower
        let letters = base.filter(\.isLetter).count, digits = base.filter(\.isNumber).count
        func make(_ kind: Kind) -> Word {
            Word(text: trimmed, lower: lower, kind: kind, isName: names.contains(base), possessive: possessive)
        }
        // Marks glued to a short word ("\\it", "<i", "2°03") are a misread, not print.
        let odd = raw.contains { !($0.isLetter || $0.isNumber || "'‘’-.&,:;!?\"“”()".contains($0)) }
        if odd && base.count <= 3 { return make(.noise) }
        if letters == 0 { return make(digits <= 4 && !odd ? .number : .noise) }
        if trimmed == "i" { return make(.noise) }
        if trimmed.contains("-") {
            let parts = trimmed.lowercased().split(separator: "-").map(String.init)
            if parts.count >= 2, parts.allSatisfy({ commonWords.contains($0) || Self.shortWords.contains($0) }) { return make(.common) }
        }
        if digits > 0 { return make(Self.editionWords.contains(lower) ? .common : .noise) }
        if base.count == 1 {
            if raw.hasSuffix(".") || (trimmed.uppercased() == trimmed && base != "a" && base != "i") {
                return make(.initial)
            }
            return make(Self.shortWords.contains(base) ? .common : .noise)
        }
        if base.count == 2 { return make(Self.shortWords.contains(base) ? .common : .noise) }
        if commonWords.contains(base) || commonWords.contains(lower) { return make(.common) }
        if names.contains(base) { return make(.name) }
        return make(Self.wordShaped(trimmed, base) ? .unknown : .noise)
    }

    /// Letters only, a plausible share of vowels, no letter three times running, and one case pattern (UPPER, lower or
    /// Capitalised): what a misread stroke or a barcode rarely is.
    static func wordShaped(_ raw: String, _ lower: String) -> Bool {
        guard lower.count >= 4, lower.count <= 14, lower.allSatisfy(\.isLetter) else { return false }
        let vowels = lower.filter { "aeiouy".contains($0) }.count
        let share = Double(vowels) / Double(lower.count)
        guard share >= 0.2, share <= 0.7 else { return false }
        let chars = Array(lower)
        for i in 2..<chars.count where chars[i] == chars[i - 1] && chars[i] == chars[i - 2] { return false }
        // Four consonants running ("rbrissthow") is a misread or letters glued together.
        var consonants = 0
        for c in chars {
            consonants = "aeiouy".contains(c) ? 0 : consonants + 1
            if consonants >= 4 { return false }
        }
        let letters = raw.filter(\.isLetter)
        let upper = letters.filter(\.isUppercase).count
        return upper == 0 || upper == letters.count || (upper == 1 && letters.first?.isUppercase == true)
    }

    // MARK: Lines

    enum Style { case upper, lower, capitalised, none }

    static func style(_ w: Word) -> Style {
        let letters = w.text.filter(\.isLetter)
        guard letters.count >= 2 else { return .none }
        if letters.allSatisfy(\.isUppercase) { return .upper }
        if letters.allSatisfy(\.isLowercase) { return .lower }
        return letters.first!.isUppercase ? .capitalised : .none
    }

    /// A line's words split into its title run (the longest stretch of real words), and the name next to it, if any.
    struct Run {
        /// Which placed line it comes from (lines of one look keep Tesseract's top-to-bottom order).
        var line: Int
        var words: [Word]
        /// A person's name read beside the run on the same line ("… KAHNEMAN", "Sowell DISCRIMINATION …").
        var name: [Word]
        /// Letters of common words, less half those of unknown ones, times the engine's confidence: how much title it holds.
        var score: Double
        var source: SpineLine
        /// Small joining words dropped before the run ("IN THREE EASY STEPS"): kept when the run continues a title.
        var lead: [Word] = []
        /// Small words dropped after it ("OUTDOOR KIDS IN"): kept when the next line continues the title.
        var tail: [Word] = []
        /// The name was cut off the run's end (not found before it).
        var nameFollows = false
    }

    func isTitleWord(_ w: Word, style: Style) -> Bool {
        switch w.kind {
        case .common, .number: true
        case .unknown: Self.style(w) == style || style == .none
        // Names of places and people belong to titles too ("… King Arthur's Court"); the author's is cut off after.
        case .name: Self.style(w) == style || style == .none
        case .initial, .noise: false
        }
    }

    /// The line's dominant case style: that of most of its common words' letters.
    static func dominantStyle(_ words: [Word]) -> Style {
        var letters: [Style: Int] = [:]
        for w in words where w.kind == .common && w.letters >= 3 { letters[style(w), default: 0] += w.letters }
        return letters.max { $0.value < $1.value }?.key ?? .none
    }

    /// Names are printed capitalised (or in capitals); an unknown word longer than most surnames is a misread.
    func isNameWord(_ w: Word) -> Bool {
        guard !w.possessive, !Self.minorWords.contains(w.lower) else { return false }
        if w.kind == .initial { return true }
        guard Self.style(w) != .lower else { return false }
        return w.kind == .name || w.isName || (w.kind == .unknown && w.letters <= 12)
    }

    /// A run of name words that holds a name proper (a word that is only a name, or an unknown capitalised word).
    func asName(_ words: ArraySlice<Word>) -> [Word] {
        let run = Array(words.filter { $0.kind != .noise })
        guard !run.isEmpty, run.count <= 4, run.last?.kind != .initial, run.contains(where: { $0.kind == .name || $0.kind == .unknown }) else {
            return []
        }
        // After a first name that is only a name, any capitalised word is a surname ("Martha Quill").
        for (i, w) in run.enumerated() where !isNameWord(w) {
            guard i > 0, run[i - 1].kind == .name, people.contains(run[i - 1].lower), Self.style(w) != .lower, !w.possessive else { return [] }
        }
        return run
    }

    func run(_ source: SpineLine, line: Int) -> Run? {
        let words = words(of: source.text)
        guard !words.isEmpty else { return nil }
        let style = Self.dominantStyle(words)
        // The longest stretch of title words by letters of common words.
        var best: (range: Range<Int>, score: Double, lead: [Word])?
        var i = 0
        while i < words.count {
            guard isTitleWord(words[i], style: style) else {
                i += 1
                continue
            }
            var j = i
            while j < words.count, isTitleWord(words[j], style: style) { j += 1 }
            var lo = i, hi = j
            var lead: [Word] = []
            // A title starts with a capitalised word (or a number), and not with a stray letter or an unknown word set
            // before its article (a name: "RINELLA AN INSIDE WORLD").
            // Short words or numbers before an article within the first three words are marks, not the title ("Be 3 The …").
            if let article = words[lo..<min(hi, lo + 3)].firstIndex(where: { ["the", "a", "an"].contains($0.lower) }), article > lo,
                words[lo..<article].allSatisfy({ $0.letters <= 2 || $0.kind == .number || $0.kind == .unknown })
            {
                lo = article
            }
            while lo < hi {
                let w = words[lo]
                let nextStyle = lo + 1 < hi ? Self.style(words[lo + 1]) : Style.none
                let lowerLetter = w.letters == 1 && w.text.first?.isLowercase == true && (nextStyle == .upper || nextStyle == .capitalised)
                let strayCapital = w.letters == 1 && w.kind != .number && w.lower != "a" && nextStyle != .none
                let joiner = ["and", "or", "of", "to", "in", "on", "at", "by", "with", "for"].contains(w.lower)
                let loneDigit = w.kind == .number && w.lower.count == 1
                // A capitalised word before a title set in capitals is another line's word ("Shes DEEP WORK").
                let otherCase = style == .upper && Self.style(w) == .capitalised && lo + 1 < hi && Self.style(words[lo + 1]) == .upper
                if (Self.style(w) == .lower && !joiner) || lowerLetter || strayCapital || joiner || loneDigit || otherCase {
                    if joiner { lead.append(w) } else { lead = [] }
                    lo += 1
                } else {
                    break
                }
            }
            // It ends with a real word: not a minor word, a lone digit, or an unknown word (names follow titles), nor a
            // lone lower-case word after capitals ("Robust Python wire").
            while hi > lo {
                let w = words[hi - 1]
                let strayLower =
                    hi - lo >= 2 && Self.style(w) == .lower && style != .lower && !Self.minorWords.contains(words[hi - 2].lower)
                if Self.minorWords.contains(w.lower) || w.kind == .unknown || (w.kind == .number && w.lower.count < 3)
                    || Self.editionWords.contains(w.lower)
                    || (Self.publisherWords.contains(w.lower) && hi - lo > 1 && source.from + (source.to - source.from) * 0.5 > config.footStart)
                    || strayLower
                {
                    hi -= 1
                } else {
                    break
                }
            }
            // Edition words and lower-case words leading the run are not the title either.
            while lo < hi, Self.editionWords.contains(words[lo].lower) { lo += 1 }
            if lo < hi {
                let common = words[lo..<hi].filter { $0.kind == .common && $0.letters >= 3 }.reduce(0) { $0 + $1.letters }
                let unknown = words[lo..<hi].filter { $0.kind == .unknown }.reduce(0) { $0 + $1.letters }
                let score = (Double(common) - 0.5 * Double(unknown)) * source.confidence
                if score > (best?.score ?? 0) { best = (lo..<hi, score, lead) }
            }
            i = j
        }
        guard let best else { return nil }
        var title = Array(words[best.range])
        var name: [Word] = []
        // The author set in the title's line: a name closing it ("… DANIEL KAHNEMAN"), or opening it before two or more
        // real words ("Sowell DISCRIMINATION and DISPARITIES", "STEVEN OUTDOOR KIDS").
        var nameFollows = false
        if let cut = trailingName(title) {
            name = Array(title[cut...])
            title = Array(title[..<cut])
            nameFollows = true
        } else {
            let lead = title.prefix { ($0.kind == .name && people.contains($0.lower)) || $0.kind == .initial }
            let rest = title.dropFirst(lead.count)
            if !lead.isEmpty, lead.count <= 3, lead.last?.kind != .initial, rest.filter({ $0.kind == .common && $0.letters >= 3 }).count >= 2 {
                name = Array(lead)
                title = Array(rest)
            }
        }
        while let w = title.last, Self.minorWords.contains(w.lower) { title.removeLast() }
        guard !title.isEmpty else { return nil }
        // Otherwise the name beside it: right after it (words up to the line's end), else right before it.
        if name.isEmpty { name = asName(words[best.range.upperBound...].prefix { $0.kind != .common || isNameWord($0) }) }
        if name.isEmpty { name = asName(words[..<best.range.lowerBound].reversed().prefix { $0.kind != .common || isNameWord($0) }.reversed()[...]) }
        let tail = name.isEmpty ? Array(words[best.range.upperBound...].prefix { Self.minorWords.contains($0.lower) }) : []
        return Run(
            line: line, words: title, name: name, score: best.score, source: source, lead: name.isEmpty ? best.lead : [], tail: tail,
            nameFollows: nameFollows)
    }

    /// The name at the end of a line ("… DANIEL KAHNEMAN"): first names or initials, then a surname that is only a name
    /// (or any name when a first name that is only a name stands before it). Returns where the name starts.
    func trailingName(_ words: [Word]) -> Int? {
        guard words.count >= 2, let last = words.last, !last.possessive, Self.style(last) != .lower else { return nil }
        let hasTitle = { (upTo: Int) in words[..<upTo].contains(where: { $0.kind == .common && $0.letters >= 3 }) }
        // Capitalised words closing a line set otherwise ("MAKING BREAD at home Jane Mason"): a name when one of them is
        // only a person's name. A small word before them is the title's own ("… of the Hidden Garden").
        let tail = words.reversed().prefix { Self.style($0) == .capitalised }
        if (2...3).contains(tail.count), tail.count < words.count {
            let before = words[words.count - tail.count - 1]
            let person =
                tail.contains { $0.kind == .name && people.contains($0.lower) }
                || (Self.style(before) == .lower && people.contains(tail.first!.lower))
            if Self.style(before) != .capitalised, !Self.minorWords.contains(before.lower), person, hasTitle(words.count - tail.count) {
                return words.count - tail.count
            }
        }
        // A first name that is only a name, then any word in the same case: its surname ("Martha Quill").
        let first = words[words.count - 2]
        if first.kind == .name, people.contains(first.lower), Self.style(first) == Self.style(last), hasTitle(words.count - 2) {
            return words.count - 2
        }
        // A surname that is only a name, with the first names or initials before it.
        guard last.kind == .name, people.contains(last.lower) else { return nil }
        var start = words.count - 1
        while start > 0, words.count - start < 4 {
            let w = words[start - 1]
            guard !w.possessive, w.kind == .initial || (w.kind == .name && people.contains(w.lower)) else { break }
            start -= 1
        }
        return hasTitle(start) ? start : nil
    }

    /// A whole line that is a person's name ("ANGELA DUCKWORTH", "SOWELL"), or nil.
    func nameLine(_ source: SpineLine) -> [Word]? {
        var words = words(of: source.text)
        while let w = words.first, w.kind == .noise || (w.letters == 1 && w.kind != .initial) { words.removeFirst() }
        while let w = words.last, w.kind == .noise || w.letters == 1 { words.removeLast() }
        let name = asName(words[...])
        return name.isEmpty || name.count != words.count ? nil : name
    }

    // MARK: Naming

    /// The book a spine names, or nil when its text does not make a title clearly enough. `quarterTurns` is the
    /// reading's winning direction: lines read the other way (a logo across the spine) count less.
    public func name(_ placed: [SpineLine], quarterTurns: Int) -> SpineName? {
        let alongSpine = quarterTurns != 0
        let placed = Self.joinedAcross(placed)
        var runs: [Run] = []
        for (n, l) in placed.enumerated() {
            // The publisher's mark and the edition at the foot are not the title.
            if let r = run(l, line: n),
                !r.words.filter({ $0.kind != .unknown }).allSatisfy({
                    Self.publisherWords.contains($0.lower) || Self.editionWords.contains($0.lower) || Self.minorWords.contains($0.lower)
                })
            {
                var r = r
                if l.across == alongSpine { r.score *= 0.7 }
                if l.secondLook { r.score *= 0.9 }
                runs.append(r)
            }
        }
        guard let anchor = runs.max(by: { $0.score < $1.score }) else { return nil }
        // A title set on two lines: the next line that holds real words (within two), clean, and not a repeat of the
        // first (the second look reads the same words again). Letter sizes are not compared: a mark beside a line
        // makes its box as tall as the spine.
        var titleRuns = [anchor]
        func continues(_ r: Run, after first: Run) -> Run? {
            // Unknown words opening the next line are the author's name set beside the title ("RINELLA AN INSIDE …").
            let words = Array(r.words.drop { $0.kind == .unknown })
            guard r.source.across == first.source.across, r.score >= 2, !words.isEmpty, words.allSatisfy({ $0.kind != .unknown }),
                nameLine(r.source) == nil,
                !words.contains(where: { w in w.letters >= 3 && first.words.contains { $0.lower == w.lower } })
            else { return nil }
            var next = r
            next.words = first.tail + (words.count == r.words.count ? r.lead : []) + words
            return next
        }
        if let next = runs.first(where: { $0.line > anchor.line && $0.line <= anchor.line + 2 && $0.score >= 2 }),
            let joined = continues(next, after: anchor)
        {
            titleRuns.append(joined)
        } else if let previous = runs.last(where: { $0.line == anchor.line - 1 }), previous.name.isEmpty || anchor.name.isEmpty,
            // The line before is the title's start only when a small word joins the two ("OUTDOOR KIDS IN / AN INSIDE …").
            previous.words.count >= 2, !previous.tail.isEmpty || !anchor.lead.isEmpty, continues(anchor, after: previous) != nil
        {
            var first = previous
            first.name = previous.name.isEmpty ? anchor.name : previous.name
            titleRuns = [first, continues(anchor, after: previous)!]
        }
        var titleWords = titleRuns.flatMap(\.words)
        while let w = titleWords.last, Self.minorWords.contains(w.lower) { titleWords.removeLast() }
        guard !titleWords.isEmpty, titleWords.count <= config.maximumTitleWords else { return nil }
        // The author: a line of names elsewhere on the spine (the usual layout), else the name beside the title. A lone
        // word cut off the title's end as a surname goes back to the title when the spine names its author elsewhere.
        let nameLines = placed.enumerated().filter { n, _ in !titleRuns.contains { $0.line == n } }.compactMap { nameLine($0.element) }
        var author = nameLines.max { Self.nameScore($0) < Self.nameScore($1) } ?? []
        if !author.isEmpty, let i = titleRuns.firstIndex(where: { $0.name.count == 1 && $0.nameFollows }) {
            titleRuns[i].words += titleRuns[i].name
        } else if let beside = titleRuns.first(where: { !$0.name.isEmpty })?.name {
            author = beside
        }
        let titleLetters = titleWords.reduce(0) { $0 + $1.letters }
        let commonLong = titleWords.filter { $0.kind == .common && $0.letters >= 4 }.count
        let commonAny = titleWords.filter { $0.kind == .common && $0.letters >= 3 }.count
        guard titleLetters >= 5, commonLong >= 1 || commonAny >= 2 else { return nil }
        // A single word read alone is rarely a whole title; without an author the catalog knows it is not named.
        guard titleWords.count >= 2 || author.contains(where: { people.contains($0.lower) }) else { return nil }
        // Two or three words that are all people's names are a name ("MARK TWAIN"), not a title.
        guard !(titleWords.count <= 3 && titleWords.allSatisfy { people.contains($0.lower) }) else { return nil }
        // How clean the lines the title came from are: noise beside a title means a hard reading.
        let lineQuality =
            titleRuns.map { r in
                let all = words(of: r.source.text)
                let letters = all.reduce(0) { $0 + max(1, $1.letters) }
                let clean = all.filter { $0.kind != .noise }.reduce(0) { $0 + max(1, $1.letters) }
                return Double(clean) / Double(max(1, letters))
            }.min() ?? 0
        let known = titleWords.reduce(0.0) { sum, w in sum + (w.kind == .unknown ? Double(w.letters) * 0.3 : Double(w.letters)) }
        let lexical = known / Double(max(1, titleLetters))
        // Long dictionary words rarely come out of noise; short ones ("ere", "men", "sea") often do.
        let strength = min(1, Double(titleWords.filter { $0.kind == .common && $0.letters >= 4 }.reduce(0) { $0 + $1.letters }) / 12)
        let ocr = titleRuns.reduce(0) { $0 + $1.source.confidence } / Double(titleRuns.count)
        var confidence = 0.15 + 0.3 * lexical + 0.2 * strength + 0.2 * ocr + 0.1 * lineQuality + (author.isEmpty ? 0 : 0.1)
        if titleWords.count == 1 { confidence -= 0.1 }
        confidence = min(0.9, max(0, confidence))
        guard confidence >= config.minimumConfidence else { return nil }
        return SpineName(title: Self.display(titleWords), author: Self.display(author, isName: true), confidence: (confidence * 100).rounded() / 100)
    }

    /// Words stacked across an upright spine are read one line each ("RULES / FOR / LIFE"): consecutive lines read
    /// across, in one look, become one line read top to bottom.
    static func joinedAcross(_ lines: [SpineLine]) -> [SpineLine] {
        var out: [SpineLine] = []
        for l in lines {
            if l.across, var last = out.last, last.across, last.secondLook == l.secondLook, l.from >= last.from {
                last.text += " " + l.text
                last.confidence = (last.confidence + l.confidence) / 2
                last.size = min(last.size, l.size)
                last.to = max(last.to, l.to)
                out[out.count - 1] = last
            } else {
                out.append(l)
            }
        }
        return out
    }

    /// How likely a name line is the author's: words that are only names count most, unknown ones half.
    static func nameScore(_ words: [Word]) -> Double {
        Double(words.filter { $0.kind == .name }.count) + 0.5 * Double(words.filter { $0.kind == .unknown }.count)
    }

    /// Words as a person would write them: spines set in capitals become Title Case (small words lower case inside);
    /// mixed case is kept as read.
    static func display(_ words: [Word], isName: Bool = false) -> String {
        let allCaps = words.allSatisfy { w in w.text.filter(\.isLetter).allSatisfy(\.isUppercase) }
        return words.enumerated().map { i, w in
            guard allCaps, w.text.contains(where: \.isLetter) else { return w.text }
            if w.kind == .initial { return w.text.uppercased() }
            let lower = w.text.lowercased()
            if !isName, i > 0, minorWords.contains(lower) { return lower }
            return lower.prefix(1).uppercased() + lower.dropFirst()
        }.joined(separator: " ")
    }
}
