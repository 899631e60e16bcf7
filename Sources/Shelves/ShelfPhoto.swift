// Step "decode": the page reader's decoder (real type, size limits, EXIF), then grey pixels and, for the page, a small
// colour preview in the same frame; a small JPEG for models.
import Foundation
import Imaging

enum ShelfPhoto {
    /// The spine finder works on a copy about 1400 px long and needs rows of some height in it: photos smaller than
    /// this on their short side, or longer than this many times their width, are refused before it runs.
    static let minimumShortSide = 64
    static let maximumAspect = 16

    /// Whether a `width` × `height` photo can hold a shelf for the spine finder.
    static func canHoldShelf(width: Int, height: Int) -> Bool {
        let short = min(width, height), long = max(width, height)
        return short >= minimumShortSide && long <= maximumAspect * short
    }

    /// - Throws: ``ImagingError``, the same messages as page uploads.
    static func gray(_ data: Data, limits: ImageLimits) throws(ImagingError) -> GrayImage {
        try decode(data, limits: limits, previewLongSide: nil).gray
    }

    /// Decodes once: the grey pixels the spines are found in, and (when `previewLongSide` is set) the upright photo
    /// as a JPEG whose long side is at most that, in the same frame as the grey pixels (same aspect, same turn).
    static func decode(_ data: Data, limits: ImageLimits, previewLongSide: Int?) throws(ImagingError) -> (gray: GrayImage, preview: Data?) {
        let decoded = try PhotoDecoder(limits: limits).decode(data)
        guard let gray = decoded.image.grayImage() else { throw ImagingError.unreadable }
        guard let side = previewLongSide else { return (gray, nil) }
        let image = decoded.image
        let factor = min(1, Double(side) / Double(max(image.width, image.height)))
        return (gray, (factor < 1 ? image.scaled(by: factor) : image)?.colour()?.jpegData(quality: 80))
    }

    /// The upright photo as a JPEG whose long side is at most `maxSide` (colour kept), for vision models.
    static func downscaledJPEG(_ data: Data, maxSide: Int, limits: ImageLimits) -> Data? {
        guard let decoded = try? PhotoDecoder(limits: limits, halfSizeJPEGLongSide: 2 * maxSide).decode(data) else { return nil }
        let image = decoded.image
        let factor = min(1, Double(maxSide) / Double(max(image.width, image.height)))
        return (factor < 1 ? image.scaled(by: factor) : image)?.jpegData(quality: 80)
    }
}
