// The shelf pipeline, top to bottom: decode, find spines, read them, identify, (ask the model), profile, recommend.
import AIClient
import Foundation
import Imaging
import PageReading
import Support

/// The shelf analyser as the web app uses it: the real one below, a fake in router tests.
public protocol ShelfAnalysing: Sendable {
    /// Who analyses: ``ShelfAnalyser/offlineName`` or the AI provider's "host · model".
    var analysedBy: String { get }
    /// The whole analysis of one photo. Throws ``ImagingError`` for a bad photo, ``ShelfError`` when no spine is found.
    func analyse(photo data: Data) async throws -> ShelfAnalysis
    /// The analysis after a person corrected some books by hand: those are looked up in the catalog, and (offline) the
    /// preferences, recommendations, summary and confidence are worked out again.
    func revised(_ analysis: ShelfAnalysis) -> ShelfAnalysis
}

public struct ShelfAnalyser: ShelfAnalysing {
    public static let offlineName = "Offline (catalog)"

    public struct Config: Sendable, Equatable {
        public var finder = OpenCVSpineFinder.Parameters()
        public var reader = SpineReader.Config()
        public var matcher = CatalogMatcher.Config()
        public var recommender = Recommender.Config()
        /// Send the photo itself to the model (vision models only); off by default: spine texts are enough and smaller.
        public var sendsPhotoToModel = false
        /// Long side of the photo sent to the model.
        public var photoLongSide = 1024
        /// The largest photo accepted (the same limits as page uploads).
        public var limits = ImageLimits()
        /// When set, the analysis carries the upright photo as a JPEG this long on its long side (for the page).
        public var previewLongSide: Int?
        public init() {}
    }

    public let reader: SpineReader
    public let matcher: CatalogMatcher
    public let profiler: ReadingProfiler
    public let recommender: Recommender
    public let interpreter: (any ShelfInterpreter)?
    public let config: Config

    public init(
        engine: any OCREngine, finder: any SpineFinding = OpenCVSpineFinder(), catalog: BookCatalog, interpreter: (any ShelfInterpreter)? = nil,
        config: Config = Config()
    ) {
        matcher = CatalogMatcher(catalog: catalog, config: config.matcher, extraWords: Lexicon.systemWords)
        reader = SpineReader(engine: engine, finder: finder, lexicon: matcher.vocabulary.union(Lexicon.systemWords), config: config.reader)
        profiler = ReadingProfiler(catalog: catalog)
        recommender = Recommender(catalog: catalog, config: config.recommender)
        self.interpreter = interpreter
        self.config = config
    }

    public var catalog: BookCatalog { matcher.catalog }

    /// Who analyses: the model when one is configured, else the offline catalog.
    public var analysedBy: String { interpreter?.displayName ?? Self.offlineName }

    public func analyse(photo data: Data) async throws -> ShelfAnalysis {
        var timings: [StepTiming] = []
        func timed<T>(_ step: String, _ body: () async throws -> T) async rethrows -> T {
            let start = ContinuousClock.now
            defer { timings.append(StepTiming(step: step, seconds: Self.seconds(ContinuousClock.now - start))) }
            return try await body()
        }
        let limits = config.limits, previewSide = config.previewLongSide
        let (gray, preview) = try await timed("decode") {
            try await offload { () throws(ImagingError) -> (GrayImage, Data?) in
                try ShelfPhoto.decode(data, limits: limits, previewLongSide: previewSide)
            }
        }
        guard ShelfPhoto.canHoldShelf(width: gray.width, height: gray.height) else { throw ShelfError.photoTooSmall }
        let finder = reader.finder
        let spines = try await timed("find spines") { try await offload { try finder.findSpines(in: gray) } }
        guard !spines.isEmpty else { throw ShelfError.noSpines }
        let readings = try await timed("read spines") { try await reader.read(spines, in: gray, settled: isSettled) }
        let matches = await timed("identify") { identify(readings) }
        var analysis = await timed("profile and recommend") {
            offlineAnalysis(readings: readings, matches: matches, size: PixelSize(width: gray.width, height: gray.height))
        }
        if let interpreter {
            do {
                let jpeg = config.sendsPhotoToModel ? ShelfPhoto.downscaledJPEG(data, maxSide: config.photoLongSide, limits: limits) : nil
                let answer = try await timed("ask model") {
                    try await interpreter.interpret(ShelfInterpretationRequest(spines: readings.filter { !$0.lines.isEmpty }, photoJPEG: jpeg))
                }
                analysis = ModelAnswerCheck(matcher: matcher, profiler: profiler).merge(
                    answer, into: analysis, readings: readings, photoSent: jpeg != nil)
                analysis.analysedBy = interpreter.displayName
            } catch let error as AIError {
                analysis.notes.append("The AI provider could not be used: \(error.reason). This is the offline analysis.")
            } catch let error as any UserFacingError {
                analysis.notes.append("The AI provider could not be used (\(error.message)) This is the offline analysis.")
            }
        }
        analysis.timings = timings
        analysis.preview = preview
        return analysis
    }

