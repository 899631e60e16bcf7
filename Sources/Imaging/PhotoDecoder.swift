// Step "decode": sniff the real type, check the size from the header, decode, and apply the EXIF orientation.
import Foundation
import Support

/// A decoded photo, turned upright according to its EXIF tag.
public struct DecodedPhoto: Sendable {
    public var image: LeptonicaImage
    public var format: PhotoFormat
    /// The EXIF orientation that was applied (1 when none).
    public var exifOrientation: Int
    /// `image` is the photo shrunk by this factor (JPEG decoded at reduced size); 1 when full size.
    public var reduction: Int = 1
    /// Size of the full upright photo, whatever `reduction` is.
    public var fullSize: PixelSize
    /// A smaller decode of the same photo, enough for the preview (nil: the preview is made from `image`).
    public var previewSource: LeptonicaImage?

    public init(image: LeptonicaImage, format: PhotoFormat, exifOrientation: Int, reduction: Int = 1, fullSize: PixelSize) {
        self.image = image
        self.format = format
        self.exifOrientation = exifOrientation
        self.reduction = reduction
        self.fullSize = fullSize
    }
}

public struct PhotoDecoder: Sendable {
    public var limits: ImageLimits
    public var sniffer: FileSniffer = .shared
    /// JPEGs with a long side of at least this many pixels are decoded at half size (libjpeg scales in the DCT,
    /// four times faster than decoding in full); nil decodes everything in full.
    public var halfSizeJPEGLongSide: Int? = nil

    public init(limits: ImageLimits, sniffer: FileSniffer = .shared, halfSizeJPEGLongSide: Int? = nil) {
        self.limits = limits
        self.sniffer = sniffer
        self.halfSizeJPEGLongSide = halfSizeJPEGLongSide
    }

    public func decode(_ data: Data) throws(ImagingError) -> DecodedPhoto {
        if data.count > limits.maxBytes {
            throw ImagingError.tooLarge(megabytes: Int((Double(data.count) / 1_048_576).rounded()), limits: limits)
        }
        let format: PhotoFormat
        switch sniffer.sniff(data) {
        case .photo(let f): format = f
        case .other(_, let what): throw ImagingError.unsupportedType(what)
        }
        // libwebp's still-image decoder refuses animations; say so, not "damaged".
        if format == .webp, Self.isAnimatedWebP(data) { throw ImagingError.animated }

        if format == .heif {
            let size = try HEIFDecoder.size(of: data)
            try checkPixels(size.width, size.height)
            let raster = try HEIFDecoder.decode(data, maxPixels: limits.maxPixels)
            guard let image = LeptonicaImage(raster: raster) else { throw ImagingError.unreadable }
            // libheif has already applied the container's rotation and mirroring.
            return DecodedPhoto(image: image, format: format, exifOrientation: 1, fullSize: PixelSize(width: image.width, height: image.height))
        }

        guard let header = LeptonicaImage.header(of: data) else { throw ImagingError.unreadable }
        try checkPixels(header.width, header.height)
        let reduction = format == .jpeg && halfSizeJPEGLongSide.map { max(header.width, header.height) >= $0 } == true ? 2 : 1
        guard let decoded = LeptonicaImage(encoded: data, jpegReduction: reduction) else { throw ImagingError.unreadable }
        // A header can lie; check what actually came out too.
        try checkPixels(decoded.width, decoded.height)
        let orientation = ExifOrientation.read(from: data)
        guard let upright = Self.applyingExif(orientation, to: decoded) else { throw ImagingError.unreadable }
        // A side of one pixel stays one at half size: the decode is reduced unless both sides came out whole.
        let actual = decoded.width == header.width && decoded.height == header.height ? 1 : reduction
        let full = orientation >= 5 ? PixelSize(width: header.height, height: header.width) : PixelSize(width: header.width, height: header.height)
        return DecodedPhoto(
            image: upright, format: format, exifOrientation: orientation, reduction: actual,
            fullSize: actual == 1 ? PixelSize(width: upright.width, height: upright.height) : full)
    }

    /// Width × height from the file's header alone (no pixels decoded), or nil when the header cannot be read.
    /// What admission control weighs a photo by before it is decoded.
    public static func pixelCount(of data: Data, sniffer: FileSniffer = .shared) -> Int? {
        if case .photo(.heif) = sniffer.sniff(data) {
            return (try? HEIFDecoder.size(of: data)).map { $0.width * $0.height }
        }
        return LeptonicaImage.header(of: data).map { $0.width * $0.height }
    }

    /// A WebP whose extended header (the VP8X chunk, always the first) sets the animation flag.
    static func isAnimatedWebP(_ data: Data) -> Bool {
        guard data.count >= 21 else { return false }
        let bytes = [UInt8](data.prefix(21))
        let riff = bytes[0..<4].elementsEqual("RIFF".utf8) && bytes[8..<12].elementsEqual("WEBP".utf8)
        return riff && bytes[12..<16].elementsEqual("VP8X".utf8) && bytes[20] & 0x02 != 0
    }

    private func checkPixels(_ w: Int, _ h: Int) throws(ImagingError) {
        guard w > 0, h > 0 else { throw ImagingError.unreadable }
        if w > 200_000 || h > 200_000 || w * h > limits.maxPixels {
            throw ImagingError.tooLarge(width: w, height: h, limits: limits)
        }
    }

    /// Turns and mirrors the stored pixels so they show as the camera meant, for all eight EXIF values.
    public static func applyingExif(_ orientation: Int, to image: LeptonicaImage) -> LeptonicaImage? {
        switch orientation {
        case 2: image.flippedLeftRight()
        case 3: image.rotatedQuarterTurns(2)
        case 4: image.flippedTopBottom()
        case 5: image.rotatedQuarterTurns(1)?.flippedLeftRight()  // transpose
        case 6: image.rotatedQuarterTurns(1)
        case 7: image.rotatedQuarterTurns(1)?.flippedTopBottom()  // transverse
        case 8: image.rotatedQuarterTurns(3)
        default: image
        }
    }
}
