// The Shelf pages: take or choose a shelf photo, the analysis (the photo with its spines, the books, the reader, what
// to read next, Listen), corrections by hand, recent shelf scans with search, and delete.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Shelves
import Speech
import Storage
import Support

struct ShelfController {
    let intake: ShelfIntake
    let analyser: any ShelfAnalysing
    let shelves: any ShelfScanRepository
    let speech: any SpeechSynthesizer
    let pages: Pages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/shelf", use: home)
        routes.post("/shelves", use: upload)
        routes.get("/shelves/{id}", use: show)
        routes.get("/shelves/{id}/preview.jpg", use: preview)
        routes.get("/shelves/{id}/audio.wav", use: audio)
        routes.post("/shelves/{id}/books/{n}", use: correct)
        routes.post("/shelves/{id}/delete", use: delete)
        // A reload or a back button after a POST lands on a GET: send it somewhere useful instead of a 404.
        routes.get("/shelves", use: toShelf)
        routes.get("/shelves/{id}/books/{n}", use: toResult)
        routes.get("/shelves/{id}/delete", use: toResult)
        return routes
    }

    /// GET /shelf: the photo buttons, then recent shelf scans (or those matching `q`).
    @Sendable func home(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = String((request.uri.queryParameters.get("q") ?? "").prefix(200)).trimmingCharacters(in: .whitespaces)
        let found = query.isEmpty ? try await shelves.recent(limit: 10) : try await shelves.search(query, limit: 20)
        let view = ShelfHomeView(
            shelves: found.map { ShelfSummaryView($0, base: pages.base) }, hasShelves: !found.isEmpty, query: query, searched: !query.isEmpty,
            notice: request.uri.queryParameters.get("deleted") != nil ? "The shelf scan was deleted." : nil)
        return pages.render("shelf", context, title: "Shelf", section: "shelf", content: view, scripts: ["shelf"])
    }

    /// POST /shelves: analyse the photo, store the analysis, 303 to it.
    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (scan, _) = try await intake.analyse(request, context)
        return .redirect(to: "\(pages.base)/shelves/\(scan.id)", type: .normal)
    }

    /// GET /shelves/{id}: the analysis.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (id, scan, reading) = try await stored(context)
        let query = request.uri.queryParameters
        let corrected = query.get("corrected").flatMap(Int.init)
        let notice: String? = corrected.map { n in
            let book = reading.books.indices.contains(n) ? reading.books[n] : nil
            guard let book else { return "Your correction was saved." }
            let by = book.author.isEmpty || book.author == "Unknown" ? "" : " by \(book.author)"
            return book.catalogID != nil
                ? "Saved as typed: “\(book.title)”\(by), found in the catalog (same title and author); the preferences and recommendations are worked out again with it."
                : "Saved as typed: “\(book.title)”\(by). The catalog has no book of that title by that author; the preferences and recommendations are worked out again without the book it replaces."
        }
        let view = ShelfResultView(
            id: id, scan: scan, reading: reading, hasPreview: try await shelves.preview(ofShelf: id) != nil, base: pages.base, notice: notice,
            corrected: corrected)
        return pages.render(
            "shelf-result", context, title: "Your shelf", section: "shelf", back: ("\(pages.base)/shelf", "Shelf"), content: view,
            scripts: ["shelf"])
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id"), let data = try await shelves.preview(ofShelf: id) else { throw HTTPError(.notFound) }
        return Response(
            status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=60"], body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// GET /shelves/{id}/audio.wav: the recommendations read aloud. Made by the speech engine the first time and kept
    /// with the analysis until the recommendations change. Byte ranges are served (Safari and AVPlayer ask for them).
    @Sendable func audio(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (id, _, reading) = try await stored(context)
        let text = ShelfReport.spokenRecommendations(ShelfAnalysis(reading))
        let wav: Data
        if let cached = try await shelves.audio(ofShelf: id, speaking: text) {
            wav = cached
        } else {
            do {
                wav = try await speech.wav(speaking: text)
            } catch {
                throw SpeechFailedError()
            }
            try await shelves.saveAudio(wav, speaking: text, ofShelf: id)
        }
        return ByteRange.response(wav, contentType: "audio/wav", range: request.headers[.range])
    }

    /// POST /shelves/{id}/books/{n}: a person's title (and author) for one book, saved at once; the rest of the
    /// analysis is worked out again around it in the same transaction.
    @Sendable func correct(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (id, _, _) = try await stored(context)
        guard let raw = context.parameters.get("n"), let position = Int(raw), position >= 0 else { throw HTTPError(.notFound) }
        let form = try await FormBody.read(request)
        let title = Self.field(form.text("title"))
        let author = Self.field(form.text("author"))
        guard !title.isEmpty else { throw BadFormError("Type the book's title (the author is optional).", code: "missing_title") }
        let analyser = analyser
        _ = try await shelves.update(ofShelf: id) { reading in
            guard reading.books.indices.contains(position) else { throw ShelfBookMissingError() }
            reading.books[position].title = title
            reading.books[position].author = author
            reading.books[position].correctedByHand = true
            reading.books[position].source = BookSource.hand.rawValue
            reading = ShelfReading(analyser.revised(ShelfAnalysis(reading)))
        }
        return .redirect(to: "\(pages.base)/shelves/\(id)?corrected=\(position)#book-\(position)", type: .normal)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (id, _, _) = try await stored(context)
        try await shelves.delete(id: id)
        return .redirect(to: "\(pages.base)/shelf?deleted=1", type: .normal)
    }

    @Sendable func toShelf(_ request: Request, context: AppRequestContext) async throws -> Response {
        .redirect(to: "\(pages.base)/shelf", type: .normal)
    }

    @Sendable func toResult(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (id, _, _) = try await stored(context)
        return .redirect(to: "\(pages.base)/shelves/\(id)", type: .normal)
    }

    // MARK: Shared pieces

    /// The `{id}` of the route with its scan and reading, or 404.
    private func stored(_ context: AppRequestContext) async throws -> (String, ShelfScan, ShelfReading) {
        guard let id = context.parameters.get("id"), let scan = try await shelves.scan(id: id), let reading = try await shelves.reading(ofShelf: id)
        else { throw HTTPError(.notFound) }
        return (id, scan, reading)
    }

    /// One line of a form, trimmed and capped like the page's book and author fields.
    static func field(_ value: String?) -> String {
        String((value ?? "").replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces).prefix(300))
    }
}

