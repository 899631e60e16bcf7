// Step "profile": the reader's preferences from the identified books' reader tags.
import Foundation

/// Tags that name a genre (shown as "genre"); every other subject tag is an interest.
enum Genres {
    static let names: [String: String] = [
        "classics": "Classics", "fiction": "Fiction", "literary-fiction": "Literary fiction", "literature": "Literature",
        "fantasy": "Fantasy", "science-fiction": "Science fiction", "mystery": "Mystery", "thriller": "Thriller",
        "crime": "Crime", "horror": "Horror", "romance": "Romance", "historical-fiction": "Historical fiction",
        "young-adult": "Young adult", "children": "Children's", "non-fiction": "Non-fiction", "biography": "Biography",
        "memoir": "Memoir", "history": "History", "psychology": "Psychology", "self-help": "Self-help",
        "business": "Business", "economics": "Economics", "science": "Science", "philosophy": "Philosophy",
        "politics": "Politics", "poetry": "Poetry", "religion": "Religion", "humor": "Humour", "travel": "Travel",
        "cooking": "Cooking", "art": "Art", "dystopian": "Dystopian", "graphic-novels": "Graphic novels",
        "short-stories": "Short stories", "war": "War", "sports": "Sports", "adventure": "Adventure",
        "essays": "Essays", "true-crime": "True crime", "health": "Health", "education": "Education",
    ]
    /// Broad labels that say little when a narrower one is there.
    static let broad: Set<String> = ["fiction", "non-fiction", "literature"]
    static let advanced: Set<String> = ["classics", "philosophy", "literary-fiction", "science", "economics", "history", "politics", "literature"]
    static let young: Set<String> = ["children", "young-adult", "middle-grade", "picture-books"]

    static func display(_ tag: String) -> String {
        names[tag] ?? tag.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }
}

public struct ReadingProfiler: Sendable {
    public let catalog: BookCatalog
    public init(catalog: BookCatalog) { self.catalog = catalog }

    /// The book's genre: its strongest genre tag, narrow ones first.
    public func genre(of book: CatalogBook) -> String {
        let ranked = book.tags.sorted { $0.value > $1.value }.map { catalog.tagName($0.key) }.filter { Genres.names[$0] != nil }
        return Genres.display(ranked.first { !Genres.broad.contains($0) } ?? ranked.first ?? "general")
    }

    /// Tags that are author names ("stephen-king") say nothing about taste beyond the author.
    private func isAuthorTag(_ tag: String, of books: [CatalogBook]) -> Bool {
        let words = Set(tag.split(separator: "-").map(String.init))
        return books.contains { b in b.authors.contains { a in Set(ShelfText.tokens(a)).isSuperset(of: words) } }
    }

    /// - Parameters:
    ///   - books: the named books (catalog books, or stand-ins through their author) with how much each counts.
    ///   - otherAuthors: authors of named books the catalog knows nothing about; they count among the authors only.
    public func preferences(for books: [(book: CatalogBook, weight: Double)], otherAuthors: [String] = []) -> ReadingPreferences {
        guard !books.isEmpty else {
            return otherAuthors.isEmpty
                ? .unknown
                : ReadingPreferences(favoriteGenres: [], readingLevel: "Unknown", interests: [], authorPreferences: Self.ranked(otherAuthors))
        }
        var totals: [String: Double] = [:]
        for (book, weight) in books {
            for (t, w) in book.tags { totals[catalog.tagName(t), default: 0] += w * weight }
        }
        let ranked = totals.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        let all = books.map(\.book)
        let genres = ranked.filter { Genres.names[$0.key] != nil }
        let favorite = (genres.filter { !Genres.broad.contains($0.key) } + genres.filter { Genres.broad.contains($0.key) })
            .prefix(4).map { Genres.display($0.key) }
        let interests = ranked.filter { Genres.names[$0.key] == nil && !isAuthorTag($0.key, of: all) && $0.value >= 0.3 }
            .prefix(6).map { Genres.display($0.key) }
        let total = max(0.001, totals.values.reduce(0, +))
        let advanced = Genres.advanced.reduce(0) { $0 + (totals[$1] ?? 0) } / total
        let young = Genres.young.reduce(0) { $0 + (totals[$1] ?? 0) } / total
        let level = young > 0.15 ? "Young reader" : advanced > 0.12 ? "Advanced" : "General"
        let authors = Self.ranked(all.map(\.mainAuthor) + otherAuthors)
        return ReadingPreferences(favoriteGenres: Array(favorite), readingLevel: level, interests: Array(interests), authorPreferences: authors)
    }

    /// The five authors named most often, most first.
    static func ranked(_ authors: [String]) -> [String] {
        var counts: [String: Int] = [:]
        for a in authors where !a.isEmpty && a != "Unknown" { counts[a, default: 0] += 1 }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5).map(\.key)
    }
}
