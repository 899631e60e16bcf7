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
        public var namer = SpineNamer.Config()
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
    public let namer: SpineNamer
    /// Surname → author as the catalog writes the name → that author's books (indices), for stand-ins.
    let authorsBySurname: [String: [String: [Int]]]
    /// A title's significant words (as a spine shows it, and as the catalog lists it) → books of that title (indices).
    let booksByTitle: [String: [Int]]
    public let interpreter: (any ShelfInterpreter)?
    public let config: Config

    public init(
        engine: any OCREngine, finder: any SpineFinding = OpenCVSpineFinder(), catalog: BookCatalog, interpreter: (any ShelfInterpreter)? = nil,
        config: Config = Config()
    ) {
        matcher = CatalogMatcher(
            catalog: catalog, config: config.matcher, extraWords: SpineVocabulary.systemWords, commonWords: SpineVocabulary.commonWords)
        reader = SpineReader(engine: engine, finder: finder, lexicon: matcher.vocabulary.union(SpineVocabulary.systemWords), config: config.reader)
        profiler = ReadingProfiler(catalog: catalog)
        recommender = Recommender(catalog: catalog, config: config.recommender)
        var bySurname: [String: [String: [Int]]] = [:]
        for (i, book) in catalog.books.enumerated() {
            for a in book.authors.prefix(3) {
                if let surname = Self.nameWords(a).last { bySurname[surname, default: [:]][a, default: []].append(i) }
            }
        }
        authorsBySurname = bySurname
        var byTitle: [String: [Int]] = [:]
        for (i, book) in catalog.books.enumerated() {
            for key in Set([Self.titleKey(book.spineTitle), Self.titleKey(book.title)]) { byTitle[key, default: []].append(i) }
        }
        booksByTitle = byTitle
        let people = Self.people(catalog)
        namer = SpineNamer(
            commonWords: SpineVocabulary.commonWords, names: people.union(SpineVocabulary.properNames).subtracting(ShelfText.stopwords),
            people: people,
            config: config.namer)
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
        let books = await timed("name from spines") { namedBooks(readings: readings, matches: matches) }
        var analysis = await timed("profile and recommend") {
            offlineAnalysis(readings: readings, books: books, size: PixelSize(width: gray.width, height: gray.height))
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
            } catch let error as any UserFacingError {
                // The note names the failure by its code; the page says it in the reader's words (ShelfWording.note).
                analysis.notes.append("The AI provider could not be used (\(error.code)). This is the offline analysis.")
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
        offlineAnalysis(readings: readings, books: namedBooks(readings: readings, matches: matches), size: size)
    }

    func offlineAnalysis(readings: [SpineReading], books: [DetectedBook], size: PixelSize) -> ShelfAnalysis {
        var analysis = ShelfAnalysis(
            imageSize: size, spines: readings, books: books, preferences: .unknown, recommendations: [], summary: "", confidence: 0,
            analysedBy: Self.offlineName, notes: [], timings: [])
        rework(&analysis)
        return analysis
    }

    /// Every spine as a book: the catalog's matches, then names read from the spines the catalog did not match (a
    /// spine-read title and author that agree with a catalog book take it), then the spines left unread.
    func namedBooks(readings: [SpineReading], matches: [CatalogMatch]) -> [DetectedBook] {
        var books: [DetectedBook] = []
        for m in matches {
            guard let b = catalog.book(id: m.bookID) else { continue }
            let spine = readings.first { $0.index == m.spineIndex }
            books.append(
                DetectedBook(
                    title: b.spineTitle, author: b.mainAuthor, genre: profiler.genre(of: b), confidence: Self.round(m.confidence), identified: true,
                    spineIndex: m.spineIndex, catalogID: b.id, spineText: spine?.text ?? "", source: .catalog))
        }
        let identifiedSpines = Set(matches.map(\.spineIndex))
        var named: [DetectedBook] = []
        for r in readings where !identifiedSpines.contains(r.index) {
            if let name = namer.name(r.placedLines, quarterTurns: r.quarterTurns) {
                // The spine's title and author may still be a catalog book, when both agree with it.
                if !name.author.isEmpty, let found = lookUp(title: name.title, author: name.author, requireAuthor: true) {
                    named.append(
                        DetectedBook(
                            title: found.spineTitle, author: found.mainAuthor, genre: profiler.genre(of: found), confidence: name.confidence,
                            identified: true, spineIndex: r.index, catalogID: found.id, spineText: r.text, source: .catalog))
                } else {
                    named.append(
                        DetectedBook(
                            title: name.title, author: name.author.isEmpty ? "Unknown" : name.author, genre: "Unknown", confidence: name.confidence,
                            identified: true, spineIndex: r.index, catalogID: nil, spineText: r.text, source: .spine))
                }
            }
        }
        // One book named twice (a spine split in two, or read beside its neighbour): the surer reading stays.
        for b in named where !(books + named).contains(where: { $0 != b && Self.sameBook($0, b) && Self.isSurer($0, than: b) }) { books.append(b) }
        let namedSpines = Set(books.compactMap(\.spineIndex))
        for r in readings where !namedSpines.contains(r.index) {
            books.append(
                DetectedBook(
                    title: r.text, author: "Unknown", genre: "Unknown", confidence: Self.round(r.confidence * 0.3), identified: false,
                    spineIndex: r.index, catalogID: nil, spineText: r.text, source: .unread))
        }
        books.sort { ($0.identified ? 0 : 1, $0.spineIndex ?? 0) < ($1.identified ? 0 : 1, $1.spineIndex ?? 0) }
        return books
    }

    static func sameBook(_ a: DetectedBook, _ b: DetectedBook) -> Bool {
        if let x = a.catalogID, let y = b.catalogID { return x == y }
        return ShelfText.significant(ShelfText.tokens(a.title)) == ShelfText.significant(ShelfText.tokens(b.title))
    }

    static func isSurer(_ a: DetectedBook, than b: DetectedBook) -> Bool {
        (a.source == .catalog ? 1 : 0, a.confidence, -(a.spineIndex ?? 0)) > (b.source == .catalog ? 1 : 0, b.confidence, -(b.spineIndex ?? 0))
    }

    /// How much a named book counts in the profile and the recommendations: a catalog book confirmed by its spine fully
    /// (times how sure the match is), one typed by hand fully, one read from the spine through its author's other
    /// catalog books less (``spineBookWeight``).
    public static let spineBookWeight = 0.4

    /// The named books as the profiler and the recommender take them: catalog books as they are; a book read from the
    /// spine (or typed) that the catalog lacks stands in through its author's catalog books (their reader tags,
    /// averaged), when the catalog knows exactly one author of that name.
    func shelfInputs(_ books: [DetectedBook]) -> (shelf: [(book: CatalogBook, weight: Double)], otherAuthors: [String]) {
        var shelf: [(book: CatalogBook, weight: Double)] = [], standIns: [(book: CatalogBook, weight: Double)] = [], others: [String] = []
        for (n, b) in books.enumerated() where b.identified {
            if let id = b.catalogID, let book = catalog.book(id: id) {
                shelf.append((book, b.correctedByHand ? 1 : b.confidence))
            } else if let stand = authorStandIn(title: b.title, author: b.author, id: -(n + 1)) {
                // A surname alone is weaker evidence of who wrote it than a whole name.
                let surnameOnly = ShelfText.significant(ShelfText.tokens(b.author)).count < 2
                standIns.append((stand, (b.correctedByHand ? 1 : b.confidence) * Self.spineBookWeight * (surnameOnly ? 0.5 : 1)))
            } else if !b.author.isEmpty && b.author != "Unknown" {
                others.append(b.author)
            }
        }
        // Many books read from the spine never outweigh the catalog's confirmed ones together.
        let confirmed = shelf.reduce(0) { $0 + $1.weight }, guessed = standIns.reduce(0) { $0 + $1.weight }
        let scale = confirmed > 0 && guessed > confirmed ? confirmed / guessed : 1
        return (shelf + standIns.map { ($0.book, $0.weight * scale) }, others)
    }

    /// A stand-in for a book the catalog lacks: its title and author, with the reader tags of the author's books in
    /// the catalog. Nil when the surname is unknown or names two authors and no first name tells them apart.
    func authorStandIn(title: String, author: String, id: Int) -> CatalogBook? {
        guard author != "Unknown" else { return nil }
        let typed = Self.nameWords(author)
        guard let surname = typed.last, surname.count >= 3, !["anonymous", "unknown", "various"].contains(surname) else { return nil }
        let given = Set(typed.dropLast())
        let byAuthor = (authorsBySurname[surname] ?? [:]).filter { name, _ in
            given.isEmpty || !given.isDisjoint(with: Self.nameWords(name).dropLast())
        }
        guard byAuthor.count == 1, let (name, indices) = byAuthor.first else { return nil }
        let theirs = indices.map { catalog.books[$0] }
        let top = theirs.sorted { $0.ratingsCount > $1.ratingsCount }.prefix(5)
        var tags: [Int: Double] = [:]
        for b in top { for (t, w) in b.tags { tags[t, default: 0] += w / Double(top.count) } }
        // The author as the catalog writes the name when the spine gave the whole of it, else as read.
        return CatalogBook(
            id: id, title: title, spineTitle: BookCatalog.mainTitle(title), otherTitles: [], authors: [given.isEmpty ? author : name], year: nil,
            rating: 0, ratingsCount: 0, tags: tags)
    }

    /// Preferences, recommendations, confidence and summary from the analysis' books as they are now.
    func rework(_ a: inout ShelfAnalysis) {
        let (shelf, others) = shelfInputs(a.books)
        var words = Set(a.spines.flatMap { $0.lines.flatMap { ShelfText.tokens($0) } })
        for b in a.books where b.correctedByHand { words.formUnion(ShelfText.tokens(b.title)) }
        // An author only read from spines is a preference when named on two books or more (a single misread is not).
        let repeated = others.filter { name in others.filter { $0 == name }.count >= 2 }
        a.preferences = profiler.preferences(for: shelf, otherAuthors: repeated)
        // A book named on the shelf (from the catalog, the spine or by hand) is never suggested, nor a volume that holds
        // it with others ("Animal Farm / 1984" for a spine read as "Animal Farm").
        let named = a.books.filter(\.identified)
        var asking = recommender
        asking.config.count += 4  // room for those left out below
        a.recommendations = asking.recommend(for: shelf, spineWords: words).filter { r in
            let suggested = ShelfText.significant(ShelfText.tokens(r.title))
            let full = Set(ShelfText.significant(ShelfText.tokens(r.catalogID.flatMap(catalog.book(id:))?.title ?? r.title)))
            return !named.contains { b in
                let title = ShelfText.significant(ShelfText.tokens(b.title))
                return (r.catalogID != nil && b.catalogID == r.catalogID) || title == suggested || (title.count >= 2 && full.isSuperset(of: title))
            }
        }.prefix(recommender.config.count).map { $0 }
        let withText = a.spines.filter { !$0.lines.isEmpty }.count
        let meanNamed = named.isEmpty ? 0 : named.reduce(0) { $0 + $1.confidence } / Double(named.count)
        a.confidence = Self.round(0.6 * meanNamed + 0.4 * Double(withText) / Double(max(1, a.spines.count)))
        a.summary = ShelfSummary.text(for: a)
    }

    public func revised(_ analysis: ShelfAnalysis) -> ShelfAnalysis {
        var result = analysis
        for i in result.books.indices where result.books[i].correctedByHand {
            var book = result.books[i]
            // Taken as typed: the catalog adds its genre (and an author left empty) only when title and author agree.
            if let found = lookUp(title: book.title, author: book.author, requireAuthor: false) {
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
            book.source = .hand
            result.books[i] = book
        }
        // A model's preferences and recommendations are its own; only the offline ones can be worked out again.
        guard result.isOffline else { return result }
        rework(&result)
        return result
    }

    /// The catalog book a typed or spine-read title and author name: the same title words (as the catalog lists the
    /// title, or as a spine shows it) and, when an author is given, the same surname. Without an author (and only
    /// when `requireAuthor` is off) the most read edition of exactly that title. Never a near title: a title one word
    /// longer, or by another author, is another book.
    func lookUp(title: String, author: String, requireAuthor: Bool) -> CatalogBook? {
        let words = Self.titleKey(BookCatalog.mainTitle(title)), full = Self.titleKey(title)
        guard !words.isEmpty else { return nil }
        let typed = Self.nameWords(author == "Unknown" ? "" : author)
        let same = Set((booksByTitle[words] ?? []) + (booksByTitle[full] ?? [])).sorted().map { catalog.books[$0] }
        if let surname = typed.last {
            return same.filter { $0.authors.contains { Self.nameWords($0).last == surname } }
                .max { $0.ratingsCount < $1.ratingsCount }
        }
        return requireAuthor ? nil : same.max { $0.ratingsCount < $1.ratingsCount }
    }

    /// A title's significant words, in order, as one key.
    static func titleKey(_ title: String) -> String { ShelfText.significant(ShelfText.tokens(title)).joined(separator: " ") }

    /// A name's words that tell people apart: no stopwords, no "Jr" or "Sr".
    static func nameWords(_ name: String) -> [String] {
        ShelfText.significant(ShelfText.tokens(name)).filter { $0 != "jr" && $0 != "sr" }
    }

    /// Lower-case tokens of people's names: every catalog author's first names and surnames.
    static func people(_ catalog: BookCatalog) -> Set<String> {
        var names = Set<String>()
        for b in catalog.books { for a in b.authors { for t in ShelfText.tokens(a) where t.count >= 2 { names.insert(t) } } }
        return names.subtracting(ShelfText.stopwords).subtracting(SpineNamer.minorWords)
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
        let from = BookSourceCounts(identified)
        let detail =
            !from.saysWhere
            ? ""
            : " (\(from.catalog) confirmed by the catalog, \(from.spine) read from the spine"
                + (from.hand > 0 ? ", \(from.hand) corrected by hand)" : ")")
        parts.append("\(a.spines.count) spines found; \(identified.count) \(identified.count == 1 ? "book" : "books") identified\(detail).")
        if !a.preferences.favoriteGenres.isEmpty {
            parts.append(
                "The shelf leans to \(joinedList(a.preferences.favoriteGenres.prefix(3).map { $0.lowercased() }))"
                    + (a.preferences.interests.isEmpty
                        ? "." : ", with an interest in \(joinedList(a.preferences.interests.prefix(3).map { $0.lowercased() }))."))
        }
        var authors: [String: Int] = [:]
        for b in identified where b.author != "Unknown" && !b.author.isEmpty { authors[b.author, default: 0] += 1 }
        if let (name, n) = authors.max(by: { $0.value < $1.value }), n > 1 { parts.append("\(name) appears \(n) times.") }
        if unread > 0 { parts.append("\(unread) \(unread == 1 ? "spine" : "spines") could not be read.") }
        if identified.isEmpty {
            parts.append("No book could be named, so there are no preferences or recommendations.")
        } else if a.recommendations.isEmpty && a.isOffline {
            parts.append("None of the books named is in the catalog or by an author it knows, so there are no recommendations yet.")
        }
        return parts.joined(separator: " ")
    }
}
