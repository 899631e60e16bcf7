// Step "decode": the page reader's decoder (real type, size limits, EXIF), then grey pixels; a small JPEG for models.
import Foundation
import Imaging

enum ShelfPhoto {
    /// - Throws: ``ImagingError``, the same messages as page uploads.
    static func gray(_ data: Data, limits: ImageLimits) throws(ImagingError) -> GrayImage {
        let decoded = try PhotoDecoder(limits: limits).decode(data)
        guard let gray = decoded.image.grayImage() else { throw ImagingError.unreadable }
        return gray
    }

    /// The upright photo as a JPEG whose long side is at most `maxSide` (colour kept), for vision models.
    static func downscaledJPEG(_ data: Data, maxSide: Int, limits: ImageLimits) -> Data? {
        guard let decoded = try? PhotoDecoder(limits: limits, halfSizeJPEGLongSide: 2 * maxSide).decode(data) else { return nil }
        let image = decoded.image
        let factor = min(1, Double(maxSide) / Double(max(image.width, image.height)))
        return (factor < 1 ? image.scaled(by: factor) : image)?.jpegData(quality: 80)
    }
}
