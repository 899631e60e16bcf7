// One password in front of everything: pages need a session cookie, the JSON API a Bearer token.
import Foundation
import HTTPTypes
import Hummingbird

struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let policy: AccessPolicy
    let sessions: any SessionRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        guard policy.enabled else {
            context.isAuthenticated = true
            return try await next(request, context)
        }
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            context.isAuthenticated = policy.acceptsToken(token)
        } else if let id = request.cookies[AccessPolicy.cookieName]?.value, let session = try await sessions.valid(id: id) {
            context.isAuthenticated = true
            context.sessionId = session.id
        }
        if context.isAuthenticated || policy.isPublic(request.uri.path) {
            return try await next(request, context)
        }
        if request.uri.path.hasPrefix(policy.basePath + "/api/") {
            return JSONErrorBody.response(
                status: .unauthorized, code: "unauthorized",
                message: "Send 'Authorization: Bearer <token>' (SNAPPOST_API_TOKENS or the password).")
        }
        let next = request.method == .get ? request.uri.description : policy.basePath + "/"
        let target = policy.basePath + "/login?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return Response(status: .seeOther, headers: [.location: target, .cacheControl: "no-store"])
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
