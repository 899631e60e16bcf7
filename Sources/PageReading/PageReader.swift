// What the rest of the app needs from page reading: photo bytes in, an ExcerptCapture out. ImageProcessor is the real one.
import Foundation

public protocol PageReader: Sendable {
    /// Reads the photo's text; throws `ImagingError` for bad bytes and `OCRError` when no text is found.
    func read(_ image: Data, options: ReadOptions) async throws -> ExcerptCapture
}

extension PageReader {
    public func read(_ image: Data) async throws -> ExcerptCapture { try await read(image, options: ReadOptions()) }
}
