// The JSON API for shortcuts and scripts: POST /api/ocr (a photo) and POST /api/posts (text to five drafts).
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SnapPostCore

struct APIController {
    let services: AppServices

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/api/ocr", use: ocr)
        routes.post("/api/posts", use: posts)
        return routes
    }

    struct OCRReply: Encodable {
        struct Line: Encodable { let text: String; let x: Int; let y: Int; let width: Int; let height: Int; let confidence: Double }
        let id: String
        let text: String
        let confidence: Double
        let lines: [Line]
        let url: String
    }

    struct PostsRequest: Decodable {
        let text: String
        let book: String?
        let author: String?
    }

    struct PostsReply: Encodable {
        struct Post: Encodable { let tone: String; let text: String; let note: String? }
        let writer: String
        let posts: [Post]
    }

    /// Takes a multipart photo (field `photo`) or the raw image bytes as the body.
    @Sendable func ocr(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await services.admitUpload(request, context)
        let data: Data
        if request.headers[.contentType]?.lowercased().hasPrefix("multipart/form-data") == true {
            data = try await services.uploads.read(request).data
        } else {
            let limit = services.settings.uploadMaxBytes
            if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw HTTPError(.contentTooLarge) }
            let buffer = try await request.body.collect(upTo: limit)
            guard buffer.readableBytes > 0 else { throw BadFormError("The request body is empty; send a photo.", code: "empty_file") }
            data = Data(buffer.readableBytesView)
        }
        let capture = try await services.readPhoto(data)
        let scan = try await services.store.insertScan(NewScan(capture))
        let reply = OCRReply(
            id: scan.id, text: capture.text, confidence: capture.confidence,
            lines: capture.lines.map { .init(text: $0.text, x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height, confidence: $0.confidence) },
            url: "\(services.base)/scans/\(scan.id)")
        return try json(reply)
    }

    @Sendable func posts(_ request: Request, context: AppRequestContext) async throws -> Response {
        let buffer = try await request.body.collect(upTo: FormBody.maxBytes)
        let input: PostsRequest
        do {
            input = try JSONDecoder().decode(PostsRequest.self, from: Data(buffer.readableBytesView))
        } catch {
            throw BadFormError("Send JSON like {\"text\": \"…\", \"book\": \"…\", \"author\": \"…\"}.", code: "bad_json")
        }
        let text = input.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw BadFormError("\"text\" is empty.", code: "missing_text") }
        let variants = try await services.generate(text: text, book: input.book ?? "", author: input.author ?? "")
        return try json(PostsReply(
            writer: services.dependencies.generator.displayName,
            posts: variants.map { .init(tone: $0.tone.rawValue, text: $0.text, note: $0.note) }))
    }

    func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
