// A path holding a control character (a percent-encoded NUL, a line break) names no page and no file: it is refused
// before the static files are looked up, where a NUL would cut the file name and leave the text after it to choose
// the content type ("/static/icon.svg%00.html" served an SVG as HTML).
import Foundation
import HTTPTypes
import Hummingbird

struct PathGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !Self.holdsControlCharacter(request.uri.path) else { throw HTTPError(.badRequest) }
        return try await next(request, context)
    }

    /// Whether the path, percent-decoded, holds a character below U+0020 or U+007F; a path that does not decode is
    /// left to the router, which refuses it.
    static func holdsControlCharacter(_ path: String) -> Bool {
        let decoded = path.removingPercentEncoding ?? path
        return decoded.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
