import AIClient
// The real pipeline (OpenCV spines, Tesseract, the shipped catalog) on a shelf rendered at test time.
import Foundation
import Imaging
import PageReading
import Support
import Testing

@testable import Shelves

@Suite(.serialized) struct ShelfPipelineTests {
    func analyser(interpreter: (any ShelfInterpreter)? = nil) throws -> ShelfAnalyser {
        let engine = try #require(ShelfFixtures.engine, "Tesseract with eng traineddata must be installed")
        let catalog = try #require(ShelfFixtures.catalog, "the catalog must be shipped in the Shelves resource bundle")
        return ShelfAnalyser(engine: engine, catalog: catalog, interpreter: interpreter)
    }

    @Test func spinesAreFoundOnePerBookInTheirRows() throws {
        let photo = try ShelfPhoto.gray(try ShelfFixtures.data("shelf.jpg"), limits: ImageLimits())
        let spines = try OpenCVSpineFinder().findSpines(in: photo)
        let truth = try ShelfFixtures.truth()
        // Gaps at the row ends may add a spine or two; a missed edge may merge a pair.
        #expect(spines.count >= truth.count - 2 && spines.count <= truth.count + 6)
        #expect(Set(spines.map(\.row)) == [0, 1])
        for s in spines { #expect(s.width > 5 && s.length > 100) }
    }

    @Test func rotatedLeaningAndTwoLineSpinesAreRead() async throws {
        let analysis = try await analyser().analyse(photo: try ShelfFixtures.data("shelf.jpg"))
        let text = analysis.spines.map(\.text).joined(separator: " ").lowercased()
        #expect(text.contains("brave new world"))  // top to bottom
        #expect(text.contains("fahrenheit"))  // bottom to top
        #expect(text.contains("gatsby"))  // leaning 6°
        #expect(text.contains("kahneman") && text.contains("thinking"))  // two lines
        #expect(text.contains("freakonomics"))  // leaning the other way
        #expect(text.contains("grit"))  // words across the spine
    }

    /// A rendered shelf, analysed once for the tests that only look at the result.
    static func analysed(_ name: String) -> Task<ShelfAnalysis, any Error> {
        Task {
            let engine = try #require(ShelfFixtures.engine, "Tesseract with eng traineddata must be installed")
            let catalog = try #require(ShelfFixtures.catalog, "the catalog must be shipped in the Shelves resource bundle")
            return try await ShelfAnalyser(engine: engine, catalog: catalog).analyse(photo: try ShelfFixtures.data(name))
        }
    }
    static let shelf = analysed("shelf.jpg")
    /// Catalog books beside two made-up ones (tools/make_shelf_fixtures.py, named.jpg).
    static let named = analysed("named.jpg")

    @Test func booksAreIdentifiedWithoutFalseMatches() async throws {
        let analysis = try await Self.shelf.value
        let truth = try ShelfFixtures.truth().map { ShelfText.significant(ShelfText.tokens($0.title)) }
        let identified = analysis.identifiedBooks
        #expect(identified.count >= 6, "identified: \(identified.map(\.title))")
        for b in identified where b.source == .catalog {
            #expect(truth.contains(ShelfText.significant(ShelfText.tokens(b.title))), "false identification: \(b.title)")
        }
        // A title read from the spine may lose a small word, never gain one.
        for b in identified where b.source == .spine {
            let words = Set(ShelfText.significant(ShelfText.tokens(b.title)))
            #expect(truth.contains { Set($0).isSuperset(of: words) && words.count * 2 >= $0.count }, "false name from the spine: \(b.title)")
        }
        #expect(!analysis.recommendations.isEmpty)
        #expect(!analysis.preferences.favoriteGenres.isEmpty)
        #expect(analysis.confidence > 0 && analysis.confidence <= 1)
        #expect(analysis.summary.contains("books identified"))
    }

    @Test func aSpineWhoseBookIsNotInTheCatalogIsNamedFromItsText() async throws {
        let analysis = try await Self.named.value
        let analyser = try analyser()
        // The book is made up: the catalog has no book of that title.
        #expect(analyser.lookUp(title: "The Quiet Harbour Keeper", author: "", requireAuthor: false) == nil)
        let book = try #require(
            analysis.books.first { Set(ShelfText.tokens($0.title)).isSuperset(of: ["quiet", "harbour", "keeper"]) },
            "named: \(analysis.identifiedBooks.map(\.title))")
        #expect(book.identified && book.source == .spine && book.catalogID == nil)
        #expect(book.genre == "Unknown", "nothing says otherwise")
        #expect(book.confidence >= 0.6 && book.confidence < 1)
        #expect(analysis.summary.contains("read from the spine"))
    }

