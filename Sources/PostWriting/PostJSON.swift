// One draft as the JSON API and `snappost posts --json` print it: tone, text and note, the note null when absent.

public struct PostJSON: Encodable, Sendable, Equatable {
    public let tone: String
    public let text: String
    public let note: String?

    public init(_ variant: Variant) {
        tone = variant.tone.rawValue
        text = variant.text
        note = variant.note
    }

    enum CodingKeys: String, CodingKey { case tone, text, note }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tone, forKey: .tone)
        try container.encode(text, forKey: .text)
        try container.encode(note, forKey: .note)  // null rather than absent, so every draft has the same keys
    }
}