    /// Whether a spine's first reading already names its book and says nothing else: a catalog book is found and at
    /// most one real word on the spine is not in its title or author's name. Two merged spines ("This Side of
    /// Paradise" beside "Where the Red Fern Grows ... Wilson Rawls") leave words over, so they get their second look.
    @Sendable func isSettled(_ first: SpineReading) -> Bool {
        let found = matcher.matches(spineIndex: first.index, lines: first.lines, ocrConfidence: first.confidence)
        guard let best = found.max(by: { $0.confidence < $1.confidence }), let book = catalog.book(id: best.bookID) else { return false }
        let explained = Set(ShelfText.tokens(book.title) + book.authors.flatMap { ShelfText.tokens($0) })
        let lexicon = reader.lexicon
        let leftover = first.lines.flatMap { ShelfText.tokens($0) }.filter { $0.count >= 4 && lexicon.contains($0) && !explained.contains($0) }
        return Set(leftover).count <= 1
    }

    /// One catalog match per book: the best spine wins when a book is found on two.
    func identify(_ readings: [SpineReading]) -> [CatalogMatch] {
        var best: [Int: CatalogMatch] = [:]
        for r in readings where !r.lines.isEmpty {
            for m in matcher.matches(spineIndex: r.index, lines: r.lines, ocrConfidence: r.confidence)
            where (best[m.bookID]?.confidence ?? 0) < m.confidence {
                best[m.bookID] = m
            }
        }
        // Ties in the catalog's order: the same photo lists its books the same way every time.
        return best.values.sorted { ($0.spineIndex, -$0.confidence, $0.bookID) < ($1.spineIndex, -$1.confidence, $1.bookID) }
    }

    func offlineAnalysis(readings: [SpineReading], matches: [CatalogMatch], size: PixelSize) -> ShelfAnalysis {
        var books: [DetectedBook] = []
        var shelf: [(book: CatalogBook, weight: Double)] = []
        for m in matches {
            guard let b = catalog.book(id: m.bookID) else { continue }
            let spine = readings.first { $0.index == m.spineIndex }
            books.append(
                DetectedBook(
                    title: b.spineTitle, author: b.mainAuthor, genre: profiler.genre(of: b), confidence: Self.round(m.confidence), identified: true,
                    spineIndex: m.spineIndex, catalogID: b.id, spineText: spine?.text ?? ""))
            shelf.append((b, m.confidence))
        }
        let identifiedSpines = Set(matches.map(\.spineIndex))
        for r in readings where !r.lines.isEmpty && !identifiedSpines.contains(r.index) {
            books.append(
                DetectedBook(
                    title: r.text, author: "Unknown", genre: "Unknown", confidence: Self.round(r.confidence * 0.3), identified: false,
                    spineIndex: r.index, catalogID: nil, spineText: r.text))
        }
        let words = Set(readings.flatMap { $0.lines.flatMap { ShelfText.tokens($0) } })
        let preferences = profiler.preferences(for: shelf)
        let recommendations = recommender.recommend(for: shelf, spineWords: words)
        let withText = readings.filter { !$0.lines.isEmpty }.count
        let meanMatch = matches.isEmpty ? 0 : matches.reduce(0) { $0 + $1.confidence } / Double(matches.count)
        let confidence = Self.round(0.6 * meanMatch + 0.4 * Double(withText) / Double(max(1, readings.count)))
        var analysis = ShelfAnalysis(
            imageSize: size, spines: readings, books: books, preferences: preferences, recommendations: recommendations, summary: "",
            confidence: confidence, analysedBy: Self.offlineName, notes: [], timings: [])
        analysis.summary = ShelfSummary.text(for: analysis)
        return analysis
    }

