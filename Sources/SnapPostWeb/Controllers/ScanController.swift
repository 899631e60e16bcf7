// Upload a photo, then edit its text (Results), pick paragraphs, and see the recognised lines over the photo.
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
        let capture = try await intake.readPage(request, context)
        let scan = try await scans.insert(NewScan(capture))
        return .redirect(to: "\(pages.base)/scans/\(scan.id)", type: .normal)
    }

    /// GET /scans/{id}: the editable text.
    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        return try await results.render(scan, context, notice: request.uri.queryParameters.get("saved") != nil ? "Saved." : nil)
    }

    /// POST /scans/{id}: save the edits (the "Save" button; the page's script also autosaves here).
    @Sendable func save(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        try await scans.saveEdits(try await FormBody.read(request), of: scan)
        // The page's script saves as the person types; it needs no page back.
        if request.headers[HTTPField.Name("X-SnapPost-Autosave")!] == "1" { return Response(status: .noContent) }
        return .redirect(to: "\(pages.base)/scans/\(scan.id)?saved=1", type: .normal)
    }

    /// POST /scans/{id}/select: keep only the ticked paragraphs of the text as submitted (the person's current edit,
    /// never the copy the page was drawn from). What was typed is saved first, whatever the outcome.
    @Sendable func select(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let form = try await FormBody.read(request)
        try await scans.saveEdits(form, of: scan)
        let saved = try await scans.required(context)
        let outcome = ParagraphPicker.pick(
            from: saved.editedText, shown: form["paragraphs"].flatMap { Int($0) }, keep: form.all("keep").compactMap { Int($0) })
        switch outcome {
        case .kept(let text):
            try await scans.saveEdits(scanId: saved.id, text: text, book: saved.book, author: saved.author)
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

    /// GET /scans/{id}/lines: the upright photo with a box over every recognised line.
    @Sendable func lines(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let lines = try await scans.lines(ofScan: scan.id).enumerated().map { index, line in
            LineView(
                number: index + 1, text: line.text, confidence: Format.percent(line.confidence), low: line.confidence < 0.6,
                x: line.box.x, y: line.box.y, width: line.box.width, height: line.box.height)
        }
        let view = LinesView(
            id: scan.id, width: max(1, scan.imageWidth), height: max(1, scan.imageHeight), hasPreview: scan.preview != nil,
            lines: lines, hasLines: !lines.isEmpty,
            timings: try await scans.timings(ofScan: scan.id).map { TimingView(step: $0.step, ms: String(Int(($0.seconds * 1000).rounded()))) })
        return pages.render("lines", context, title: "Lines", back: ("\(pages.base)/scans/\(scan.id)", "Text"), content: view)
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        guard let jpeg = scan.preview else { throw HTTPError(.notFound) }
        return Response(
            status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(bytes: jpeg)))
    }

    @Sendable func toHome(_ request: Request, context: AppRequestContext) async throws -> Response {
        .redirect(to: "\(pages.base)/", type: .normal)
    }

    @Sendable func toResults(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        return .redirect(to: "\(pages.base)/scans/\(scan.id)", type: .normal)
    }
}

extension NewScan {
    /// What the store keeps of a reading: the lines and timings as the reader returned them.
    init(_ capture: ExcerptCapture) {
        self.init(
            text: capture.text, confidence: capture.confidence, language: capture.language, imageSize: capture.imageSize,
            lines: capture.lines, timings: capture.timings, preview: capture.preview)
    }
}
