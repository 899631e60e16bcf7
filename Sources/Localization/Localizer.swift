// Messages, counts, numbers, dates and lists in one interface language, with English behind any key a catalogue lacks
// (a test keeps that from happening in a release).
import Foundation
import Support

/// Every catalogue, loaded once at start.
public struct Localizations: Sendable {
    public let catalogues: [InterfaceLanguage: MessageCatalogue]

    public init(catalogues: [InterfaceLanguage: MessageCatalogue]) {
        self.catalogues = catalogues
    }

    /// Reads `TAG.json` for every language from `directory`; a missing or malformed file is an error.
    public static func load(from directory: URL) throws -> Localizations {
        var catalogues: [InterfaceLanguage: MessageCatalogue] = [:]
        for language in InterfaceLanguage.allCases {
            let data = try Data(contentsOf: directory.appendingPathComponent("\(language.tag).json"))
            catalogues[language] = try MessageCatalogue(language: language, json: data)
        }
        return Localizations(catalogues: catalogues)
    }

    /// The catalogues shipped beside the binary (the module's SwiftPM resource).
    public static var shippedDirectory: URL { Bundle.module.bundleURL.appendingPathComponent("Locales") }

    /// The shipped catalogues, read once per process.
    public static func shipped() throws -> Localizations { try ShippedCatalogues.value.get() }

    public func localizer(_ language: InterfaceLanguage) -> Localizer {
        let source = catalogues[.source] ?? MessageCatalogue(language: .source, messages: [:])
        return Localizer(language: language, catalogue: catalogues[language] ?? source, fallback: source)
    }

    /// English, for the command line and logs.
    public var source: Localizer { localizer(.source) }
}

private enum ShippedCatalogues {
    static let value = Result { try Localizations.load(from: Localizations.shippedDirectory) }
}

/// One language's way of saying things.
public struct Localizer: Sendable {
    public let language: InterfaceLanguage
    let catalogue: MessageCatalogue
    let fallback: MessageCatalogue

    public init(language: InterfaceLanguage, catalogue: MessageCatalogue, fallback: MessageCatalogue) {
        self.language = language
        self.catalogue = catalogue
        self.fallback = fallback
    }

    /// The message `key` with its `{{name}}` placeholders filled in; the key itself when no catalogue has it.
    public func callAsFunction(_ key: String, _ arguments: [String: MessageArgument] = [:]) -> String {
        interpolate(raw(key) ?? key, arguments)
    }

    /// A message a core module named (an error, a notice), in this language.
    /// A counted message (only `key_one`, `key_other` … in the catalogue) takes its form from the `count` argument.
    public func callAsFunction(_ message: LocalizedMessage) -> String {
        if raw(message.key) == nil, case .number(let count)? = message.arguments["count"] {
            return plural(message.key, count: count, message.arguments)
        }
        return self(message.key, message.arguments)
    }

    /// The form of a counted message for `count` (`key_one`, `key_other`, …); `{{count}}` is the number in the locale.
    public func plural(_ key: String, count: Int, _ arguments: [String: MessageArgument] = [:]) -> String {
        var arguments = arguments
        arguments["count"] = arguments["count"] ?? .number(count)
        let category = language.pluralCategory(count)
        let message =
            catalogue["\(key)_\(category.rawValue)"] ?? catalogue["\(key)_other"]
            ?? fallback["\(key)_\(InterfaceLanguage.source.pluralCategory(count).rawValue)"] ?? fallback["\(key)_other"] ?? key
        return interpolate(message, arguments)
    }

    /// Whether `key` (or its counted forms) exists, in this language or in English.
    public func has(_ key: String) -> Bool { raw(key) != nil || catalogue["\(key)_other"] != nil || fallback["\(key)_other"] != nil }

    func raw(_ key: String) -> String? { catalogue[key] ?? fallback[key] }

