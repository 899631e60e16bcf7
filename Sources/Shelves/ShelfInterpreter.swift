// The model-backed step: spine texts (and optionally the photo) to books, preferences and recommendations.
import AIClient
import Foundation
import Support

public struct ShelfInterpretationRequest: Sendable, Equatable {
    public var spines: [SpineReading]
    /// The downscaled photo when the setting allows sending it; nil otherwise.
    public var photoJPEG: Data?
}

/// What a model says about a shelf, before it is checked against the photo.
public struct ModelShelfAnswer: Sendable, Equatable, Codable {
    public struct Book: Sendable, Equatable, Codable {
        public var title: String
        public var author: String
        public var genre: String
        public var confidence: Double
        /// The spine number the model read it from, when it says.
        public var spine: Int?
    }
    public var books: [Book]
    public var preferences: ReadingPreferences
    public var recommendations: [Recommendation]
    public var summary: String
}

/// The model as a dependency; the real one speaks OpenAI's chat-completions, tests pass a fake.
public protocol ShelfInterpreter: Sendable {
    var displayName: String { get }
    func interpret(_ request: ShelfInterpretationRequest) async throws -> ModelShelfAnswer
}

/// Any OpenAI-compatible server, through the post writer's client (same settings, ladder and errors).
public struct OpenAIShelfInterpreter: ShelfInterpreter {
    public let client: OpenAICompatibleClient
    public init(client: OpenAICompatibleClient) { self.client = client }
    public var displayName: String { client.displayName }

    static let system = """
        You identify books on a bookshelf from text read off their spines by OCR (often garbled, sometimes two spines \
        merged), then describe the reader and suggest books. Only list a book when the spine text supports it; never \
        guess from a single common word. Answer in JSON matching the schema. Confidence and matchScore are 0 to 1. \
        Recommend books that are not on the shelf, each with a one-sentence reason naming the shelf book it follows from.
        """

    static let schema = """
        {"type":"object","additionalProperties":false,"required":["books","readingPreferences","recommendations","summary"],
         "properties":{
          "books":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["title","author","genre","confidence","spine"],
            "properties":{"title":{"type":"string"},"author":{"type":"string"},"genre":{"type":"string"},"confidence":{"type":"number"},"spine":{"type":"integer"}}}},
          "readingPreferences":{"type":"object","additionalProperties":false,"required":["favoriteGenres","readingLevel","interests","authorPreferences"],
            "properties":{"favoriteGenres":{"type":"array","items":{"type":"string"}},"readingLevel":{"type":"string"},
              "interests":{"type":"array","items":{"type":"string"}},"authorPreferences":{"type":"array","items":{"type":"string"}}}},
          "recommendations":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["title","author","reason","matchScore"],
            "properties":{"title":{"type":"string"},"author":{"type":"string"},"reason":{"type":"string"},"matchScore":{"type":"number"}}}},
          "summary":{"type":"string"}}}
        """

    static func userPrompt(_ request: ShelfInterpretationRequest) -> String {
        var text = "Spine texts, one per line as `spine N: text` (left to right, top shelf first):\n"
        for s in request.spines.prefix(200) { text += "spine \(s.index): \(s.text.prefix(300))\n" }
        if request.photoJPEG != nil { text += "\nThe photo of the shelf is attached; use it to read spines the OCR missed.\n" }
        return text
    }

    public func interpret(_ request: ShelfInterpretationRequest) async throws -> ModelShelfAnswer {
        guard let schema = try? JSONDecoder().decode(JSONValue.self, from: Data(Self.schema.utf8)) else {
            throw AIError(.badResponse(.shelfSchema))
        }
        var user: [ChatMessage.Part] = [.text(Self.userPrompt(request))]
        if let jpeg = request.photoJPEG { user.append(.jpeg(jpeg)) }
        let reply = try await client.complete(
            ChatRequest(
                messages: [.system(Self.system), ChatMessage(role: .user, parts: user)],
                schema: ResponseSchema(name: "bookshelf_analysis", schema: schema)))
        return try Self.parse(reply)
    }

