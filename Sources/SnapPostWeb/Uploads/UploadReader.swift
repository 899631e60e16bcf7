// Reads a photo upload: one byte cap for every body (its deadline and minimum rate are kept at the socket, see
// Limits/ConnectionGuard.swift), then exactly one file from a form or, for the API, the raw body. Forms are split into
// MultipartKit's parts, every one counted; FormDataDecoder is not used because it keeps only the last of repeated field
// names, so an upload with two photos in `photo` would silently lose one instead of being refused.
import Foundation
import HTTPTypes
import Hummingbird
import MultipartKit
import NIOCore
import NIOHTTP1
import Support

struct UploadedPhoto: Sendable {
    var data: Data
    var filename: String?
    /// Other (text) fields of the form, e.g. a share target's title.
    var fields: [String: String]
}

/// A photo form as read: its text fields, and its photo or the error that says why there is none.
struct PhotoFormUpload: Sendable {
    var fields: [String: String]
    var photo: Result<UploadedPhoto, any Error>
    /// Text fields left out for being longer than any form may carry: the caller refuses the form rather than lose one.
    var oversized: [String] = []
}

struct UploadReader: Sendable {
    /// The largest photo accepted; a form may carry a little more (its other fields and part headers).
    let maxBytes: Int
    /// Form fields a photo may arrive in, the first named in messages: the library picker and /api/ocr use `photo`, the
    /// camera button `camera`. The iOS shelf client's API sends `file` (see ``shelfAPIFields``).
    static let photoFields = ["photo", "camera"]
    static let shelfAPIFields = ["file"]
    /// Room for the form's other fields: the typed text may come along (Add next page) and is capped like any form.
    static let formOverhead = FormBody.maxBytes + 64 * 1024
    /// Parts a photo form may have. Ours send two to five (camera, photo, the typed text, a share target's title and
    /// text); a form with far more is refused whole, with a message, instead of having parts dropped.
    static let maxParts = 64

    /// Reads the one photo of the request, sent in one of `fields` (or, when `rawBodyAllowed`, as the raw body).
    func read(_ request: Request, fields: [String] = UploadReader.photoFields, rawBodyAllowed: Bool = false) async throws -> UploadedPhoto {
        let contentType = request.headers[.contentType] ?? ""
        let named = fields.first ?? "photo"
        guard contentType.lowercased().hasPrefix("multipart/form-data") else {
            guard rawBodyAllowed else {
                throw BadFormError("notMultipart", ["field": .text(named)], code: "not_multipart")
            }
            let body = try await collect(request, limit: maxBytes)
            guard body.readableBytes > 0 else { throw BadFormError("emptyBody", code: "empty_file") }
            return UploadedPhoto(data: Data(body.readableBytesView), filename: nil, fields: [:])
        }
        return try await readForm(request, fields: fields).photo.get()
    }

    /// A photo form's text fields, and its one photo or why it has none. A caller that must keep what came with the
    /// photo whatever became of it (the text typed on Results, sent with "Add the next page") takes `fields` before
    /// `photo`. Throws only when the form itself cannot be read (not multipart, malformed, or too large unless
    /// `keepingFieldsWhenTooLarge`: then the fields sent before the photo are read from the body's first bytes, and
    /// `photo` is the 413).
    func readForm(
        _ request: Request, fields: [String] = UploadReader.photoFields, keepingFieldsWhenTooLarge: Bool = false
    ) async throws -> PhotoFormUpload {
        let contentType = request.headers[.contentType] ?? ""
        let named = fields.first ?? "photo"
        guard contentType.lowercased().hasPrefix("multipart/form-data") else {
            throw BadFormError("notMultipart", ["field": .text(named)], code: "not_multipart")
        }
        guard let boundary = Self.boundary(in: contentType) else {
            throw BadFormError("noBoundary", code: "bad_multipart")
        }
        let limit = maxBytes + Self.formOverhead
        guard keepingFieldsWhenTooLarge else {
            let body = try await collect(request, limit: limit)
            let form = PhotoForm(parts: try Self.parts(of: body, boundary: boundary))
            return PhotoFormUpload(fields: form.fields, photo: Result { try photo(of: form, fields: fields) }, oversized: form.oversized)
        }
        let (body, whole) = try await prefix(of: request, limit: limit)
        guard whole else {
            // A form's fields come in the order of the page: the typed text before the photo. Only parts that end
            // within the body's first bytes are taken.
            let leading = PhotoForm(parts: Self.completedParts(of: body, boundary: boundary))
            return PhotoFormUpload(fields: leading.fields, photo: .failure(HTTPError(.contentTooLarge)), oversized: leading.oversized)
        }
        let form = PhotoForm(parts: try Self.parts(of: body, boundary: boundary))
        return PhotoFormUpload(fields: form.fields, photo: Result { try photo(of: form, fields: fields) }, oversized: form.oversized)
    }

