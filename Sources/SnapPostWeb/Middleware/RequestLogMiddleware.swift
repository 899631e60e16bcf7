// One structured log line and one metrics sample per request, labelled by route (not raw path) and status.
import Foundation
import Hummingbird
import Logging

struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let metrics: AppMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var status = 500
        defer {
            let elapsed = start.duration(to: .now)
            let route = context.endpointPath ?? "unmatched"
            metrics.recordRequest(route: route, method: request.method.rawValue, status: status, seconds: elapsed.seconds)
            context.logger.info(
                "request",
                metadata: [
                    "method": "\(request.method.rawValue)", "route": "\(route)", "status": "\(status)",
                    "ms": "\(Int(elapsed.seconds * 1000))",
                ])
        }
        do {
            let response = try await next(request, context)
            status = response.status.code
            return response
        } catch let error as any HTTPResponseError {
            status = error.status.code
            throw error
        }
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
