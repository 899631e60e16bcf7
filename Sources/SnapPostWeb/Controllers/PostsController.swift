// Generate five drafts from the edited text (saved first, always) and show them as cards.
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PostWriting
import Storage
import Support

struct PostsController {
    let scans: any ScanRepository
    let generations: any GenerationRepository
    let writer: DraftWriter
    let results: ResultsPage
    let pages: Pages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/scans/{id}/posts", use: generate)
        routes.get("/scans/{id}/posts/{gid}", use: show)
        return routes
    }

    /// POST /scans/{id}/posts: save the text, then ask the writer; on failure, back to Results with the text intact.
    @Sendable func generate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        try await scans.saveEdits(try await FormBody.read(request), of: scan)
        let saved = try await scans.required(context)
        let text = saved.editedText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            let failure = ErrorPresentation(
                status: .badRequest, title: "No text", message: "There is no text to write from. Type or paste a passage first.", code: "missing_text"
            )
            return try await results.render(saved, context, failure: failure, showLatestDrafts: false)
        }
        do {
            let variants = try await writer.write(text: text, book: saved.book, author: saved.author)
            let generation = try await generations.insert(
                scanId: saved.id, writer: writer.displayName, sourceText: text,
                drafts: variants.map { Draft(tone: $0.tone.rawValue, text: $0.text, note: $0.note) })
            return .redirect(to: "\(pages.base)/scans/\(saved.id)/posts/\(generation.id)", type: .normal)
        } catch let error as any UserFacingError {
            context.logger.warning("generation failed", metadata: ["code": "\(error.code)"])
            return try await results.render(saved, context, failure: ErrorPresentation.from(error), showLatestDrafts: false)
        }
    }

    /// GET /scans/{id}/posts/{gid}: five cards with Copy, Share, Mark as posted and (desktop) Open LinkedIn.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id"), let gid = context.parameters.get("gid"),
            let generation = try await generations.generation(id: gid, scanId: id)
        else { throw HTTPError(.notFound) }
        let drafts = generation.drafts.enumerated().map { index, draft in
            DraftView(
                index: index + 1, tone: draft.tone, toneLabel: Tone.label(for: draft.tone), text: draft.text,
                count: draft.text.count, over: draft.text.count > LinkedInLength.limit, note: draft.note,
                linkedInHref: "https://www.linkedin.com/feed/?shareActive=true&text="
                    + (draft.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
        let view = VariantsView(
            scanId: id, drafts: drafts, writer: generation.writer, when: Format.timestamp(generation.createdAt), limit: LinkedInLength.limit)
        return pages.render(
            "variants", context, title: "Drafts", showWriter: true, back: ("\(pages.base)/scans/\(id)", "Text"), content: view)
    }
}
