// A book on a shelf and a book recommended beside it, as the shelf analyser finds them, the store keeps them and the
// page and the API show them.

/// Where a book's name comes from.
public enum BookSource: String, Sendable, Equatable, Codable {
    /// The catalog, confirmed by the spine (title and author).
    case catalog
    /// Read from the spine's own text; the catalog does not hold it.
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
    /// A person typed the title (and author) for this spine (the shelf analyser then revises the rest around it).
    public var correctedByHand: Bool
    /// Where the name comes from (catalog, spine, hand, model); unnamed spines are `.unread`.
    public var source: BookSource

    /// Without a `source`, the other fields say it: typed by hand, not identified, in the catalog, else read from the
    /// spine (as for books stored before the source was kept).
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

/// A book suggested from the shelf, with why.
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

/// Where a shelf's identified books came from, as its summary says it (the analyser's English and every language's).
public struct BookSourceCounts: Sendable, Equatable {
    public let catalog: Int
    public let spine: Int
    public let hand: Int

    /// The identified ones of `books`: read from the spine, corrected by hand (the person's, whether or not the
    /// catalog knows the title), and the rest confirmed by the catalog.
    public init(_ books: [DetectedBook]) {
        let identified = books.filter(\.identified)
        spine = identified.filter { $0.source == .spine }.count
        hand = identified.filter { $0.source == .hand }.count
        catalog = identified.count - spine - hand
    }

    /// Whether the summary says where the books came from: when any was corrected by hand, or some came from the
    /// catalog and some from the spine.
    public var saysWhere: Bool { hand > 0 || (spine > 0 && catalog > 0) }
}
