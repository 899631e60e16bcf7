// The seam between the app and whatever writes the drafts: a provider over HTTP, or the offline writer.
import AIClient

/// Writes five drafts, one per ``Tone`` in `Tone.allCases` order, each at most ``LinkedInLength/limit`` characters.
public protocol PostGenerator: Sendable {
    /// - Parameters:
    ///   - excerpt: the cleaned text of the page.
    ///   - bookTitle: shown to the writer as the source; "Unknown" when nil.
    ///   - author: likewise.
    /// - Throws: ``AIError`` with a message a person can act on.
    func generateVariants(from excerpt: String, bookTitle: String?, author: String?) async throws -> [Variant]

    /// Who writes the drafts, shown as the AI-mode badge: "Offline writer", or "host · model".
    var displayName: String { get }
}
