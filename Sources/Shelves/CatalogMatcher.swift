// Step "identify": matches each spine's words against the catalog, with guards against false matches.
import Foundation

/// A catalog book found on one spine.
public struct CatalogMatch: Sendable, Equatable {
    public var bookID: Int
    public var spineIndex: Int
    /// 0...1.
    public var confidence: Double
    public var authorFound: Bool
}

/// Finds catalog titles in spine text. The guards, each from a false match seen on real shelves:
/// - whole words only, so "thinKING" never yields "The Shining" (or anything by King);
/// - every title word on the same spine, in order and close together, so two merged spines cannot lend each
///   other words;
/// - the title must explain most of the real words on its lines, so "Nudge" is not read out of
///   "Inside the Nudge Unit";
/// - one-word or very short titles also need the author's name on the spine;
/// - a title may lose a word to a misread only when it is long or other evidence stands in for it (the author's name;
///   for a two-word title, two of its co-authors' names);
/// - a misread is only forgiven in a word that is not a real word ("RIGHT SIDE" is not "Bright Side");
/// - without the author's name on the spine, only a long title read whole, with nothing else on its lines, and no
///   person's name anywhere else on the spine: a catalog book by another author is another book ("Winter Garden" by
///   Anna Hartley is not Kristin Hannah's).
public struct CatalogMatcher: Sendable {
    public struct Config: Sendable, Equatable {
        /// Share of the real words on the title's lines that the title and author must account for.
        public var minimumPrecision = 0.5
        /// Titles with fewer letters than this (not counting stopwords) need the author too.
        public var shortTitleLetters = 7
        public var minimumConfidence = 0.55
        /// Without its author on the spine, a title needs this many letters (not counting stopwords), read whole.
        public var titleOnlyLetters = 10
        /// Without its author, the share of real words on the title's lines the title must explain: all of them (a
        /// title one word longer is another book).
        public var titleOnlyPrecision = 1.0
        public init() {}
    }

    public let catalog: BookCatalog
    public var config: Config
    /// Significant title word → books whose spine title holds it.
    private let index: [String: [Int]]
    /// One-deletion variants → words, for finding words one OCR slip away (symmetric deletion).
    private let deletions: [String: [String]]
    /// Every word in a title or an author name: what counts as a real word on a spine.
    public let vocabulary: Set<String>
    private let titleWords: [[String]]

    /// Real words beyond the catalog's (the system word list): a read word that is one is taken as printed.
    private let extraWords: Set<String>
    /// Catalog authors' first names and surnames that are not common words: read on a spine, they say someone wrote it.
    private let personNames: Set<String>

    /// - Parameter commonWords: lower-case common words; a surname that is one ("Clear", "King") says nothing alone.
    public init(catalog: BookCatalog, config: Config = Config(), extraWords: Set<String> = [], commonWords: Set<String> = []) {
        self.catalog = catalog
        self.extraWords = extraWords
        self.config = config
        var names = Set<String>()
        for b in catalog.books {
            for a in b.authors { for t in ShelfText.tokens(a) where t.count >= 3 && t != "jr" && t != "sr" { names.insert(t) } }
        }
        self.personNames = names.subtracting(commonWords).subtracting(ShelfText.stopwords)
        var index: [String: [Int]] = [:], vocabulary = Set<String>(), titleWords: [[String]] = []
        for (i, book) in catalog.books.enumerated() {
            let words = ShelfText.significant(ShelfText.tokens(book.spineTitle))
            titleWords.append(words)
            for w in Set(words) { index[w, default: []].append(i) }
            vocabulary.formUnion(ShelfText.tokens(book.title))
            for a in book.authors { vocabulary.formUnion(ShelfText.tokens(a)) }
        }
        var deletions: [String: [String]] = [:]
        for word in index.keys where word.count >= 5 {
            for variant in Self.oneDeletion(word) { deletions[variant, default: []].append(word) }
        }
        self.index = index
        self.deletions = deletions
        self.vocabulary = vocabulary
        self.titleWords = titleWords
    }

    static func oneDeletion(_ word: String) -> Set<String> {
        let chars = Array(word)
        var out = Set<String>()
        for i in chars.indices {
            var c = chars
            c.remove(at: i)
            out.insert(String(c))
        }
        return out
    }

