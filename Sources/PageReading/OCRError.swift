// What can go wrong after a photo has decoded: no text on it, or the engine failing. Decoding errors are ImagingError.
import Support

/// A typed OCR failure. `code` is stable (tests, logs, metrics); `message` never contains paths or internals.
public struct OCRError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case noText
        case tooSlow
        case engineFailure(String)
        case languageNotInstalled(RecognitionLanguage)
        case unknownLanguage(String)
    }

    let kind: Kind

    /// The image decoded but no text was recognised.
    public static let noText = OCRError(kind: .noText)
    /// The reading ran past its time limit (`ocr.timeLimit`) and was stopped: a photo of noise or fine texture.
    public static let tooSlow = OCRError(kind: .tooSlow)
    /// The language's traineddata is not on this machine; the message names its Debian package.
    public static func languageNotInstalled(_ language: RecognitionLanguage) -> OCRError { OCRError(kind: .languageNotInstalled(language)) }
    /// Not a language code at all (e.g. "../x" or an empty name); `text` is shown cut short.
    public static func unknownLanguage(_ text: String) -> OCRError { OCRError(kind: .unknownLanguage(String(text.prefix(24)))) }
    /// Tesseract itself failed; `detail` is for logs only.
    public static func engineFailure(_ detail: String) -> OCRError { OCRError(kind: .engineFailure(detail)) }

    public var message: LocalizedMessage {
        switch kind {
        case .languageNotInstalled(let language):
            // The language by its code (the page says its name in the reader's language) and its Debian package.
            LocalizedMessage("error.language_not_installed", ["language": .language(language.code), "package": .text(language.debianPackage)])
        default:
            LocalizedMessage("error.\(code)")
        }
    }

    /// The page language asked for is not one that can be read (not installed, or no language code at all): nothing
    /// is wrong with the photo.
    public var isAboutLanguage: Bool {
        switch kind {
        case .languageNotInstalled, .unknownLanguage: true
        case .noText, .tooSlow, .engineFailure: false
        }
    }

    public var code: String {
        switch kind {
        case .noText: "no_text"
        case .tooSlow: "too_slow"
        case .engineFailure: "engine_failure"
        case .languageNotInstalled: "language_not_installed"
        case .unknownLanguage: "unknown_language"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .languageNotInstalled, .unknownLanguage: .badInput
        case .noText, .tooSlow: .nothingFound
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
