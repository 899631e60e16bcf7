// Turns any thrown error into a page in the site's layout (or JSON under /api), logging the details, never showing them.
import HTTPTypes
import Hummingbird
import Logging
import SnapPostCore

struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let renderer: PageRenderer
    let chrome: @Sendable (AppRequestContext) -> PageChrome

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let presentation = ErrorPresentation.from(error)
            if presentation.status.code >= 500 && presentation.status != .serviceUnavailable {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))", "code": "\(presentation.code)"])
            } else {
                context.logger.info("request refused", metadata: ["code": "\(presentation.code)", "status": "\(presentation.status.code)"])
            }
            var headers: HTTPFields = [:]
            if let retryAfter = presentation.retryAfterSeconds { headers[.retryAfter] = String(retryAfter) }
            let base = chrome(context).base
            if request.uri.path.hasPrefix(base + "/api/") {
                return JSONErrorBody.response(status: presentation.status, code: presentation.code, message: presentation.message,
                                              retryAfter: presentation.retryAfterSeconds)
            }
            var pageChrome = chrome(context)
            pageChrome.title = presentation.title
            let view = ErrorView(presentation: presentation, base: base)
            return renderer.render("error", chrome: pageChrome, content: view, status: presentation.status, headers: headers)
        }
    }
}

/// The error page: the message and the ways forward that make sense for this kind of failure.
struct ErrorView {
    let heading: String
    let message: String
    let code: String
    let retryAfter: Int?
    let offerNewPhoto: Bool
    let offerBack: Bool

    init(presentation: ErrorPresentation, base: String) {
        heading = presentation.title
        message = presentation.message
        code = presentation.code
        retryAfter = presentation.retryAfterSeconds
        let photoProblems: Set<Int> = [400, 413, 415, 422, 503]
        offerNewPhoto = photoProblems.contains(presentation.status.code)
        offerBack = presentation.status.code != 404
    }
}