/// A correction for a book the analysis does not have (an old form, or a hand-made request).
struct ShelfBookMissingError: UserFacingError {
    var message: String { "That book is not in this analysis any more. Reload the page and try again." }
    var code: String { "book_missing" }
    var category: ErrorCategory { .badInput }
}

/// The speech engine failed; the analysis itself is safe.
struct SpeechFailedError: UserFacingError {
    var message: String { "The recommendations could not be read aloud right now. The list on the page is complete; please try again later." }
    var code: String { "speech_failed" }
    var category: ErrorCategory { .internal }
}

/// Serves bytes held in memory whole (200) or, for a `Range: bytes=a-b` request, the part asked for (206).
enum ByteRange {
    static func response(_ data: Data, contentType: String, range: String?) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .acceptRanges: "bytes", .cacheControl: "private, no-cache"]
        guard let range, let (start, end) = parse(range, size: data.count) else {
            headers[.contentLength] = String(data.count)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        guard start < data.count else {
            headers[.contentRange] = "bytes */\(data.count)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
        headers[.contentRange] = "bytes \(start)-\(end)/\(data.count)"
        headers[.contentLength] = String(end - start + 1)
        return Response(status: .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data.subdata(in: start..<(end + 1)))))
    }

    /// `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range only; anything else is answered whole).
    static func parse(_ header: String, size: Int) -> (Int, Int)? {
        let value = header.trimmingCharacters(in: .whitespaces).lowercased()
        guard value.hasPrefix("bytes="), !value.contains(",") else { return nil }
        let parts = value.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return nil }
            return (max(0, size - suffix), size - 1)
        }
        guard let start = Int(parts[0]), start >= 0 else { return nil }
        let end = parts[1].isEmpty ? size - 1 : min(size - 1, Int(parts[1]) ?? -1)
        guard end >= start || start >= size else { return nil }
        return (start, max(start, end))
    }
}
