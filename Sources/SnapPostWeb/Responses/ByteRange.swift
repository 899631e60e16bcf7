// HTTP byte ranges over bytes held in memory: one `Range: bytes=…` answered with 206, anything else whole.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Serves bytes held in memory whole (200) or, for a `Range: bytes=a-b` request, the part asked for (206).
enum ByteRange {
    static func response(_ data: Data, contentType: String, range: String?) -> Response {
        var headers: HTTPFields = [.contentType: contentType, .acceptRanges: "bytes", .cacheControl: "private, no-cache"]
        guard let range, let (start, end) = parse(range, size: data.count) else {
            headers[.contentLength] = String(data.count)
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        guard start < data.count else {
            headers[.contentRange] = "bytes */\(data.count)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
        headers[.contentRange] = "bytes \(start)-\(end)/\(data.count)"
        headers[.contentLength] = String(end - start + 1)
        return Response(status: .partialContent, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data.subdata(in: start..<(end + 1)))))
    }

    /// `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range only; anything else is answered whole).
    static func parse(_ header: String, size: Int) -> (Int, Int)? {
        let value = header.trimmingCharacters(in: .whitespaces).lowercased()
        guard value.hasPrefix("bytes="), !value.contains(",") else { return nil }
        let parts = value.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2 else { return nil }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix > 0 else { return nil }
            return (max(0, size - suffix), size - 1)
        }
        guard let start = Int(parts[0]), start >= 0 else { return nil }
        let end = parts[1].isEmpty ? size - 1 : min(size - 1, Int(parts[1]) ?? -1)
        guard end >= start || start >= size else { return nil }
        return (start, max(start, end))
    }
}
