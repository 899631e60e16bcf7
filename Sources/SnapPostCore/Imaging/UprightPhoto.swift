// Decoding for tools other than the page reader (the shelf analyser): the upright photo as grey pixels.
import Foundation

/// A photo decoded with the page reader's checks (real type, size limits, EXIF orientation), as grey pixels.
public struct UprightPhoto: Sendable {
    public var gray: GrayImage

    /// - Throws: ``OCRError`` (unsupported type, too large, unreadable), the same as page uploads.
    public static func decode(_ data: Data, maxPixels: Int = 50_000_000, maxBytes: Int = 25 * 1024 * 1024) throws(OCRError) -> UprightPhoto {
        let decoded = try PhotoDecoder(maxPixels: maxPixels, maxBytes: maxBytes).decode(data)
        guard let gray = decoded.image.grayImage() else { throw OCRError.unreadable }
        return UprightPhoto(gray: gray)
    }

    /// The upright photo as a JPEG whose long side is at most `maxSide` pixels (colour kept), for previews and for
    /// vision models; nil when the bytes do not decode.
    public static func downscaledJPEG(_ data: Data, maxSide: Int, quality: Int = 80) -> Data? {
        guard let decoded = try? PhotoDecoder(maxPixels: 50_000_000, maxBytes: 25 * 1024 * 1024, halfSizeJPEGLongSide: 2 * maxSide).decode(data)
        else { return nil }
        let image = decoded.image
        let factor = min(1, Double(maxSide) / Double(max(image.width, image.height)))
        let small = factor < 1 ? image.scaled(by: factor) : image
        return small?.jpegData(quality: quality)
    }
}
