// The photos of a scan: the Lines view, each photo's preview, the page outline editor, reading a photo again with a
// corrected outline or turn, and adding the next page. The person's edited text is never replaced without asking.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import PageReading
import Storage
import Support
import Workflows

struct PhotosController {
    let intake: PhotoIntake
    let scans: any ScanRepository
    let workflow: ScanWorkflow
    let results: ResultsPage
    let pages: Pages
    let languages: OCRLanguages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/scans/{id}/lines", use: lines)
        routes.get("/scans/{id}/preview.jpg", use: firstPreview)
        routes.get("/scans/{id}/photos/{n}/preview.jpg", use: preview)
        routes.post("/scans/{id}/photos", use: addPage)
        routes.get("/scans/{id}/photos/{n}/outline", use: outline)
        routes.post("/scans/{id}/photos/{n}/read", use: readAgain)
        routes.post("/scans/{id}/photos/{n}/adopt", use: adopt)
        routes.post("/scans/{id}/language", use: readAs)
        routes.get("/scans/{id}/language", use: toResults)
        // A reload after one of the POSTs above lands on a GET: back to somewhere useful.
        routes.get("/scans/{id}/photos", use: toResults)
        routes.get("/scans/{id}/photos/{n}/read", use: toLines)
        routes.get("/scans/{id}/photos/{n}/adopt", use: toResults)
        return routes
    }

    /// GET /scans/{id}/lines: every photo, upright, with a box over each recognised line.
    @Sendable func lines(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let localizer = pages.localizer(context)
        let photos = try await scans.photos(ofScan: scan.id)
        var views: [PhotoLinesView] = []
        var number = 0
        for photo in photos {
            let lines = try await scans.lines(ofScan: scan.id, photo: photo.position).map { line -> LineView in
                number += 1
                return LineView(
                    number: number, text: line.text, confidence: localizer.percent(line.confidence), low: line.confidence < 0.6,
                    x: line.box.x, y: line.box.y, width: line.box.width, height: line.box.height,
                    points: line.outline.map { $0.map { "\(Int($0.x)),\(Int($0.y))" }.joined(separator: " ") })
            }
            let timings = try await scans.timings(ofScan: scan.id, photo: photo.position)
            views.append(
                PhotoLinesView(
                    position: photo.position,
                    label: photos.count > 1 ? localizer("lines.photoNumber", ["number": .number(photo.position + 1)]) : localizer("lines.thePhoto"),
                    width: max(1, photo.imageSize.width), height: max(1, photo.imageSize.height), hasPreview: photo.hasPreview,
                    previewHref: "\(pages.base)/scans/\(scan.id)/photos/\(photo.position)/preview.jpg",
                    outlineHref: "\(pages.base)/scans/\(scan.id)/photos/\(photo.position)/outline", canReadAgain: photo.originalKeptUntil != nil,
                    keptUntil: photo.originalKeptUntil.map(localizer.timestamp), lines: lines, hasLines: !lines.isEmpty,
                    timings: timings.map { TimingView($0, localizer) }))
        }
        let view = LinesView(id: scan.id, photos: views, several: views.count > 1)
        return pages.render(
            "lines", context, title: LocalizedMessage("title.lines"), back: ("\(pages.base)/scans/\(scan.id)", LocalizedMessage("back.text")),
            content: view, scripts: ["photos"])
    }

    @Sendable func firstPreview(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await jpeg(try await scans.preview(ofScan: try await scans.required(context).id, photo: 0))
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        return try await jpeg(try await scans.preview(ofScan: scan.id, photo: try photoNumber(context)))
    }

    private func jpeg(_ data: Data?) async throws -> Response {
        guard let data else { throw HTTPError(.notFound) }
        return Response(
            status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "private, max-age=60"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// POST /scans/{id}/photos: the next page. The form also carries the text as typed, which is saved first; the new
    /// page's text is appended to it (a word hyphenated across the break joined).
    @Sendable func addPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        var scan = try await scans.required(context)
        // The text typed on Results comes with the photo: it is saved first, whatever becomes of the photo (none
        // chosen, an empty file, two files, too large, over the photo allowance, which the reader below counts
        // against), so a refused photo never takes the typing with it.
        let form = try await intake.uploads.readForm(request, keepingFieldsWhenTooLarge: true)
        // A text longer than any form may carry is refused as the plain Save refuses it, not dropped unsaid.
        if form.oversized.contains("text") { throw FormTooLargeError() }
        if form.fields["text"] != nil {
            // Cleaned and checked as every form of the text is (a plain form's text typed over one changed elsewhere
            // since is not saved over it).
            try await scans.saveEdits(FormBody(fields: form.fields), of: scan)
            scan = try await scans.required(context)
        }
        let upload = try form.photo.get()
        let count = try await workflow.addPage(
            to: scan, photo: upload.data, original: intake.kept(upload.data), reader: intake.reader(for: request, context))
        return .redirect(to: "\(pages.base)/scans/\(scan.id)?added=\(count)", type: .normal)
    }

    /// GET /scans/{id}/photos/{n}/outline: the photo with the page outline as four corners to drag, and the ways to
    /// read it again.
    @Sendable func outline(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let number = try photoNumber(context)
        guard let photo = try await scans.photos(ofScan: scan.id).first(where: { $0.position == number }) else { throw HTTPError(.notFound) }
        let localizer = pages.localizer(context)
        let w = Double(photo.imageSize.width), h = Double(photo.imageSize.height)
        let corners = photo.outline ?? [PixelPoint(x: 0, y: 0), PixelPoint(x: w, y: 0), PixelPoint(x: w, y: h), PixelPoint(x: 0, y: h)]
        let view = OutlineView(
            id: scan.id, position: number, width: photo.imageSize.width, height: photo.imageSize.height,
            viewBox: Self.paddedViewBox(photo.imageSize),
            previewHref: "\(pages.base)/scans/\(scan.id)/photos/\(number)/preview.jpg",
            corners: corners.enumerated().map {
                CornerView(
                    index: $0.offset, name: localizer(CornerView.names[$0.offset]), x: Int($0.element.x.rounded()), y: Int($0.element.y.rounded()))
            },
            points: corners.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: " "),
            found: photo.outline != nil, canReadAgain: photo.originalKeptUntil != nil, edited: scan.isEdited,
            keptUntil: photo.originalKeptUntil.map(localizer.timestamp))
        return pages.render(
            "outline", context, title: LocalizedMessage("title.outline"),
            back: ("\(pages.base)/scans/\(scan.id)/lines", LocalizedMessage("back.lines")), content: view,
            scripts: ["photos"])
    }

    /// POST /scans/{id}/photos/{n}/read: read the kept original again with the outline and turn from the form.
    /// An unedited text takes the new reading; an edited one is kept, and Results asks what to do with the new reading.
    @Sendable func readAgain(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let number = try photoNumber(context)
        let form = try await FormBody.read(request)
        let drawn = form["outline"] == "auto" ? nil : (0..<4).flatMap { [form["x\($0)"].flatMap(Double.init), form["y\($0)"].flatMap(Double.init)] }
        let (keptEdits, _) = try await workflow.readAgain(
            scan, photo: number, turn: try Self.turn(form), drawn: drawn, reader: intake.reader(for: request, context))
        return .redirect(to: "\(pages.base)/scans/\(scan.id)?\(keptEdits ? "reread" : "read")=\(number)", type: .normal)
    }

    /// POST /scans/{id}/language: save the text as typed, then read every kept photo again in the chosen language
    /// (their outlines and turns kept). As with reading again, an edited text is kept and Results asks.
    @Sendable func readAs(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let form = try await FormBody.read(request)
        if form.text("text") != nil { try await scans.saveEdits(form, of: scan) }
        let current = try await scans.required(context)
        let chosen = try languages.requested(form["lang"]) ?? languages.defaults
        let keptEdits = try await workflow.readAll(current, languages: chosen, reader: intake.reader(for: request, context))
        return .redirect(to: "\(pages.base)/scans/\(scan.id)?\(keptEdits ? "reread=all" : "language=1")", type: .normal)
    }

    /// POST /scans/{id}/photos/{n}/adopt: after reading again, the person chose to replace their edited text with the
    /// new reading, or to add the photo's new text below it.
    @Sendable func adopt(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let form = try await FormBody.read(request)
        // The new reading of one photo, or (after "read again as") the whole new OCR text.
        let reading: ScanWorkflow.NewReading = context.parameters.get("n") == "all" ? .all : .photo(try photoNumber(context))
        guard let how = form["mode"].flatMap(ScanWorkflow.Adoption.init(rawValue:)) else {
            throw BadFormError("badMode", code: "bad_mode")
        }
        // The form carries the text as it is on screen: that is the text to keep or add to. It is saved first, checked
        // as every form of the text is: a plain form pressed again from a page gone stale (Back, then Add once more)
        // would add the reading a second time over the text the first press made, so both texts are shown instead.
        if form.text("text") != nil { try await scans.saveEdits(form, of: scan) }
        try await workflow.adopt(
            try await scans.required(context), reading: reading, how: how, typed: form.text("text"), book: form.text("book"),
            author: form.text("author"))
        return .redirect(to: "\(pages.base)/scans/\(scan.id)?saved=1", type: .normal)
    }

    @Sendable func toResults(_ request: Request, context: AppRequestContext) async throws -> Response {
        .redirect(to: "\(pages.base)/scans/\(try await scans.required(context).id)", type: .normal)
    }

    @Sendable func toLines(_ request: Request, context: AppRequestContext) async throws -> Response {
        .redirect(to: "\(pages.base)/scans/\(try await scans.required(context).id)/lines", type: .normal)
    }

    // MARK: Shared pieces

    /// The `{n}` of the route: a photo position.
    private func photoNumber(_ context: AppRequestContext) throws -> Int {
        guard let raw = context.parameters.get("n"), let number = Int(raw), (0..<1000).contains(number) else { throw HTTPError(.notFound) }
        return number
    }

    static func paddedViewBox(_ size: PixelSize) -> String {
        let pad = max(size.width, size.height) / 25
        return "\(-pad) \(-pad) \(size.width + 2 * pad) \(size.height + 2 * pad)"
    }

    /// The form's `turn`: quarter turns clockwise, -3 to 3 (absent or empty: none); anything else is a clear 400.
    static func turn(_ form: FormBody) throws -> Int {
        guard let raw = form["turn"]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return 0 }
        guard let turn = Int(raw), (-3...3).contains(turn) else {
            throw BadFormError("badTurn", code: "bad_turn")
        }
        return turn
    }
}
