// Who a request comes from, for per-client limits: the socket's address, or a trusted proxy's X-Forwarded-For.
import Foundation
import Hummingbird
import NIOCore

struct ClientAddress: Sendable {
    /// Only behind a proxy we run is X-Forwarded-For believed.
    let trustProxy: Bool

    func key(_ request: Request, _ context: AppRequestContext) -> String {
        if trustProxy, let forwarded = request.headers[.init("X-Forwarded-For")!]?.split(separator: ",").first {
            return forwarded.trimmingCharacters(in: .whitespaces)
        }
        return context.remoteAddress?.ipAddress ?? "unknown"
    }
}
