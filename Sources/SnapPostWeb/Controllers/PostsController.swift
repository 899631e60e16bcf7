// Generate five drafts from the edited text (saved first, always) and show them as cards.
import Foundation
import HTTPTypes
import Hummingbird
import SnapPostCore

struct PostsController {
    let services: AppServices
    var scans: ScanController { ScanController(services: services) }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/scans/{id}/posts", use: generate)
        routes.get("/scans/{id}/posts/{gid}", use: show)
        return routes
    }

    /// POST /scans/{id}/posts: save the text, then ask the writer; on failure, back to Results with the text intact.
    @Sendable func generate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.loadScan(context)
        let form = try await FormBody.read(request)
        try await ScanController.saveEdits(form, scan: scan, store: services.store)
        let saved = try await scans.loadScan(context)
        let text = saved.editedText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            return scans.render(saved, context: context, generation: nil, error: "There is no text to write from. Type or paste a passage first.",
                                status: .badRequest)
        }
        do {
            let variants = try await services.generate(text: text, book: saved.book, author: saved.author)
            let drafts = variants.map { StoredDraft(tone: $0.tone.rawValue, text: $0.text, note: $0.note) }
            let generation = try await services.store.insertGeneration(
                scanId: saved.id, writer: services.dependencies.generator.displayName, sourceText: text, drafts: drafts)
            return .redirect(to: "\(services.base)/scans/\(saved.id)/posts/\(generation.id)", type: .normal)
        } catch let error as any UserFacingError {
            context.logger.warning("generation failed", metadata: ["code": "\(error.code)"])
            let presentation = ErrorPresentation.from(error)
            var headers: HTTPFields = [:]
            if let retryAfter = presentation.retryAfterSeconds { headers[.retryAfter] = String(retryAfter) }
            return scans.render(saved, context: context, generation: nil, error: error.message, retryable: true,
                                status: presentation.status, headers: headers)
        }
    }

    /// GET /scans/{id}/posts/{gid}: five cards with Copy, Share, Mark as posted and (desktop) Open LinkedIn.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id"), let gid = context.parameters.get("gid"),
              let generation = try await services.store.generation(id: gid, scanId: id) else {
            throw HTTPError(.notFound)
        }
        let drafts = generation.drafts.enumerated().map { index, draft in
            DraftView(
                index: index + 1, tone: draft.tone, toneLabel: Tone.label(for: draft.tone), text: draft.text,
                count: draft.text.count, over: draft.text.count > 900, note: draft.note,
                linkedInHref: "https://www.linkedin.com/feed/?shareActive=true&text="
                    + (draft.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
        let view = VariantsView(scanId: id, drafts: drafts, writer: generation.writer, when: Format.timestamp(generation.createdAt))
        return services.renderer.render(
            "variants",
            chrome: services.chrome(context, title: "Drafts", showWriter: true, back: ("\(services.base)/scans/\(id)", "Text")),
            content: view)
    }
}