    @Test func aSpineSharingOneWordWithACatalogTitleByAnotherAuthorIsNotThatBook() async throws {
        let analysis = try await Self.named.value
        let catalog = try #require(ShelfFixtures.catalog)
        // The catalog holds "Wonder" by someone else; the spine says "Wonder Road" by Martha Quill.
        let wonder = try #require(catalog.books.first { $0.title == "Wonder" })
        #expect(!analysis.books.contains { $0.catalogID == wonder.id })
        let book = try #require(analysis.books.first { ShelfText.tokens($0.title) == ["wonder", "road"] })
        #expect(book.source == .spine && book.catalogID == nil && book.author.contains("Quill"))
        // And the matcher on its own, with the author's name on the spine or without it.
        let matcher = try analyser().matcher
        #expect(!matcher.matches(spineIndex: 0, lines: ["WONDER ROAD", "MARTHA QUILL"], ocrConfidence: 0.9).contains { $0.bookID == wonder.id })
        #expect(!matcher.matches(spineIndex: 0, lines: ["WONDER"], ocrConfidence: 0.9).contains { $0.bookID == wonder.id })
    }

    @Test func aCorrectionNearACatalogTitleByAnotherAuthorIsTakenAsTypedAndTheOldBookIsGone() async throws {
        var analysis = try await Self.named.value
        let analyser = try analyser()
        let i = try #require(analysis.books.firstIndex { $0.title == "Brave New World" && $0.source == .catalog })
        #expect(analysis.preferences.authorPreferences.contains("Aldous Huxley"))
        // One word longer than the catalog's title, by another author.
        analysis.books[i].title = "Brave New World Order"
        analysis.books[i].author = "Ann Other"
        analysis.books[i].correctedByHand = true
        let after = analyser.revised(analysis)
        let book = after.books[i]
        #expect(book.title == "Brave New World Order" && book.author == "Ann Other", "shown exactly as typed")
        #expect(book.catalogID == nil && book.genre == "Unknown" && book.source == .hand)
        #expect(!after.preferences.authorPreferences.contains("Aldous Huxley"))
        for r in after.recommendations {
            #expect(r.title != "Brave New World" && !r.reason.contains("Readers of Brave New World shelve"), "\(r.title): \(r.reason)")
        }
        #expect(!after.books.contains { $0.title == "Brave New World" })
        #expect(!after.summary.contains("Huxley"))
    }

    @Test func thePreviewIsAColourJPEGInTheFrameOfTheSpines() async throws {
        let engine = try #require(ShelfFixtures.engine)
        let catalog = try #require(ShelfFixtures.catalog)
        var config = ShelfAnalyser.Config()
        config.previewLongSide = 800
        let analysis = try await ShelfAnalyser(engine: engine, catalog: catalog, config: config).analyse(photo: try ShelfFixtures.data("shelf.jpg"))
        let preview = try #require(analysis.preview)
        let size = try #require(LeptonicaImage.header(of: preview))
        #expect(max(size.width, size.height) == 800)
        let aspect = Double(analysis.imageSize.width) / Double(analysis.imageSize.height)
        #expect(abs(Double(size.width) / Double(size.height) - aspect) < 0.01)
        let plain = try await ShelfAnalyser(engine: engine, catalog: catalog).analyse(photo: try ShelfFixtures.data("shelf.jpg"))
        #expect(plain.preview == nil)
        let json = String(decoding: try JSONEncoder().encode(analysis), as: UTF8.self)
        #expect(!json.contains("preview"), "the preview's bytes never go into the JSON")
    }

    @Test func aPhotoWithoutSpinesSaysSo() async throws {
        await #expect(throws: ShelfError.noSpines) { try await analyser().analyse(photo: try ShelfFixtures.data("empty_wall.jpg")) }
    }

