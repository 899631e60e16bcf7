// Everything that can go wrong turning uploaded bytes into pixels, each with one sentence a person can act on.
import Foundation
import Support

/// A typed decoding failure. `code` is stable (tests, logs, metrics); `message` never contains paths or internals.
public struct ImagingError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case unsupportedType(String)
        case tooLarge(String, limits: ImageLimits)
        case unreadable
        case libraryFailure(String)
    }

    let kind: Kind

    /// The bytes are not a photo format we take; `what` names what they are, e.g. "a PDF".
    public static func unsupportedType(_ what: String) -> ImagingError { ImagingError(kind: .unsupportedType(what)) }
    /// Over the pixel or byte limit; `detail` says which, e.g. "30000 × 30000 pixels".
    public static func tooLarge(_ detail: String, limits: ImageLimits) -> ImagingError { ImagingError(kind: .tooLarge(detail, limits: limits)) }
    /// The file claims to be an image but cannot be decoded.
    public static let unreadable = ImagingError(kind: .unreadable)
    /// A C library failed in a way that is not the input's fault; `detail` is for logs only.
    public static func libraryFailure(_ detail: String) -> ImagingError { ImagingError(kind: .libraryFailure(detail)) }

    public var message: String {
        switch kind {
        case .unsupportedType(let what):
            "This is \(what) — send a photo (JPEG, PNG, HEIC or WebP)."
        case .tooLarge(let detail, let limits):
            "This photo is too large (\(detail)); send one under \(limits.maxMegapixels) megapixels and \(limits.maxMegabytes) MB."
        case .unreadable:
            "This image could not be read; it may be damaged or cut short. Try taking the photo again."
        case .libraryFailure:
            "The photo could not be decoded on our side. Please try again."
        }
    }

    public var code: String {
        switch kind {
        case .unsupportedType: "unsupported_type"
        case .tooLarge: "too_large"
        case .unreadable: "unreadable"
        case .libraryFailure: "decoder_failure"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .unsupportedType, .unreadable: .badInput
        case .tooLarge: .tooLarge
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
