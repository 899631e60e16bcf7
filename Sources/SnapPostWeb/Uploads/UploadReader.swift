// Reads a multipart photo upload: a hard size cap, a deadline against slow senders, and exactly one `photo` file.
import Foundation
import HTTPTypes
import Hummingbird
import MultipartKit
import NIOCore
import SnapPostCore

struct UploadedPhoto: Sendable {
    var data: Data
    var filename: String?
    /// Other (text) fields of the form, e.g. a share target's title.
    var fields: [String: String]
}

struct UploadReader: Sendable {
    let maxBytes: Int
    let timeout: Duration
    let fieldName = "photo"

    func read(_ request: Request) async throws -> UploadedPhoto {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes + 64 * 1024 {
            throw HTTPError(.contentTooLarge)
        }
        guard let contentType = request.headers[.contentType], contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundary = Self.boundary(in: contentType) else {
            throw BadFormError("Send the photo as a form upload (multipart/form-data) in a field named 'photo'.", code: "not_multipart")
        }
        let body = try await collect(request.body, limit: maxBytes + 64 * 1024)
        let parts = try Self.parse(body, boundary: boundary)
        // A form with two file inputs (camera and library) sends the unused one as an empty part with filename="".
        let files = parts.filter { part in part.filename != nil && !(part.filename == "" && part.body.isEmpty) }
        guard !files.isEmpty else {
            throw BadFormError("No photo was attached. Choose a photo and try again.", code: "no_file")
        }
        guard files.count == 1 else {
            throw BadFormError("Send one photo at a time.", code: "two_files")
        }
        guard let file = files.first, file.name == fieldName else {
            throw BadFormError("The photo must be sent in the form field named 'photo'.", code: "wrong_field")
        }
        guard !file.body.isEmpty else {
            throw BadFormError("The photo file is empty (0 bytes). Choose another photo.", code: "empty_file")
        }
        var fields: [String: String] = [:]
        for part in parts where part.filename == nil {
            if let name = part.name, fields[name] == nil, part.body.count <= 64 * 1024 {
                fields[name] = String(decoding: part.body, as: UTF8.self)
            }
        }
        return UploadedPhoto(data: file.body, filename: file.filename, fields: fields)
    }

    /// Collects the body, failing with 413 past `limit` and 408 when the sender is too slow.
    private func collect(_ body: RequestBody, limit: Int) async throws -> ByteBuffer {
        try await withThrowingTaskGroup(of: ByteBuffer?.self) { group in
            group.addTask { try await body.collect(upTo: limit) }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let buffer = first else {
                throw HTTPError(.requestTimeout)
            }
            return buffer
        }
    }

    struct Part {
        var name: String?
        var filename: String?
        var body = Data()
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

    static func parse(_ buffer: ByteBuffer, boundary: String) throws -> [Part] {
        let parser = MultipartParser(boundary: boundary)
        var parts: [Part] = []
        var current = Part()
        var sawPart = false
        parser.onHeader = { name, value in
            sawPart = true
            guard name.lowercased() == "content-disposition" else { return }
            current.name = parameter("name", in: value)
            current.filename = parameter("filename", in: value)
        }
        parser.onBody = { chunk in
            sawPart = true
            if parts.count < 16 { current.body.append(contentsOf: chunk.readableBytesView) }
        }
        parser.onPartComplete = {
            parts.append(current)
            current = Part()
        }
        do {
            try parser.execute(buffer)
        } catch {
            throw BadFormError("The upload was cut off or malformed. Please try again.", code: "bad_multipart")
        }
        if parts.isEmpty && sawPart {
            throw BadFormError("The upload was cut off or malformed. Please try again.", code: "bad_multipart")
        }
        return parts
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
