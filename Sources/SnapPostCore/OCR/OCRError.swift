// Everything that can go wrong between a photo and its text, each with one sentence a person can act on.

/// A typed OCR failure. `code` is stable (tests, logs, metrics); `message` never contains paths or internals.
public struct OCRError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case unsupportedType(String)
        case tooLarge(String)
        case unreadable
        case noText
        case engineFailure(String)
        case languageNotInstalled(RecognitionLanguage)
        case unknownLanguage(String)
    }

    let kind: Kind

    /// The bytes are not a photo format we take; `what` names what they are, e.g. "a PDF".
    public static func unsupportedType(_ what: String) -> OCRError { OCRError(kind: .unsupportedType(what)) }
    /// Over the pixel or byte limit; `detail` says which, e.g. "30000 × 30000 pixels".
    public static func tooLarge(_ detail: String) -> OCRError { OCRError(kind: .tooLarge(detail)) }
    /// The file claims to be an image but cannot be decoded.
    public static let unreadable = OCRError(kind: .unreadable)
    /// The image decoded but no text was recognised.
    public static let noText = OCRError(kind: .noText)
    /// The language's traineddata is not on this machine; the message names its Debian package.
    public static func languageNotInstalled(_ language: RecognitionLanguage) -> OCRError { OCRError(kind: .languageNotInstalled(language)) }
    /// Not a language code at all (e.g. "../x" or an empty name); `text` is shown cut short.
    public static func unknownLanguage(_ text: String) -> OCRError { OCRError(kind: .unknownLanguage(String(text.prefix(24)))) }
    /// Tesseract itself failed; `detail` is for logs only.
    public static func engineFailure(_ detail: String) -> OCRError { OCRError(kind: .engineFailure(detail)) }

    public var message: String {
        switch kind {
        case .unsupportedType(let what):
            "This is \(what) — send a photo (JPEG, PNG, HEIC or WebP)."
        case .tooLarge(let detail):
            "This photo is too large (\(detail)); send one under 50 megapixels and 25 MB."
        case .unreadable:
            "This image could not be read; it may be damaged or cut short. Try taking the photo again."
        case .noText:
            "No text was found in this photo. Try again with a clearer photo."
        case .engineFailure:
            "Text recognition failed on our side. Please try again."
        case .languageNotInstalled(let language):
            "\(language.name) (\(language.code)) is not installed: apt-get install \(language.debianPackage)"
        case .unknownLanguage:
            "That is not a language code Tesseract knows; use codes such as eng, deu or fra+eng."
        }
    }

    public var code: String {
        switch kind {
        case .unsupportedType: "unsupported_type"
        case .tooLarge: "too_large"
        case .unreadable: "unreadable"
        case .noText: "no_text"
        case .engineFailure: "engine_failure"
        case .languageNotInstalled: "language_not_installed"
        case .unknownLanguage: "unknown_language"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .unsupportedType, .unreadable, .languageNotInstalled, .unknownLanguage: .badInput
        case .tooLarge: .tooLarge
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
