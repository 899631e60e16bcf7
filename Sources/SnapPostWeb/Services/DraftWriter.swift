// The web side of writing drafts: the configured writer, timed and counted for /metrics, its last answer remembered
// for the writer badge, and its input capped.
import Foundation
import PostWriting
import Support
import Synchronization
import Words

struct DraftWriter: PostGenerator {
    let generator: any PostGenerator
    let metrics: AppMetrics
    /// "offline" or "provider": a metrics label, never a host name.
    let label: String
    /// The provider's last answer, shown by the writer badge.
    let health: WriterHealth
    /// The word lists typed text (the API's) is judged by, so the offline writer quotes only real words.
    var words: (any WordList)? = nil

    var displayName: String { generator.displayName }
    var isOffline: Bool { label == "offline" }

    func write(_ request: DraftRequest) async throws -> [Variant] {
        let characters = request.excerpt.count
        guard characters <= DraftRequest.maxExcerptCharacters else {
            throw TextTooLongError(characters: characters, limit: DraftRequest.maxExcerptCharacters)
        }
        let start = ContinuousClock.now
        do {
            let variants = try await generator.write(request)
            metrics.recordAI(writer: label, seconds: start.duration(to: .now).seconds, errorCode: nil)
            if !isOffline { health.record(failureCode: nil) }
            return variants
        } catch {
            let code = (error as? any UserFacingError)?.code ?? "unknown"
            metrics.recordAI(writer: label, seconds: start.duration(to: .now).seconds, errorCode: code)
            // Only the provider's own failures turn the badge red; a page with nothing to quote is not its fault.
            if !isOffline, code.hasPrefix("ai_"), code != "ai_empty_input" { health.record(failureCode: code) }
            throw error
        }
    }

    func write(text: String, book: String, author: String) async throws -> [Variant] {
        try await write(
            DraftRequest(
                excerpt: text, bookTitle: book.isEmpty ? nil : book, author: author.isEmpty ? nil : author,
                reading: ReadingEvidence(words: words)))
    }
}

/// What the configured provider said last: nothing yet, drafts, or a failure (with when).
final class WriterHealth: Sendable {
    enum State: Equatable, Sendable {
        case unknown
        case answered(Date)
        case failed(code: String, at: Date)
    }

    private let state = Mutex<State>(.unknown)

    var current: State { state.withLock { $0 } }

    func record(failureCode: String?, at date: Date = Date()) {
        state.withLock { $0 = failureCode.map { .failed(code: $0, at: date) } ?? .answered(date) }
    }
}
