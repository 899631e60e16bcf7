// Picks each request's interface language: the footer's cookie first, then Accept-Language (q-values honoured), then
// English; and remembers the page asked for, which the footer's switch comes back to.
import HTTPTypes
import Hummingbird
import Localization

struct LanguageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    static let cookieName = "snappost_lang"

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.language = LanguageNegotiation.language(
            chosen: request.cookies[Self.cookieName]?.value, acceptLanguage: request.headers[.acceptLanguage])
        if let query = request.uri.query, !query.isEmpty {
            context.pagePath = request.uri.path + "?" + query
        } else {
            context.pagePath = request.uri.path
        }
        var response = try await next(request, context)
        // The same URL answers in another language for another reader: caches must keep them apart.
        if response.headers[.contentType]?.hasPrefix("text/html") == true || response.headers[.contentType]?.contains("manifest") == true {
            response.headers[.vary] = "Accept-Language, Cookie"
            // The service worker keeps the offline page in the language the reader last saw.
            response.headers[.contentLanguage] = context.language.tag
        }
        return response
    }
}