    /// Reads the reply tolerantly (fenced JSON, a think block first); fields missing become empty.
    static func parse(_ reply: String) throws -> ModelShelfAnswer {
        var body = reply
        if let close = body.range(of: "</think>", options: .backwards) { body = String(body[close.upperBound...]) }
        guard let start = body.firstIndex(of: "{"), let end = body.lastIndex(of: "}"), start < end,
            let json = try? JSONSerialization.jsonObject(with: Data(body[start...end].utf8)) as? [String: Any]
        else { throw AIError(.badResponse(.noShelfObject)) }
        func string(_ any: Any?) -> String { (any as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "" }
        func number(_ any: Any?) -> Double { min(1, max(0, (any as? NSNumber)?.doubleValue ?? 0)) }
        func strings(_ any: Any?) -> [String] { ((any as? [Any]) ?? []).map(string).filter { !$0.isEmpty } }
        let books = ((json["books"] as? [[String: Any]]) ?? []).compactMap { b -> ModelShelfAnswer.Book? in
            let title = string(b["title"])
            guard !title.isEmpty else { return nil }
            return .init(
                title: title, author: string(b["author"]), genre: string(b["genre"]), confidence: number(b["confidence"]),
                spine: (b["spine"] as? NSNumber)?.intValue)
        }
        let p = json["readingPreferences"] as? [String: Any] ?? [:]
        let preferences = ReadingPreferences(
            favoriteGenres: strings(p["favoriteGenres"]), readingLevel: string(p["readingLevel"]).isEmpty ? "Unknown" : string(p["readingLevel"]),
            interests: strings(p["interests"]), authorPreferences: strings(p["authorPreferences"]))
        let recommendations = ((json["recommendations"] as? [[String: Any]]) ?? []).compactMap { r -> Recommendation? in
            let title = string(r["title"])
            guard !title.isEmpty else { return nil }
            return Recommendation(title: title, author: string(r["author"]), reason: string(r["reason"]), matchScore: number(r["matchScore"]))
        }
        return ModelShelfAnswer(books: books, preferences: preferences, recommendations: recommendations, summary: string(json["summary"]))
    }
}

/// Checks a model's answer against what was read: a book the spines do not support is dropped.
struct ModelAnswerCheck {
    let matcher: CatalogMatcher
    let profiler: ReadingProfiler

    /// Whether the spine words support `title` (and `author`): most title words read in order on one spine, or,
    /// when the model saw the photo, one title word or the author's surname on a spine.
    static func supports(title: String, author: String, readings: [SpineReading], photoSent: Bool) -> Int? {
        let words = ShelfText.significant(ShelfText.tokens(BookCatalog.mainTitle(title)))
        let surname = ShelfText.tokens(author).last ?? ""
        guard !words.isEmpty else { return nil }
        for r in readings where !r.lines.isEmpty {
            let read = r.lines.flatMap { ShelfText.tokens($0) }
            let found = words.filter { w in read.contains { ShelfText.sameWord($0, w) } }.count
            let authorRead = surname.count >= 3 && read.contains { ShelfText.sameWord($0, surname) }
            let needed = words.count == 1 ? 1 : Int((Double(words.count) * 0.6).rounded(.up))
            if found >= needed && (words.count > 1 || authorRead || words[0].count >= 6) { return r.index }
            if photoSent && (found >= 1 || authorRead) { return r.index }
        }
        return nil
    }

    func merge(_ answer: ModelShelfAnswer, into offline: ShelfAnalysis, readings: [SpineReading], photoSent: Bool) -> ShelfAnalysis {
        var result = offline
        var books: [DetectedBook] = []
        var dropped = 0
        for b in answer.books {
            guard let spine = Self.supports(title: b.title, author: b.author, readings: readings, photoSent: photoSent) else {
                dropped += 1
                continue
            }
            let text = readings.first { $0.index == spine }?.text ?? ""
            books.append(
                DetectedBook(
                    title: b.title, author: b.author.isEmpty ? "Unknown" : b.author, genre: b.genre.isEmpty ? "Unknown" : b.genre,
                    confidence: ShelfAnalyser.round(b.confidence), identified: true, spineIndex: spine, catalogID: nil, spineText: text,
                    source: .model))
        }
        // Catalog identifications the model left out stay: the spine supports them on its own.
        for o in offline.books where o.identified && !books.contains(where: { ShelfText.tokens($0.title) == ShelfText.tokens(o.title) }) {
            books.append(o)
        }
        let covered = Set(books.compactMap(\.spineIndex))
        books += offline.books.filter { !$0.identified && !covered.contains($0.spineIndex ?? -1) }
        result.books = books.sorted { ($0.identified ? 0 : 1, $0.spineIndex ?? 0) < ($1.identified ? 0 : 1, $1.spineIndex ?? 0) }
        if !answer.preferences.favoriteGenres.isEmpty || !answer.preferences.interests.isEmpty { result.preferences = answer.preferences }
        let shelfTitles = Set(result.books.filter(\.identified).map { ShelfText.tokens($0.title) })
        let recs = answer.recommendations.filter { !shelfTitles.contains(ShelfText.tokens($0.title)) }
        if !recs.isEmpty { result.recommendations = Array(recs.prefix(8)) }
        result.summary = answer.summary.isEmpty ? ShelfSummary.text(for: result) : answer.summary
        if dropped > 0 {
            result.notes.append(
                "\(dropped) \(dropped == 1 ? "book" : "books") named by the model \(dropped == 1 ? "was" : "were") dropped: the photo does not support \(dropped == 1 ? "it" : "them")."
            )
        }
        if !photoSent { result.notes.append("Only the spine texts were sent to the model, not the photo (SNAPPOST_SHELF_SEND_PHOTO is off).") }
        let matched = result.books.filter(\.identified)
        if !matched.isEmpty {
            result.confidence = ShelfAnalyser.round(
                0.6 * matched.reduce(0) { $0 + $1.confidence } / Double(matched.count) + 0.4 * Double(readings.filter { !$0.lines.isEmpty }.count)
                    / Double(max(1, readings.count)))
        }
        return result
    }
}