    @Test func notAPhotoIsRefusedLikePageUploads() async throws {
        let error = await #expect(throws: ImagingError.self) { try await analyser().analyse(photo: Data("%PDF-1.4 not a photo".utf8)) }
        #expect(error?.category == .badInput)
    }

    @Test func theModelsBooksAreCheckedAgainstTheSpines() async throws {
        let fake = FakeShelfInterpreter(
            answer: ModelShelfAnswer(
                books: [
                    .init(title: "Brave New World", author: "Aldous Huxley", genre: "Classics", confidence: 0.9, spine: 1),
                    .init(title: "The Shining", author: "Stephen King", genre: "Horror", confidence: 0.8, spine: 2),
                ],
                preferences: ReadingPreferences(
                    favoriteGenres: ["Classics"], readingLevel: "Advanced", interests: ["Dystopia"], authorPreferences: ["Aldous Huxley"]),
                recommendations: [Recommendation(title: "Island", author: "Aldous Huxley", reason: "More Huxley.", matchScore: 0.8)],
                summary: "A reader of classics."))
        let analysis = try await analyser(interpreter: fake).analyse(photo: try ShelfFixtures.data("shelf.jpg"))
        let titles = analysis.identifiedBooks.map(\.title)
        #expect(titles.contains("Brave New World"))
        #expect(!titles.contains("The Shining"))
        #expect(analysis.notes.contains { $0.contains("dropped") })
        #expect(analysis.recommendations.map(\.title) == ["Island"])
        #expect(analysis.analysedBy == "fake model")
        #expect(fake.lastRequest?.photoJPEG == nil)
        #expect(fake.lastRequest?.spines.isEmpty == false)
    }

    @Test func aFailingModelFallsBackToTheOfflineAnalysis() async throws {
        let analysis = try await analyser(interpreter: FakeShelfInterpreter(error: AIError(.timeout))).analyse(
            photo: try ShelfFixtures.data("shelf.jpg"))
        #expect(analysis.analysedBy == "Offline (catalog)")
        #expect(analysis.notes.contains("The AI provider could not be used: it took too long to answer. This is the offline analysis."))
        #expect(!analysis.notes.contains { $0.contains("draft") || $0.contains("saved") }, "the post writer's words stay on its pages")
        #expect(!analysis.identifiedBooks.isEmpty)
    }

    @Test func quarterTurnsRotatePixelsAsExpected() {
        let image = GrayImage(width: 3, height: 2, bytes: [1, 2, 3, 4, 5, 6])
        #expect(image.rotatedQuarterTurns(1) == GrayImage(width: 2, height: 3, bytes: [4, 1, 5, 2, 6, 3]))
        #expect(image.rotatedQuarterTurns(3) == GrayImage(width: 2, height: 3, bytes: [3, 6, 2, 5, 1, 4]))
        #expect(image.rotatedQuarterTurns(2) == GrayImage(width: 3, height: 2, bytes: [6, 5, 4, 3, 2, 1]))
        #expect(image.rotatedQuarterTurns(4) == image)
    }

    @Test func modelRepliesAreReadTolerantly() throws {
        let answer = try OpenAIShelfInterpreter.parse(
            "<think>hmm</think>```json\n{\"books\":[{\"title\":\"Grit\",\"author\":\"Angela Duckworth\",\"genre\":\"Psychology\",\"confidence\":1.7}],\"readingPreferences\":{\"favoriteGenres\":[\"Psychology\"]},\"recommendations\":[],\"summary\":\"ok\"}\n```"
        )
        #expect(answer.books.first?.confidence == 1)
        #expect(answer.preferences.readingLevel == "Unknown")
        #expect(throws: AIError.self) { try OpenAIShelfInterpreter.parse("no json here") }
    }
}

/// A model that answers what it is told, and remembers what it was sent.
final class FakeShelfInterpreter: ShelfInterpreter, @unchecked Sendable {
    let answer: ModelShelfAnswer?
    let error: (any Error)?
    private(set) var lastRequest: ShelfInterpretationRequest?

    init(answer: ModelShelfAnswer) {
        self.answer = answer
        self.error = nil
    }
    init(error: any Error) {
        self.answer = nil
        self.error = error
    }

    var displayName: String { "fake model" }
    func interpret(_ request: ShelfInterpretationRequest) async throws -> ModelShelfAnswer {
        lastRequest = request
        if let error { throw error }
        return answer!
    }
}
