// Turns any thrown error into a page in the site's layout (or JSON under /api), logging the details, never showing them.
import HTTPTypes
import Hummingbird
import Imaging
import Logging

struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let pages: Pages
    /// The upload cap, named in "too large" messages.
    let limits: ImageLimits

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let presentation = ErrorPresentation.from(error, limits: limits)
            if presentation.status.code >= 500 && presentation.status != .serviceUnavailable {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))", "code": "\(presentation.code)"])
            } else {
                context.logger.info("request refused", metadata: ["code": "\(presentation.code)", "status": "\(presentation.status.code)"])
            }
            if request.uri.path.hasPrefix(pages.base + "/api/") {
                return JSONErrorBody.response(
                    status: presentation.status, code: presentation.code, message: presentation.message,
                    retryAfter: presentation.retryAfterSeconds)
            }
            return pages.render(
                "error", context, title: presentation.title,
                content: ErrorView(presentation: presentation, toolPath: ErrorView.toolPath(of: request.uri.path, base: pages.base)),
                status: presentation.status,
                headers: presentation.headers)
        }
    }
}

/// The error page: the message and the ways forward that make sense for this kind of failure.
struct ErrorView {
    let heading: String
    let message: String
    let code: String
    let retryAfter: Int?
    /// Whether sending the same request again may work (the page's script offers Retry only then).
    let retryable: Bool
    let offerNewPhoto: Bool
    let offerBack: Bool
    /// Where "Choose another photo" leads: the tool the failed request belonged to ("" for pages, "/shelf" for shelves).
    let toolPath: String

    /// The tool a request path belongs to: shelf requests start again on the Shelf page, everything else on Home.
    static func toolPath(of path: String, base: String) -> String {
        let local = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        let shelf = local == "/shelf" || local.hasPrefix("/shelf?") || local.hasPrefix("/shelves") || local == "/api/analyze-bookshelf"
        return shelf ? "/shelf" : "/"
    }

    init(presentation: ErrorPresentation, toolPath: String = "/") {
        self.toolPath = toolPath
        heading = presentation.title
        message = presentation.message
        code = presentation.code
        retryAfter = presentation.retryAfterSeconds
        retryable = presentation.retryable
        let photoProblems: Set<Int> = [400, 413, 415, 422, 503]
        offerNewPhoto = photoProblems.contains(presentation.status.code)
        offerBack = presentation.status.code != 404
    }
}
