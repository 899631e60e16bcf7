// Whole photos as plain rasters for the tools beside page reading: the same decoding (sniff, limits, HEIC, EXIF).
import Foundation
import Support

/// Decodes and encodes photos as plain 8-bit rasters, with the page decoder and its limits.
public enum PhotoRasters {
    /// A decoded photo, upright, as RGB.
    public struct Decoded: Sendable {
        public var image: RasterImage
        /// Size of the full upright photo (larger than `image` when it was shrunk).
        public var fullSize: PixelSize
    }

    /// Decodes `data` to upright RGB. With `longSide`, a photo larger than that is shrunk to fit (big JPEGs are
    /// first decoded at half size by libjpeg, which is much faster than decoding in full).
    public static func decodeRGB(_ data: Data, limits: ImageLimits, longSide: Int? = nil) throws(ImagingError) -> Decoded {
        // Half size only when the result still covers the wanted long side.
        let decoder = PhotoDecoder(limits: limits, halfSizeJPEGLongSide: longSide.map { 2 * $0 })
        let decoded = try decoder.decode(data)
        var image = decoded.image
        if let longSide, max(image.width, image.height) > longSide {
            guard let scaled = image.scaled(by: Double(longSide) / Double(max(image.width, image.height))) else {
                throw ImagingError.libraryFailure("scale to \(longSide)")
            }
            image = scaled
        }
        guard let rgb = image.rgbImage() else { throw ImagingError.libraryFailure("RGB copy") }
        return Decoded(image: rgb, fullSize: decoded.fullSize)
    }

    /// The photo's size as its header states it (before any EXIF turn), or nil when the header says nothing.
    public static func size(of data: Data) -> (width: Int, height: Int)? {
        if let header = LeptonicaImage.header(of: data) { return header }
        if let size = try? HEIFDecoder.size(of: data) { return (size.width, size.height) }
        return nil
    }

    /// Decodes a mask (or any image) as grey, without the EXIF turn: masks are made for the upright photo.
    public static func decodeGray(_ data: Data, limits: ImageLimits) throws(ImagingError) -> GrayImage {
        guard data.count <= limits.maxBytes else { throw ImagingError.tooLarge(megabytes: data.count / 1_048_576, limits: limits) }
        if PhotoDecoder.isAnimatedWebP(data) { throw ImagingError.animated }
        guard let header = LeptonicaImage.header(of: data) else { throw ImagingError.unreadable }
        guard header.width * header.height <= limits.maxPixels else {
            throw ImagingError.tooLarge(width: header.width, height: header.height, limits: limits)
        }
        guard let image = LeptonicaImage(encoded: data), let gray = image.grayImage() else { throw ImagingError.unreadable }
        return gray
    }

    public static func jpegData(_ image: RasterImage, quality: Int = 92) -> Data? {
        LeptonicaImage(raster: image)?.jpegData(quality: quality)
    }

    public static func pngData(_ image: RasterImage) -> Data? {
        LeptonicaImage(raster: image)?.pngData()
    }

    public static func pngData(_ image: GrayImage) -> Data? {
        LeptonicaImage(gray: image)?.pngData()
    }
}
