// Generate drafts from the edited text (saved first, always), show them as editable cards, save a card's edit, write
// another version of one tone, and bring back an earlier version.
import AIClient
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import Logging
import PostWriting
import Storage
import Support
import Workflows

struct PostsController {
    /// The longest draft kept, in characters (the draft's textarea says the same with `maxlength`); History takes the
    /// same, so a draft copied or shared is kept whole.
    static let maxDraftCharacters = 10_000

    /// Refuses a draft longer than `maxDraftCharacters`, naming the limit.
    static func requireDraftLength(_ text: String) throws {
        guard text.count <= maxDraftCharacters else {
            throw BadFormError("draftTooLong", ["maximum": .number(maxDraftCharacters)], code: "draft_too_long")
        }
    }

    let scans: any ScanRepository
    let generations: any GenerationRepository
    let history: any HistoryRepository
    /// The configured writer, and the offline one a person may choose for one time when the configured one fails.
    let writer: DraftWriter
    let offlineWriter: DraftWriter
    let workflow: DraftWorkflow
    let results: ResultsPage
    let pages: Pages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/scans/{id}/posts", use: generate)
        routes.get("/scans/{id}/posts/{gid}", use: show)
        routes.get("/scans/{id}/posts/{gid}/saved", use: saved)
        routes.post("/scans/{id}/posts/{gid}/drafts/{n}", use: saveDraft)
        routes.post("/scans/{id}/posts/{gid}/drafts/{n}/another", use: another)
        routes.post("/scans/{id}/posts/{gid}/drafts/{n}/versions/{v}/restore", use: restore)
        // A reload after one of those POSTs lands on a GET: back to the cards.
        routes.get("/scans/{id}/posts/{gid}/drafts/{n}", use: toCards)
        routes.get("/scans/{id}/posts/{gid}/drafts/{n}/another", use: toCards)
        routes.get("/scans/{id}/posts/{gid}/drafts/{n}/versions/{v}/restore", use: toCards)
        return routes
    }

    /// POST /scans/{id}/posts: save the text, then ask the writer; on failure, back to Results with the text intact.
    /// `writer=offline` uses the offline writer this one time.
    @Sendable func generate(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let form = try await FormBody.read(request)
        try await scans.saveEdits(form, of: scan)
        let saved = try await scans.required(context)
        let text = saved.editedText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            let failure = ErrorPresentation(
                status: .badRequest, title: "noText", message: LocalizedMessage("error.no_text_to_write"), code: "missing_text")
            return try await results.render(saved, context, failure: failure, showLatestDrafts: false)
        }
        let chosen = form["writer"] == "offline" ? offlineWriter : writer
        do {
            let generation = try await workflow.generate(for: saved, text: text, with: chosen)
            return .redirect(to: "\(pages.base)/scans/\(saved.id)/posts/\(generation.id)", type: .normal)
        } catch let error as any UserFacingError {
            context.logger.warning("generation failed", metadata: ["code": "\(error.code)"])
            return try await results.render(saved, context, failure: ErrorPresentation.from(error), showLatestDrafts: false)
        }
    }

    /// GET /scans/{id}/posts/{gid}: one editable card per tone, with Copy, Share, Write another and Mark as posted.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (scanId, generation) = try await requiredGeneration(context)
        let query = request.uri.queryParameters
        var notices: [Int: LocalizedMessage] = [:]
        if let saved = query.get("saved").flatMap({ Int($0) }) { notices[saved] = LocalizedMessage("notice.saved") }
        if let written = query.get("another").flatMap({ Int($0) }) { notices[written] = LocalizedMessage("notice.newVersion") }
        return cards(scanId: scanId, generation: generation, context, notices: notices)
    }

    /// GET /scans/{id}/posts/{gid}/saved: every card's stored text with its version and revision, as JSON.
    @Sendable func saved(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (_, generation) = try await requiredGeneration(context)
        return SavedCopy.response(SavedDraftsCopy(drafts: generation.drafts.enumerated().map { SavedDraftCopy(number: $0.offset + 1, $0.element) }))
    }

    /// POST …/drafts/{n}: save the edit of one card (the page's script autosaves here, with a fetch that outlives the
    /// page or a beacon; without it, the card's form). The script names the version and revision its text was typed
    /// over: 200, or 409 with the card as someone else left it. `intent=posted` also puts the edited draft in History.
    @Sendable func saveDraft(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (scanId, generation) = try await requiredGeneration(context)
        let position = try requiredPosition(context, in: generation)
        let form = try await FormBody.read(request)
        guard let text = form.text("text"), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw BadFormError("noDraftText", code: "missing_text")
        }
        try Self.requireDraftLength(text)
        let fromScript = SavedCopy.isFromScript(request, form) && form["intent"] != "posted"
        var base: DraftBase? = nil
        if fromScript, let version = form["version"].flatMap({ Int($0) }), let revision = form["base"].flatMap({ Int($0) }) {
            base = DraftBase(version: version, revision: revision)
        }
        guard
            let outcome = try await generations.saveEdit(
                generationId: generation.id, scanId: scanId, position: position, text: text, editor: form["editor"] ?? "", base: base)
        else { throw HTTPError(.notFound) }
        if form["intent"] == "posted" {
            _ = try await history.add(action: .posted, tone: generation.drafts[position].tone, text: text, scanId: scanId)
            return .redirect(to: "\(pages.base)/history", type: .normal)
        }
        if fromScript {
            switch outcome {
            case .saved(let stored):
                return base == nil ? Response(status: .noContent) : SavedCopy.response(SavedDraftCopy(number: position + 1, stored))
            case .conflict(let stored): return SavedCopy.response(SavedDraftCopy(number: position + 1, stored), status: .conflict)
            }
        }
        return .redirect(to: "\(cardsPath(scanId, generation.id))?saved=\(position + 1)#draft-\(position + 1)", type: .normal)
    }

    /// POST …/drafts/{n}/another: the card's edit is saved, then one new draft in that tone becomes the current
    /// version; the earlier ones stay under the card. The other cards are not touched.
    @Sendable func another(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (scanId, generation) = try await requiredGeneration(context)
        let position = try requiredPosition(context, in: generation)
        let form = try await FormBody.read(request)
        if let text = form.text("text"), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            _ = try await generations.saveEdit(generationId: generation.id, scanId: scanId, position: position, text: text)
        }
        guard Tone(rawValue: generation.drafts[position].tone) != nil else { throw BadFormError("badTone", code: "bad_tone") }
        let chosen = form["writer"] == "offline" ? offlineWriter : writer
        do {
            try await workflow.writeAnother(in: generation, scanId: scanId, position: position, typed: form.text("text"), with: chosen)
            return .redirect(to: "\(cardsPath(scanId, generation.id))?another=\(position + 1)#draft-\(position + 1)", type: .normal)
        } catch let error as any UserFacingError {
            context.logger.warning("another draft failed", metadata: ["code": "\(error.code)"])
            let fresh = try await generations.generation(id: generation.id, scanId: scanId) ?? generation
            return cards(scanId: scanId, generation: fresh, context, failure: (position, ErrorPresentation.from(error)))
        }
    }

    /// POST …/drafts/{n}/versions/{v}/restore: an earlier version comes back as the newest one (nothing is lost).
    @Sendable func restore(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (scanId, generation) = try await requiredGeneration(context)
        let position = try requiredPosition(context, in: generation)
        guard let version = context.parameters.get("v").flatMap({ Int($0) }),
            let old = generation.earlier[position].first(where: { $0.version == version })
        else { throw HTTPError(.notFound) }
        // The card's own edit is saved first: it stays with the version it belongs to.
        let form = try await FormBody.read(request)
        if let text = form.text("text"), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            _ = try await generations.saveEdit(generationId: generation.id, scanId: scanId, position: position, text: text)
        }
        _ = try await generations.addVersion(
            generationId: generation.id, scanId: scanId, position: position, draft: Draft(tone: old.tone, text: old.text, note: old.note),
            writer: generation.writer)
        return .redirect(to: "\(cardsPath(scanId, generation.id))#draft-\(position + 1)", type: .normal)
    }

    @Sendable func toCards(_ request: Request, context: AppRequestContext) async throws -> Response {
        let (scanId, generation) = try await requiredGeneration(context)
        return .redirect(to: cardsPath(scanId, generation.id), type: .normal)
    }

    // MARK: Pieces

    private func cardsPath(_ scanId: String, _ generationId: String) -> String { "\(pages.base)/scans/\(scanId)/posts/\(generationId)" }

    private func requiredGeneration(_ context: AppRequestContext) async throws -> (String, Generation) {
        guard let id = context.parameters.get("id"), let gid = context.parameters.get("gid"),
            let generation = try await generations.generation(id: gid, scanId: id)
        else { throw HTTPError(.notFound) }
        return (id, generation)
    }

    private func requiredPosition(_ context: AppRequestContext, in generation: Generation) throws -> Int {
        guard let number = context.parameters.get("n").flatMap({ Int($0) }), (1...generation.drafts.count).contains(number) else {
            throw HTTPError(.notFound)
        }
        return number - 1
    }

    private func cards(
        scanId: String, generation: Generation, _ context: AppRequestContext, notices: [Int: LocalizedMessage] = [:],
        failure: (position: Int, presentation: ErrorPresentation)? = nil
    ) -> Response {
        let base = cardsPath(scanId, generation.id)
        let localizer = pages.localizer(context)
        let drafts = generation.drafts.enumerated().map { position, draft in
            let number = position + 1
            let failed = failure?.position == position ? failure?.presentation : nil
            // The writer's one note is that a draft was cut to fit; it is said in the reader's words.
            let note = draft.isEdited ? nil : draft.note.map { $0 == Variant.trimmedNote ? localizer("variants.trimmed") : $0 }
            var view = DraftView(
                position: position, number: number, tone: draft.tone, toneLabel: Tone.label(for: draft.tone, localizer), text: draft.text,
                count: draft.text.count, over: draft.text.count > LinkedInLength.limit, note: note,
                rows: Self.rows(for: draft.text), version: draft.version, revision: draft.revision, isEdited: draft.isEdited,
                earlier: generation.earlier[position].map { old in
                    EarlierDraftView(
                        version: old.version, text: old.text, isEdited: old.isEdited,
                        restoreAction: "\(base)/drafts/\(number)/versions/\(old.version)/restore")
                },
                hasEarlier: !generation.earlier[position].isEmpty, earlierCount: generation.earlier[position].count,
                saveAction: "\(base)/drafts/\(number)", anotherAction: "\(base)/drafts/\(number)/another",
                linkedInHref: "https://www.linkedin.com/feed/?shareActive=true&text="
                    + (draft.text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""),
                notice: notices[number].map { localizer($0) }, error: failed.map { localizer($0.message) },
                errorDetail: failed?.detail.map { localizer($0) }, offerOffline: (failed?.isWriterFailure ?? false) && !writer.isOffline)
            view.textLang = localizer.htmlLang(ofDraft: draft.text)
            view.seeMoreCharacters = LinkedInLength.seeMoreCharacters(in: draft.text)
            return view
        }
        let view = VariantsView(
            scanId: scanId, generationId: generation.id, drafts: drafts,
            jumps: drafts.map { JumpView(number: $0.number, tone: $0.tone, label: $0.toneLabel) }, writer: generation.writer,
            when: localizer.timestamp(generation.createdAt), iso: Format.iso(generation.createdAt), limit: LinkedInLength.limit,
            seeMore: LinkedInLength.seeMoreAfter)
        return pages.render(
            "variants", context, title: LocalizedMessage("title.drafts"), showWriter: true,
            back: ("\(pages.base)/scans/\(scanId)", LocalizedMessage("back.text")), content: view,
            status: failure?.presentation.status ?? .ok, headers: failure?.presentation.headers ?? [:])
    }

    /// Enough rows to show a draft whole on a phone without script (about 40 characters a row).
    static func rows(for text: String) -> Int {
        let rows = text.split(separator: "\n", omittingEmptySubsequences: false).reduce(0) { $0 + max(1, ($1.count + 39) / 40) }
        return min(40, max(4, rows + 1))
    }
}