    /// Catalog words this OCR'd word may stand for.
    func candidates(for word: String) -> Set<String> {
        var out = Set<String>()
        if index[word] != nil { out.insert(word) }
        // A read word that is itself a real word was most likely printed so: "right" is not a misread "bright".
        guard word.count >= 5 else { return out }
        let isRealWord = vocabulary.contains(word) || extraWords.contains(word)
        var probes = Self.oneDeletion(word)
        probes.insert(word)
        for p in probes {
            for w in deletions[p] ?? [] where ShelfText.sameWord(word, w) && (!isRealWord || Self.isPlural(word, of: w)) { out.insert(w) }
            if index[p] != nil, ShelfText.sameWord(word, p), !isRealWord || Self.isPlural(word, of: p) { out.insert(p) }
        }
        return out
    }

    /// "farewells" for "farewell": a real word that differs only by a plural ending still stands for the title word.
    static func isPlural(_ a: String, of b: String) -> Bool { a == b + "s" || b == a + "s" }

    /// Words glued together by OCR ("THEHOUSE", "OFTHE"): split once where both halves are known words. A real word
    /// is taken as printed ("belling" is not "bel ling", "season" not "sea son").
    func splitGlued(_ word: String) -> [String] {
        guard word.count >= 6, !vocabulary.contains(word), !extraWords.contains(word) else { return [word] }
        let chars = Array(word)
        for cut in stride(from: chars.count - 2, through: 2, by: -1) {
            let a = String(chars[..<cut]), b = String(chars[cut...])
            let known = { (w: String) in self.vocabulary.contains(w) || ShelfText.stopwords.contains(w) }
            if known(a) && known(b) && (a.count >= 3 || ShelfText.stopwords.contains(a)) { return [a, b] }
        }
        return [word]
    }

    /// The spine's words with their line numbers, glued words split.
    func words(of lines: [String]) -> [(word: String, line: Int)] {
        var out: [(String, Int)] = []
        for (n, line) in lines.enumerated() {
            for t in ShelfText.tokens(line) { for w in splitGlued(t) { out.append((w, n)) } }
        }
        return out
    }

    /// Every acceptable match on one spine, best first, at most one per word of the spine.
    public func matches(spineIndex: Int, lines: [String], ocrConfidence: Double) -> [CatalogMatch] {
        let words = words(of: lines)
        guard !words.isEmpty else { return [] }
        // Which catalog words each position may be.
        var readAs: [Set<String>] = []
        var hits: [Int: Int] = [:]
        for (w, _) in words {
            let c = candidates(for: w)
            readAs.append(c)
            var books = Set<Int>()
            for word in c { for b in index[word] ?? [] { books.insert(b) } }
            for b in books { hits[b, default: 0] += 1 }
        }
        var found: [(match: CatalogMatch, used: Set<Int>, count: Int)] = []
        for (b, n) in hits {
            let title = titleWords[b]
            // Most of the title's words must be on the spine; a two-word title is looked at with one (see ``evaluate``).
            let distinct = Double(Set(title).count)
            guard !title.isEmpty, Double(n) >= min(distinct * 0.6, distinct - 1) else { continue }
            if let (match, used) = evaluate(
                book: b, title: title, words: words, readAs: readAs, lines: lines, spineIndex: spineIndex, ocrConfidence: ocrConfidence)
            {
                found.append((match, used, catalog.books[b].ratingsCount))
            }
        }
        // Best first; a more popular book wins a tie (the edition most people own), then the catalog's order, so the
        // answer does not depend on the dictionary's hashing.
        found.sort { ($0.match.confidence, $0.count, -$0.match.bookID) > ($1.match.confidence, $1.count, -$1.match.bookID) }
        var taken = Set<Int>(), out: [CatalogMatch] = []
        for f in found where f.used.isDisjoint(with: taken) {
            out.append(f.match)
            taken.formUnion(f.used)
        }
        return out
    }