    public func revised(_ analysis: ShelfAnalysis) -> ShelfAnalysis {
        var result = analysis
        for i in result.books.indices where result.books[i].correctedByHand {
            var book = result.books[i]
            if let found = lookUp(title: book.title, author: book.author) {
                book.catalogID = found.id
                if book.author.isEmpty || book.author == "Unknown" { book.author = found.mainAuthor }
                book.genre = profiler.genre(of: found)
            } else {
                book.catalogID = nil
                if book.author.isEmpty { book.author = "Unknown" }
                book.genre = "Unknown"
            }
            book.identified = true
            book.confidence = 1
            result.books[i] = book
        }
        // A model's preferences and recommendations are its own; only the offline ones can be worked out again.
        guard result.isOffline else { return result }
        let identified = result.identifiedBooks
        let shelf = identified.compactMap { b in b.catalogID.flatMap(catalog.book(id:)).map { (book: $0, weight: b.confidence) } }
        var words = Set(result.spines.flatMap { $0.lines.flatMap { ShelfText.tokens($0) } })
        for b in identified where b.correctedByHand { words.formUnion(ShelfText.tokens(b.title)) }
        result.preferences = profiler.preferences(for: shelf)
        result.recommendations = recommender.recommend(for: shelf, spineWords: words)
        let withText = result.spines.filter { !$0.lines.isEmpty }.count
        let meanMatch = identified.isEmpty ? 0 : identified.reduce(0) { $0 + $1.confidence } / Double(identified.count)
        result.confidence = Self.round(0.6 * meanMatch + 0.4 * Double(withText) / Double(max(1, result.spines.count)))
        result.summary = ShelfSummary.text(for: result)
        return result
    }

    /// The catalog book a person meant by a typed title (and author): the same title words first (the most read
    /// edition, or the one whose author matches), else the spine matcher over the typed words.
    func lookUp(title: String, author: String) -> CatalogBook? {
        let words = ShelfText.tokens(BookCatalog.mainTitle(title))
        guard !words.isEmpty else { return nil }
        let surname = ShelfText.tokens(author).last
        let same = catalog.books.filter { ShelfText.tokens($0.spineTitle) == words || ShelfText.tokens($0.title) == words }
        if let surname,
            let byAuthor = same.filter({ $0.authors.contains { ShelfText.tokens($0).last == surname } }).max(by: { $0.ratingsCount < $1.ratingsCount }
            )
        {
            return byAuthor
        }
        if surname == nil, let popular = same.max(by: { $0.ratingsCount < $1.ratingsCount }) { return popular }
        let match = matcher.matches(spineIndex: 0, lines: [title, author].filter { !$0.isEmpty }, ocrConfidence: 1).max {
            $0.confidence < $1.confidence
        }
        return match.flatMap { catalog.book(id: $0.bookID) }
    }

    static func round(_ x: Double) -> Double { (min(1, max(0, x)) * 100).rounded() / 100 }
    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}

/// The short summary shown above the books.
enum ShelfSummary {
    static func text(for a: ShelfAnalysis) -> String {
        let identified = a.identifiedBooks
        let unread = a.books.filter { !$0.identified }.count
        var parts: [String] = []
        parts.append("\(a.spines.count) spines found; \(identified.count) \(identified.count == 1 ? "book" : "books") identified.")
        if !a.preferences.favoriteGenres.isEmpty {
            parts.append(
                "The shelf leans to \(list(a.preferences.favoriteGenres.prefix(3).map { $0.lowercased() }))"
                    + (a.preferences.interests.isEmpty
                        ? "." : ", with an interest in \(list(a.preferences.interests.prefix(3).map { $0.lowercased() }))."))
        }
        var authors: [String: Int] = [:]
        for b in identified { authors[b.author, default: 0] += 1 }
        if let (name, n) = authors.max(by: { $0.value < $1.value }), n > 1 { parts.append("\(name) appears \(n) times.") }
        if unread > 0 {
            parts.append(
                "\(unread) \(unread == 1 ? "spine was" : "spines were") not identified; \(unread == 1 ? "its" : "their") text is shown as read.")
        }
        if identified.isEmpty { parts.append("No book could be matched to the catalog, so there are no preferences or recommendations.") }
        return parts.joined(separator: " ")
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }
}
