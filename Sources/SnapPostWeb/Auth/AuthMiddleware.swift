// One password in front of everything: pages need a session cookie, the JSON API a Bearer token. Every credential
// goes through the one throttle, so guessing tokens or session ids is as slow as guessing the password.
import Foundation
import HTTPTypes
import Hummingbird
import Localization
import Storage
import Workflows

struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let policy: AccessPolicy
    let sessions: any SessionRepository
    let throttle: CredentialThrottle
    let clientAddress: ClientAddress
    /// The API's refusal is worded for a person when it comes from one of our pages (see `handle`).
    let localizations: Localizations

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        guard policy.enabled else {
            context.isAuthenticated = true
            return try await next(request, context)
        }
        // Public paths (login, assets, health) need no credential, so none is checked or counted there.
        if policy.isPublic(request.uri.path) {
            return try await next(request, context)
        }
        let isAPI = request.uri.path.hasPrefix(policy.basePath + "/api/")
        var staleCookie = false
        if let credential = Self.credential(in: request) {
            let client = clientAddress.key(request, context)
            if let wait = await throttle.waitRequired(client) {
                throw RateLimitedError(retryAfterSeconds: wait, key: "error.rate_limited_guesses")
            }
            switch credential {
            case .bearer(let token):
                if policy.acceptsToken(token) {
                    context.isAuthenticated = true
                } else {
                    await throttle.recordFailure(client, value: token)
                }
            case .cookie(let id):
                if let session = try await sessions.valid(id: id, generation: policy.generation) {
                    context.isAuthenticated = true
                    context.sessionId = session.id
                } else {
                    await throttle.recordFailure(client, value: id)
                    staleCookie = true
                }
            }
        }
        if context.isAuthenticated {
            return try await next(request, context)
        }
        if isAPI {
            // A page's script (the retouch editor) whose session has ended shows this message to a person, in their
            // language; a program calling the API is told what to send.
            let fromPage = staleCookie || request.headers[.secFetchSite]?.lowercased() == "same-origin"
            return JSONErrorBody.response(
                status: .unauthorized, code: "unauthorized",
                message: fromPage
                    ? localizations.localizer(context.language)("error.session_ended")
                    : "Send 'Authorization: Bearer <token>' (SNAPPOST_API_TOKENS or the password).")
        }
        let next = request.method == .get ? request.uri.description : policy.basePath + "/"
        let target = policy.basePath + "/login?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        var response = Response(status: .seeOther, headers: [.location: target, .cacheControl: "no-store"])
        // An expired or revoked session: the browser forgets the cookie, so it is not sent (and counted) again.
        if staleCookie { response.setCookie(policy.expiredCookie(request: request, context: context)) }
        return response
    }

    enum Credential {
        case bearer(String)
        case cookie(String)
    }

    /// The Bearer token, else the session cookie, else nothing.
    static func credential(in request: Request) -> Credential? {
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            return .bearer(String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        }
        if let id = request.cookies[AccessPolicy.cookieName]?.value, !id.isEmpty {
            return .cookie(id)
        }
        return nil
    }
}

/// The JSON error shape of the API: `{"error": {"code": ..., "message": ...}}`.
enum JSONErrorBody {
    static func response(status: HTTPResponse.Status, code: String, message: String, retryAfter: Int? = nil) -> Response {
        struct Body: Encodable {
            struct Inner: Encodable {
                let code: String
                let message: String
            }
            let error: Inner
        }
        let data = (try? JSONEncoder().encode(Body(error: .init(code: code, message: message)))) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
