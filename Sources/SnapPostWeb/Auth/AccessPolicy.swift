// Who may get in: the password, API tokens, which paths are public, and the session cookie's shape.
import Foundation
import HTTPTypes
import Hummingbird

/// Who may get in. `password == nil` means the login is off.
struct AccessPolicy: Sendable {
    static let cookieName = "snappost_session"
    var password: String?
    var apiTokens: [String]
    var sessionLifetime: TimeInterval
    var basePath: String
    /// Whose X-Forwarded-Proto is believed (a trusted proxy's only).
    var clientAddress: ClientAddress
    /// The password's generation (see `SessionRepository.generation(ofPassword:)`); sessions of other generations are void.
    var generation = 0

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

    /// Paths anyone may fetch: the login page, assets, the manifest, health (also the iOS client's /api/health), metrics and
    /// the language switch (the login page offers it too).
    func isPublic(_ path: String) -> Bool {
        let local = path.hasPrefix(basePath) ? String(path.dropFirst(basePath.count)) : path
        return local == "/login" || local.hasPrefix("/static/") || local == "/manifest.webmanifest"
            || local == "/healthz" || local == "/api/health" || local == "/metrics" || local == "/favicon.ico" || local == "/sw.js"
            || local == "/offline" || local == "/language"
    }

    /// Secure cookies over HTTPS; behind a proxy only when we were told to trust it.
    func isHTTPS(_ request: Request, _ context: AppRequestContext) -> Bool {
        if request.uri.scheme == .https { return true }
        guard clientAddress.isTrustedProxy(context) else { return false }
        return request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }

    func sessionCookie(id: String, request: Request, context: AppRequestContext) -> Cookie {
        cookie(value: id, maxAge: Int(sessionLifetime), secure: isHTTPS(request, context))
    }

    func expiredCookie(request: Request, context: AppRequestContext) -> Cookie {
        cookie(value: "", maxAge: 0, secure: isHTTPS(request, context))
    }

    /// HttpOnly, SameSite=Lax, scoped to the base path; Secure over HTTPS.
    private func cookie(value: String, maxAge: Int, secure: Bool) -> Cookie {
        Cookie(
            name: Self.cookieName, value: value, maxAge: maxAge, path: basePath.isEmpty ? "/" : basePath,
            secure: secure, httpOnly: true, sameSite: .lax)
    }
}
