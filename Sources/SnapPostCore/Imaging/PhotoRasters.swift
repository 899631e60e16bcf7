// Whole photos as plain rasters for the tools beside OCR: the same decoding (sniff, limits, HEIC, EXIF) and encoders.
import Foundation

/// Decodes and encodes photos as plain 8-bit rasters, reusing the OCR pipeline's decoder and its limits.
public enum PhotoRasters {
    /// A decoded photo, upright, as RGB.
    public struct Decoded: Sendable {
        public var image: RasterImage
        /// Size of the full upright photo (larger than `image` when it was decoded reduced).
        public var fullWidth: Int
        public var fullHeight: Int
    }

    /// Decodes `data` to upright RGB. With `longSide`, a photo larger than that is shrunk to fit (JPEGs are first
    /// decoded at reduced size by libjpeg, which is much faster than decoding in full).
    public static func decodeRGB(_ data: Data, maxPixels: Int, maxBytes: Int, longSide: Int? = nil) throws(OCRError) -> Decoded {
        var decoder = PhotoDecoder(maxPixels: maxPixels, maxBytes: maxBytes)
        if let longSide, let header = LeptonicaImage.header(of: data) {
            // Half size only when the result still covers the wanted long side.
            if max(header.width, header.height) >= 2 * longSide { decoder.halfSizeJPEGLongSide = 2 * longSide }
        }
        let decoded = try decoder.decode(data)
        var image = decoded.image
        if let longSide, max(image.width, image.height) > longSide {
            let factor = Double(longSide) / Double(max(image.width, image.height))
            guard let scaled = image.scaled(by: factor) else { throw OCRError.unreadable }
            image = scaled
        }
        guard let rgb = image.rgbImage() else { throw OCRError.unreadable }
        return Decoded(image: rgb, fullWidth: decoded.fullSize.width, fullHeight: decoded.fullSize.height)
    }

    /// Decodes an 8-bit mask or any image as grey (no limits beyond `maxPixels`; no EXIF turn: masks are made
    /// for the upright photo).
    public static func decodeGray(_ data: Data, maxPixels: Int) throws(OCRError) -> GrayImage {
        guard let header = LeptonicaImage.header(of: data) else { throw OCRError.unreadable }
        guard header.width * header.height <= maxPixels else { throw OCRError.tooLarge("\(header.width) × \(header.height) pixels") }
        guard let image = LeptonicaImage(encoded: data), let gray = image.grayImage() else { throw OCRError.unreadable }
        return gray
    }

    /// Width and height of the upright photo, read from the header and EXIF only.
    public static func uprightSize(of data: Data) -> (width: Int, height: Int)? {
        guard let header = LeptonicaImage.header(of: data) else { return nil }
        return ExifOrientation.read(from: data) >= 5 ? (header.height, header.width) : (header.width, header.height)
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
