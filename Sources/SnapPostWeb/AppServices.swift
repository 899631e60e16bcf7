// The outside dependencies the app is built from. Tests swap any of them for a fake.
import Foundation
import Hummingbird
import SnapPostCore

public struct AppDependencies: Sendable {
    public var reader: any PageReader
    public var generator: any PostGenerator
    public var store: any ScanStore
    public var clock: any TimeSource

    public init(reader: any PageReader, generator: any PostGenerator, store: any ScanStore, clock: any TimeSource = SystemTimeSource()) {
        self.reader = reader
        self.generator = generator
        self.store = store
        self.clock = clock
    }
}

/// Everything a controller may use, built once by `buildApplication`.
struct AppServices: Sendable {
    let dependencies: AppDependencies
    let settings: AppSettings
    let policy: AccessPolicy
    let renderer: PageRenderer
    let metrics: AppMetrics
    let ocrQueue: BoundedWorkQueue
    let uploadLimiter: RateLimiter
    let loginThrottle: LoginThrottle
    let uploads: UploadReader

    var store: any ScanStore { dependencies.store }
    var base: String { settings.basePath }

    func chrome(_ context: AppRequestContext, title: String, section: String = "", showWriter: Bool = false,
                back: (href: String, label: String)? = nil) -> PageChrome {
        PageChrome(base: base, title: title, writer: dependencies.generator.displayName, showWriter: showWriter,
                   loggedIn: context.sessionId != nil, authEnabled: policy.enabled, section: section,
                   backHref: back?.href, backLabel: back?.label ?? "Home")
    }

    /// The client's address for rate limits; the proxy's X-Forwarded-For only when we trust the proxy.
    func clientKey(_ request: Request, _ context: AppRequestContext) -> String {
        if settings.trustProxy, let forwarded = request.headers[.init("X-Forwarded-For")!]?.split(separator: ",").first {
            return forwarded.trimmingCharacters(in: .whitespaces)
        }
        return context.remoteAddress?.ipAddress ?? "unknown"
    }

    /// Refuses the upload when this client has sent too many photos in the last minute.
    func admitUpload(_ request: Request, _ context: AppRequestContext) async throws {
        if let wait = await uploadLimiter.take(clientKey(request, context)) {
            throw RateLimitedError(retryAfterSeconds: wait, message: "Too many photos in a short time. Please wait \(wait) s and try again.")
        }
    }

    /// Reads a photo through the bounded OCR queue and records its step timings.
    /// (The queue-depth gauge is read when /metrics is scraped, not after every photo.)
    func readPhoto(_ data: Data) async throws -> ExcerptCapture {
        let reader = dependencies.reader
        let capture = try await ocrQueue.run {
            try await reader.read(data)
        }
        for timing in capture.timings { metrics.recordOCRStep(timing.step, seconds: timing.seconds) }
        return capture
    }

    /// Calls the writer and records latency and errors by kind.
    func generate(text: String, book: String, author: String) async throws -> [Variant] {
        let start = ContinuousClock.now
        do {
            let variants = try await dependencies.generator.generateVariants(
                from: text, bookTitle: book.isEmpty ? nil : book, author: author.isEmpty ? nil : author)
            metrics.recordAI(writer: writerLabel, seconds: start.duration(to: .now).seconds, errorCode: nil)
            return variants
        } catch {
            let code = (error as? any UserFacingError)?.code ?? "unknown"
            metrics.recordAI(writer: writerLabel, seconds: start.duration(to: .now).seconds, errorCode: code)
            throw error
        }
    }

    var writerLabel: String { settings.aiBaseURL == nil ? "offline" : "provider" }
}

extension NewScan {
    init(_ capture: ExcerptCapture) {
        self.init(
            text: capture.text, confidence: capture.confidence, language: capture.language,
            imageWidth: capture.imageSize.width, imageHeight: capture.imageSize.height,
            lines: capture.lines.map {
                StoredLine(text: $0.text, x: $0.box.x, y: $0.box.y, width: $0.box.width, height: $0.box.height, confidence: $0.confidence)
            },
            timings: capture.timings.map { StoredTiming(step: $0.step, seconds: $0.seconds) },
            preview: capture.preview)
    }
}
