// The languages a page may be read in: what Tesseract has installed, the server's default first, which one the select
// starts on, and a person's choice checked against them (a language that is not installed is named with its Debian
// package). Codes only: the page names them in the reader's language.
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

    /// The configured languages as one option, e.g. "eng" or "eng+fra".
    public var defaultCode: String { defaults.joined(separator: "+") }

    /// The select's options, as codes: the default first (as configured), then every installed language. A vertical
    /// pack (chi_sim_vert) is not offered on its own: the engine loads it beside its language.
    public var options: [String] {
        [defaultCode] + installed.map(\.code).filter { $0 != defaultCode && !$0.hasSuffix("_vert") }.sorted()
    }

    /// Whether `code` (one language or a "+" combination) is one of the options.
    public func offers(_ code: String) -> Bool { options.contains(code) }

    /// What the page-language select starts on: the person's last choice while it is offered, else the reader's
    /// interface language when its pack is installed (a French reader's pages are most likely French), else the default.
    public func preselected(remembered: String?, interfaceLanguage: String) -> String {
        if let remembered, offers(remembered) { return remembered }
        if offers(interfaceLanguage) { return interfaceLanguage }
        return defaultCode
    }

    /// The languages a form asked for, or nil for the default; a typed error for a code that is malformed or missing.
    public func requested(_ raw: String?) throws -> [String]? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        var codes: [String] = []
        for part in raw.split(separator: "+") {
            // The orientation model is installed as traineddata but reads no language.
            guard let language = RecognitionLanguage(code: String(part)), language.code.lowercased() != "osd" else {
                throw OCRError.unknownLanguage(String(part))
            }
            // Codes are matched whatever their case ("ENG" is eng), as the installed pack spells them.
            guard let match = installed.first(where: { $0.code.lowercased() == language.code.lowercased() }) else {
                throw OCRError.languageNotInstalled(language)
            }
            codes.append(match.code)
        }
        return codes == defaults ? nil : codes
    }
}
