// A person's correction: the typed title is looked up in the catalog, and the offline preferences, recommendations,
// summary and confidence are worked out again around it; a model's own answer is left as it was.
import Foundation
import Imaging
import PageReading
import Support
import Testing

@testable import Shelves

@Suite struct RevisionTests {
    let catalog = ShelfFixtures.smallCatalog([
        ("Freakonomics", "Steven D. Levitt", ["economics": 1, "non-fiction": 0.6], 4.0, 500_000),  // 1
        ("Band of Brothers", "Stephen E. Ambrose", ["history": 1, "war": 0.7, "non-fiction": 0.5], 4.4, 90_000),  // 2
        ("Nudge", "Richard H. Thaler", ["economics": 1, "non-fiction": 0.5], 3.9, 30_000),  // 3
        ("The Rise and Fall of the Third Reich", "William L. Shirer", ["history": 1, "war": 0.8, "non-fiction": 0.4], 4.2, 80_000),  // 4
        ("Grit: The Power of Passion and Perseverance", "Angela Duckworth", ["psychology": 1, "self-help": 0.6], 4.1, 60_000),  // 5
        ("Grit", "Someone Else", ["romance": 1], 3.5, 900),  // 6: the same title, another author
        ("Mindset", "Carol S. Dweck", ["psychology": 1, "self-help": 0.7], 4.0, 70_000),  // 7
    ])

    var analyser: ShelfAnalyser { ShelfAnalyser(engine: NoEngine(), catalog: catalog) }

    /// Two spines: Freakonomics identified, "GRIT" read but not identified (a short title needs its author).
    func analysis() -> ShelfAnalysis {
        let outline = SpineOutline(corners: [.init(x: 0, y: 0), .init(x: 10, y: 0), .init(x: 10, y: 100), .init(x: 0, y: 100)], row: 0)
        let readings = [
            SpineReading(index: 0, outline: outline, lines: ["FREAKONOMICS", "LEVITT"], confidence: 0.9, quarterTurns: 3),
            SpineReading(index: 1, outline: outline, lines: ["GRIT"], confidence: 0.8, quarterTurns: 3),
        ]
        let matches = analyser.identify(readings)
        return analyser.offlineAnalysis(readings: readings, matches: matches, size: PixelSize(width: 20, height: 100))
    }

    @Test func aCorrectedSpineIsLookedUpAndChangesTheRecommendations() throws {
        var before = analysis()
        #expect(before.identifiedBooks.map(\.title) == ["Freakonomics"])
        #expect(!before.preferences.favoriteGenres.contains("Psychology"))
        let grit = try #require(before.books.firstIndex { !$0.identified })
        before.books[grit].title = "Grit"
        before.books[grit].author = "Duckworth"
        before.books[grit].correctedByHand = true

        let after = analyser.revised(before)
        let book = after.books[grit]
        #expect(book.identified && book.correctedByHand && book.confidence == 1)
        #expect(book.catalogID == 5, "the typed surname picks Duckworth's Grit, not the other one")
        #expect(book.genre == "Psychology")
        #expect(book.author == "Duckworth", "what the person typed is kept")
        #expect(after.preferences.favoriteGenres.contains("Psychology"))
        #expect(after.recommendations.contains { $0.title.hasPrefix("Mindset") })
        #expect(!after.recommendations.contains { $0.title.hasPrefix("Grit") }, "a book on the shelf is never recommended")
        #expect(after.summary.contains("2 books identified"))
        // Grit is counted as corrected by hand, not as confirmed by the catalog, though the catalog knows it.
        #expect(after.summary.contains("(1 confirmed by the catalog, 0 read from the spine, 1 corrected by hand)"), "\(after.summary)")
    }

    @Test func aTitleWithoutAuthorTakesTheMostReadEditionAndFillsTheAuthor() {
        var a = analysis()
        let i = a.books.firstIndex { !$0.identified }!
        a.books[i].title = "grit"
        a.books[i].author = ""
        a.books[i].correctedByHand = true
        let book = analyser.revised(a).books[i]
        #expect(book.catalogID == 5)
        #expect(book.author == "Angela Duckworth")
    }

    @Test func aBookTheCatalogDoesNotKnowStaysWithoutChangingTheRecommendations() {
        var a = analysis()
        let i = a.books.firstIndex { !$0.identified }!
        a.books[i].title = "A Private Diary"
        a.books[i].author = "Me"
        a.books[i].correctedByHand = true
        let after = analyser.revised(a)
        #expect(after.books[i].identified && after.books[i].catalogID == nil && after.books[i].genre == "Unknown")
        #expect(after.recommendations == a.recommendations)
    }

    @Test func theCatalogAddsNothingWhenTheAuthorDisagrees() {
        var a = analysis()
        let i = a.books.firstIndex { !$0.identified }!
        // Two catalog books are called "Grit"; neither is by this author, and a title one word longer is another book.
        a.books[i].title = "Grit"
        a.books[i].author = "Jo Newcomer"
        a.books[i].correctedByHand = true
        var after = analyser.revised(a)
        #expect(after.books[i].catalogID == nil && after.books[i].genre == "Unknown" && after.books[i].author == "Jo Newcomer")
        #expect(!after.preferences.favoriteGenres.contains("Psychology"))
        a.books[i].title = "Grit and Grace"
        a.books[i].author = "Angela Duckworth"
        after = analyser.revised(a)
        #expect(after.books[i].catalogID == nil && after.books[i].title == "Grit and Grace")
    }

    @Test func aBookReadFromTheSpineCountsThroughItsAuthorButLessThanACatalogBook() {
        let shelf = analyser.shelfInputs([
            DetectedBook(
                title: "Freakonomics", author: "Steven D. Levitt", genre: "Economics", confidence: 0.9, identified: true, spineIndex: 0, catalogID: 1,
                spineText: "", source: .catalog),
            DetectedBook(
                title: "Gritty Stories", author: "Duckworth", genre: "Unknown", confidence: 0.8, identified: true, spineIndex: 1, catalogID: nil,
                spineText: "", source: .spine),
        ]).shelf
        #expect(shelf.count == 2)
        #expect(shelf[0].weight == 0.9)
        #expect(shelf[1].book.mainAuthor == "Duckworth" && shelf[1].book.tags.count > 0, "the author as read, the tags of the catalog's Duckworth")
        #expect(shelf[1].weight < shelf[0].weight)
        // No author read: nothing stands in for it.
        #expect(analyser.authorStandIn(title: "Gritty Stories", author: "Unknown", id: -1) == nil)
    }

    @Test func aModelsAnswerKeepsItsOwnRecommendations() {
        var a = analysis()
        a.analysedBy = "api.example · model"
        a.recommendations = [Recommendation(title: "From the model", author: "M", reason: "r", matchScore: 0.7)]
        let i = a.books.firstIndex { !$0.identified }!
        a.books[i].title = "Grit"
        a.books[i].correctedByHand = true
        let after = analyser.revised(a)
        #expect(after.books[i].identified)
        #expect(after.recommendations.map(\.title) == ["From the model"])
    }
}

/// Revision never reads pixels.
private struct NoEngine: OCREngine {
    var defaultLanguages: [String] { ["eng"] }
    func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult {
        RecognitionResult(lines: [], meanConfidence: 0)
    }
    func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate? { nil }
}
