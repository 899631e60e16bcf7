// The shelf tool's analysis and the store's reading of it: the same facts; books and recommendations are Support's
// types on both sides, spines and preferences each side's own shape.
import Shelves
import Storage

extension ShelfReading {
    public init(_ a: ShelfAnalysis) {
        self.init(
            imageSize: a.imageSize,
            spines: a.spines.map {
                Spine(
                    index: $0.index, row: $0.outline.row, corners: $0.outline.corners, lines: $0.lines, confidence: $0.confidence,
                    quarterTurns: $0.quarterTurns)
            },
            books: a.books,
            favoriteGenres: a.preferences.favoriteGenres, readingLevel: a.preferences.readingLevel, interests: a.preferences.interests,
            authorPreferences: a.preferences.authorPreferences,
            recommendations: a.recommendations,
            summary: a.summary, confidence: a.confidence, analysedBy: a.analysedBy, notes: a.notes, timings: a.timings)
    }
}

extension ShelfAnalysis {
    public init(_ r: ShelfReading) {
        self.init(
            imageSize: r.imageSize,
            spines: r.spines.map {
                SpineReading(
                    index: $0.index, outline: SpineOutline(corners: $0.corners, row: $0.row), lines: $0.lines, confidence: $0.confidence,
                    quarterTurns: $0.quarterTurns)
            },
            books: r.books,
            preferences: ReadingPreferences(
                favoriteGenres: r.favoriteGenres, readingLevel: r.readingLevel, interests: r.interests, authorPreferences: r.authorPreferences),
            recommendations: r.recommendations,
            summary: r.summary, confidence: r.confidence, analysedBy: r.analysedBy, notes: r.notes, timings: r.timings)
    }
}
