// History: drafts that were copied, shared or marked as posted; newest first, searchable, deletable.
import Foundation
import Hummingbird
import PostWriting
import Storage
import Support

struct HistoryController {
    let history: any HistoryRepository
    let scans: any ScanRepository
    let pages: Pages
    /// How many items History keeps (and shows).
    let size: Int

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/history", use: list)
        routes.post("/history", use: add)
        routes.post("/history/{hid}/delete", use: delete)
        routes.post("/history/{hid}/restore", use: restore)
        routes.get("/history/{hid}/delete", use: toList)
        routes.get("/history/{hid}/restore", use: toList)
        return routes
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = String((request.uri.queryParameters.get("q") ?? "").prefix(200)).trimmingCharacters(in: .whitespaces)
        let items =
            query.isEmpty
            ? try await history.recent(limit: size)
            : try await history.search(query, limit: size)
        let deleted = request.uri.queryParameters.get("deleted").flatMap { RandomID.isWellFormed(String($0)) ? String($0) : nil }
        let view = HistoryView(
            deleted: deleted.map { DeletedHistoryView(id: $0) },
            items: items.map { item in
                HistoryItemView(
                    id: item.id, tone: item.tone, toneLabel: Tone.label(for: item.tone), action: item.action.rawValue,
                    text: item.text, when: Format.timestamp(item.postedAt), iso: Format.iso(item.postedAt),
                    scanHref: item.scanId.map { "\(pages.base)/scans/\($0)" })
            },
            hasItems: !items.isEmpty, query: query, searched: !query.isEmpty, limit: size)
        return pages.render("history", context, title: "History", section: "history", content: view)
    }

    /// POST /history: a draft was copied, shared or marked as posted. JS sends it in the background (204);
    /// the no-JS "Mark as posted" button gets a redirect to History.
    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody.read(request)
        guard let text = form.text("text"), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw BadFormError("There is no draft text to add to history.", code: "missing_text")
        }
        guard let action = HistoryAction(rawValue: form["action"] ?? "posted") else {
            throw BadFormError("Unknown history action.", code: "bad_action")
        }
        let tone = String((form["tone"] ?? "").prefix(40))
        let scanId = form["scan"].flatMap { RandomID.isWellFormed($0) ? $0 : nil }
        let scanExists: Bool
        if let scanId { scanExists = try await scans.scan(id: scanId) != nil } else { scanExists = false }
        _ = try await history.add(action: action, tone: tone, text: String(text.prefix(5000)), scanId: scanExists ? scanId : nil)
        if request.headers[.accept]?.contains("text/html") == true || form["redirect"] != nil {
            return .redirect(to: "\(pages.base)/history", type: .normal)
        }
        return Response(status: .noContent)
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
    var message: String { "That item can no longer be brought back: deleted items are kept for an hour." }
    var code: String { "history_gone" }
    var category: ErrorCategory { .nothingFound }
}
