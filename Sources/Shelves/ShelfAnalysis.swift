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

/// Where a book's name comes from.
public enum BookSource: String, Sendable, Equatable, Codable {
    /// The catalog, confirmed by the spine (title and author).
    case catalog
    /// Read from the spine's own text (``SpineNamer``); the catalog does not hold it.
    case spine
    /// Typed by a person.
    case hand
    /// Named by the AI provider.
    case model
    /// Not named: the spine's text as read, or nothing.
    case unread

    /// What the page says about it.
    public var label: String {
        switch self {
        case .catalog: "found in the catalog"
        case .spine: "read from the spine"
        case .hand: "corrected by hand"
        case .model: "named by the AI model"
        case .unread: "not read"
        }
    }
}

/// A book on the shelf. Unidentified spines become books with `identified == false` and their raw text as title.
public struct DetectedBook: Sendable, Equatable, Codable {
    public var title: String
    public var author: String
    public var genre: String
    /// 0...1.
    public var confidence: Double
    public var identified: Bool
    public var spineIndex: Int?
    public var catalogID: Int?
    /// What the spine said, for "see what was read".
    public var spineText: String
    /// A person typed the title (and author) for this spine; see ``ShelfAnalyser/revised(_:)``.
    public var correctedByHand: Bool
    /// Where the name comes from (catalog, spine, hand, model); unnamed spines are `.unread`.
    public var source: BookSource

    public init(
        title: String, author: String, genre: String, confidence: Double, identified: Bool, spineIndex: Int?, catalogID: Int?, spineText: String,
        correctedByHand: Bool = false, source: BookSource? = nil
    ) {
        self.title = title
        self.author = author
        self.genre = genre
        self.confidence = confidence
        self.identified = identified
        self.spineIndex = spineIndex
        self.catalogID = catalogID
        self.spineText = spineText
        self.correctedByHand = correctedByHand
        self.source = source ?? (correctedByHand ? .hand : !identified ? .unread : catalogID != nil ? .catalog : .spine)
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

public struct Recommendation: Sendable, Equatable, Codable {
    public var title: String
    public var author: String
    public var reason: String
    /// 0...1.
    public var matchScore: Double
    public var catalogID: Int?

    public init(title: String, author: String, reason: String, matchScore: Double, catalogID: Int? = nil) {
        self.title = title
        self.author = author
        self.reason = reason
        self.matchScore = matchScore
        self.catalogID = catalogID
    }
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
