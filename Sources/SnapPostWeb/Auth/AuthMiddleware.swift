// One password in front of everything: pages need a session cookie, the JSON API a Bearer token. Every credential
// goes through the one throttle, so guessing tokens or session ids is as slow as guessing the password.
import Foundation
import HTTPTypes
import Hummingbird
import Storage
import Workflows

struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let policy: AccessPolicy
    let sessions: any SessionRepository
    let throttle: CredentialThrottle
    let clientAddress: ClientAddress

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
                let message = "Too many wrong passwords, tokens or sessions from your address. Wait \(wait) s and try again."
                if isAPI {
                    return JSONErrorBody.response(status: .tooManyRequests, code: "rate_limited", message: message, retryAfter: wait)
                }
                throw RateLimitedError(retryAfterSeconds: wait, message: message)
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
            return JSONErrorBody.response(
                status: .unauthorized, code: "unauthorized",
                message: "Send 'Authorization: Bearer <token>' (SNAPPOST_API_TOKENS or the password).")
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
