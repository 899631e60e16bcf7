// Health, metrics and the web app manifest (home-screen install, "Scan to Draft" shortcut, Android share target).
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Support
import Workflows

struct OpsController {
    let store: StoreHealth
    let isOCRReady: @Sendable () -> Bool
    let queue: BoundedWorkQueue
    let metrics: AppMetrics
    let base: String
    let pages: Pages
    /// Public/static/sw.js, read once at start.
    let serviceWorkerScript: String

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/healthz", use: health)
        routes.get("/metrics", use: metrics)
        routes.get("/manifest.webmanifest", use: manifest)
        routes.get("/sw.js", use: serviceWorker)
        routes.get("/offline", use: offline)
        return routes
    }

    /// 200 `ok` when a real write works and there is room; 200 `degraded` when space is low; 503 `unhealthy` when the
    /// store cannot be written or the OCR engine is not ready.
    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Response {
        let store = await store.report()
        var problems: [String] = []
        if let failure = store.writeFailure { problems.append(failure == "store_full" ? "store not writable: disk full" : "store not writable") }
        if !isOCRReady() { problems.append("OCR engine not ready") }
        var warnings: [String] = []
        if store.lowOnSpace { warnings.append("low disk space") }
        let status = !problems.isEmpty ? "unhealthy" : warnings.isEmpty ? "ok" : "degraded"
        var fields = [
            "\"status\":\"\(status)\"", "\"store\":\"\(store.writeFailure == nil ? "writable" : "not writable")\"",
            "\"ocr\":\"\(isOCRReady() ? "ready" : "not ready")\"", "\"queue\":\(await queue.depth)",
        ]
        if let free = store.freeBytes { fields.append("\"freeMegabytes\":\(free / 1_048_576)") }
        if !problems.isEmpty || !warnings.isEmpty {
            fields.append("\"problems\":[\((problems + warnings).map { "\"\($0)\"" }.joined(separator: ","))]")
        }
        return Response(
            status: problems.isEmpty ? .ok : .serviceUnavailable,
            headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: "{" + fields.joined(separator: ",") + "}")))
    }

    @Sendable func metrics(_ request: Request, context: AppRequestContext) async throws -> Response {
        metrics.setQueueDepth(await queue.depth)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
    }

    /// GET /sw.js: the offline shell's service worker, served from the root so its scope is the whole app.
    @Sendable func serviceWorker(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache",
                HTTPField.Name("Service-Worker-Allowed")!: "\(base)/",
            ],
            body: .init(byteBuffer: ByteBuffer(string: serviceWorkerScript)))
    }

    /// GET /offline: what the installed app shows when the server cannot be reached (cached by the service worker).
    @Sendable func offline(_ request: Request, context: AppRequestContext) async throws -> Response {
        var response = pages.render("offline", context, title: "Offline", content: [String: String](), bare: true)
        response.headers[.cacheControl] = "no-cache"
        return response
    }

    @Sendable func manifest(_ request: Request, context: AppRequestContext) async throws -> Response {
        let manifest: [String: Any] = [
            "name": "SnapPost",
            "short_name": "SnapPost",
            "description": "Snap a book page, get clean text and five LinkedIn drafts.",
            "id": "\(base)/",
            "start_url": "\(base)/",
            "scope": "\(base)/",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#0a66c2",
            "icons": [
                ["src": "\(base)/static/icon-192.png", "sizes": "192x192", "type": "image/png"],
                ["src": "\(base)/static/icon-512.png", "sizes": "512x512", "type": "image/png"],
                ["src": "\(base)/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"],
            ],
            "shortcuts": [
                [
                    "name": "Scan to Draft", "short_name": "Scan", "description": "Take a photo of a page and draft posts from it",
                    "url": "\(base)/scan", "icons": [["src": "\(base)/static/icon-192.png", "sizes": "192x192"]],
                ],
                [
                    "name": "Shelf", "short_name": "Shelf", "description": "Snap a bookshelf: its books, what they say about you, what to read next",
                    "url": "\(base)/shelf", "icons": [["src": "\(base)/static/icon-192.png", "sizes": "192x192"]],
                ],
                [
                    "name": "Retouch", "short_name": "Retouch", "description": "Remove wires, objects and blemishes from a photo",
                    "url": "\(base)/retouch", "icons": [["src": "\(base)/static/icon-192.png", "sizes": "192x192"]],
                ],
                ["name": "History", "url": "\(base)/history"],
            ],
            "share_target": [
                "action": "\(base)/share",
                "method": "POST",
                "enctype": "multipart/form-data",
                "params": ["title": "title", "text": "text", "files": [["name": "photo", "accept": ["image/*"]]]],
            ],
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .withoutEscapingSlashes])
        return Response(
            status: .ok, headers: [.contentType: "application/manifest+json", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
