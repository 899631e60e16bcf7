// Upload a photo, then edit its text (Results), pick paragraphs, delete. The photos of a scan are PhotosController's.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PageReading
import Storage
import Support
import Workflows

struct ScanController {
    let intake: PhotoIntake
    let scans: any ScanRepository
    let workflow: ScanWorkflow
    let results: ResultsPage
    let pages: Pages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/scans", use: upload)
        routes.post("/share", use: upload)
        routes.get("/scans/{id}", use: show)
        routes.post("/scans/{id}", use: save)
        routes.get("/scans/{id}/saved", use: saved)
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

    /// A photo position from a query (0 to 999, like the `{n}` of the photo routes); nil for anything else.
    static func photoPosition(_ raw: String) -> Int? {
        guard let value = Int(raw), (0..<1000).contains(value) else { return nil }
        return value
    }

    /// GET /scans/{id}: the editable text.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let query = request.uri.queryParameters
        // Photo numbers from the query are read as positions a scan can have, so no sum below can overflow.
        let reread = query.get("reread").flatMap { $0 == "all" || Self.photoPosition($0) != nil ? $0 : nil }
        let notice: String? =
            if query.get("saved") != nil {
                "Saved."
            } else if let added = query.get("added").flatMap(Self.photoPosition) {
                "Photo \(added) was read and its text added at the end."
            } else if let read = query.get("read").flatMap(Self.photoPosition) {
                "Photo \(read + 1) was read again."
            } else if query.get("language") != nil {
                "The page was read again as \(OCRLanguages.name(of: scan.language))."
            } else if let reread {
                "\(RereadView(reread).what.capitalizedFirst) was read again. Your edited text below is unchanged: choose what to do with the new reading."
            } else {
                nil
            }
        return try await results.render(scan, context, notice: notice, reread: reread)
    }

    /// POST /scans/{id}: save the edits (the "Save" button; the page's script also autosaves here, with a fetch that
    /// outlives the page or a beacon, same login and same-origin rules). The script names the revision its text was
    /// typed over: 200 with the new revision, or 409 with the copy someone else saved since, which is left as it is.
    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let form = try await FormBody.read(request)
        let fromScript = SavedCopy.isFromScript(request, form)
        let outcome = try await scans.saveEdits(form, of: scan, conditional: fromScript)
        guard fromScript else { return .redirect(to: "\(pages.base)/scans/\(scan.id)?saved=1", type: .normal) }
        switch outcome {
        case .saved(let stored): return form["base"] == nil ? Response(status: .noContent) : SavedCopy.response(SavedScanCopy(stored))
        case .conflict(let stored): return SavedCopy.response(SavedScanCopy(stored), status: .conflict)
        }
    }

    /// GET /scans/{id}/saved: the stored text, book and author with their revision, as JSON.
    @Sendable func saved(_ request: Request, context: AppRequestContext) async throws -> Response {
        SavedCopy.response(SavedScanCopy(try await scans.required(context)))
    }

    /// POST /scans/{id}/select: keep only the ticked paragraphs of the text as submitted (the person's current edit,
    /// never the copy the page was drawn from). What was typed is saved first, whatever the outcome.
    @Sendable func select(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let form = try await FormBody.read(request)
        try await scans.saveEdits(form, of: scan)
        let saved = try await scans.required(context)
        let outcome = try await workflow.pickParagraphs(
            of: saved, shown: form["paragraphs"].flatMap { Int($0) }, keep: form.all("keep").compactMap { Int($0) })
        switch outcome {
        case .kept:
            return .redirect(to: "\(pages.base)/scans/\(scan.id)?saved=1", type: .normal)
        case .askAgain:
            return try await results.render(
                saved, context, notice: "Your edits were saved. The paragraphs changed, so tick the ones to keep again.", showLatestDrafts: false)
        case .nothingTicked:
            let failure = ErrorPresentation(
                status: .badRequest, title: "Nothing ticked", message: "Tick at least one paragraph to keep.", code: "no_paragraph")
            return try await results.render(saved, context, failure: failure, showLatestDrafts: false)
        }
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

extension String {
    /// "Photo 2" for "photo 2".
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
