// The footer's language switch: a plain form (no script needed) that keeps the choice in a cookie for a year and
// goes back to the page it was sent from.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import Storage

struct LanguageController {
    let base: String
    let policy: AccessPolicy
    /// For the switch sent with a scan's text (see `chooseKeepingText`).
    let scans: any ScanRepository

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("language", use: choose)
        routes.get("language", use: back)
        routes.post("scans/{id}/interface-language", use: chooseKeepingText)
        routes.get("scans/{id}/interface-language", use: backToText)
        return routes
    }

    /// The switch's address opened as a page (a bookmark, a crawler): nothing changes, it leads home.
    @Sendable func back(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response.redirect(to: base + "/", type: .normal)
    }

    @Sendable func choose(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await FormBody.read(request)
        return switching(to: form["interfaceLang"] ?? form["lang"], next: NextPath.safe(form["next"], base: base), request, context)
    }

    /// The text's switch opened as a page: nothing changes, it leads to the text.
    @Sendable func backToText(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response.redirect(to: "\(base)/scans/\(try await scans.required(context).id)", type: .normal)
    }

    /// POST /scans/{id}/interface-language: the footer's switch sent, without the script, with the Results form, so
    /// the text typed there is saved (as every way out of Results saves it) before the page comes back in the language.
    @Sendable func chooseKeepingText(_ request: Request, context: AppRequestContext) async throws -> Response {
        let scan = try await scans.required(context)
        let form = try await FormBody.read(request)
        if form.text("text") != nil { try await scans.saveEdits(form, of: scan) }
        return switching(to: form["interfaceLang"], next: "\(base)/scans/\(scan.id)", request, context)
    }

    private func switching(to tag: String?, next: String, _ request: Request, _ context: AppRequestContext) -> Response {
        var response = Response.redirect(to: next, type: .normal)
        // An unknown tag clears the choice, so the browser's languages decide again.
        let language = tag.flatMap(InterfaceLanguage.init(tag:))
        response.setCookie(
            Cookie(
                name: LanguageMiddleware.cookieName, value: language?.tag ?? "", maxAge: language == nil ? 0 : 365 * 24 * 3600,
                path: base.isEmpty ? "/" : base, secure: policy.isHTTPS(request, context), httpOnly: true, sameSite: .lax))
        return response
    }
}
