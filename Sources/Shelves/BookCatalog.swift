// The shipped book catalog (derived from goodbooks-10k, CC BY-SA 4.0): titles, authors, ratings and reader tags.
import Foundation

public struct CatalogBook: Sendable, Equatable {
    public var id: Int
    /// As Goodreads lists it, series included: "The Shining (The Shining #1)".
    public var title: String
    /// The title without the series note and subtitle, as a spine shows it: "The Shining".
    public var spineTitle: String
    /// Other names the book goes by (the original title, e.g. "Harry Potter and the Philosopher's Stone").
    public var otherTitles: [String]
    public var authors: [String]
    public var year: Int?
    public var rating: Double
    public var ratingsCount: Int
    /// Tag index → weight (0...1, the book's most used tag is 1).
    public var tags: [Int: Double]

    public var mainAuthor: String { authors.first ?? "Unknown" }
}

/// All books, with tag names; loaded once and shared.
public final class BookCatalog: Sendable {
    public let books: [CatalogBook]
    public let tagNames: [String]
    private let byID: [Int: Int]

    public init(books: [CatalogBook], tagNames: [String]) {
        self.books = books
        self.tagNames = tagNames
        var index: [Int: Int] = [:]
        for (i, b) in books.enumerated() { index[b.id] = i }
        byID = index
    }

    public func book(id: Int) -> CatalogBook? { byID[id].map { books[$0] } }
    public func tagName(_ index: Int) -> String { index >= 0 && index < tagNames.count ? tagNames[index] : "" }

    /// Reads `books.tsv` and `tags.tsv` from `directory` (tools/build_catalog.py writes them).
    public static func load(from directory: URL) throws(ShelfError) -> BookCatalog {
        let booksURL = directory.appendingPathComponent("books.tsv"), tagsURL = directory.appendingPathComponent("tags.tsv")
        guard let booksText = try? String(contentsOf: booksURL, encoding: .utf8) else { throw .catalogMissing(booksURL.path) }
        guard let tagsText = try? String(contentsOf: tagsURL, encoding: .utf8) else { throw .catalogMissing(tagsURL.path) }
        let tagNames = tagsText.split(separator: "\n", omittingEmptySubsequences: true).filter { !$0.hasPrefix("#") }.map(String.init)
        var books: [CatalogBook] = []
        books.reserveCapacity(10_000)
        for line in booksText.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 9, let id = Int(f[0]) else { throw .catalogUnreadable("bad line: \(line.prefix(80))") }
            var tags: [Int: Double] = [:]
            for pair in f[8].split(separator: ",") {
                let kv = pair.split(separator: ":")
                if kv.count == 2, let t = Int(kv[0]), let w = Double(kv[1]) { tags[t] = w / 100 }
            }
            let listed = f[3].isEmpty ? f[1] : f[3]
            books.append(
                CatalogBook(
                    id: id, title: f[1], spineTitle: Self.mainTitle(listed), otherTitles: f[2].isEmpty ? [] : [f[2]],
                    authors: f[4].split(separator: ", ").map(String.init).filter { !$0.isEmpty }, year: Int(f[5]),
                    rating: Double(f[6]) ?? 0, ratingsCount: Int(f[7]) ?? 0, tags: tags))
        }
        return BookCatalog(books: books, tagNames: tagNames)
    }

    /// "Moneyball: The Art of Winning an Unfair Game" → "Moneyball"; spines rarely carry the subtitle.
    static func mainTitle(_ title: String) -> String {
        var t = Substring(title)
        if let r = t.firstRange(of: " (") { t = t[..<r.lowerBound] }
        if let r = t.firstRange(of: ": ") { t = t[..<r.lowerBound] }
        return String(t).trimmingCharacters(in: .whitespaces)
    }

    /// Where the catalog is: the configured folder (the `catalogDir` key, to try a rebuilt catalog without rebuilding
    /// the binary), else the copy SwiftPM ships beside the binary as this module's resource (Sources/Shelves/Catalog).
    public static func locate(configured: String? = nil) -> URL {
        if let configured, !configured.isEmpty { return URL(fileURLWithPath: configured) }
        return shipped
    }

    /// The catalog shipped in the module's resource bundle.
    public static var shipped: URL { Bundle.module.bundleURL.appendingPathComponent("Catalog") }
}
