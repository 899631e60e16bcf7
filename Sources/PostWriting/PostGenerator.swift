// The seam between the app and whatever writes the drafts: a provider over HTTP, or the offline writer.
import AIClient
import Foundation
import Support

/// What to write: the text, where it came from, which tones, and how this attempt differs from earlier ones.
public struct DraftRequest: Sendable {
    /// Longest text drafts are written from: several book pages. Past it a writer spends seconds of CPU (the offline
    /// one) or a large prompt (a provider) on text no post can use.
    public static let maxExcerptCharacters = 20_000

    /// The cleaned text of the page, as the person last edited it.
    public var excerpt: String
    /// Shown to the writer as the source; "Unknown" when nil.
    public var bookTitle: String?
    public var author: String?
    /// Which tones to write, in this order (all five by default; one for "Write another").
    public var tones: [Tone]
    /// 0 for the first drafts of a text; each later attempt passes a new number so the drafts differ.
    /// The offline writer is deterministic for a given (text, variation).
    public var variation: Int
    /// Drafts already written from this text, which a new draft must not repeat.
    public var earlier: [String]
    /// How the text was read (OCR lines with confidences, and the page language's word list), so nothing doubtful
    /// is quoted. Empty for typed text.
    public var reading: ReadingEvidence

    public init(
        excerpt: String, bookTitle: String? = nil, author: String? = nil, tones: [Tone] = Tone.allCases, variation: Int = 0,
        earlier: [String] = [], reading: ReadingEvidence = ReadingEvidence()
    ) {
        self.excerpt = excerpt
        self.bookTitle = bookTitle
        self.author = author
        self.tones = tones
        self.variation = variation
        self.earlier = earlier
        self.reading = reading
    }
}

/// Writes one draft per requested ``Tone``, in the requested order, each at most ``LinkedInLength/limit`` characters.
public protocol PostGenerator: Sendable {
    /// - Throws: ``AIError`` with a message a person can act on, or ``PostWritingError`` when the text cannot be quoted.
    func write(_ request: DraftRequest) async throws -> [Variant]

    /// Who writes the drafts, shown as the AI-mode badge: "Offline writer", or "host · model".
    var displayName: String { get }
}

extension PostGenerator {
    /// Five drafts, one per tone in `Tone.allCases` order: the first attempt at a typed text.
    public func generateVariants(from excerpt: String, bookTitle: String?, author: String?) async throws -> [Variant] {
        try await write(DraftRequest(excerpt: excerpt, bookTitle: bookTitle, author: author))
    }
}

/// The text could be read, but not written about as asked.
public struct PostWritingError: UserFacingError, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No sentence can be quoted: each is a fragment (no verb, cut by the page edge, a heading) or holds a word the
        /// camera may have misread. `blocked` names those words, sentence by sentence.
        case nothingCleanToQuote(blocked: [BlockedSentence] = [])
    }

    /// A sentence that would be quoted but for words the camera may have misread.
    public struct BlockedSentence: Sendable, Equatable {
        public var sentence: String
        public var words: [String]

        public init(sentence: String, words: [String]) {
            self.sentence = sentence
            self.words = words
        }
    }

    public let kind: Kind
    public init(_ kind: Kind) { self.kind = kind }

    public var message: String {
        switch kind {
        case .nothingCleanToQuote(let blocked) where blocked.isEmpty:
            "No whole sentence on this page to quote: each piece is a heading, a list item or a line cut short (no verb, or no "
                + "full stop). Type or complete a sentence, then generate again."
        case .nothingCleanToQuote(let blocked):
            "No sentence on this page reads cleanly enough to quote. "
                + blocked.prefix(3).map { "\(Self.quoted($0.words)) may be misread in “\(Self.shortened($0.sentence))”" }.joined(separator: "; ")
                + (blocked.count > 3 ? "; and \(blocked.count - 3) more" : "")
                + ". Fix or retype the underlined words, then generate again."
        }
    }

    public var code: String { "nothing_clean_to_quote" }
    public var category: ErrorCategory { .nothingFound }

    private static func quoted(_ words: [String]) -> String {
        let shown = words.prefix(4).map { "“\($0)”" }
        return shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
    }

    private static func shortened(_ sentence: String) -> String {
        sentence.count <= 80 ? sentence : String(sentence.prefix(77)).trimmingCharacters(in: .whitespaces) + "…"
    }
}

/// The text to write drafts from is over `DraftRequest.maxExcerptCharacters`.
public struct TextTooLongError: UserFacingError {
    public let characters: Int
    public let limit: Int
    public var message: String {
        "That text is too long to write posts from (\(characters) characters; the limit is \(limit)). Keep the passage you want to post and try again."
    }
    public var code: String { "text_too_long" }
    public var category: ErrorCategory { .tooLarge }

    public init(characters: Int, limit: Int) {
        self.characters = characters
        self.limit = limit
    }
}
