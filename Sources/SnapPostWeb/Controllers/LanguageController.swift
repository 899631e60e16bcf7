// The footer's language switch: a plain form (no script needed) that keeps the choice in a cookie for a year and
// goes back to the page it was sent from.
import Foundation
import HTTPTypes
import Hummingbird
import Localization

struct LanguageController {
    let base: String
    let policy: AccessPolicy

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("language", use: choose)
        routes.get("language", use: back)
        return routes
    }

    /// The switch's address opened as a page (a bookmark, a crawler): nothing changes, it leads home.
    @Sendable func back(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response.redirect(to: base + "/", type: .normal)
    }

    @Sendable func choose(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody.read(request)
        let next = NextPath.safe(form["next"], base: base)
        var response = Response.redirect(to: next, type: .normal)
        // An unknown tag clears the choice, so the browser's languages decide again.
        let language = form["lang"].flatMap(InterfaceLanguage.init(tag:))
        response.setCookie(
            Cookie(
                name: LanguageMiddleware.cookieName, value: language?.tag ?? "", maxAge: language == nil ? 0 : 365 * 24 * 3600,
                path: base.isEmpty ? "/" : base, secure: policy.isHTTPS(request, context), httpOnly: true, sameSite: .lax))
        return response
    }
}
