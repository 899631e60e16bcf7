// The languages a page may be read in: what Tesseract has installed, the server's default first, and a person's
// choice checked against them (a language that is not installed is named with its Debian package).
import Foundation
import PageReading

public struct OCRLanguages: Sendable {
    /// Installed traineddata, without the orientation model.
    public let installed: [RecognitionLanguage]
    /// The configured languages, e.g. ["eng"] or ["eng", "fra"].
    public let defaults: [String]

    public init(installed: [RecognitionLanguage], defaults: [String]) {
        self.installed = installed.filter { $0.code != "osd" }
        self.defaults = defaults
    }

    /// The select's options: the default first (as configured), then every installed language by name.
    public func choices(selected: String? = nil) -> [LanguageChoice] {
        let defaultCode = defaults.joined(separator: "+")
        let defaultName = defaults.map { RecognitionLanguage(code: $0)?.name ?? $0 }.joined(separator: " + ")
        var choices = [LanguageChoice(code: defaultCode, name: "\(defaultName) (default)", selected: selected == nil || selected == defaultCode)]
        for language in installed.sorted(by: { $0.name < $1.name }) where language.code != defaultCode {
            choices.append(LanguageChoice(code: language.code, name: language.name, selected: selected == language.code))
        }
        return choices
    }

    /// The languages a form asked for, or nil for the default; a typed error for a code that is malformed or missing.
    public func requested(_ raw: String?) throws -> [String]? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        var codes: [String] = []
        for part in raw.split(separator: "+") {
            guard let language = RecognitionLanguage(code: String(part)) else { throw OCRError.unknownLanguage(String(part)) }
            guard installed.contains(language) else { throw OCRError.languageNotInstalled(language) }
            codes.append(language.code)
        }
        return codes == defaults ? nil : codes
    }

    /// "English", "English + French": how a reading's language string is shown.
    public static func name(of languages: String) -> String {
        languages.split(separator: "+").map { RecognitionLanguage(code: String($0))?.name ?? String($0) }.joined(separator: " + ")
    }
}

/// One option of a language select.
public struct LanguageChoice: Sendable {
    public let code: String
    public let name: String
    public let selected: Bool
}
