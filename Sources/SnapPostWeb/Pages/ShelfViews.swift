// View models of the Shelf pages. Mustache reads stored properties only, so every value a template shows is stored.
import Foundation
import Shelves
import Storage
import Support
import Workflows

/// One shelf scan in the recent list and search results.
struct ShelfSummaryView {
    let href: String
    let titles: String
    let counts: String
    let when: String
    let iso: String
    let confidence: String

    init(_ scan: ShelfScan, base: String) {
        href = "\(base)/shelves/\(scan.id)"
        titles = scan.titles.isEmpty ? "No book identified" : Format.snippet(scan.titles, length: 110)
        counts = "\(scan.bookCount) \(scan.bookCount == 1 ? "book" : "books") of \(scan.spineCount) \(scan.spineCount == 1 ? "spine" : "spines")"
        when = Format.timestamp(scan.createdAt)
        iso = Format.iso(scan.createdAt)
        confidence = Format.percent(scan.confidence)
    }
}

/// The Shelf page: take or choose a photo, then recent shelf scans (searchable).
struct ShelfHomeView {
    let shelves: [ShelfSummaryView]
    let hasShelves: Bool
    let query: String
    let searched: Bool
    let notice: String?
}

/// One spine over the photo, and what was read on it.
struct SpineView {
    /// As people count: 1 is the first spine, top row, from the left.
    let number: Int
    /// The outline as SVG polygon points, "x,y x,y x,y x,y".
    let points: String
    /// Where the label sits (the outline's centre).
    let cx: Int
    let cy: Int
    let lines: [String]
    let hasText: Bool
    let text: String
    /// The book found on this spine, if any.
    let book: String?
    let row: Int
    /// What a screen reader says for the spine's link: its number and its book or text.
    let label: String
}

/// One detected book (identified, or a spine's raw text) with its correction form.
struct ShelfBookView {
    /// Position in the analysis, for the correction form's URL.
    let position: Int
    let title: String
    let author: String
    let genre: String
    let confidence: String
    let identified: Bool
    let corrected: Bool
    let spineNumber: Int?
    let spineText: String
    let hasSpineText: Bool
    /// The author as the form shows it ("" instead of "Unknown").
    let formAuthor: String
    /// The title as the form shows it: an unidentified spine's text is a starting point, not a title.
    let formTitle: String
    let justCorrected: Bool
    let hasAuthor: Bool
    /// Where the name comes from, as the page says it ("read from the spine") and as a class name.
    let sourceLabel: String
    let sourceKey: String
}

struct RecommendationView {
    let number: Int
    let title: String
    let author: String
    let reason: String
    let matchScore: String
}

struct ShelfResultView {
    let id: String
    let previewHref: String
    let hasPreview: Bool
    let width: Int
    let height: Int
    let spines: [SpineView]
    let hasSpines: Bool
    let spineCount: Int
    let identified: [ShelfBookView]
    let hasIdentified: Bool
    let namedCount: Int
    /// The books shown at once (the surest first), and the rest folded, so the recommendations stay near the top.
    let topBooks: [ShelfBookView]
    let moreBooks: [ShelfBookView]
    let hasMoreBooks: Bool
    let moreCount: Int
    let moreNoun: String
    let moreOpen: Bool
    let unidentified: [ShelfBookView]
    let hasUnidentified: Bool
    let unidentifiedCount: Int
    /// "37 spines could not be read — show them".
    let unreadLine: String
    let unreadOpen: Bool
    let genres: String
    let readingLevel: String
    let interests: String
    let authors: String
    let summary: String
    let confidence: String
    let lowConfidence: Bool
    let analysedBy: String
    let notes: [String]
    let recommendations: [RecommendationView]
    let hasRecommendations: Bool
    let audioHref: String
    /// The text Share and Copy hand over.
    let shareText: String
    let notice: String?
    let when: String
    let iso: String
    let timings: [TimingView]

    /// Books shown before the fold.
    static let booksShown = 8

