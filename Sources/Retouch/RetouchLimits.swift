// How big a photo the retouch tool takes, and the sizes it works at.
import Foundation
import Imaging
import Support

/// Limits and working sizes. Memory at the limit: about 13 bytes per pixel at the peak of an export (RGB, two
/// masks, the decoder's and the encoder's buffers), plus crops bounded by `FillSettings.maxCropPixels`.
public struct RetouchLimits: Sendable, Equatable {
    /// Decoding limits (bytes and pixels) for uploads and exports; larger photos are refused with "crop it first".
    public var image = ImageLimits(maxBytes: 40 * 1024 * 1024, maxPixels: 50_000_000)
    /// Long side of the editor's preview, where edits are shown and wires and objects are found.
    public var previewLongSide = 2048
    /// Edits one photo keeps (undone ones count until a new edit drops them). Every export replays them all at full
    /// size, so this bounds an export's time; past it the person exports and starts again from the result.
    public var maxEdits = 100

    public init() {}

    public static let standard = RetouchLimits()

    /// A photo's short side is at least this many pixels, and its long side at most `maximumAspect` times it: the
    /// preview (2048 px long) then keeps a short side of 32 px, which the finders and fills need.
    public static let minimumShortSide = 32
    public static let maximumAspect = 64

    /// Decodes a photo upright as RGB (shrunk to `longSide` when given), with the retouch tool's limits. A photo too
    /// small or too narrow for them is refused by its header's size, before it is decoded.
    public func decode(_ data: Data, longSide: Int? = nil) throws(RetouchError) -> PhotoRasters.Decoded {
        if let size = PhotoRasters.size(of: data) { try Self.check(width: size.width, height: size.height) }
        let decoded: PhotoRasters.Decoded
        do {
            decoded = try PhotoRasters.decodeRGB(data, limits: image, longSide: longSide)
        } catch {
            throw RetouchError(decoding: error)
        }
        try Self.check(width: decoded.fullSize.width, height: decoded.fullSize.height)
        return decoded
    }

    static func check(width: Int, height: Int) throws(RetouchError) {
        let short = min(width, height), long = max(width, height)
        guard short >= minimumShortSide, long <= maximumAspect * short else { throw .photoTooThin(width: width, height: height) }
    }

    /// Decodes a mask made for a photo (grey, no EXIF turn): every pixel above an eighth grey is filled, so the grey band
    /// `snappost retouch wire` writes around a wire (its soft edge and halo) goes with it, while a lossy copy's
    /// near-black noise does not.
    public func decodeMask(_ data: Data) throws(RetouchError) -> Mask {
        do {
            let gray = try PhotoRasters.decodeGray(data, limits: image)
            return Mask(width: gray.width, height: gray.height, bytes: gray.bytes.map { $0 > 31 ? 1 : 0 })
        } catch {
            throw RetouchError(decoding: error)
        }
    }
}

extension RetouchError {
    /// A decoding failure in retouch terms: too many pixels is "crop it first"; the rest keeps its sentence.
    init(decoding error: ImagingError) {
        switch error.code {
        case "too_large": self = .photoTooLarge
        case "decoder_failure": self = .engineFailure(error.logDetail)
        default: self = .unreadable(error.message)
        }
    }
}
