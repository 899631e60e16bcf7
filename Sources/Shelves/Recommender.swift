// Step "recommend": each shelf book votes for its nearest unread neighbours by tag similarity, weighted by rating.
import Foundation
import Support

/// Summing the shelf's tags and ranking by rating only returns the biggest genre's bestsellers; here every shelf
/// book votes for its own neighbours, the picks go round the shelf books in turn, and other editions of a shelf
/// book (or books whose title is already on a spine), box sets, and books written about another catalog book
/// (a study guide, a critical reader) are never suggested.
public struct Recommender: Sendable {
    public struct Config: Sendable, Equatable {
        public var count = 6
        /// Neighbours each shelf book votes for.
        public var neighboursPerBook = 8
        /// Candidates rated below this are not suggested.
        public var minimumRating = 3.7
        public init() {}
    }

    public let catalog: BookCatalog
    public var config: Config
    private let norms: [Double]
    /// A title's significant words (sorted, joined) → the catalog books of that title.
    private let byTitleWords: [String: [Int]]

    public init(catalog: BookCatalog, config: Config = Config()) {
        self.catalog = catalog
        self.config = config
        norms = catalog.books.map(Self.tagNorm)
        var index: [String: [Int]] = [:]
        for (i, b) in catalog.books.enumerated() { index[Self.titleKey(b.spineTitle), default: []].append(i) }
        byTitleWords = index
    }

    static func titleKey(_ title: String) -> String { ShelfText.significant(ShelfText.tokens(title)).sorted().joined(separator: " ") }

    /// Whether `book` is written about another catalog book: its title is "Someone's Title" where the catalog holds
    /// "Title" by an author named in "Someone", who is not among `book`'s own authors ("Kurt Vonnegut's Cat's Cradle"
    /// by Harold Bloom and others, a critical reader), and readers shelve it alike. "Dr. Seuss's ABC" by Dr. Seuss,
    /// "William Shakespeare's Star Wars" (no such Shakespeare title) and "Homer's Odyssey" (a memoir about a cat, shelved
    /// nothing like the epic) stay.
    func isWrittenAboutAnotherBook(_ book: CatalogBook) -> Bool {
        let title = BookCatalog.mainTitle(book.title)
        guard let mark = title.firstRange(of: "'s ") ?? title.firstRange(of: "’s ") else { return false }
        let owner = Set(ShelfText.tokens(String(title[..<mark.lowerBound])))
        let key = Self.titleKey(String(title[mark.upperBound...]))
        guard !owner.isEmpty, !key.isEmpty, let subjects = byTitleWords[key] else { return false }
        func surname(_ author: String) -> String? { ShelfText.significant(ShelfText.tokens(author)).filter { $0 != "jr" && $0 != "sr" }.last }
        let ownSurnames = Set(book.authors.compactMap(surname))
        let norm = Self.tagNorm(book)
        return subjects.contains { i in
            let subject = catalog.books[i]
            guard subject.id != book.id, let author = subject.authors.first, let name = surname(author),
                owner.contains(name), !ownSurnames.contains(name)
            else { return false }
            // Readers shelve a book about a book like the book itself; "Homer's Odyssey", a memoir about a cat,
            // shares nothing with Homer's epic and stays.
            return similarity(book, norm, i) > 0.3
        }
    }

    /// The length of a book's tag vector, for cosine similarity.
    static func tagNorm(_ book: CatalogBook) -> Double { book.tags.values.reduce(0) { $0 + $1 * $1 }.squareRoot() }

    func similarity(_ a: CatalogBook, _ aNorm: Double, _ bIndex: Int) -> Double {
        let b = catalog.books[bIndex]
        guard aNorm > 0, norms[bIndex] > 0 else { return 0 }
        var dot = 0.0
        for (t, w) in a.tags { if let v = b.tags[t] { dot += w * v } }
        return dot / (aNorm * norms[bIndex])
    }

    /// Whether `candidate` is the same work as `owned` in another edition, a box set, or an omnibus.
    static func isOtherEdition(_ candidate: CatalogBook, of owned: CatalogBook) -> Bool {
        let a = Set(ShelfText.significant(ShelfText.tokens(owned.spineTitle)))
        let b = Set(ShelfText.significant(ShelfText.tokens(candidate.spineTitle)))
        let full = Set(ShelfText.significant(ShelfText.tokens(candidate.title)))
        guard !a.isEmpty, !b.isEmpty else { return false }
        if a == b { return true }
        let sameAuthor = !Set(owned.authors).isDisjoint(with: candidate.authors)
        return sameAuthor && (full.isSuperset(of: a) || a.isSuperset(of: b))
    }