    /// The whole body when it is at most `limit` bytes (`whole`); else its first `formOverhead` bytes or more, the
    /// rest left unread.
    private func prefix(of request: Request, limit: Int) async throws -> (ByteBuffer, whole: Bool) {
        let declared = request.headers[.contentLength].flatMap(Int.init)
        let keep = declared.map { $0 > limit } == true ? Self.formOverhead : limit
        var buffer = ByteBuffer()
        for try await chunk in request.body {
            buffer.writeImmutableBuffer(chunk)
            if buffer.readableBytes > keep { return (buffer, false) }
        }
        return (buffer, true)
    }

    /// The parts of a form's first bytes that end there, and none that does not (the photo cut off by the cap).
    static func completedParts(of prefix: ByteBuffer, boundary: String) -> [MultipartPart] {
        // A text field beyond the form cap is of no use; the photo's part is cut off anyway.
        scan(prefix, boundary: boundary, bodyCap: FormBody.maxBytes).parts
    }

    /// The form's one photo, sent in one of `fields`.
    private func photo(of form: PhotoForm, fields: [String]) throws -> UploadedPhoto {
        let named = fields.first ?? "photo"
        // A form with two file inputs (camera and library) sends the unused one as an empty part with filename="".
        let files = form.files.filter { !($0.filename == "" && $0.body.readableBytes == 0) }
        guard !files.isEmpty else { throw BadFormError("noFile", code: "no_file") }
        guard files.count == 1, let file = files.first else { throw BadFormError("twoFiles", code: "two_files") }
        guard fields.contains(file.field) else {
            throw BadFormError("wrongField", ["field": .text(named)], code: "wrong_field")
        }
        guard file.body.readableBytes > 0 else {
            throw BadFormError("emptyFile", code: "empty_file")
        }
        guard file.body.readableBytes <= maxBytes else { throw HTTPError(.contentTooLarge) }
        return UploadedPhoto(data: Data(file.body.readableBytesView), filename: file.filename, fields: form.fields)
    }

    /// The whole body, failing with 413 past `limit` (at once when Content-Length says so).
    private func collect(_ request: Request, limit: Int) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw HTTPError(.contentTooLarge) }
        return try await request.body.collect(upTo: limit)
    }

    /// The form's parts, each with its headers and whole body, in the order sent.
    static func parts(of body: ByteBuffer, boundary: String) throws -> [MultipartPart] {
        let scanned = scan(body, boundary: boundary)
        if scanned.failed { throw BadFormError("cutOff", code: "bad_multipart") }
        if scanned.overflowed {
            throw BadFormError("tooManyParts", ["maximum": .number(maxParts)], code: "too_many_parts")
        }
        if scanned.parts.isEmpty && scanned.started {
            throw BadFormError("cutOff", code: "bad_multipart")
        }
        return scanned.parts
    }

    /// What MultipartKit's parser finds in `body`: every part that ends there (at most `maxParts`, with at most 16
    /// headers each, a body cut past `bodyCap` bytes when given), whether there were more parts or headers than that
    /// (`overflowed`: thousands of them are an attack on memory), whether any part began, and whether the parser
    /// failed.
    private static func scan(
        _ body: ByteBuffer, boundary: String, bodyCap: Int? = nil
    ) -> (parts: [MultipartPart], overflowed: Bool, started: Bool, failed: Bool) {
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var current = MultipartPart(body: ByteBuffer())
        var started = false
        var headerCount = 0
        var overflowed = false
        parser.onHeader = { name, value in
            started = true
            headerCount += 1
            if headerCount <= 16 { current.headers.add(name: name, value: value) } else { overflowed = true }
        }
        parser.onBody = { chunk in
            started = true
            if bodyCap.map({ current.body.readableBytes <= $0 }) ?? true { current.body.writeImmutableBuffer(chunk) }
        }
        parser.onPartComplete = {
            if parts.count < maxParts { parts.append(current) } else { overflowed = true }
            current = MultipartPart(body: ByteBuffer())
            headerCount = 0
        }
        let failed: Bool
        do {
            try parser.execute(body)
            failed = false
        } catch {
            failed = true
        }
        return (parts, overflowed, started, failed)
    }

    static func boundary(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                let value = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                return value.isEmpty || value.count > 200 ? nil : value
            }
        }
        return nil
    }
}

/// Every part of a photo form: files (parts with a filename) with their field, and short text fields.
struct PhotoForm {
    struct File {
        var field: String
        var filename: String?
        var body: ByteBuffer
    }

    var files: [File] = []
    var fields: [String: String] = [:]
    /// Text fields longer than `FormBody.maxBytes`, left out.
    var oversized: [String] = []

    init(parts: [MultipartPart]) {
        for part in parts {
            let field = part.name ?? ""
            if let filename = Self.parameter("filename", in: part.headers.first(name: "Content-Disposition") ?? "") {
                files.append(File(field: field, filename: filename, body: part.body))
            } else if part.body.readableBytes > FormBody.maxBytes {
                oversized.append(field)
            } else if fields[field] == nil {
                fields[field] = String(buffer: part.body)
            }
        }
    }

    static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == key {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
