// The per-request context: Hummingbird's core storage plus the client's address and whether it is logged in.
import Foundation
import Hummingbird
import Localization
import Logging
import NIOCore

public struct AppRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?
    /// Set by `AuthMiddleware` when the request carries a valid session or token.
    public var isAuthenticated = false
    /// The session id, when the request is from a logged-in browser.
    public var sessionId: String?
    /// The interface language, set by `LanguageMiddleware` from the person's choice or the browser's Accept-Language.
    public var language: InterfaceLanguage = .source
    /// The page asked for, path and query, for the footer's language switch to come back to.
    public var pagePath: String = "/"

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteAddress = source.channel.remoteAddress
    }

    /// Uploads are read by the controller with their own cap; everything else stays small.
    public var maxUploadSize: Int { 64 * 1024 }

    /// JSON answers of the API: sorted keys, never cached.
    public var responseEncoder: JSONAnswerEncoder { JSONAnswerEncoder() }
}

/// Encodes `ResponseEncodable` values as JSON with stable key order and `Cache-Control: no-store`.
public struct JSONAnswerEncoder: ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
