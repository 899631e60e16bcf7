// Login and logout for the single password. Wrong passwords from one client are slowed down.
import Foundation
import HTTPTypes
import Hummingbird

struct AuthController {
    let policy: AccessPolicy
    let sessions: any SessionRepository
    let throttle: LoginThrottle
    let clientAddress: ClientAddress
    let pages: Pages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/login", use: show)
        routes.post("/login", use: login)
        routes.post("/logout", use: logout)
        routes.get("/logout", use: show)
        return routes
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard policy.enabled else { return .redirect(to: "\(pages.base)/", type: .normal) }
        return page(context, next: safeNext(request.uri.queryParameters.get("next")), error: nil, status: .ok)
    }

    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        let client = clientAddress.key(request, context)
        let form = try await FormBody.read(request)
        let next = safeNext(form["next"])
        if let wait = await throttle.waitRequired(client) {
            return page(
                context, next: next, error: "Too many wrong passwords. Wait \(wait) s and try again.",
                status: .tooManyRequests, headers: [.retryAfter: String(wait)])
        }
        guard let password = form["password"], policy.acceptsPassword(password) else {
            await throttle.recordFailure(client)
            return page(context, next: next, error: "That password is not right.", status: .unauthorized)
        }
        await throttle.recordSuccess(client)
        let session = try await sessions.create(lifetime: policy.sessionLifetime)
        var response = Response.redirect(to: next, type: .normal)
        response.setCookie(policy.sessionCookie(id: session.id, request: request))
        return response
    }

    @Sendable func logout(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let id = request.cookies[AccessPolicy.cookieName]?.value {
            try await sessions.delete(id: id)
        }
        var response = Response.redirect(to: "\(pages.base)/login", type: .normal)
        response.setCookie(policy.expiredCookie(request: request))
        return response
    }

    /// Only our own paths: never an absolute URL or a protocol-relative `//host`.
    func safeNext(_ raw: String?) -> String {
        let fallback = "\(pages.base)/"
        guard let raw, raw.hasPrefix(pages.base + "/"), !raw.hasPrefix("//"), !raw.contains("\\"),
            !raw.contains("://"), raw.count < 500
        else { return fallback }
        return raw
    }

    func page(_ context: AppRequestContext, next: String, error: String?, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        pages.render(
            "login", context, title: "Log in", content: LoginView(next: next, error: error), status: status, headers: headers, bare: true)
    }
}
