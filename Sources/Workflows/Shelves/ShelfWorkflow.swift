// What a person does with a shelf photo (no HTTP): analyse it (one at a time, a few waiting) and keep the analysis,
// correct a book by hand (the rest is worked out again around it), and hear the recommendations (spoken once, kept).
import Foundation
import Shelves
import Speech
import Storage
import Support

public struct ShelfWorkflow: Sendable {
    public let analyser: any ShelfAnalysing
    /// One analysis at a time (each already keeps every OCR worker busy); a few may wait, more are refused with 503.
    public let queue: BoundedWorkQueue
    public let shelves: any ShelfScanRepository
    public let speech: any SpeechSynthesizer

    public init(analyser: any ShelfAnalysing, queue: BoundedWorkQueue, shelves: any ShelfScanRepository, speech: any SpeechSynthesizer) {
        self.analyser = analyser
        self.queue = queue
        self.shelves = shelves
        self.speech = speech
    }

    /// Analyses the photo through the queue and stores the analysis.
    public func analyse(photo: Data) async throws -> (scan: ShelfScan, analysis: ShelfAnalysis) {
        let analyser = analyser
        let analysis = try await queue.run { try await analyser.analyse(photo: photo) }
        let scan = try await shelves.insert(ShelfReading(analysis), preview: analysis.preview)
        return (scan, analysis)
    }

    /// A person's title (and author) for the book at `position`, saved at once; the rest of the analysis is worked out
    /// again around it in the same transaction. `title` and `author` are one line each, capped like the page's fields.
    public func correct(shelf id: String, book position: Int, title: String?, author: String?) async throws {
        let title = Self.field(title), author = Self.field(author)
        guard !title.isEmpty else { throw InvalidInputError("Type the book's title (the author is optional).", code: "missing_title") }
        let analyser = analyser
        _ = try await shelves.update(ofShelf: id) { reading in
            guard reading.books.indices.contains(position) else { throw ShelfBookMissingError() }
            reading.books[position].title = title
            reading.books[position].author = author
            reading.books[position].correctedByHand = true
            reading.books[position].source = .hand
            reading = ShelfReading(analyser.revised(ShelfAnalysis(reading)))
        }
    }

    /// The recommendations read aloud (WAV): made by the speech engine the first time and kept with the analysis
    /// until the recommendations change.
    public func spokenRecommendations(of id: String, _ reading: ShelfReading) async throws -> Data {
        let text = ShelfReport.spokenRecommendations(ShelfAnalysis(reading))
        if let cached = try await shelves.audio(ofShelf: id, speaking: text) { return cached }
        let wav: Data
        do {
            wav = try await speech.wav(speaking: text)
        } catch {
            throw SpeechFailedError()
        }
        try await shelves.saveAudio(wav, speaking: text, ofShelf: id)
        return wav
    }

    /// One line of a form, trimmed and capped like the page's book and author fields.
    static func field(_ value: String?) -> String {
        String((value ?? "").replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces).prefix(300))
    }
}

/// A correction for a book the analysis does not have (an old form, or a hand-made request).
public struct ShelfBookMissingError: UserFacingError {
    public var message: String { "That book is not in this analysis any more. Reload the page and try again." }
    public var code: String { "book_missing" }
    public var category: ErrorCategory { .badInput }
}

/// The speech engine failed; the analysis itself is safe.
public struct SpeechFailedError: UserFacingError {
    public var message: String { "The recommendations could not be read aloud right now. The list on the page is complete; please try again later." }
    public var code: String { "speech_failed" }
    public var category: ErrorCategory { .internal }
}
