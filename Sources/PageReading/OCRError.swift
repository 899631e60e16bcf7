// What can go wrong after a photo has decoded: no text on it, or the engine failing. Decoding errors are ImagingError.
import Support

/// A typed OCR failure. `code` is stable (tests, logs, metrics); `message` never contains paths or internals.
public struct OCRError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case noText
        case engineFailure(String)
    }

    let kind: Kind

    /// The image decoded but no text was recognised.
    public static let noText = OCRError(kind: .noText)
    /// Tesseract itself failed; `detail` is for logs only.
    public static func engineFailure(_ detail: String) -> OCRError { OCRError(kind: .engineFailure(detail)) }

    public var message: String {
        switch kind {
        case .noText:
            "No text was found in this photo. Try again with a clearer photo."
        case .engineFailure:
            "Text recognition failed on our side. Please try again."
        }
    }

    public var code: String {
        switch kind {
        case .noText: "no_text"
        case .engineFailure: "engine_failure"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .noText: .nothingFound
        case .engineFailure: .internal
        }
    }

    /// Extra detail for logs (never shown to a person).
    public var logDetail: String {
        if case .engineFailure(let d) = kind { return d }
        return code
    }

    public var description: String { "\(code): \(message)" }
}
