// One language's messages, read from an i18next JSON file: nested objects flattened to dotted keys, `{{name}}`
// placeholders, and counted messages as `key_one` / `key_other` (CLDR categories as suffixes).
import Foundation

/// The messages of one language, by dotted key.
public struct MessageCatalogue: Sendable, Equatable {
    public let language: InterfaceLanguage
    public let messages: [String: String]

    public init(language: InterfaceLanguage, messages: [String: String]) {
        self.language = language
        self.messages = messages
    }

    /// Reads `data` (a JSON object of strings and objects); anything else in it is a typed error naming the key.
    public init(language: InterfaceLanguage, json data: Data) throws {
        let root = try JSONSerialization.jsonObject(with: data)
        guard let object = root as? [String: Any] else { throw CatalogueError(language: language, key: "", problem: "is not a JSON object") }
        var flat: [String: String] = [:]
        try Self.flatten(object, prefix: "", into: &flat, language: language)
        self.init(language: language, messages: flat)
    }

    private static func flatten(_ object: [String: Any], prefix: String, into flat: inout [String: String], language: InterfaceLanguage) throws {
        for (name, value) in object {
            let key = prefix.isEmpty ? name : "\(prefix).\(name)"
            switch value {
            case let text as String: flat[key] = text
            case let nested as [String: Any]: try flatten(nested, prefix: key, into: &flat, language: language)
            default: throw CatalogueError(language: language, key: key, problem: "is neither a string nor an object")
            }
        }
    }

    public subscript(key: String) -> String? { messages[key] }

    /// The keys without their plural suffix: `history.kept_one` and `history.kept_other` are both `history.kept`.
    public var baseKeys: Set<String> { Set(messages.keys.map { Self.split($0).base }) }

    /// The plural categories given for a counted message's base key (empty for a plain message).
    public func categories(of base: String) -> Set<PluralCategory> {
        Set(PluralCategory.allCases.filter { messages["\(base)_\($0.rawValue)"] != nil })
    }

    /// A key's base and its plural category, when it ends with one.
    static func split(_ key: String) -> (base: String, category: PluralCategory?) {
        guard let underscore = key.lastIndex(of: "_"), let category = PluralCategory(rawValue: String(key[key.index(after: underscore)...])) else {
            return (key, nil)
        }
        return (String(key[..<underscore]), category)
    }

    /// The names of a message's `{{name}}` placeholders.
    public static func placeholders(in message: String) -> Set<String> {
        var names: Set<String> = []
        var rest = message[...]
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            names.insert(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
            rest = rest[close.upperBound...]
        }
        return names
    }
}

/// A catalogue file that cannot be used; the server refuses to start rather than show keys.
public struct CatalogueError: Error, CustomStringConvertible {
    public let language: InterfaceLanguage
    public let key: String
    public let problem: String
    public var description: String { "Catalogue \(language.tag).json: \(key.isEmpty ? "the file" : key) \(problem)" }
}
