// The way in for a photo: the per-client upload limit, the body read within its cap and deadline, then the bounded
// OCR queue; and what of the upload is kept so the page can be read again.
import Foundation
import Hummingbird
import Imaging
import PageReading
import Storage
import Support
import Workflows

struct PhotoIntake: Sendable {
    let limiter: RateLimiter
    let clientAddress: ClientAddress
    let uploads: UploadReader
    let reader: any PageReader
    let queue: BoundedWorkQueue
    let metrics: AppMetrics
    /// How long the uploaded bytes are kept for reading again; zero keeps none.
    let keepOriginal: TimeInterval
    let languages: OCRLanguages
    let clock: any TimeSource

    /// Refuses the request when this client has sent too many photos in the last minute.
    func admit(_ request: Request, _ context: AppRequestContext) async throws {
        try await admit(client: clientAddress.key(request, context))
    }

    private func admit(client: String) async throws {
        if let wait = await limiter.take(client) {
            throw RateLimitedError(retryAfterSeconds: wait, message: "Too many photos in a short time. Please wait \(wait) s and try again.")
        }
    }

    /// The page reader a workflow uses for this request: each photo it reads counts against the client's upload
    /// allowance, then goes through the bounded OCR queue.
    func reader(for request: Request, _ context: AppRequestContext) -> any PageReader {
        AdmittedReader(intake: self, client: clientAddress.key(request, context))
    }

    private struct AdmittedReader: PageReader {
        let intake: PhotoIntake
        let client: String

        func read(_ image: Data, options: ReadOptions) async throws -> ExcerptCapture {
            try await intake.admit(client: client)
            return try await intake.read(image, options: options)
        }
    }

    /// Admits the request, reads its photo (a form upload, or the raw body when `rawBodyAllowed`) and reads the page in
    /// the language the form (field `lang`) or the query (`?lang=`) asks for, the server's default otherwise.
    func readPage(
        _ request: Request, _ context: AppRequestContext, rawBodyAllowed: Bool = false
    ) async throws -> (capture: ExcerptCapture, upload: UploadedPhoto) {
        try await admit(request, context)
        let asked = request.uri.queryParameters.get("lang")
        _ = try languages.requested(asked)  // a bad language is refused before the upload is read
        let photo = try await uploads.read(request, rawBodyAllowed: rawBodyAllowed)
        let options = ReadOptions(languages: try languages.requested(photo.fields["lang"] ?? asked))
        return (try await read(photo.data, options: options), photo)
    }

    /// Reads a photo through the bounded OCR queue, weighed by its pixels (read from its header), and records its step
    /// timings. A photo whose header cannot be read weighs nothing: the decoder refuses it at once.
    func read(_ data: Data, options: ReadOptions = ReadOptions()) async throws -> ExcerptCapture {
        let reader = reader
        let pixels = PhotoDecoder.pixelCount(of: data) ?? 0
        let capture = try await queue.run(pixels: pixels) { try await reader.read(data, options: options) }
        for timing in capture.timings { metrics.recordOCRStep(timing.step, seconds: timing.seconds) }
        return capture
    }

    /// The upload as kept for reading again, or nil when originals are not kept.
    func kept(_ data: Data) -> KeptOriginal? {
        keepOriginal > 0 ? KeptOriginal(data: data, until: clock.now().addingTimeInterval(keepOriginal)) : nil
    }
}
