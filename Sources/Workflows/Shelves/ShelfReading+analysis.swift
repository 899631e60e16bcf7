// The shelf tool's analysis and the store's reading of it are the same facts in two vocabularies.
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
    public init(_ r: ShelfReading) {
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