    init(id: String, scan: ShelfScan, reading r: ShelfReading, hasPreview: Bool, base: String, notice: String?, corrected: Int?) {
        self.id = id
        previewHref = "\(base)/shelves/\(id)/preview.jpg"
        self.hasPreview = hasPreview
        width = max(1, r.imageSize.width)
        height = max(1, r.imageSize.height)
        let bookOnSpine = Dictionary(
            r.books.filter(\.identified).compactMap { b in b.spineIndex.map { ($0, b.title) } }, uniquingKeysWith: { a, _ in a })
        spines = r.spines.map { s in
            let xs = s.corners.map(\.x), ys = s.corners.map(\.y)
            let book = bookOnSpine[s.index]
            let text = s.lines.joined(separator: " / ")
            return SpineView(
                number: s.index + 1, points: s.corners.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: " "),
                cx: Int((xs.reduce(0, +) / Double(max(1, xs.count))).rounded()), cy: Int((ys.reduce(0, +) / Double(max(1, ys.count))).rounded()),
                lines: s.lines, hasText: !s.lines.isEmpty, text: text, book: book, row: s.row + 1,
                label: "Spine \(s.index + 1): " + (book ?? (s.lines.isEmpty ? "nothing readable" : "not read, \(Format.snippet(text, length: 60))")))
        }
        hasSpines = !spines.isEmpty
        spineCount = spines.count
        let books = r.books.enumerated().map { position, b in
            ShelfBookView(
                position: position, title: b.title, author: b.author, genre: b.genre, confidence: Format.percent(b.confidence),
                identified: b.identified, corrected: b.correctedByHand, spineNumber: b.spineIndex.map { $0 + 1 }, spineText: b.spineText,
                hasSpineText: !b.spineText.isEmpty, formAuthor: b.author == "Unknown" ? "" : b.author, formTitle: b.identified ? b.title : "",
                justCorrected: corrected == position, hasAuthor: !b.author.isEmpty && b.author != "Unknown", sourceLabel: b.source.label,
                sourceKey: b.source.rawValue)
        }
        identified = books.filter(\.identified)
        hasIdentified = !identified.isEmpty
        namedCount = identified.count
        // The surest first (typed, the catalog's, a model's), then those read from the spine; each in shelf order.
        let ordered =
            identified.filter { $0.sourceKey != BookSource.spine.rawValue } + identified.filter { $0.sourceKey == BookSource.spine.rawValue }
        topBooks = Array(ordered.prefix(Self.booksShown))
        moreBooks = Array(ordered.dropFirst(Self.booksShown))
        hasMoreBooks = !moreBooks.isEmpty
        moreCount = moreBooks.count
        moreNoun = moreBooks.count == 1 ? "book" : "books"
        moreOpen = moreBooks.contains(where: \.justCorrected)
        unidentified = books.filter { !$0.identified }
        hasUnidentified = !unidentified.isEmpty
        unidentifiedCount = unidentified.count
        unreadLine =
            "\(unidentified.count) \(unidentified.count == 1 ? "spine" : "spines") could not be read — show \(unidentified.count == 1 ? "it" : "them")"
        unreadOpen = unidentified.contains(where: \.justCorrected)
        genres = r.favoriteGenres.isEmpty ? "Not known yet" : r.favoriteGenres.joined(separator: ", ")
        readingLevel = r.readingLevel
        interests = r.interests.isEmpty ? "Not known yet" : r.interests.joined(separator: ", ")
        authors = r.authorPreferences.isEmpty ? "Not known yet" : r.authorPreferences.joined(separator: ", ")
        summary = r.summary
        confidence = Format.percent(r.confidence)
        lowConfidence = r.confidence < 0.4
        analysedBy = r.analysedBy
        notes = r.notes
        recommendations = r.recommendations.enumerated().map { n, rec in
            RecommendationView(number: n + 1, title: rec.title, author: rec.author, reason: rec.reason, matchScore: Format.percent(rec.matchScore))
        }
        hasRecommendations = !recommendations.isEmpty
        audioHref = "\(base)/shelves/\(id)/audio.wav"
        shareText = ShelfReport.shareText(ShelfAnalysis(r))
        self.notice = notice
        when = Format.timestamp(scan.createdAt)
        iso = Format.iso(scan.createdAt)
        timings = r.timings.map { TimingView(step: $0.step, ms: String(Int(($0.seconds * 1000).rounded()))) }
    }
}
