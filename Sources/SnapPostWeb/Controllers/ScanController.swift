// Upload a photo, then edit its text (Results), pick paragraphs, delete. The photos of a scan are PhotosController's.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PageReading
import Storage
import Support

struct ScanController {
    let intake: PhotoIntake
    let scans: any ScanRepository
    let results: ResultsPage
    let pages: Pages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/scans", use: upload)
        routes.post("/share", use: upload)
        routes.get("/scans/{id}", use: show)
        routes.post("/scans/{id}", use: save)
        routes.post("/scans/{id}/select", use: select)
        routes.post("/scans/{id}/delete", use: delete)
        // A reload or a back button after a POST lands on a GET: send it somewhere useful instead of a 404.
        routes.get("/scans", use: toHome)
        routes.get("/share", use: toHome)
        routes.get("/scans/{id}/select", use: toResults)
        routes.get("/scans/{id}/delete", use: toResults)
        routes.get("/scans/{id}/posts", use: toResults)
        return routes
    }

    /// POST /scans (and the Web Share Target): read the photo, store the scan, 303 to Results.
    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (capture, upload) = try await intake.readPage(request, context)
        let scan = try await scans.insert(PhotoReading(capture), original: intake.kept(upload.data))
        return .redirect(to: "\(pages.base)/scans/\(scan.id)", type: .normal)
    }

    /// GET /scans/{id}: the editable text.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let query = request.uri.queryParameters
        let reread = query.get("reread").flatMap(Int.init)
        let notice: String? =
            if query.get("saved") != nil { "Saved." } else if let added = query.get("added").flatMap(Int.init) {
                "Photo \(added) was read and its text added at the end."
            } else if let read = query.get("read").flatMap(Int.init) { "Photo \(read + 1) was read again." } else if let reread {
                "Photo \(reread + 1) was read again. Your edited text below is unchanged: choose what to do with the new reading."
            } else { nil }
        return try await results.render(scan, context, notice: notice, rereadPhoto: reread)
    }

    /// POST /scans/{id}: save the edits (the "Save" button; the page's script also autosaves here).
    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        try await scans.saveEdits(try await FormBody.read(request), of: scan)
        // The page's script saves as the person types; it needs no page back.
        if request.headers[HTTPField.Name("X-SnapPost-Autosave")!] == "1" { return Response(status: .noContent) }
        return .redirect(to: "\(pages.base)/scans/\(scan.id)?saved=1", type: .normal)
    }

    /// POST /scans/{id}/select: keep only the ticked paragraphs.
    @Sendable func select(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let form = try await FormBody.read(request)
        let paragraphs = Paragraphs.of(scan.editedText)
        let keep = Set(form.all("keep").compactMap(Int.init)).filter { $0 >= 0 && $0 < paragraphs.count }
        let selection = keep.sorted().map { paragraphs[$0] }.joined(separator: "\n\n")
        let submitted = form.text("text") ?? scan.editedText
        // With JS the text already shows the selection; without it, the text is unchanged since the page was drawn.
        if submitted != scan.editedText && submitted.trimmingCharacters(in: .whitespacesAndNewlines) != selection {
            // The person edited the text since the page was drawn: keep their edit, then let them choose again.
            try await scans.saveEdits(form, of: scan)
            return try await results.render(
                try await scans.required(context), context,
                notice: "Your edits were saved. The paragraphs changed, so tick the ones to keep again.", showLatestDrafts: false)
        }
        guard !keep.isEmpty else {
            let failure = ErrorPresentation(
                status: .badRequest, title: "Nothing ticked", message: "Tick at least one paragraph to keep.", code: "no_paragraph")
            return try await results.render(scan, context, failure: failure, showLatestDrafts: false)
        }
        try await scans.saveEdits(
            scanId: scan.id, text: selection, book: form.text("book") ?? scan.book, author: form.text("author") ?? scan.author)
        return .redirect(to: "\(pages.base)/scans/\(scan.id)?saved=1", type: .normal)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        try await scans.delete(id: scan.id)
        return .redirect(to: "\(pages.base)/", type: .normal)
    }

    @Sendable func toHome(_ request: Request, context: AppRequestContext) async throws -> Response {
        .redirect(to: "\(pages.base)/", type: .normal)
    }

    @Sendable func toResults(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        return .redirect(to: "\(pages.base)/scans/\(scan.id)", type: .normal)
    }
}
