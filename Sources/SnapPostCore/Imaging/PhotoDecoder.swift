// Step "decode": sniff the real type, check the size from the header, decode, and apply the EXIF orientation.
import Foundation

/// A decoded photo, turned upright according to its EXIF tag.
struct DecodedPhoto: Sendable {
    var image: LeptonicaImage
    var format: PhotoFormat
    /// The EXIF orientation that was applied (1 when none).
    var exifOrientation: Int
}

struct PhotoDecoder: Sendable {
    var maxPixels: Int
    var maxBytes: Int
    var sniffer: FileSniffer = .shared

    func decode(_ data: Data) throws(OCRError) -> DecodedPhoto {
        if data.count > maxBytes {
            throw OCRError.tooLarge(String(format: "%.0f MB", Double(data.count) / 1_048_576))
        }
        let format: PhotoFormat
        switch sniffer.sniff(data) {
        case .photo(let f): format = f
        case .other(_, let description): throw OCRError.unsupportedType(description)
        }

        if format == .heif {
            let size = try HEIFDecoder.size(of: data)
            try checkPixels(size.width, size.height)
            let raster = try HEIFDecoder.decode(data, maxPixels: maxPixels)
            guard let image = LeptonicaImage(raster: raster) else { throw OCRError.unreadable }
            // libheif has already applied the container's rotation and mirroring.
            return DecodedPhoto(image: image, format: format, exifOrientation: 1)
        }

        guard let header = LeptonicaImage.header(of: data) else { throw OCRError.unreadable }
        try checkPixels(header.width, header.height)
        guard let decoded = LeptonicaImage(encoded: data) else { throw OCRError.unreadable }
        // A header can lie; check what actually came out too.
        try checkPixels(decoded.width, decoded.height)
        let orientation = ExifOrientation.read(from: data)
        guard let upright = Self.applyingExif(orientation, to: decoded) else { throw OCRError.unreadable }
        return DecodedPhoto(image: upright, format: format, exifOrientation: orientation)
    }

    private func checkPixels(_ w: Int, _ h: Int) throws(OCRError) {
        guard w > 0, h > 0 else { throw OCRError.unreadable }
        if w > 200_000 || h > 200_000 || w * h > maxPixels {
            throw OCRError.tooLarge("\(w) × \(h) pixels")
        }
    }

    /// Turns and mirrors the stored pixels so they show as the camera meant, for all eight EXIF values.
    static func applyingExif(_ orientation: Int, to image: LeptonicaImage) -> LeptonicaImage? {
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
