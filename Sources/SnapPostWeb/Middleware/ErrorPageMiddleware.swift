// Turns any thrown error into a page in the site's layout (or JSON under /api), logging the details, never showing them.
import HTTPTypes
import Hummingbird
import Imaging
import Localization
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
            // JSON answers and pages alike speak the reader's language (Accept-Language; the footer's cookie on pages).
            let localizer = pages.localizer(context)
            if request.uri.path.hasPrefix(pages.base + "/api/") {
                return JSONErrorBody.response(
                    status: presentation.status, code: presentation.code, message: localizer(presentation.message),
                    retryAfter: presentation.retryAfterSeconds)
            }
            var view = ErrorView(
                presentation: presentation, localizer: localizer, toolPath: ErrorView.toolPath(of: request.uri.path, base: pages.base))
            view.takeWayBack(ErrorView.wayBack(from: request.uri.path, base: pages.base, status: presentation.status), localizer: localizer)
            view.changedElsewhere = presentation.changedElsewhere.map { ChangedElsewhereView($0, base: pages.base) }
            return pages.render(
                "error", context, title: presentation.title,
                content: view,
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
    /// "Try again in about 30 seconds."
    let retryAfterText: String?
    /// Whether sending the same request again may work (the page's script offers Retry only then).
    let retryable: Bool
    var offerNewPhoto: Bool
    let offerBack: Bool
    /// The page the failed form was on (a scan's text, its drafts, a retouch, a shelf), when there is one to go back
    /// to: then it is the first way forward, and "Choose another photo" is not offered.
    var backHref: String?
    var backLabel: String?
    /// Where "Choose another photo" leads: the tool the failed request belonged to ("" for pages, "/shelf" for shelves).
    let toolPath: String
    /// Both texts, when a plain form's text met a newer one saved elsewhere (the page replaces its usual buttons).
    var changedElsewhere: ChangedElsewhereView?

    /// Where a form sent from one scan's, retouch's or shelf's pages goes back to after it failed, and the button's
    /// words: a draft's forms to the drafts, a scan's other forms to its text. Not for a 404 (what is missing may be
    /// the very thing), nor for the first upload (nothing to go back to).
    static func wayBack(from path: String, base: String, status: HTTPResponse.Status) -> (href: String, label: String)? {
        guard status != .notFound else { return nil }
        let local = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        let parts = local.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard parts.count >= 2 else { return nil }
        let id = parts[1]
        switch parts[0] {
        case "scans" where parts.count >= 4 && parts[2] == "posts":
            return ("\(base)/scans/\(id)/posts/\(parts[3])", "errorPage.backToDrafts")
        case "scans":
            return ("\(base)/scans/\(id)", "errorPage.backToText")
        case "retouch":
            return ("\(base)/retouch/\(id)", "errorPage.backToPhoto")
        case "shelves":
            return ("\(base)/shelves/\(id)", "errorPage.backToShelf")
        default:
            return nil
        }
    }

    mutating func takeWayBack(_ back: (href: String, label: String)?, localizer: Localizer) {
        guard let back else { return }
        backHref = back.href
        backLabel = localizer(back.label)
        offerNewPhoto = false
    }

    /// The tool a request path belongs to: shelf requests start again on the Shelf page, everything else on Home.
    static func toolPath(of path: String, base: String) -> String {
        let local = path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
        let shelf = local == "/shelf" || local.hasPrefix("/shelf?") || local.hasPrefix("/shelves") || local == "/api/analyze-bookshelf"
        return shelf ? "/shelf" : "/"
    }

    init(presentation: ErrorPresentation, localizer: Localizer, toolPath: String = "/") {
        self.toolPath = toolPath
        heading = localizer(presentation.title)
        message = localizer(presentation.message)
        retryAfterText = presentation.retryAfterSeconds.map { localizer.plural("errorPage.retryAfter", count: $0) }
        code = presentation.code
        retryAfter = presentation.retryAfterSeconds
        retryable = presentation.retryable
        let photoProblems: Set<Int> = [400, 413, 415, 422, 503]
        offerNewPhoto = photoProblems.contains(presentation.status.code)
        offerBack = presentation.status.code != 404
    }
}

/// The two texts of a conflict, for a browser without the script: the one typed here in a form that saves it over the
/// stored one (naming the stored revision), and the stored one with a link that keeps it (both go to the scan's page).
struct ChangedElsewhereView {
    let scanHref: String
    let typed: String
    let book: String
    let author: String
    let seen: Int
    let stored: String

    init(_ texts: ChangedElsewhereError.Texts, base: String) {
        scanHref = "\(base)/scans/\(texts.scanId)"
        typed = texts.typed
        book = texts.book
        author = texts.author
        seen = texts.storedRevision
        stored = texts.stored
    }
}
