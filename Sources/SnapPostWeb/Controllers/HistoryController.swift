// History: drafts that were copied, shared or marked as posted; newest first, searchable, deletable.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import PostWriting
import Storage
import Support

struct HistoryController {
    let history: any HistoryRepository
    let scans: any ScanRepository
    let pages: Pages
    /// How many items History keeps (and shows).
    let size: Int
    /// Writes the person's export (a ZIP) to a file; nil: not offered.
    var exportData: (@Sendable (URL, ExportWords) async throws -> PersonalExport.Counts)? = nil

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/history", use: list)
        routes.post("/history", use: add)
        routes.post("/history/{hid}/delete", use: delete)
        routes.post("/history/{hid}/restore", use: restore)
        routes.get("/history/{hid}/delete", use: toList)
        routes.get("/history/{hid}/restore", use: toList)
        routes.get("/history/export.zip", use: export)
        return routes
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = String((request.uri.queryParameters.get("q") ?? "").prefix(200)).trimmingCharacters(in: .whitespaces)
        let items =
            query.isEmpty
            ? try await history.recent(limit: size)
            : try await history.search(query, limit: size)
        let deleted = request.uri.queryParameters.get("deleted").flatMap { RandomID.isWellFormed(String($0)) ? String($0) : nil }
        let localizer = pages.localizer(context)
        var view = HistoryView(
            deleted: deleted.map { DeletedHistoryView(id: $0) },
            items: items.map { item in
                HistoryItemView(
                    id: item.id, tone: item.tone, toneLabel: Tone.label(for: item.tone, localizer),
                    action: localizer("history.\(item.action.rawValue)"),
                    text: item.text, when: localizer.timestamp(item.postedAt), iso: Format.iso(item.postedAt),
                    scanHref: item.scanId.map { "\(pages.base)/scans/\($0)" })
            },
            hasItems: !items.isEmpty, query: query, searched: !query.isEmpty, limit: size, canExport: exportData != nil)
        view.intro = localizer.plural("history.intro", count: size)
        return pages.render("history", context, title: LocalizedMessage("title.history"), section: "history", content: view)
    }

    /// POST /history: a draft was copied, shared or marked as posted. JS sends it in the background (204);
    /// the no-JS "Mark as posted" button gets a redirect to History.
    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody.read(request)
        guard let text = form.text("text"), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw BadFormError("noHistoryText", code: "missing_text")
        }
        guard let action = HistoryAction(rawValue: form["action"] ?? "posted") else {
            throw BadFormError("badAction", code: "bad_action")
        }
        // A draft copied or shared is kept whole, as "Mark as posted" keeps it; longer than any draft is refused, not cut.
        try PostsController.requireDraftLength(text)
        let tone = String((form["tone"] ?? "").prefix(40))
        let scanId = form["scan"].flatMap { RandomID.isWellFormed($0) ? $0 : nil }
        let scanExists: Bool
        if let scanId { scanExists = try await scans.scan(id: scanId) != nil } else { scanExists = false }
        _ = try await history.add(action: action, tone: tone, text: text, scanId: scanExists ? scanId : nil)
        if request.headers[.accept]?.contains("text/html") == true || form["redirect"] != nil {
            return .redirect(to: "\(pages.base)/history", type: .normal)
        }
        return Response(status: .noContent)
    }

    /// GET /history/export.zip: everything of the person's as one ZIP, made into a temporary file and streamed from
    /// it (memory holds one piece at a time), the file removed once sent.
    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let exportData else { throw HTTPError(.notFound) }
        let day = Format.iso(Date()).prefix(10)
        var headers: HTTPFields = [
            .contentType: "application/zip", .cacheControl: "no-store",
            .contentDisposition: "attachment; filename=\"snappost-export-\(day).zip\"",
        ]
        // HEAD asks for the headers only: no export is made for it.
        if request.method == .head { return Response(status: .ok, headers: headers) }
        let folder = FileManager.default.temporaryDirectory
        Self.sweepStaleExports(in: folder)
        let file = folder.appendingPathComponent("snappost-export-\(RandomID.make()).zip")
        do {
            // Its Markdown speaks the reader's language, as the page that offered it did.
            let localizer = pages.localizer(context)
            _ = try await exportData(file, ExportWords(say: { localizer($0, $1) }, count: { localizer.plural($0, count: $1, $2) }))
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        headers[.contentLength] = String(size)
        let body = ResponseBody(contentLength: size) { writer in
            defer { try? FileManager.default.removeItem(at: file) }
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            while let piece = try handle.read(upToCount: 64 * 1024), !piece.isEmpty {
                try await writer.write(ByteBuffer(bytes: piece))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Exports a dropped connection never streamed (so never removed) are removed an hour later.
    static func sweepStaleExports(in folder: URL) {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix("snappost-export-") {
            let url = folder.appendingPathComponent(name)
            if let made = (try? manager.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date, made < Date().addingTimeInterval(-3600) {
                try? manager.removeItem(at: url)
            }
        }
    }

    @Sendable func toList(_ request: Request, context: AppRequestContext) async throws -> Response {
        .redirect(to: "\(pages.base)/history", type: .normal)
    }

    /// POST /history/{hid}/delete: the item is hidden at once and can be brought back (Undo) for an hour.
    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("hid"), try await history.delete(id: id) else {
            throw HTTPError(.notFound)
        }
        return .redirect(to: "\(pages.base)/history?deleted=\(id)", type: .normal)
    }

    /// POST /history/{hid}/restore: Undo of a Delete.
    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("hid"), try await history.restore(id: id) else {
            throw HistoryGoneError()
        }
        return .redirect(to: "\(pages.base)/history#history-\(id)", type: .normal)
    }
}

/// Undo came after the deleted item was purged.
struct HistoryGoneError: UserFacingError {
    var code: String { "history_gone" }
    var category: ErrorCategory { .nothingFound }
}
