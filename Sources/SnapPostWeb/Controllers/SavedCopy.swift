// The stored copy of a text as JSON, for the page's script: the answer to an autosave (200 saved, 409 conflict: the
// copy someone else saved) and to "what does the server have now?" after a page comes back from the browser's cache.
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Storage

/// A scan's text, book and author at one revision.
struct SavedScanCopy: Codable, Equatable {
    let revision: Int
    let text: String
    let book: String
    let author: String

    init(_ scan: Scan) {
        revision = scan.revision
        text = scan.editedText
        book = scan.book
        author = scan.author
    }
}

/// One draft card's text at one version and revision.
struct SavedDraftCopy: Codable, Equatable {
    /// The card's number on the page (1 to 5).
    let number: Int
    let version: Int
    let revision: Int
    let text: String

    init(number: Int, _ draft: Draft) {
        self.number = number
        version = draft.version
        revision = draft.revision
        text = draft.text
    }
}

/// Every card of a generation.
struct SavedDraftsCopy: Codable, Equatable {
    let drafts: [SavedDraftCopy]
}

enum SavedCopy {
    /// The form was sent by the page's script (a fetch with the header, or a beacon, which cannot set headers).
    static func isFromScript(_ request: Request, _ form: FormBody) -> Bool {
        request.headers[HTTPField.Name("X-SnapPost-Autosave")!] == "1" || form["autosave"] == "1"
    }

    static func response<Copy: Encodable>(_ copy: Copy, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONEncoder().encode(copy)) ?? Data("{}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
