// The Shelf pages: take or choose a shelf photo, the analysis (the photo with its spines, the books, the reader, what
// to read next, Listen), corrections by hand, recent shelf scans with search, and delete.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Shelves
import Storage
import Support
import Workflows

struct ShelfController {
    let intake: ShelfIntake
    let workflow: ShelfWorkflow
    let shelves: any ShelfScanRepository
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
        let wav = try await workflow.spokenRecommendations(of: id, reading)
        return ByteRange.response(wav, contentType: "audio/wav", range: request.headers[.range])
    }

    /// POST /shelves/{id}/books/{n}: a person's title (and author) for one book, saved at once; the rest of the
    /// analysis is worked out again around it in the same transaction.
    @Sendable func correct(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (id, _, _) = try await stored(context)
        guard let raw = context.parameters.get("n"), let position = Int(raw), position >= 0 else { throw HTTPError(.notFound) }
        let form = try await FormBody.read(request)
        try await workflow.correct(shelf: id, book: position, title: form.text("title"), author: form.text("author"))
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
}
