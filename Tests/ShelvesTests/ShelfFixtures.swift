import AIClient
// Synthetic shelves rendered by tools/make_shelf_fixtures.py (run by `make test`), a small catalog, one engine.
import Foundation
import Imaging
import PageReading
import Support
import Testing

@testable import Shelves

enum ShelfFixtures {
    static let directory: URL = {
        if let dir = ProcessInfo.processInfo.environment["SNAPPOST_SHELF_FIXTURES"] { return URL(fileURLWithPath: dir) }
        return packageRoot.appendingPathComponent(".build/fixtures/shelf")
    }()
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func data(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
        return try #require(
            data, "fixture \(name) is missing: run `python3 tools/make_shelf_fixtures.py .build/fixtures/shelf`", sourceLocation: sourceLocation)
    }

    struct Spine: Decodable {
        var title: String
        var author: String
        var direction: String
        var lean: Double
    }

    static func truth() throws -> [Spine] { try JSONDecoder().decode([Spine].self, from: try data("shelf.json")) }

    /// The shipped catalog (the Shelves module's resource), loaded once.
    static let catalog: BookCatalog? = try? BookCatalog.load(from: BookCatalog.shipped)
    static let engine: TesseractEngine? = try? TesseractEngine(languages: ["eng"], workers: 2)

    /// A catalog made in the test: (title, authors, tags as name → weight).
    static func smallCatalog(_ entries: [(String, String, [String: Double], Double, Int)]) -> BookCatalog {
        var names: [String] = []
        func tag(_ n: String) -> Int {
            if let i = names.firstIndex(of: n) { return i }
            names.append(n)
            return names.count - 1
        }
        let books = entries.enumerated().map { i, e in
            var tags: [Int: Double] = [:]
            for (n, w) in e.2 { tags[tag(n)] = w }
            return CatalogBook(
                id: i + 1, title: e.0, spineTitle: BookCatalog.mainTitle(e.0), otherTitles: [], authors: e.1.components(separatedBy: ", "),
                year: nil, rating: e.3, ratingsCount: e.4, tags: tags)
        }
        return BookCatalog(books: books, tagNames: names)
    }
}
