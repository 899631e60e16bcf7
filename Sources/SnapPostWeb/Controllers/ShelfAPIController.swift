// The bookshelf API of the iOS client: POST /api/analyze-bookshelf (multipart field `file`, Bearer token) and
// GET /api/health. Field names are the client's own, byte for byte; `audioUrl`, `resultUrl` and `unidentifiedSpines`
// are extras it ignores.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Shelves
import Storage
import Support

struct ShelfAPIController {
    let intake: ShelfIntake
    let checkStoreWritable: @Sendable () async throws -> Void
    let isOCRReady: @Sendable () -> Bool
    /// Whether shelves are analysed by the catalog alone (no AI provider configured).
    let offline: Bool
    let base: String

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/api/analyze-bookshelf", use: analyze)
        routes.get("/api/health", use: health)
        return routes
    }

    /// The client's `ShelfAnalysisResponse`.
    struct AnalysisReply: ResponseEncodable {
        /// A book as the client lists it: four of its fields.
        struct Book: Encodable {
            let book: DetectedBook
            enum CodingKeys: String, CodingKey { case title, author, genre, confidence }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(book.title, forKey: .title)
                try c.encode(book.author, forKey: .author)
                try c.encode(book.genre, forKey: .genre)
                try c.encode(book.confidence, forKey: .confidence)
            }
        }
        /// The client decodes `authorPreferences` as one string, so the authors are joined ("A, B and C").
        struct Preferences: Encodable {
            let favoriteGenres: [String]
            let readingLevel: String
            let interests: [String]
            let authorPreferences: String
        }
        /// A recommendation as the client lists it: all but its catalog id.
        struct RecommendedBook: Encodable {
            let recommendation: Recommendation
            enum CodingKeys: String, CodingKey { case title, author, reason, matchScore }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(recommendation.title, forKey: .title)
                try c.encode(recommendation.author, forKey: .author)
                try c.encode(recommendation.reason, forKey: .reason)
                try c.encode(recommendation.matchScore, forKey: .matchScore)
            }
        }
        /// A book not identified, as its spine: the spine's number (1 = the first) and its text as read.
        struct Spine: Encodable {
            let book: DetectedBook
            enum CodingKeys: String, CodingKey { case spine, text }
            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode((book.spineIndex ?? 0) + 1, forKey: .spine)
                try c.encode(book.spineText, forKey: .text)
            }
        }
        let success: Bool
        let detectedBooks: [Book]
        let readingPreferences: Preferences
        let recommendedBooks: [RecommendedBook]
        let analysisSummary: String
        let confidenceScore: Double
        let analysisId: String
        /// The recommendations read aloud (WAV), on this server; the same token authorises it.
        let audioUrl: String
        /// The analysis as a page on this server.
        let resultUrl: String
        /// Spines read but not identified.
        let unidentifiedSpines: [Spine]

        init(_ analysis: ShelfAnalysis, id: String, base: String) {
            success = true
            detectedBooks = analysis.identifiedBooks.map(Book.init(book:))
            let p = analysis.preferences
            readingPreferences = Preferences(
                favoriteGenres: p.favoriteGenres, readingLevel: p.readingLevel, interests: p.interests,
                authorPreferences: joinedList(p.authorPreferences))
            recommendedBooks = analysis.recommendations.map(RecommendedBook.init(recommendation:))
            analysisSummary = analysis.summary
            confidenceScore = analysis.confidence
            analysisId = id
            audioUrl = "\(base)/shelves/\(id)/audio.wav"
            resultUrl = "\(base)/shelves/\(id)"
            unidentifiedSpines = analysis.books.filter { !$0.identified }.map(Spine.init(book:))
        }
    }

    /// POST /api/analyze-bookshelf: the photo in the multipart field `file` (or as the raw body, like /api/ocr).
    @Sendable func analyze(_ request: Request, context: AppRequestContext) async throws -> AnalysisReply {
        let (scan, analysis) = try await intake.analyse(request, context, fields: UploadReader.shelfAPIFields, rawBodyAllowed: true)
        return AnalysisReply(analysis, id: scan.id, base: base)
    }

    struct HealthReply: Encodable {
        let status: String
        let message: String
        let services: [String: String]
    }

    /// GET /api/health (no login, like /healthz): whether the store and the OCR engine work. Never names the AI provider.
    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Response {
        var services = ["analysis": offline ? "offline" : "ai"]
        var healthy = true
        do {
            try await checkStoreWritable()
            services["store"] = "writable"
        } catch {
            services["store"] = "failing"
            healthy = false
        }
        services["ocr"] = isOCRReady() ? "ready" : "not ready"
        healthy = healthy && isOCRReady()
        let reply = HealthReply(
            status: healthy ? "healthy" : "unhealthy", message: healthy ? "SnapPost is running." : "SnapPost cannot analyse photos right now.",
            services: services)
        var response = try JSONAnswerEncoder().encode(reply, from: request, context: context)
        response.status = healthy ? .ok : .serviceUnavailable
        return response
    }
}
