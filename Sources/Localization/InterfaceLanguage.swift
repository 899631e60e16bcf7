// The languages SnapPost's pages, messages and notices are written in: each one's tag, catalogue, Tesseract pack and
// the locale its dates and numbers follow.
import Foundation

/// One language of the interface. Adding one: a catalogue in Locales/, a case here, its plural categories in
/// `PluralRules` (see the README's "Adding a language").
public enum InterfaceLanguage: String, CaseIterable, Sendable, Hashable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
    case french = "fr"
    case german = "de"
    case spanish = "es"

    /// English is the source language: its catalogue is complete by definition and every other one is checked against it.
    public static let source = InterfaceLanguage.english

    /// The BCP 47 tag, for `<html lang>`, the catalogue's file name and the cookie.
    public var tag: String { rawValue }

    /// The language's own name, as the footer's switcher shows it to someone who may not read the current one.
    public var nativeName: String {
        switch self {
        case .english: "English"
        case .simplifiedChinese: "简体中文"
        case .french: "Français"
        case .german: "Deutsch"
        case .spanish: "Español"
        }
    }

    /// The Tesseract traineddata that reads pages in this language, for the page-language select's default.
    public var ocrCode: String {
        switch self {
        case .english: "eng"
        case .simplifiedChinese: "chi_sim"
        case .french: "fra"
        case .german: "deu"
        case .spanish: "spa"
        }
    }

    /// The locale dates and numbers are written in (English keeps the day-month order it always had).
    public var formattingLocale: Locale {
        switch self {
        case .english: Locale(identifier: "en_GB")
        case .simplifiedChinese: Locale(identifier: "zh_Hans_CN")
        case .french: Locale(identifier: "fr_FR")
        case .german: Locale(identifier: "de_DE")
        case .spanish: Locale(identifier: "es_ES")
        }
    }

    /// The language a tag names, matching on the primary subtag (any `zh-*` is served Simplified Chinese, the only
    /// Chinese catalogue), or nil when none of ours fits.
    public init?(tag: String) {
        let lowered = tag.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: "_", with: "-")
        let primary = lowered.split(separator: "-").first.map(String.init) ?? lowered
        switch primary {
        case "en": self = .english
        case "zh": self = .simplifiedChinese
        case "fr": self = .french
        case "de": self = .german
        case "es": self = .spanish
        default: return nil
        }
    }
}
