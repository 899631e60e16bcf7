// The pipeline as the app's PageReader.
import Foundation
import Support

extension ImageProcessor: PageReader {
    public func read(_ image: Data) async throws -> ExcerptCapture { try await process(image: image) }
}
