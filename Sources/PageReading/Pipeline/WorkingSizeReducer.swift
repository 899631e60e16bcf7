// Part of step "decode": a very large photo is read from a copy reduced by a whole factor, as far as its print allows,
// so memory follows the size the text needs rather than the size of the file.
import Foundation
import Imaging
import Support

/// Reduces a very large decoded photo by a whole factor, as far as its print allows, so memory follows the size the text
/// needs rather than the size of the file (a 7000 × 7000 PNG is 49 megapixels, 196 MB in colour).
struct WorkingSizeReducer: Sendable {
    /// Photos up to this many pixels are read as decoded (phone cameras of 12 MP and a little more are under it).
    var maxPixels: Int = 16_000_000
    /// The print keeps at least this x-height (the pipeline's target, so that it never has to scale up again).
    var minXHeight: Double = 20
    /// Nor may the long side drop under this (the preview is made from the same pixels).
    var minLongSide: Int = 1600
    /// The x-height is measured on a copy at most this long, so measuring a blank page never costs a full-size pass.
    var surveyLongSide: Int = 2400
    var scaler: TextScaler

    /// The photo reduced by a whole factor, or nil when it is small enough or its print too small to shrink.
    func reduce(_ photo: DecodedPhoto) -> DecodedPhoto? {
        let image = photo.image
        let pixels = image.width * image.height
        let long = max(image.width, image.height)
        guard pixels > maxPixels else { return nil }
        var factor = 2
        while factor * factor * maxPixels < pixels { factor += 1 }
        factor = min(factor, long / minLongSide)
        let copyFactor = min(1, Double(surveyLongSide) / Double(long))
        if let copy = image.scaled(by: copyFactor)?.grayscale(), let xHeight = scaler.estimateXHeight(of: copy) {
            factor = min(factor, Int(xHeight / copyFactor / minXHeight))
            trace("decode: x-height \(String(format: "%.1f", xHeight / copyFactor)) px at full size, reduced by \(factor)")
        } else {
            trace("decode: no print measured, reduced by \(factor)")
        }
        guard factor >= 2, let reduced = image.scaled(by: 1 / Double(factor)) else { return nil }
        var smaller = DecodedPhoto(
            image: reduced, format: photo.format, exifOrientation: photo.exifOrientation, reduction: photo.reduction * factor,
            fullSize: photo.fullSize)
        smaller.previewSource = photo.previewSource
        return smaller
    }
}
