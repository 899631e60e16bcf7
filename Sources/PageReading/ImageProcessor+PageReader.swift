// The pipeline as the app's PageReader.
import Foundation

extension ImageProcessor: PageReader {
    public func read(_ image: Data, options: ReadOptions) async throws -> ExcerptCapture {
        try await process(image: image, options: options)
    }
}
