// A value put into a message of the catalogue: text as it is, a number written in the reader's locale, or another
// message by key (so "a PDF" is translated too). Core modules name keys and arguments; they hold no wording.

/// One `{{name}}` of a catalogue message.
public enum MessageArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// Shown as it is (a file name, a language code, a typed title).
    case text(String)
    /// A whole number, with the locale's digit grouping.
    case number(Int)
    /// A number with up to `fractionDigits` digits after the locale's decimal separator.
    case decimal(Double, fractionDigits: Int = 1)
    /// Another catalogue message, looked up in the same language.
    case message(String)
    /// A Tesseract language code, said as its name in the reader's language with the code: "French (fra)".
    case language(String)
    /// Tesseract codes joined with "+", said as names inside a sentence: "German + English", "allemand + anglais".
    case languages(String)

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
}

/// A message of the catalogue: its key and the values its `{{name}}` placeholders take. Core modules say what happened
/// this way; the Localization module says it in the reader's language (or in English, for the command line and logs).
public struct LocalizedMessage: Sendable, Hashable, CustomStringConvertible {
    public var key: String
    public var arguments: [String: MessageArgument]

    public init(_ key: String, _ arguments: [String: MessageArgument] = [:]) {
        self.key = key
        self.arguments = arguments
    }

    /// The key and its values, for logs and test failures (never shown to a person).
    public var description: String {
        arguments.isEmpty ? key : key + " " + arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    }
}
