// The Retouch pages: the project list with its upload, the editor, and the JSON the editor talks to.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import NIOCore
import Retouch
import Storage
import Support
import Workflows

struct RetouchController {
    /// The largest edit body taken (5,000 points written out fit in a quarter of it).
    static let maxEditBytes = 512 * 1024
    let studio: RetouchStudio
    let intake: PhotoIntake
    let pages: Pages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/retouch", use: list)
        routes.post("/retouch", use: upload)
        routes.get("/retouch/{id}", use: editor)
        routes.post("/retouch/{id}/delete", use: delete)
        routes.get("/retouch/{id}/delete", use: toList)
        routes.get("/retouch/{id}/before.jpg", use: before)
        routes.get("/retouch/{id}/preview.jpg", use: preview)
        routes.get("/retouch/{id}/export.jpg", use: export)
        routes.get("/retouch/{id}/mask.png", use: mask)
        // The editor's JSON (errors come back as JSON under /api/).
        routes.get("/api/retouch/{id}", use: state)
        routes.post("/api/retouch/{id}/edits", use: addEdit)
        routes.post("/api/retouch/{id}/undo", use: undo)
        routes.post("/api/retouch/{id}/redo", use: redo)
        routes.post("/api/retouch/{id}/refine", use: refine)
        return routes
    }

    // MARK: Pages

    /// GET /retouch: the projects, newest first, and a button to start a new one.
    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        let projects = try await studio.projects.recent(limit: 50)
        let view = RetouchListView(
            projects: projects.map { RetouchProjectSummaryView($0, base: pages.base, localizer: pages.localizer(context)) },
            hasProjects: !projects.isEmpty,
            deleted: request.uri.queryParameters.get("deleted") != nil)
        return pages.render("retouch", context, title: LocalizedMessage("title.retouch"), section: "retouch", content: view)
    }

    /// POST /retouch: a photo becomes a project; on to its editor.
    @Sendable func upload(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await intake.admit(request, context)
        let upload = try await intake.uploads.read(request)
        let name = (upload.filename ?? "").split(separator: "/").last.map(String.init) ?? ""
        let project = try await studio.create(upload: upload.data, name: name)
        return .redirect(to: "\(pages.base)/retouch/\(project.id)", type: .normal)
    }

    /// GET /retouch/{id}: the editor (it needs JavaScript; without it the page says so and offers the export).
    @Sendable func editor(_ request: Request, context: AppRequestContext) async throws -> Response {
        let state = try await studio.state(try id(context))
        let project = try await studio.project(state.id)
        let view = RetouchEditorView(
            id: state.id, name: project.name, width: state.width, height: state.height, previewWidth: state.previewWidth,
            previewHeight: state.previewHeight, previewHref: "\(pages.base)/retouch/\(state.id)/preview.jpg?v=\(state.version)",
            beforeHref: "\(pages.base)/retouch/\(state.id)/before.jpg", exportHref: "\(pages.base)/retouch/\(state.id)/export.jpg",
            stateHref: "\(pages.base)/api/retouch/\(state.id)",
            footnote: pages.localizer(context).plural(
                "editor.footnote", count: state.editCount, ["width": .text(String(state.width)), "height": .text(String(state.height))]))
        return pages.render(
            "retouch-editor", context, title: LocalizedMessage("title.retouch"), section: "retouch",
            back: ("\(pages.base)/retouch", LocalizedMessage("back.retouch")), content: view,
            scripts: ["retouch"])
    }

    /// POST /retouch/{id}/delete: the project, its original and its edits are gone.
    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await studio.delete(try id(context))
        return .redirect(to: "\(pages.base)/retouch?deleted=1", type: .normal)
    }

    @Sendable func toList(_ request: Request, context: AppRequestContext) async throws -> Response {
        .redirect(to: "\(pages.base)/retouch", type: .normal)
    }

    // MARK: Pictures

    @Sendable func before(_ request: Request, context: AppRequestContext) async throws -> Response {
        jpeg(try await studio.beforeJPEG(try id(context)), cache: "private, max-age=3600")
    }

    @Sendable func preview(_ request: Request, context: AppRequestContext) async throws -> Response {
        jpeg(try await studio.previewJPEG(try id(context)), cache: "no-store")
    }

    /// GET /retouch/{id}/mask.png: the edits as the overlay shows them (the editor asks with `?v=` its maskVersion).
    @Sendable func mask(_ request: Request, context: AppRequestContext) async throws -> Response {
        let png = try await studio.maskPNG(try id(context))
        return Response(
            status: .ok, headers: [.contentType: "image/png", .cacheControl: "private, max-age=3600"], body: .init(byteBuffer: ByteBuffer(bytes: png))
        )
    }

    /// GET /retouch/{id}/export.jpg: the full-size photo with every edit in effect, as a download.
    @Sendable func export(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try id(context)
        let project = try await studio.project(id)
        var response = jpeg(try await studio.exportJPEG(id), cache: "no-store")
        let stem = project.name.split(separator: ".").first.map(String.init) ?? "photo"
        let safe = String(stem.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }.prefix(60))
        response.headers[.contentDisposition] = "attachment; filename=\"\(safe.isEmpty ? "photo" : safe)-retouched.jpg\""
        return response
    }

    private func jpeg(_ data: Data, cache: String) -> Response {
        Response(status: .ok, headers: [.contentType: "image/jpeg", .cacheControl: cache], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    // MARK: The editor's JSON

    @Sendable func state(_ request: Request, context: AppRequestContext) async throws -> Response {
        json(try await studio.state(try id(context)), context)
    }

    /// POST /api/retouch/{id}/edits: `{"tool": "wire", "tap": {"x": .., "y": ..}}`, `{"tool": "brush", "points": [..],
    /// "width": ..}` and so on, in photo pixels.
    @Sendable func addEdit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try id(context)
        let edit = try await body(EditRequest.self, request)
        let project = try await studio.project(id)
        return json(try await studio.add(try edit.validated(photo: PixelSize(width: project.width, height: project.height)), to: id), context)
    }

    @Sendable func undo(_ request: Request, context: AppRequestContext) async throws -> Response {
        json(try await studio.undo(try id(context)), context)
    }

    @Sendable func redo(_ request: Request, context: AppRequestContext) async throws -> Response {
        json(try await studio.redo(try id(context)), context)
    }

    /// POST /api/retouch/{id}/refine: the last edit widened, or `{"width": ..}` for a line at a new width.
    @Sendable func refine(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Refine: Decodable { var width: Double? }
        let refine = try await body(Refine.self, request, allowEmpty: true)
        let width = try refine?.width.map { try EditRequest.checkedWidth($0, upTo: EditRequest.maxLineWidth) }
        return json(try await studio.refine(try id(context), width: width), context)
    }

    // MARK: Shared pieces

    private func id(_ context: AppRequestContext) throws -> String {
        guard let raw = context.parameters.get("id"), RandomID.isWellFormed(raw) else { throw HTTPError(.notFound) }
        return raw
    }

    private func body<T: Decodable>(_ type: T.Type, _ request: Request, allowEmpty: Bool = false) async throws -> T? {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: Self.maxEditBytes)
        } catch is NIOTooManyBytesError {
            // The editor sends strokes; one this large is a stroke too long, not a photo too large.
            throw BadFormError("strokeTooLong", code: "edit_too_large")
        }
        if buffer.readableBytes == 0 && allowEmpty { return nil }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw BadFormError("badEdit", code: "bad_edit")
        }
    }

    private func body<T: Decodable>(_ type: T.Type, _ request: Request) async throws -> T {
        guard let value = try await body(type, request, allowEmpty: false) else { throw BadFormError("emptyEdit", code: "bad_edit") }
        return value
    }

    /// The editor's state as JSON, with the note on skipped edits said in the reader's language.
    private func json(_ state: RetouchState, _ context: AppRequestContext) -> Response {
        var state = state
        if !state.skippedEdits.isEmpty {
            let localizer = pages.localizer(context)
            let numbers = localizer.list(state.skippedEdits.map { localizer.number($0) })
            state.note =
                state.moreSkipped
                ? localizer("editor.skippedMore", ["numbers": .text(numbers)])
                : localizer.plural("editor.skipped", count: state.skippedEdits.count, ["numbers": .text(numbers)])
        }
        let data = (try? JSONEncoder().encode(state)) ?? Data("{}".utf8)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

// MARK: Checking what the editor sent

extension EditRequest {
    /// Widest brush stroke, in photo pixels.
    static let maxBrushWidth = 1000.0
    /// Widest wire or line, in photo pixels (the width slider and Refine).
    static let maxLineWidth = 400.0
    static let maxFeather = 100.0
    static let maxPoints = 5000

    /// Every number checked against the photo before anything is drawn or stored: taps on the photo, stroke points
    /// on it or within one photo's size of it, widths and feather in range. Anything else is a 400 that says what
    /// was wrong, so no later arithmetic sees a coordinate of 1e300.
    func validated(photo: PixelSize) throws -> EditRequest {
        var checked = self
        switch tool {
        case .person where all == true:
            break
        case .wire, .object, .person:
            guard let tap else { throw BadFormError("noTap", code: "bad_edit") }
            guard tap.x.isFinite, tap.y.isFinite, tap.x >= 0, tap.y >= 0, tap.x <= Double(photo.width), tap.y <= Double(photo.height) else {
                throw BadFormError("tapOutside", code: "bad_edit")
            }
        case .brush, .lineBrush:
            guard let points, !points.isEmpty else { throw RetouchError.emptyMask }
            guard points.count <= Self.maxPoints else {
                throw BadFormError("strokeTooLong", code: "bad_edit")
            }
            let reach = Double(max(photo.width, photo.height))
            let inRange = points.allSatisfy {
                $0.x.isFinite && $0.y.isFinite && $0.x >= -reach && $0.y >= -reach && $0.x <= Double(photo.width) + reach
                    && $0.y <= Double(photo.height) + reach
            }
            guard inRange else { throw BadFormError("strokeOutside", code: "bad_edit") }
        }
        if let width {
            checked.width = try Self.checkedWidth(width, upTo: tool == .brush ? Self.maxBrushWidth : Self.maxLineWidth)
        }
        if let feather {
            guard feather.isFinite, feather >= 0, feather <= Self.maxFeather else {
                throw BadFormError("badFeather", ["maximum": .number(Int(Self.maxFeather))], code: "bad_edit")
            }
        }
        return checked
    }

    /// A stroke or line width in photo pixels: more than 0 and at most `limit` (under 1 counts as 1).
    static func checkedWidth(_ width: Double, upTo limit: Double) throws -> Double {
        guard width.isFinite, width > 0, width <= limit else {
            throw BadFormError("badWidth", ["maximum": .number(Int(limit))], code: "bad_edit")
        }
        return max(1, width)
    }
}

// MARK: Views

struct RetouchListView {
    let projects: [RetouchProjectSummaryView]
    let hasProjects: Bool
    let deleted: Bool
}

struct RetouchProjectSummaryView {
    let href: String
    let thumbHref: String
    let deleteHref: String
    let name: String
    let size: String
    let edits: String
    let when: String
    let iso: String

    init(_ project: RetouchProject, base: String, localizer: Localizer) {
        href = "\(base)/retouch/\(project.id)"
        thumbHref = "\(base)/retouch/\(project.id)/preview.jpg?v=\(project.applied)-\(Int(project.updatedAt.timeIntervalSince1970))"
        deleteHref = "\(base)/retouch/\(project.id)/delete"
        name = project.name.isEmpty ? localizer("retouch.untitled") : project.name
        size = "\(project.width) × \(project.height)"
        edits = localizer.plural("retouch.edits", count: project.applied)
        when = localizer.timestamp(project.updatedAt)
        iso = ISO8601DateFormatter().string(from: project.updatedAt)
    }
}

struct RetouchEditorView {
    let id: String
    let name: String
    let width: Int
    let height: Int
    let previewWidth: Int
    let previewHeight: Int
    let previewHref: String
    let beforeHref: String
    let exportHref: String
    let stateHref: String
    /// "4032 × 3024 px · 3 edits when opened."
    let footnote: String
}
