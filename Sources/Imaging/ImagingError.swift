// Everything that can go wrong turning uploaded bytes into pixels, each naming the sentence a person can act on.
import Foundation
import Support

/// A typed decoding failure. `code` is stable (tests, logs, metrics); `message` never names paths or internals.
public struct ImagingError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case unsupportedType(String)
        case tooLargeFile(megabytes: Int, limits: ImageLimits)
        case tooManyPixels(width: Int, height: Int, limits: ImageLimits)
        case unreadable
        case animated
        case tooSmall(width: Int, height: Int, minimum: Int)
        case libraryFailure(String)
    }

    let kind: Kind

    /// The bytes are not a photo format we take; `what` names what they are (`fileType.<what>`, e.g. "pdf": "a PDF").
    public static func unsupportedType(_ what: String) -> ImagingError { ImagingError(kind: .unsupportedType(what)) }
    /// Over the byte limit.
    public static func tooLarge(megabytes: Int, limits: ImageLimits) -> ImagingError {
        ImagingError(kind: .tooLargeFile(megabytes: megabytes, limits: limits))
    }
    /// Over the pixel limit.
    public static func tooLarge(width: Int, height: Int, limits: ImageLimits) -> ImagingError {
        ImagingError(kind: .tooManyPixels(width: width, height: height, limits: limits))
    }
    /// The file claims to be an image but cannot be decoded.
    public static let unreadable = ImagingError(kind: .unreadable)
    /// An animation (an animated WebP): a still photo is needed.
    public static let animated = ImagingError(kind: .animated)
    /// A whole image, too small on a side to hold a line of text (`minimum` pixels).
    public static func tooSmall(width: Int, height: Int, minimum: Int) -> ImagingError {
        ImagingError(kind: .tooSmall(width: width, height: height, minimum: minimum))
    }
    /// A C library failed in a way that is not the input's fault; `detail` is for logs only.
    public static func libraryFailure(_ detail: String) -> ImagingError { ImagingError(kind: .libraryFailure(detail)) }

    public var message: LocalizedMessage {
        switch kind {
        case .unsupportedType(let what):
            LocalizedMessage("error.unsupported_type", ["what": .message("fileType.\(what)")])
        case .tooLargeFile(let megabytes, let limits):
            LocalizedMessage(
                "error.too_large_file",
                ["megabytes": .number(megabytes), "maxMegapixels": .number(limits.maxMegapixels), "maxMegabytes": .number(limits.maxMegabytes)])
        case .tooManyPixels(let width, let height, let limits):
            LocalizedMessage(
                "error.too_many_pixels",
                [
                    "width": .text(String(width)), "height": .text(String(height)), "maxMegapixels": .number(limits.maxMegapixels),
                    "maxMegabytes": .number(limits.maxMegabytes),
                ])
        case .unreadable:
            LocalizedMessage("error.unreadable")
        case .animated:
            LocalizedMessage("error.animated_photo")
        case .tooSmall(let width, let height, let minimum):
            LocalizedMessage(
                "error.too_small_photo", ["width": .text(String(width)), "height": .text(String(height)), "minimum": .number(minimum)])
        case .libraryFailure:
            LocalizedMessage("error.decoder_failure")
        }
    }

    public var code: String {
        switch kind {
        case .unsupportedType: "unsupported_type"
        case .tooLargeFile, .tooManyPixels: "too_large"
        case .unreadable: "unreadable"
        case .animated: "animated"
        case .tooSmall: "too_small"
        case .libraryFailure: "decoder_failure"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .unsupportedType, .unreadable, .animated, .tooSmall: .badInput
        case .tooLargeFile, .tooManyPixels: .tooLarge
        case .libraryFailure: .internal
        }
    }

    public var logDetail: String {
        if case .libraryFailure(let detail) = kind { return detail }
        return code
    }

    public var description: String { "\(code): \(message)" }
}

/// The largest photo accepted, in bytes and pixels; shown in the "too large" message so it always tells the truth.
public struct ImageLimits: Sendable, Equatable {
    public var maxBytes: Int
    public var maxPixels: Int

    public init(maxBytes: Int = 25 * 1024 * 1024, maxPixels: Int = 50_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    public var maxMegabytes: Int { max(1, maxBytes / (1024 * 1024)) }
    public var maxMegapixels: Int { max(1, maxPixels / 1_000_000) }
}