    /// The message as a Mustache template for a page: its own text HTML-escaped, its `{{name}}` placeholders left for
    /// the template's context to fill (and escape).
    public func template(_ key: String) -> String {
        let message = raw(key) ?? key
        var out = ""
        var rest = message[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            out += Self.escapeHTML(String(rest[..<open.lowerBound]))
            out += "{{" + rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces) + "}}"
            rest = rest[close.upperBound...]
        }
        return out + Self.escapeHTML(String(rest))
    }

    /// The messages under `prefix` (e.g. "js"), keys without it, for the page's script.
    public func messages(under prefix: String) -> [String: String] {
        var out: [String: String] = [:]
        let dotted = prefix + "."
        for (key, value) in fallback.messages where key.hasPrefix(dotted) { out[String(key.dropFirst(dotted.count))] = value }
        for (key, value) in catalogue.messages where key.hasPrefix(dotted) { out[String(key.dropFirst(dotted.count))] = value }
        return out
    }

    // MARK: Numbers, dates and lists in the language's locale.

    public var locale: Locale { language.formattingLocale }

    public func number(_ value: Int) -> String { value.formatted(.number.locale(locale)) }

    public func decimal(_ value: Double, fractionDigits: Int = 1) -> String {
        value.formatted(.number.locale(locale).precision(.fractionLength(0...max(0, fractionDigits))))
    }

    /// "93%", "93 %".
    public func percent(_ fraction: Double) -> String {
        fraction.formatted(.percent.locale(locale).precision(.fractionLength(0)))
    }

    /// "25 Nov 2025 at 14:02 UTC", "2025年11月25日 14:02 UTC": the server's text; the page's script shows the reader's zone.
    public func timestamp(_ date: Date) -> String { format(date, template: "dMMMyyyyHHmm") + " UTC" }

    /// "14:02 UTC".
    public func clock(_ date: Date) -> String { format(date, template: "HHmm") + " UTC" }

    /// "25 Nov 2025": a day, without the time.
    public func day(_ date: Date) -> String { format(date, template: "dMMMyyyy") }

    private func format(_ date: Date, template: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter.string(from: date)
    }

    /// "a, b and c", "a、b和c".
    public func list(_ items: [String]) -> String { items.formatted(.list(type: .and).locale(locale)) }

    /// A Tesseract language code's name in this language ("French", "法语", "Französisch"), from the locale data;
    /// nil when the locale data does not know it. Vertical packs say so. `capitalized` for a label standing alone
    /// ("Français"); inside a sentence as the language writes it ("lu en français").
    public func languageName(ocrCode: String, capitalized: Bool = true) -> String? {
        var code = ocrCode
        let vertical = code.hasSuffix("_vert")
        if vertical { code = String(code.dropLast(5)) }
        let identifier: String
        switch code {
        case "chi_sim": identifier = "zh-Hans"
        case "chi_tra": identifier = "zh-Hant"
        default: identifier = code.replacingOccurrences(of: "_", with: "-")
        }
        guard code.count >= 2, let name = locale.localizedString(forIdentifier: identifier), name.lowercased() != identifier.lowercased() else {
            return nil
        }
        let said = capitalized ? name.prefix(1).uppercased(with: locale) + name.dropFirst() : name
        return vertical ? self("language.vertical", ["name": .text(said)]) : said
    }

    /// "German + English": the languages a reading was made in, each named (the code itself when unknown).
    public func languageNames(_ codes: String, capitalized: Bool = true) -> String {
        codes.split(separator: "+").map { languageName(ocrCode: String($0), capitalized: capitalized) ?? String($0) }.joined(separator: " + ")
    }

    // MARK: Filling in placeholders.

    func interpolate(_ message: String, _ arguments: [String: MessageArgument]) -> String {
        guard message.contains("{{") else { return message }
        var out = ""
        var rest = message[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            out += rest[..<open.lowerBound]
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            out += arguments[name].map(resolve) ?? ""
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    func resolve(_ argument: MessageArgument) -> String {
        switch argument {
        case .text(let text): text
        case .number(let value): number(value)
        case .decimal(let value, let digits): decimal(value, fractionDigits: digits)
        case .message(let key): raw(key) ?? key
        case .language(let code): languageName(ocrCode: code).map { "\($0) (\(code))" } ?? code
        case .languages(let codes): languageNames(codes, capitalized: false)
        }
    }

    static func escapeHTML(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
