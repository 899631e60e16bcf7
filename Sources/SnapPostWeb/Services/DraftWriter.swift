// The web side of writing drafts: the configured writer, timed and counted for /metrics.
import PostWriting
import Support

struct DraftWriter: Sendable {
    let generator: any PostGenerator
    let metrics: AppMetrics
    /// "offline" or "provider": a metrics label, never a host name.
    let label: String

    var displayName: String { generator.displayName }

    func write(text: String, book: String, author: String) async throws -> [Variant] {
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
