// How big a photo the retouch tool takes, and the sizes it works at.
import Foundation
import SnapPostCore

/// Limits and working sizes. Memory at the limit: about 13 bytes per pixel at the peak of an export (RGB, two
/// masks, the decoder's and the encoder's buffers), plus crops bounded by `FillSettings.maxCropPixels`.
public struct RetouchLimits: Sendable, Equatable {
    /// Photos with more pixels are refused ("too large to process: crop it first").
    public var maxPixels = 50_000_000
    /// Uploads larger than this many bytes are refused.
    public var maxBytes = 40 * 1024 * 1024
    /// Long side of the editor's preview, where edits are shown and wires and objects are found.
    public var previewLongSide = 2048

    public init() {}

    public static let standard = RetouchLimits()

    /// Decodes a photo upright as RGB (shrunk to `longSide` when given), with the retouch tool's own limits.
    public func decode(_ data: Data, longSide: Int? = nil) throws(RetouchError) -> PhotoRasters.Decoded {
        do {
            let decoded = try PhotoRasters.decodeRGB(data, maxPixels: maxPixels, maxBytes: maxBytes, longSide: longSide)
            guard decoded.fullWidth * decoded.fullHeight <= maxPixels else { throw RetouchError.photoTooLarge }
            return decoded
        } catch let error as RetouchError {
            throw error
        } catch let error as OCRError where error.code == "too_large" {
            throw .photoTooLarge
        } catch let error as OCRError {
            throw .unreadable(error.message)
        } catch {
            throw .engineFailure("\(error)")
        }
    }
}
