// Every libmagic call in the project lives here: the real type of an upload, read from its bytes.
import CMagic
import Foundation
import Support
import Synchronization

/// Photo formats we decode.
public enum PhotoFormat: String, Sendable, Equatable {
    case jpeg, png, webp, tiff, gif, bmp, heif
}

/// What the bytes really are, whatever the upload's name or declared type says.
public enum SniffedType: Sendable, Equatable {
    case photo(PhotoFormat)
    /// Not a photo we take; `what` names it for a person as a catalogue key under `fileType.`, e.g. "pdf" ("a PDF").
    case other(mime: String, what: String)
}

/// Sniffs types with libmagic. One shared cookie behind a lock: libmagic handles are not thread-safe.
public final class FileSniffer: Sendable {
    public static let shared = FileSniffer()

    private let cookie: Mutex<MagicCookie?>

    public init() {
        cookie = Mutex(MagicCookie())
    }

    public func sniff(_ data: Data) -> SniffedType {
        if data.isEmpty { return .other(mime: "application/x-empty", what: "empty") }
        let mime: String? = cookie.withLock { $0?.mimeType(of: data) }
        guard let mime else { return .other(mime: "application/octet-stream", what: "unknown") }
        return Self.classify(mime: mime)
    }

    public static func classify(mime: String) -> SniffedType {
        switch mime {
        case "image/jpeg", "image/pjpeg": return .photo(.jpeg)
        case "image/png": return .photo(.png)
        case "image/webp": return .photo(.webp)
        case "image/tiff": return .photo(.tiff)
        case "image/gif": return .photo(.gif)
        case "image/bmp", "image/x-ms-bmp", "image/x-bmp": return .photo(.bmp)
        case "image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence": return .photo(.heif)
        default: break
        }
        let names: [String: String] = [
            "application/pdf": "pdf",
            "image/svg+xml": "svg",
            "text/html": "html",
            "text/xml": "xml",
            "application/xml": "xml",
            "application/json": "json",
            "application/zip": "zip",
            "application/gzip": "gzip",
            "application/x-empty": "empty",
            "image/avif": "avif",
            "application/octet-stream": "unknown",
        ]
        if let name = names[mime] { return .other(mime: mime, what: name) }
        if mime.hasPrefix("text/") { return .other(mime: mime, what: "text") }
        if mime.hasPrefix("video/") { return .other(mime: mime, what: "video") }
        if mime.hasPrefix("audio/") { return .other(mime: mime, what: "audio") }
        if mime.hasPrefix("image/") { return .other(mime: mime, what: "image") }
        return .other(mime: mime, what: "other")
    }
}

/// An open, loaded libmagic handle.
public final class MagicCookie {
    private let magic: magic_t

    public init?() {
        guard let m = magic_open(MAGIC_MIME_TYPE | MAGIC_ERROR) else { return nil }
        guard magic_load(m, nil) == 0 else {
            magic_close(m)
            return nil
        }
        magic = m
    }

    deinit { magic_close(magic) }

    public func mimeType(of data: Data) -> String? {
        // The first 64 KiB are plenty for every signature we care about.
        let prefix = data.prefix(65_536)
        return prefix.withUnsafeBytes { raw -> String? in
            guard let base = raw.baseAddress, let result = magic_buffer(magic, base, raw.count) else { return nil }
            return String(cString: result)
        }
    }
}
