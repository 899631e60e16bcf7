// One password in front of everything: pages need a session cookie, the JSON API a Bearer token.
import Foundation
import HTTPTypes
import Hummingbird
import SnapPostCore

/// Who may get in. `password == nil` means the login is off.
struct AccessPolicy: Sendable {
    static let cookieName = "snappost_session"
    var password: String?
    var apiTokens: [String]
    var sessionLifetime: TimeInterval
    var basePath: String
    var trustProxy: Bool

    var enabled: Bool { password != nil }

    func acceptsToken(_ token: String) -> Bool {
        guard let password else { return true }
        return ([password] + apiTokens).contains { constantTimeEquals($0, token) }
    }

    func acceptsPassword(_ candidate: String) -> Bool {
        guard let password else { return true }
        return constantTimeEquals(password, candidate)
    }

    /// Compares without stopping at the first difference, so timing tells nothing about the secret.
    func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }

    /// Paths anyone may fetch: the login page, assets, the manifest, health and metrics.
    func isPublic(_ path: String) -> Bool {
        let local = path.hasPrefix(basePath) ? String(path.dropFirst(basePath.count)) : path
        return local == "/login" || local.hasPrefix("/static/") || local == "/manifest.webmanifest"
            || local == "/healthz" || local == "/metrics" || local == "/favicon.ico" || local == "/service-worker.js"
    }

    /// Secure cookies over HTTPS; behind a proxy only when we were told to trust it.
    func isHTTPS(_ request: Request) -> Bool {
        if request.uri.scheme == .https { return true }
        guard trustProxy else { return false }
        return request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    func sessionCookie(id: String, request: Request) -> Cookie {
        cookie(value: id, maxAge: Int(sessionLifetime), request: request)
    }

    func expiredCookie(request: Request) -> Cookie {
        cookie(value: "", maxAge: 0, request: request)
    }

    /// HttpOnly, SameSite=Lax, scoped to the base path; Secure over HTTPS.
    private func cookie(value: String, maxAge: Int, request: Request) -> Cookie {
        Cookie(name: Self.cookieName, value: value, maxAge: maxAge, path: basePath.isEmpty ? "/" : basePath,
               secure: isHTTPS(request), httpOnly: true, sameSite: .lax)
    }
}

struct AuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let policy: AccessPolicy
    let store: any ScanStore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        guard policy.enabled else {
            context.isAuthenticated = true
            return try await next(request, context)
        }
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") {
            let token = String(authorization.dropFirst(7)).trimmingCharacters(in: .whitespaces)
            context.isAuthenticated = policy.acceptsToken(token)
        } else if let id = request.cookies[AccessPolicy.cookieName]?.value, let session = try await store.validSession(id: id) {
            context.isAuthenticated = true
            context.sessionId = session.id
        }
        if context.isAuthenticated || policy.isPublic(request.uri.path) {
            return try await next(request, context)
        }
        if request.uri.path.hasPrefix(policy.basePath + "/api/") {
            return JSONErrorBody.response(status: .unauthorized, code: "unauthorized",
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
        struct Body: Encodable { struct Inner: Encodable { let code: String; let message: String }; let error: Inner }
        let data = (try? JSONEncoder().encode(Body(error: .init(code: code, message: message)))) ?? Data("{}".utf8)
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
