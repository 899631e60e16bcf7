// The JSON API for shortcuts and scripts: POST /api/ocr (a photo) and POST /api/posts (text to five drafts).
import AIClient
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PageReading
import PostWriting
import Storage
import Support
import Workflows

struct APIController {
    let intake: PhotoIntake
    let scans: any ScanRepository
    let writer: DraftWriter
    let base: String

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("/api/ocr", use: ocr)
        routes.post("/api/posts", use: posts)
        return routes
    }

    struct OCRReply: ResponseEncodable {
        struct Line: Encodable {
            let text: String
            let x: Int, y: Int, width: Int, height: Int
            let confidence: Double
        }
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

    struct PostsReply: ResponseEncodable {
        let writer: String
        let posts: [PostJSON]
    }

    /// Takes a multipart photo (field `photo`) or the raw image bytes as the body.
    @Sendable func ocr(_ request: Request, context: AppRequestContext) async throws -> OCRReply {
        let (capture, upload) = try await intake.readPage(request, context, rawBodyAllowed: true)
        let scan = try await scans.insert(PhotoReading(capture), original: intake.kept(upload.data))
        return OCRReply(
            id: scan.id, text: capture.text, confidence: capture.confidence,
            lines: capture.lines.map {
                .init(text: $0.text, x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height, confidence: $0.confidence)
            },
            url: "\(base)/scans/\(scan.id)")
    }

    @Sendable func posts(_ request: Request, context: AppRequestContext) async throws -> PostsReply {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: FormBody.maxBytes)
        } catch is NIOTooManyBytesError {
            throw FormTooLargeError()
        }
        let input: PostsRequest
        do {
            input = try JSONDecoder().decode(PostsRequest.self, from: Data(buffer.readableBytesView))
        } catch {
            throw BadFormError("badJSON", code: "bad_json")
        }
        // Cleaned as the web form's fields are (`FormBody.cleaned`), then trimmed: a blank book is no book.
        func cleaned(_ value: String?) -> String { FormBody.cleaned(value ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        let text = cleaned(input.text)
        guard !text.isEmpty else { throw BadFormError("emptyText", code: "missing_text") }
        let variants: [Variant]
        do {
            variants = try await writer.write(text: text, book: cleaned(input.book), author: cleaned(input.author))
        } catch var error as AIError {
            error.textIsSaved = false  // the API keeps nothing: the text is the request's
            throw error
        }
        return PostsReply(writer: writer.displayName, posts: variants.map(PostJSON.init))
    }
}
