// What a shelf analysis produces: spines as read, books, the reader's preferences, recommendations, a summary.
import Foundation
import Support

/// One spine: where it is and what was read on it.
public struct SpineReading: Sendable, Equatable, Codable {
    public var index: Int
    public var outline: SpineOutline
    /// The readable lines, best orientation first, joined by " / ".
    public var text: String
    public var lines: [String]
    /// Mean confidence of the kept lines, 0...1.
    public var confidence: Double
    /// Clockwise quarter turns that made the kept text upright (0, 1 or 3).
    public var quarterTurns: Int
    /// The lines with their letter size and place on the spine, for naming a book from its spine (``SpineNamer``).
    /// Known while the photo is analysed; not stored and not part of the JSON.
    public var placedLines: [SpineLine]

    public init(index: Int, outline: SpineOutline, lines: [String], confidence: Double, quarterTurns: Int, placedLines: [SpineLine] = []) {
        self.index = index
        self.outline = outline
        self.lines = lines
        self.text = lines.joined(separator: " / ")
        self.confidence = confidence
        self.quarterTurns = quarterTurns
        self.placedLines = placedLines
    }

    enum CodingKeys: String, CodingKey {
        case index, outline, text, lines, confidence, quarterTurns
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            index: try c.decode(Int.self, forKey: .index), outline: try c.decode(SpineOutline.self, forKey: .outline),
            lines: try c.decode([String].self, forKey: .lines), confidence: try c.decode(Double.self, forKey: .confidence),
            quarterTurns: try c.decode(Int.self, forKey: .quarterTurns))
    }
}

public struct ReadingPreferences: Sendable, Equatable, Codable {
    public var favoriteGenres: [String]
    public var readingLevel: String
    public var interests: [String]
    public var authorPreferences: [String]

    public init(favoriteGenres: [String], readingLevel: String, interests: [String], authorPreferences: [String]) {
        self.favoriteGenres = favoriteGenres
        self.readingLevel = readingLevel
        self.interests = interests
        self.authorPreferences = authorPreferences
    }

    public static let unknown = ReadingPreferences(favoriteGenres: [], readingLevel: "Unknown", interests: [], authorPreferences: [])
}

/// The whole result, as the page, the API and the command line show it.
public struct ShelfAnalysis: Sendable, Equatable, Codable {
    public var imageSize: PixelSize
    public var spines: [SpineReading]
    public var books: [DetectedBook]
    public var preferences: ReadingPreferences
    public var recommendations: [Recommendation]
    public var summary: String
    /// 0...1: how much of the shelf was read and how sure the identifications are.
    public var confidence: Double
    /// "Offline (catalog)" or the AI provider's "host · model".
    public var analysedBy: String
    /// Said on the page when something fell back (the AI provider failed, the photo was not sent...).
    public var notes: [String]
    public var timings: [StepTiming]
    /// The upright photo as a small colour JPEG in the frame of the spine outlines, when asked for
    /// (`Config.previewLongSide`); not part of the JSON.
    public var preview: Data?

    public init(
        imageSize: PixelSize, spines: [SpineReading], books: [DetectedBook], preferences: ReadingPreferences, recommendations: [Recommendation],
        summary: String, confidence: Double, analysedBy: String, notes: [String], timings: [StepTiming], preview: Data? = nil
    ) {
        self.imageSize = imageSize
        self.spines = spines
        self.books = books
        self.preferences = preferences
        self.recommendations = recommendations
        self.summary = summary
        self.confidence = confidence
        self.analysedBy = analysedBy
        self.notes = notes
        self.timings = timings
        self.preview = preview
    }

    enum CodingKeys: String, CodingKey {
        case imageSize, spines, books, preferences, recommendations, summary, confidence, analysedBy, notes, timings
    }

    public var identifiedBooks: [DetectedBook] { books.filter(\.identified) }

    /// Whether the offline catalog made this analysis (no model was asked, or it failed).
    public var isOffline: Bool { analysedBy == ShelfAnalyser.offlineName }
}