    private func evaluate(
        book b: Int, title: [String], words: [(word: String, line: Int)], readAs: [Set<String>], lines: [String], spineIndex: Int,
        ocrConfidence: Double
    ) -> (CatalogMatch, Set<Int>)? {
        let book = catalog.books[b]
        // Title words in order, each after the previous one, close together.
        // Distance counts real words only: OCR noise between two title words ("4 vot i") does not part them.
        var realBefore = [Int](repeating: 0, count: words.count + 1)
        for (i, w) in words.enumerated() {
            realBefore[i + 1] = realBefore[i] + (vocabulary.contains(w.word) && !ShelfText.stopwords.contains(w.word) ? 1 : 0)
        }
        var positions: [Int] = [], cursor = 0, missing = 0
        for t in title {
            if let p = (cursor..<words.count).first(where: { readAs[$0].contains(t) }),
                positions.last.map({ realBefore[p] - realBefore[$0 + 1] <= 2 }) ?? true
            {
                positions.append(p)
                cursor = p + 1
            } else {
                missing += 1
            }
        }
        let coverage = Double(positions.count) / Double(title.count)
        // Long titles may lose one word to the spine's edge or a misread; short ones must be whole.
        let authorWords = Set(book.authors.flatMap { ShelfText.significant(ShelfText.tokens($0)) }.filter { $0.count >= 3 })
        let surnames = Set(book.authors.compactMap { ShelfText.tokens($0).last }.filter { $0.count >= 3 })
        let authorPositions = words.indices.filter { i in surnames.contains { ShelfText.sameWord(words[i].word, $0) } }
        let authorFound = !authorPositions.isEmpty
        // Co-authors named on the spine: different surnames read (a couple sharing one counts once).
        let namedAuthors = surnames.filter { s in words.contains { ShelfText.sameWord($0.word, s) } }.count
        // Long titles may lose one word to the spine's edge or a misread, three-word ones only with the author there,
        // two-word ones only with two of their authors there (two co-authors' names on one spine are as telling as a
        // title word).
        let mayLoseOne = title.count >= 4 || (title.count == 3 && authorFound) || (title.count == 2 && namedAuthors >= 2)
        guard missing == 0 || (missing == 1 && mayLoseOne) else { return nil }
        // Precision over the lines the title sits on: real words there must mostly be the title's or the author's.
        let titleLines = Set(positions.map { words[$0].line })
        var real = 0, explained = 0
        for (i, w) in words.enumerated() where titleLines.contains(w.line) {
            guard w.word.count >= 3, !ShelfText.stopwords.contains(w.word),
                vocabulary.contains(w.word) || extraWords.contains(w.word) || !readAs[i].isEmpty
            else { continue }
            real += 1
            if positions.contains(i) || authorWords.contains(where: { ShelfText.sameWord(w.word, $0) }) { explained += 1 }
        }
        let precision = real == 0 ? 0 : Double(explained) / Double(real)
        guard precision >= config.minimumPrecision else { return nil }
        let letters = title.reduce(0) { $0 + $1.count }
        if (title.count == 1 || letters < config.shortTitleLetters) && !authorFound { return nil }
        if !authorFound {
            // The spine must support the title on its own: whole, long, alone on its lines, and no other author named.
            guard missing == 0, letters >= config.titleOnlyLetters, precision >= config.titleOnlyPrecision else { return nil }
            let titleSet = Set(title)
            if words.contains(where: { personNames.contains($0.word) && !titleSet.contains($0.word) }) { return nil }
            // Nor a word the lists do not know beside it ("The Winter Garden JOITISTER"): most likely the author's name.
            let used = Set(positions)
            let strangers = words.indices.filter { i in
                let w = words[i].word
                return !used.contains(i) && w.count >= 4 && w.allSatisfy(\.isLetter) && w.contains(where: { "aeiouy".contains($0) })
                    && !ShelfText.stopwords.contains(w)
            }
            if !strangers.isEmpty { return nil }
        }
        let confidence = 0.45 * coverage + 0.2 * precision + 0.2 * (authorFound ? 1 : 0) + 0.15 * min(1, max(0, ocrConfidence))
        guard confidence >= config.minimumConfidence else { return nil }
        return (
            CatalogMatch(bookID: book.id, spineIndex: spineIndex, confidence: confidence, authorFound: authorFound), Set(positions + authorPositions)
        )
    }
}
