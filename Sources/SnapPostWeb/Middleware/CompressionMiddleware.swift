// Gzips text responses (pages, CSS, JS, JSON, the manifest) for clients that accept it: Home stays well under 25 KB.
import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

struct CompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    static var compressibleTypes: Set<String> {
        [
            "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
            "application/manifest+json", "image/svg+xml", "text/plain",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard response.status == .ok, request.method != .head,
            request.headers[.acceptEncoding]?.lowercased().contains("gzip") == true,
            response.headers[.contentEncoding] == nil,
            let type = response.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
            Self.compressibleTypes.contains(type),
            let length = response.body.contentLength, length >= 512, length <= 2 * 1024 * 1024
        else { return response }
        let sink = BufferSink()
        try await response.body.write(CollectingWriter(sink: sink))
        var plain = sink.buffer
        let compressed = try plain.compress(with: .gzip)
        response.headers[.contentEncoding] = "gzip"
        response.headers[.vary] = "Accept-Encoding"
        response.headers[.contentLength] = String(compressed.readableBytes)
        response.body = .init(byteBuffer: compressed)
        return response
    }
}

/// Holds what the response body wrote.
private final class BufferSink: @unchecked Sendable {
    var buffer = ByteBuffer()
}

/// Writes a response body into memory (only used for bounded, already-in-memory text bodies).
private struct CollectingWriter: ResponseBodyWriter {
    let sink: BufferSink
    mutating func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        sink.buffer.writeBuffer(&buffer)
    }
    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
