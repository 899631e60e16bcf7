// Refuses state-changing requests that a browser sent on behalf of another site (CSRF).
import HTTPTypes
import Hummingbird

struct SameOriginMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    /// X-Forwarded-Host is believed from a trusted proxy only.
    let clientAddress: ClientAddress
    /// Pages from the names configured in `SNAPPOST_ALLOWED_HOSTS` may post here whatever Host the request carries.
    var allowList = HostAllowList(configured: [])

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head, request.method != .options else {
            return try await next(request, context)
        }
        // The JSON API authenticates with Bearer tokens, which a foreign page cannot attach.
        if request.headers[.authorization]?.lowercased().hasPrefix("bearer ") == true {
            return try await next(request, context)
        }
        guard Self.isSameOrigin(request, trustProxy: clientAddress.isTrustedProxy(context), allowList: allowList) else {
            throw HTTPError(.forbidden)
        }
        return try await next(request, context)
    }

    /// Browsers send Sec-Fetch-Site and Origin on every POST; a request with neither is not from a browser page. An
    /// Origin must be this request's own host (checked against the allow-list before this runs) or a configured name.
    static func isSameOrigin(_ request: Request, trustProxy: Bool, allowList: HostAllowList = HostAllowList(configured: [])) -> Bool {
        if let site = request.headers[.secFetchSite]?.lowercased() {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers[.origin] else { return true }
        guard origin != "null", let originHost = origin.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first else {
            return false
        }
        if let name = HostAllowList.hostPart(of: String(originHost)), allowList.isConfigured(name) { return true }
        let forwardedHost = trustProxy ? request.headers[HTTPField.Name("X-Forwarded-Host")!] : nil
        guard let host = forwardedHost ?? request.head.authority else { return false }
        return originHost.lowercased() == host.lowercased()
    }
}

extension HTTPField.Name {
    /// Where a browser says the request comes from: "same-origin" from one of our own pages.
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
}
