// Upload a photo, then edit its text (Results), pick paragraphs, and see the recognised lines over the photo.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SnapPostCore

struct ScanController {
    let services: AppServices

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/scans", use: upload)
        routes.post("/share", use: upload)
        routes.get("/scans/{id}", use: results)
        routes.post("/scans/{id}", use: save)
        routes.post("/scans/{id}/select", use: select)
        routes.post("/scans/{id}/delete", use: delete)
        routes.get("/scans/{id}/lines", use: lines)
        routes.get("/scans/{id}/preview.jpg", use: preview)
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
        try await services.admitUpload(request, context)
        let photo = try await services.uploads.read(request)
        let capture = try await services.readPhoto(photo.data)
        let scan = try await services.store.insertScan(NewScan(capture))
        return .redirect(to: "\(services.base)/scans/\(scan.id)", type: .normal)
    }

    /// GET /scans/{id}: the editable text.
    @Sendable func results(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await loadScan(context)
        let generation = try await services.store.latestGeneration(scanId: scan.id)
        return render(scan, context: context, generation: generation, notice: request.uri.queryParameters.get("saved") != nil ? "Saved." : nil)
    }

    /// POST /scans/{id}: save the edits (the "Save" button, and every generate starts here too).
    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await loadScan(context)
        let form = try await FormBody.read(request)
        try await Self.saveEdits(form, scan: scan, store: services.store)
        // The page's script saves as the person types; it needs no page back.
        if request.headers[HTTPField.Name("X-SnapPost-Autosave")!] == "1" { return Response(status: .noContent) }
        return .redirect(to: "\(services.base)/scans/\(scan.id)?saved=1", type: .normal)
    }

    /// POST /scans/{id}/select: keep only the ticked paragraphs.
    @Sendable func select(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await loadScan(context)
        let form = try await FormBody.read(request)
        let paragraphs = Self.paragraphs(of: scan.editedText)
        let keep = Set(form.all("keep").compactMap(Int.init)).filter { $0 >= 0 && $0 < paragraphs.count }
        let selection = keep.sorted().map { paragraphs[$0] }.joined(separator: "\n\n")
        let submitted = form.text("text") ?? scan.editedText
        // With JS the text already shows the selection; without it, the text is unchanged since the page was drawn.
        if submitted != scan.editedText && submitted.trimmingCharacters(in: .whitespacesAndNewlines) != selection {
            // The person edited the text since the page was drawn: keep their edit, then let them choose again.
            try await Self.saveEdits(form, scan: scan, store: services.store)
            let updated = try await loadScan(context)
            return render(updated, context: context, generation: nil,
                          notice: "Your edits were saved. The paragraphs changed, so tick the ones to keep again.")
        }
        guard !keep.isEmpty else {
            return render(scan, context: context, generation: nil, error: "Tick at least one paragraph to keep.", status: .badRequest)
        }
        let text = selection
        try await services.store.saveEdits(scanId: scan.id, text: text, book: form.text("book") ?? scan.book, author: form.text("author") ?? scan.author)
        return .redirect(to: "\(services.base)/scans/\(scan.id)?saved=1", type: .normal)
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await loadScan(context)
        try await services.store.deleteScan(id: scan.id)
        return .redirect(to: "\(services.base)/", type: .normal)
    }

    /// GET /scans/{id}/lines: the upright photo with a box over every recognised line.
    @Sendable func lines(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await loadScan(context)
        let lines = scan.lines.enumerated().map { index, line in
            LineView(number: index + 1, text: line.text, confidence: Format.percent(line.confidence), low: line.confidence < 0.6,
                     x: line.x, y: line.y, width: line.width, height: line.height)
        }
        let view = LinesView(
            id: scan.id, width: max(1, scan.imageWidth), height: max(1, scan.imageHeight), hasPreview: scan.preview != nil,
            lines: lines, hasLines: !lines.isEmpty,
            timings: scan.timings.map { TimingView(step: $0.step, ms: String(Int(($0.seconds * 1000).rounded()))) })
        return services.renderer.render(
            "lines", chrome: services.chrome(context, title: "Lines", back: ("\(services.base)/scans/\(scan.id)", "Text")), content: view)
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await loadScan(context)
        guard let jpeg = scan.preview else { throw HTTPError(.notFound) }
        return Response(
            status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(bytes: jpeg)))
    }

    @Sendable func toHome(_ request: Request, context: AppRequestContext) async throws -> Response {
        .redirect(to: "\(services.base)/", type: .normal)
    }

    @Sendable func toResults(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await loadScan(context)
        return .redirect(to: "\(services.base)/scans/\(scan.id)", type: .normal)
    }

    // MARK: Shared pieces

    func loadScan(_ context: AppRequestContext) async throws -> ScanRecord {
        guard let id = context.parameters.get("id"), let scan = try await services.store.scan(id: id) else {
            throw HTTPError(.notFound)
        }
        return scan
    }

    static func saveEdits(_ form: FormBody, scan: ScanRecord, store: any ScanStore) async throws {
        guard let text = form.text("text") else {
            throw BadFormError("The text field is missing. Reload the page; your saved text is still there.", code: "missing_text")
        }
        let book = String((form.text("book") ?? scan.book).prefix(300))
        let author = String((form.text("author") ?? scan.author).prefix(300))
        try await store.saveEdits(scanId: scan.id, text: text, book: book, author: author)
    }

    static func paragraphs(of text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }

    func render(_ scan: ScanRecord, context: AppRequestContext, generation: GenerationRecord?, error: String? = nil,
                retryable: Bool = false, notice: String? = nil, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let paragraphs = Self.paragraphs(of: scan.editedText)
        let view = ResultsView(
            id: scan.id, text: scan.editedText, book: scan.book, author: scan.author,
            confidence: Format.percent(scan.confidence), lowConfidence: scan.confidence < 0.6, lineCount: scan.lines.count,
            paragraphs: paragraphs.enumerated().map { ParagraphChoice(index: $0.offset, text: $0.element) },
            hasManyParagraphs: paragraphs.count > 1, error: error, errorRetryable: retryable, notice: notice,
            latestGenerationHref: generation.map { "\(services.base)/scans/\(scan.id)/posts/\($0.id)" }, language: scan.language)
        return services.renderer.render(
            "results", chrome: services.chrome(context, title: "Your text", showWriter: true, back: ("\(services.base)/", "Home")),
            content: view, status: status, headers: headers)
    }
}
