// The web side of writing drafts: the configured writer, timed and counted for /metrics, with the input capped.
import PostWriting
import Support

struct DraftWriter: Sendable {
    /// Longest text drafts are written from: several book pages. Past it a writer spends seconds of CPU (the offline
    /// one) or a large prompt (a provider) on text no post can use.
    static let maxCharacters = 20_000

    let generator: any PostGenerator
    let metrics: AppMetrics
    /// "offline" or "provider": a metrics label, never a host name.
    let label: String

    var displayName: String { generator.displayName }

    func write(text: String, book: String, author: String) async throws -> [Variant] {
        let characters = text.count
        guard characters <= Self.maxCharacters else { throw TextTooLongError(characters: characters, limit: Self.maxCharacters) }
        let start = ContinuousClock.now
        do {
            let variants = try await generator.generateVariants(
                from: text, bookTitle: book.isEmpty ? nil : book, author: author.isEmpty ? nil : author)
            metrics.recordAI(writer: label, seconds: start.duration(to: .now).seconds, errorCode: nil)
            return variants
        } catch {
            metrics.recordAI(writer: label, seconds: start.duration(to: .now).seconds, errorCode: (error as? any UserFacingError)?.code ?? "unknown")
            throw error
        }
    }
}

/// The text to write drafts from is over `DraftWriter.maxCharacters`.
struct TextTooLongError: UserFacingError {
    let characters: Int
    let limit: Int
    var message: String {
        "That text is too long to write posts from (\(characters) characters; the limit is \(limit)). Keep the passage you want to post and try again."
    }
    var code: String { "text_too_long" }
    var category: ErrorCategory { .tooLarge }
}
