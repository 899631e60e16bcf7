// The pipeline as the web layer's PageReader.
import Foundation

extension ImageProcessor: PageReader {
    public func read(_ image: Data) async throws -> ExcerptCapture { try await process(image: image) }
    public var isReady: Bool { (engine as? TesseractEngine)?.isReady ?? true }
}
