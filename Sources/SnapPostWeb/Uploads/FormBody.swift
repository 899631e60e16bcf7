// Reads a small urlencoded form (text edits, login), with a cap and tolerant of invalid UTF-8.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Support

struct FormBody: Sendable {
    /// Largest edited text accepted; far above any book page, far below a memory problem.
    static let maxBytes = 1 * 1024 * 1024

    private var values: [String: [String]] = [:]

    /// A multipart form's text fields, read as this form's.
    init(fields: [String: String]) {
        values = fields.mapValues { [$0] }
    }

    static func read(_ request: Request) async throws -> FormBody {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        guard contentType.hasPrefix("application/x-www-form-urlencoded") else {
            throw BadFormError("notForm", code: "not_form")
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes {
            throw FormTooLargeError()
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBytes)
        } catch is NIOTooManyBytesError {
            throw FormTooLargeError()
        }
        return FormBody(urlEncoded: String(decoding: buffer.readableBytesView, as: UTF8.self))
    }

    init(urlEncoded: String) {
        for pair in urlEncoded.split(separator: "&", omittingEmptySubsequences: true) {
            let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = Self.decode(pieces[0])
            let value = pieces.count > 1 ? Self.decode(pieces[1]) : ""
            values[key, default: []].append(value)
        }
    }

    static func decode(_ raw: Substring) -> String {
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        // Invalid percent-escapes or invalid UTF-8 become U+FFFD rather than an error.
        let input = Array(spaced.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
                let value = UInt8(String(decoding: input[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(input[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    subscript(_ key: String) -> String? { values[key]?.first }
    func all(_ key: String) -> [String] { values[key] ?? [] }

    /// A text field with line endings normalised and NULs removed.
    func text(_ key: String) -> String? { self[key].map(Self.cleaned) }

    /// Text as a person sent it, line endings normalised (Windows' CR LF and an old Mac's lone CR alike) and NULs
    /// removed (form fields and the JSON API alike).
    static func cleaned(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\u{0}", with: "")
    }
}

/// The edited text is over the 1 MB form cap.
struct FormTooLargeError: UserFacingError {
    var code: String { "text_too_large" }
    var category: ErrorCategory { .tooLarge }
}
