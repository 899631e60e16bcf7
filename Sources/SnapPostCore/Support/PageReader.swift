// The web layer's view of OCR: photo bytes in, an ExcerptCapture out. `ImageProcessor` is the real one.
import Foundation

public protocol PageReader: Sendable {
    func read(_ image: Data) async throws -> ExcerptCapture
    /// Whether the engine is initialised and can take work (for /healthz).
    var isReady: Bool { get }
}
