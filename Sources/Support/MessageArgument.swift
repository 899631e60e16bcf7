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

    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int) { self = .number(value) }
}