    /// - Parameters:
    ///   - shelf: identified books with their confidence.
    ///   - spineWords: every word read on the shelf; a book whose whole title is among them may already be there.
    public func recommend(for shelf: [(book: CatalogBook, weight: Double)], spineWords: Set<String>) -> [Recommendation] {
        guard !shelf.isEmpty else { return [] }
        let ownedIDs = Set(shelf.map(\.book.id))
        var votes: [Int: Double] = [:]
        var ballots: [(owner: CatalogBook, picks: [(index: Int, similarity: Double)])] = []
        for (owned, weight) in shelf {
            let norm = Self.tagNorm(owned)
            var scored: [(index: Int, similarity: Double, score: Double)] = []
            for (i, c) in catalog.books.enumerated() where !ownedIDs.contains(c.id) && c.rating >= config.minimumRating {
                let s = similarity(owned, norm, i)
                guard s > 0.3 else { continue }
                // Rating matters, popularity a little (a 4.3 read by thousands beats a 4.4 read by forty).
                let quality = (c.rating - 3.5) * (0.5 + min(1, log10(Double(max(10, c.ratingsCount))) / 6) / 2)
                scored.append((i, s, s * s * quality))
            }
            scored.sort { $0.score > $1.score }
            var picks: [(index: Int, similarity: Double)] = []
            for s in scored where picks.count < config.neighboursPerBook {
                let c = catalog.books[s.index]
                if shelf.contains(where: { Self.isOtherEdition(c, of: $0.book) }) { continue }
                if Self.titleIsOnShelf(c, spineWords: spineWords) || Self.isCollection(c) || isWrittenAboutAnotherBook(c) { continue }
                picks.append((s.index, s.similarity))
                votes[s.index, default: 0] += s.score * weight
            }
            ballots.append((owned, picks))
        }
        let best = votes.values.max() ?? 1
        // Round the shelf books in turn, each giving its best remaining pick by total votes.
        var chosen: [Recommendation] = [], taken = Set<Int>(), round = 0
        let order = ballots.indices.sorted { shelf[$0].weight > shelf[$1].weight }
        while chosen.count < config.count && round < config.neighboursPerBook {
            var progressed = false
            for i in order where chosen.count < config.count {
                let ballot = ballots[i]
                guard let pick = ballot.picks.filter({ !taken.contains($0.index) }).max(by: { votes[$0.index]! < votes[$1.index]! }) else { continue }
                let c = catalog.books[pick.index]
                // Two shelf books may pick two editions of one work: keep the first.
                if chosen.contains(where: { r in r.catalogID.flatMap(catalog.book(id:)).map { Self.isOtherEdition(c, of: $0) } ?? false }) {
                    taken.insert(pick.index)
                    progressed = true
                    continue
                }
                taken.insert(pick.index)
                progressed = true
                let score = (0.5 * pick.similarity + 0.5 * votes[pick.index]! / best)
                chosen.append(
                    Recommendation(
                        title: c.spineTitle, author: c.mainAuthor, reason: reason(for: c, because: ballot.owner),
                        matchScore: (score * 100).rounded() / 100, catalogID: c.id))
            }
            if !progressed { break }
            round += 1
        }
        return chosen
    }

    /// Box sets and omnibus volumes repeat books rather than suggest one.
    static func isCollection(_ book: CatalogBook) -> Bool {
        let t = book.title.lowercased()
        return ["box set", "boxset", "boxed set", "collection", "omnibus", "complete series", "trilogy", "#1-"].contains { t.contains($0) }
    }

    static func titleIsOnShelf(_ book: CatalogBook, spineWords: Set<String>) -> Bool {
        let words = ShelfText.significant(ShelfText.tokens(book.spineTitle))
        return !words.isEmpty && words.allSatisfy { w in spineWords.contains(w) }
    }

    private func reason(for book: CatalogBook, because owned: CatalogBook) -> String {
        let shared = book.tags.keys.filter { owned.tags[$0] != nil }
            .sorted { (book.tags[$0]! + owned.tags[$0]!) > (book.tags[$1]! + owned.tags[$1]!) }
            .map { catalog.tagName($0) }.filter { !$0.contains(where: \.isNumber) }
            .prefix(3).map { Genres.display($0).lowercased() }
        let rating = String(format: "%.1f", book.rating)
        let tags = shared.isEmpty ? "" : " (\(shared.joined(separator: ", ")))"
        // A book the catalog lacks stands in through its author's books (``ShelfAnalyser/authorStandIn``).
        if owned.id < 0 {
            return
                "Readers of \(owned.mainAuthor), whose \(owned.spineTitle) is on your shelf, shelve it alike\(tags); rated \(rating) by \(Self.readers(book.ratingsCount)) readers."
        }
        return "Readers of \(owned.spineTitle) shelve it alike\(tags); rated \(rating) by \(Self.readers(book.ratingsCount)) readers."
    }

    static func readers(_ n: Int) -> String {
        n >= 1_000_000 ? String(format: "%.1fM", Double(n) / 1_000_000) : n >= 1000 ? "\(n / 1000)k" : "\(n)"
    }
}
