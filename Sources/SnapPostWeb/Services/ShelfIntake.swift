// The way in for a shelf photo: the per-client upload limit (shared with page photos), the body read within its cap
// and deadline, the bounded shelf queue, then the store.
import Foundation
import Hummingbird
import Shelves
import Storage
import Support

struct ShelfIntake: Sendable {
    let limiter: RateLimiter
    let clientAddress: ClientAddress
    let uploads: UploadReader
    let analyser: any ShelfAnalysing
    /// One analysis at a time (each already keeps every OCR worker busy); a few may wait, more are refused with 503.
    let queue: BoundedWorkQueue
    let shelves: any ShelfScanRepository
    let metrics: AppMetrics

    /// Admits the request, reads its photo from one of `fields`, analyses it and stores the analysis.
    func analyse(
        _ request: Request, _ context: AppRequestContext, fields: [String] = UploadReader.photoFields, rawBodyAllowed: Bool = false
    ) async throws -> (scan: ShelfScan, analysis: ShelfAnalysis) {
        if let wait = await limiter.take(clientAddress.key(request, context)) {
            throw RateLimitedError(retryAfterSeconds: wait, message: "Too many photos in a short time. Please wait \(wait) s and try again.")
        }
        let photo = try await uploads.read(request, fields: fields, rawBodyAllowed: rawBodyAllowed)
        let analyser = analyser
        let analysis = try await queue.run { try await analyser.analyse(photo: photo.data) }
        for timing in analysis.timings { metrics.recordShelfStep(timing.step, seconds: timing.seconds) }
        let scan = try await shelves.insert(ShelfReading(analysis), preview: analysis.preview)
        return (scan, analysis)
    }
}

// MARK: The shelf tool's analysis and the store's reading of it are the same facts in two vocabularies.

extension ShelfReading {
    init(_ a: ShelfAnalysis) {
        self.init(
            imageSize: a.imageSize,
            spines: a.spines.map {
                Spine(
                    index: $0.index, row: $0.outline.row, corners: $0.outline.corners, lines: $0.lines, confidence: $0.confidence,
                    quarterTurns: $0.quarterTurns)
            },
            books: a.books.map {
                Book(
                    title: $0.title, author: $0.author, genre: $0.genre, confidence: $0.confidence, identified: $0.identified,
                    spineIndex: $0.spineIndex, catalogID: $0.catalogID, spineText: $0.spineText, correctedByHand: $0.correctedByHand,
                    source: $0.source.rawValue)
            },
            favoriteGenres: a.preferences.favoriteGenres, readingLevel: a.preferences.readingLevel, interests: a.preferences.interests,
            authorPreferences: a.preferences.authorPreferences,
            recommendations: a.recommendations.map {
                Recommendation(title: $0.title, author: $0.author, reason: $0.reason, matchScore: $0.matchScore, catalogID: $0.catalogID)
            },
            summary: a.summary, confidence: a.confidence, analysedBy: a.analysedBy, notes: a.notes, timings: a.timings)
    }
}

extension ShelfAnalysis {
    init(_ r: ShelfReading) {
        self.init(
            imageSize: r.imageSize,
            spines: r.spines.map {
                SpineReading(
                    index: $0.index, outline: SpineOutline(corners: $0.corners, row: $0.row), lines: $0.lines, confidence: $0.confidence,
                    quarterTurns: $0.quarterTurns)
            },
            books: r.books.map {
                DetectedBook(
                    title: $0.title, author: $0.author, genre: $0.genre, confidence: $0.confidence, identified: $0.identified,
                    spineIndex: $0.spineIndex, catalogID: $0.catalogID, spineText: $0.spineText, correctedByHand: $0.correctedByHand,
                    source: BookSource(rawValue: $0.source))
            },
            preferences: ReadingPreferences(
                favoriteGenres: r.favoriteGenres, readingLevel: r.readingLevel, interests: r.interests, authorPreferences: r.authorPreferences),
            recommendations: r.recommendations.map {
                Recommendation(title: $0.title, author: $0.author, reason: $0.reason, matchScore: $0.matchScore, catalogID: $0.catalogID)
            },
            summary: r.summary, confidence: r.confidence, analysedBy: r.analysedBy, notes: r.notes, timings: r.timings)
    }
}
