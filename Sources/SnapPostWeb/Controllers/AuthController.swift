// Login and logout for the single password, and "Log out everywhere". Wrong passwords share the credential throttle.
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Storage
import Workflows

struct AuthController {
    let policy: AccessPolicy
    let sessions: any SessionRepository
    let throttle: CredentialThrottle
    let clientAddress: ClientAddress
    let pages: Pages

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/login", use: show)
        routes.post("/login", use: login)
        routes.post("/logout", use: logout)
        routes.get("/logout", use: show)
        routes.post("/logout/everywhere", use: logoutEverywhere)
        routes.get("/logout/everywhere", use: show)
        return routes
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard policy.enabled else { return .redirect(to: "\(pages.base)/", type: .normal) }
        return page(context, next: NextPath.safe(request.uri.queryParameters.get("next"), base: pages.base), error: nil, status: .ok)
    }

    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> Response {
        let client = clientAddress.key(request, context)
        let form = try await FormBody.read(request)
        let next = NextPath.safe(form["next"], base: pages.base)
        if let wait = await throttle.waitRequired(client) {
            return page(
                context, next: next, error: "Too many wrong passwords. Wait \(wait) s and try again.",
                status: .tooManyRequests, headers: [.retryAfter: String(wait)])
        }
        guard let password = form["password"], policy.acceptsPassword(password) else {
            await throttle.recordFailure(client, value: form["password"] ?? "")
            return page(context, next: next, error: "That password is not right.", status: .unauthorized)
        }
        await throttle.recordSuccess(client)
        let session = try await sessions.create(lifetime: policy.sessionLifetime, generation: policy.generation)
        var response = Response.redirect(to: next, type: .normal)
        response.setCookie(policy.sessionCookie(id: session.id, request: request, context: context))
        return response
    }

    @Sendable func logout(_ request: Request, context: AppRequestContext) async throws -> Response {
        if let id = request.cookies[AccessPolicy.cookieName]?.value {
            try await sessions.delete(id: id)
        }
        var response = Response.redirect(to: "\(pages.base)/login", type: .normal)
        response.setCookie(policy.expiredCookie(request: request, context: context))
        return response
    }

    /// POST /logout/everywhere (History page): ends every session, on every device, this one included.
    @Sendable func logoutEverywhere(_ request: Request, context: AppRequestContext) async throws -> Response {
        let ended = try await sessions.deleteAll()
        context.logger.notice("Logged out everywhere", metadata: ["sessions": "\(ended)"])
        var response = Response.redirect(to: "\(pages.base)/login", type: .normal)
        response.setCookie(policy.expiredCookie(request: request, context: context))
        return response
    }

    func page(_ context: AppRequestContext, next: String, error: String?, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        pages.render(
            "login", context, title: "Log in", content: LoginView(next: next, error: error), status: status, headers: headers, bare: true)
    }
}
