// The static files (scripts, styles, icons: tens of kilobytes) are sent whole. HTTP lets a server ignore a byte range,
// and the file server's own range handling answered a range starting past a file's end with 206 and a negative
// Content-Length, which clients take for a broken connection.
import HTTPTypes
import Hummingbird

struct WholeStaticFilesMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Where the static files are served from, e.g. "/static/" (under a base path, "/snappost/static/").
    let prefix: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.headers[.range] != nil || request.headers[.ifRange] != nil, request.uri.path.hasPrefix(prefix) else {
            return try await next(request, context)
        }
        var head = request.head
        head.headerFields[.range] = nil
        head.headerFields[.ifRange] = nil
        return try await next(Request(head: head, body: request.body), context)
    }
}
