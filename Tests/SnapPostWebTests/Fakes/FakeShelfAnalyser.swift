// A stand-in shelf analyser: "SHELF:" followed by titles separated by "|" is a shelf with those books identified and
// one spine it could not read; "EMPTY" has no spines; "HOLD" waits until released; anything else is not a photo.
import Foundation
import Shelves
import Support
import Synchronization

final class FakeShelfAnalyser: ShelfAnalysing {
    private let held = Mutex<[CheckedContinuation<Void, Never>]>([])
    let heldCount = Atomic<Int>(0)
    let calls = Atomic<Int>(0)

    var analysedBy: String { "Fake shelf analyser" }

    func analyse(photo data: Data) async throws -> ShelfAnalysis {
        calls.add(1, ordering: .sequentiallyConsistent)
        let text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("HOLD") {
            await withCheckedContinuation { continuation in
                held.withLock { $0.append(continuation) }
                heldCount.add(1, ordering: .sequentiallyConsistent)
            }
            return Self.analysis(titles: ["Held Book"])
        }
        if text.hasPrefix("EMPTY") { throw ShelfError.noSpines }
        guard text.hasPrefix("SHELF:") else { throw NotAPhotoError() }
        return Self.analysis(titles: text.dropFirst(6).split(separator: "|").map(String.init))
    }

    /// Corrected books become identified; each adds a recommendation naming it, so tests see the analysis change.
    func revised(_ analysis: ShelfAnalysis) -> ShelfAnalysis {
        var result = analysis
        for i in result.books.indices where result.books[i].correctedByHand {
            result.books[i].identified = true
            result.books[i].confidence = 1
            if result.books[i].author.isEmpty { result.books[i].author = "Unknown" }
            let title = result.books[i].title
            if !result.recommendations.contains(where: { $0.title == "After \(title)" }) {
                result.recommendations.append(
                    Recommendation(title: "After \(title)", author: "A. Writer", reason: "Because of \(title).", matchScore: 0.5))
            }
        }
        result.summary = "\(result.spines.count) spines found; \(result.identifiedBooks.count) books identified."
        return result
    }

    func releaseAll() {
        let waiting = held.withLock { list in
            defer { list.removeAll() }
            return list
        }
        waiting.forEach { $0.resume() }
    }

    /// One spine per title, left to right, and a last spine whose text was not identified.
    static func analysis(titles: [String]) -> ShelfAnalysis {
        let count = titles.count + 1
        let spines = (0..<count).map { i in
            SpineReading(
                index: i,
                outline: SpineOutline(
                    corners: [
                        PixelPoint(x: Double(40 + i * 100), y: 50), PixelPoint(x: Double(120 + i * 100), y: 50),
                        PixelPoint(x: Double(120 + i * 100), y: 700), PixelPoint(x: Double(40 + i * 100), y: 700),
                    ], row: 0),
                lines: i < titles.count ? [titles[i].uppercased()] : ["zqx <b>garble</b> & co"], confidence: 0.8, quarterTurns: 3)
        }
        var books = titles.enumerated().map { i, title in
            DetectedBook(
                title: title, author: "Author \(i + 1)", genre: "Classics", confidence: 0.9, identified: true, spineIndex: i, catalogID: 100 + i,
                spineText: title.uppercased())
        }
        books.append(
            DetectedBook(
                title: "zqx <b>garble</b> & co", author: "Unknown", genre: "Unknown", confidence: 0.2, identified: false, spineIndex: titles.count,
                catalogID: nil, spineText: "zqx <b>garble</b> & co"))
        return ShelfAnalysis(
            imageSize: PixelSize(width: 100 * count + 80, height: 800), spines: spines, books: books,
            preferences: ReadingPreferences(
                favoriteGenres: ["Classics", "Dystopian"], readingLevel: "Advanced", interests: ["Politics"],
                authorPreferences: ["Author 1", "Author 2"]),
            recommendations: [
                Recommendation(
                    title: "East of Eden", author: "John Steinbeck", reason: "Readers of \(titles.first ?? "it") shelve it alike.", matchScore: 0.8),
                Recommendation(title: "Drive", author: "Daniel H. Pink", reason: "A second reason.", matchScore: 0.64),
            ],
            summary: "\(count) spines found; \(titles.count) books identified.", confidence: 0.71, analysedBy: "Fake shelf analyser", notes: [],
            timings: [StepTiming(step: "find spines", seconds: 0.2), StepTiming(step: "read spines", seconds: 3.1)],
            preview: Data([0xFF, 0xD8, 0xFF, 0xD9]))
    }
}
