// One draft: a tone, its text, and an optional note for the person (e.g. that it was trimmed).
import Foundation

/// One LinkedIn draft in one tone.
public struct Variant: Sendable, Codable, Equatable, Identifiable {
    public var id: UUID
    public var tone: Tone
    public var text: String
    /// Shown under the draft, e.g. ``Variant/trimmedNote``.
    public var note: String?

    public init(id: UUID = UUID(), tone: Tone, text: String, note: String? = nil) {
        self.id = id
        self.tone = tone
        self.text = text
        self.note = note
    }

    /// The note on a draft that was cut to fit ``LinkedInLength/limit``.
    public static let trimmedNote = "Variant trimmed to meet LinkedIn length."
}
