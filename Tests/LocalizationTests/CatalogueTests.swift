// Every language says everything English says, with the same placeholders and the plural forms its rules need; every
// key a template, a script or the Swift code asks for exists.
import Foundation
import Support
import Testing

@testable import Localization

@Suite struct CatalogueTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let localizations: Localizations
    var english: MessageCatalogue { localizations.catalogues[.english]! }

    init() throws {
        localizations = try Localizations.load(from: Self.root.appendingPathComponent("Sources/Localization/Locales"))
    }

    @Test func theShippedCataloguesAreTheOnesInTheSourceTree() throws {
        #expect(try Localizations.shipped().catalogues == localizations.catalogues)
    }

    @Test(arguments: InterfaceLanguage.allCases)
    func everyLanguageHasEveryKeyWithItsPluralForms(_ language: InterfaceLanguage) throws {
        let catalogue = try #require(localizations.catalogues[language])
        let required = Set(language.pluralCategories)
        for base in english.baseKeys.sorted() {
            let englishForms = english.categories(of: base)
            if englishForms.isEmpty {
                #expect(catalogue[base] != nil, "\(language.tag) lacks \(base)")
            } else {
                #expect(catalogue.categories(of: base) == required, "\(language.tag): \(base) needs forms \(required.map(\.rawValue).sorted())")
                #expect(catalogue[base] == nil, "\(language.tag): \(base) is counted in English, so it has only suffixed forms")
            }
        }
        let extra = catalogue.baseKeys.subtracting(english.baseKeys)
        #expect(extra.isEmpty, "\(language.tag) has keys English does not: \(extra.sorted())")
    }

    @Test(arguments: InterfaceLanguage.allCases)
    func everyMessageKeepsEnglishsPlaceholders(_ language: InterfaceLanguage) throws {
        let catalogue = try #require(localizations.catalogues[language])
        for base in english.baseKeys.sorted() {
            let expected = placeholders(of: base, in: english)
            let found = placeholders(of: base, in: catalogue)
            #expect(found == expected, "\(language.tag): \(base) has placeholders \(found.sorted()), English \(expected.sorted())")
        }
        for (key, message) in catalogue.messages {
            #expect(
                message.components(separatedBy: "{{").count == message.components(separatedBy: "}}").count,
                "\(language.tag): \(key) has unbalanced braces")
        }
    }

    /// The names a message uses; for a counted one, across its forms and without `count` (a form may say "one book").
    func placeholders(of base: String, in catalogue: MessageCatalogue) -> Set<String> {
        if let plain = catalogue[base] { return MessageCatalogue.placeholders(in: plain) }
        var names: Set<String> = []
        for category in catalogue.categories(of: base) {
            names.formUnion(MessageCatalogue.placeholders(in: catalogue["\(base)_\(category.rawValue)"]!))
        }
        names.remove("count")
        return names
    }

    @Test func everyKeyATemplateAsksForExists() throws {
        let folder = Self.root.appendingPathComponent("Templates")
        var asked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".mustache") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for key in matches(of: #"\{\{#t\}\}\s*([A-Za-z0-9_.-]+)\s*\{\{/t\}\}"#, in: text) {
                asked += 1
                #expect(english[key] != nil, "\(file) asks for \(key)")
            }
        }
        #expect(asked > 200)
    }

    @Test func everyKeyAScriptAsksForExists() throws {
        let folder = Self.root.appendingPathComponent("Public/static")
        let script = localizations.source.messages(under: "js")
        var asked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".js") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for key in matches(of: #"\bmsg\(\s*"([A-Za-z0-9_.-]+)""#, in: text) {
                asked += 1
                // `msg("label." + name)`: some key must start with the prefix.
                let found = key.hasSuffix(".") ? script.keys.contains { $0.hasPrefix(key) } : script[key] != nil || script["\(key)_other"] != nil
                #expect(found, "\(file) asks for js.\(key)")
            }
        }
        #expect(asked > 40)
    }

    @Test func everyKeyTheSwiftCodeAsksForExists() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var asked = 0
        let localizer = source
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            // A literal key handed to the localizer, to a LocalizedMessage or a MessageArgument.message.
            let pattern =
                #"(?:\blocalizer|\bwords|\.message|LocalizedMessage)(?:\.plural)?\(\s*"([A-Za-z][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)+)""#
            var keys = matches(of: pattern, in: text)
            // BadFormError("key", …) names form.<key>; an ErrorPresentation's title: "key", errorTitle.<key>.
            keys += matches(of: #"BadFormError\(\s*"([A-Za-z]+)""#, in: text).map { "form.\($0)" }
            if file.hasSuffix("ErrorPresentation.swift") || file.contains("Controllers/") {
                keys += matches(of: #"title: "([a-z][A-Za-z]+)""#, in: text).map { "errorTitle.\($0)" }
            }
            for key in keys {
                asked += 1
                #expect(localizer.has(key), "\(file) asks for \(key)")
            }
        }
        #expect(asked > 20)
    }

    var source: Localizer { localizations.source }

    func matches(of pattern: String, in text: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}
