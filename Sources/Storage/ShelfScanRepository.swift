// Shelf scans: a bookshelf photo's analysis (spines as read, books, the reader's preferences, recommendations), the
// person's corrections, the photo's preview and the spoken recommendations.
import Foundation
import GRDB
import Support

/// One analysed shelf, as lists and search show it.
public struct ShelfScan: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "shelfScan"
    public var id: String
    public var createdAt: Date
    public var summary: String
    public var confidence: Double
    /// "Offline (catalog)" or the AI provider's "host · model".
    public var analysedBy: String
    public var readingLevel: String
    public var imageWidth: Int
    public var imageHeight: Int
    public var spineCount: Int
    /// Identified books.
    public var bookCount: Int
    /// The identified titles, joined by " · ".
    public var titles: String
    /// Titles, authors, genres and spine texts, one per line: what search looks in.
    public var searchText: String
}

/// Everything an analysis says, ready to be stored or read back (the store knows tables, not the shelf tool's types).
public struct ShelfReading: Sendable, Equatable {
    public struct Spine: Sendable, Equatable {
        public var index: Int
        /// Shelf row, 0 = top.
        public var row: Int
        /// Top-left, top-right, bottom-right, bottom-left, in photo pixels.
        public var corners: [PixelPoint]
        public var lines: [String]
        public var confidence: Double
        public var quarterTurns: Int

        public init(index: Int, row: Int, corners: [PixelPoint], lines: [String], confidence: Double, quarterTurns: Int) {
            self.index = index
            self.row = row
            self.corners = corners
            self.lines = lines
            self.confidence = confidence
            self.quarterTurns = quarterTurns
        }
    }

    public var imageSize: PixelSize
    public var spines: [Spine]
    public var books: [DetectedBook]
    public var favoriteGenres: [String]
    public var readingLevel: String
    public var interests: [String]
    public var authorPreferences: [String]
    public var recommendations: [Recommendation]
    public var summary: String
    public var confidence: Double
    public var analysedBy: String
    public var notes: [String]
    public var timings: [StepTiming]

    public init(
        imageSize: PixelSize, spines: [Spine], books: [DetectedBook], favoriteGenres: [String], readingLevel: String, interests: [String],
        authorPreferences: [String], recommendations: [Recommendation], summary: String, confidence: Double, analysedBy: String,
        notes: [String], timings: [StepTiming]
    ) {
        self.imageSize = imageSize
        self.spines = spines
        self.books = books
        self.favoriteGenres = favoriteGenres
        self.readingLevel = readingLevel
        self.interests = interests
        self.authorPreferences = authorPreferences
        self.recommendations = recommendations
        self.summary = summary
        self.confidence = confidence
        self.analysedBy = analysedBy
        self.notes = notes
        self.timings = timings
    }
}

/// The shelf scans aggregate: a scan with its spines, books, preferences, recommendations, notes, timings and media.
public protocol ShelfScanRepository: Sendable {
    func insert(_ reading: ShelfReading, preview: Data?) async throws -> ShelfScan
    func scan(id: String) async throws -> ShelfScan?
    /// The whole analysis as stored, or nil when there is no such scan.
    func reading(ofShelf id: String) async throws -> ShelfReading?
    /// Changes the stored analysis in one transaction (read, change, write), so two corrections sent at once both
    /// stay. Returns the new reading, or nil when there is no such scan.
    func update(ofShelf id: String, _ change: @escaping @Sendable (inout ShelfReading) throws -> Void) async throws -> ShelfReading?
    func preview(ofShelf id: String) async throws -> Data?
    /// The spoken recommendations, when they were made for exactly `text`.
    func audio(ofShelf id: String, speaking text: String) async throws -> Data?
    func saveAudio(_ wav: Data, speaking text: String, ofShelf id: String) async throws
    func recent(limit: Int) async throws -> [ShelfScan]
    /// Full-text search over titles, authors, genres, spine texts and the summary, newest first.
    func search(_ query: String, limit: Int) async throws -> [ShelfScan]
    /// Deletes the scan with everything that belongs to it.
    func delete(id: String) async throws
}

public struct SQLiteShelfScanRepository: ShelfScanRepository {
    private let database: AppDatabase
    private let clock: any TimeSource

    public init(database: AppDatabase, clock: any TimeSource = SystemTimeSource()) {
        self.database = database
        self.clock = clock
    }

    public func insert(_ reading: ShelfReading, preview: Data?) async throws -> ShelfScan {
        let scan = Self.row(id: RandomID.make(), createdAt: clock.now(), reading)
        try await database.write { db in
            try scan.insert(db)
            try db.execute(sql: "INSERT INTO shelfMedia (scanId, preview) VALUES (?, ?)", arguments: [scan.id, preview])
            for spine in reading.spines { try ShelfSpineRow(scanId: scan.id, spine).insert(db) }
            for (position, timing) in reading.timings.enumerated() {
                try db.execute(
                    sql: "INSERT INTO shelfStep (scanId, position, step, seconds) VALUES (?, ?, ?, ?)",
                    arguments: [scan.id, position, timing.step, timing.seconds])
            }
            try Self.storeFindings(reading, scanId: scan.id, in: db)
        }
        return scan
    }

    /// The scan's row: its list fields and what search looks in, from the reading.
    static func row(id: String, createdAt: Date, _ reading: ShelfReading) -> ShelfScan {
        let identified = reading.books.filter(\.identified)
        let search =
            identified.flatMap { [$0.title, $0.author, $0.genre] } + reading.favoriteGenres + reading.interests
            + reading.spines.map { $0.lines.joined(separator: " ") }.filter { !$0.isEmpty }
        return ShelfScan(
            id: id, createdAt: createdAt, summary: reading.summary, confidence: reading.confidence, analysedBy: reading.analysedBy,
            readingLevel: reading.readingLevel, imageWidth: reading.imageSize.width, imageHeight: reading.imageSize.height,
            spineCount: reading.spines.count, bookCount: identified.count, titles: identified.map(\.title).joined(separator: " · "),
            searchText: search.joined(separator: "\n"))
    }

    /// Books, preferences, recommendations and notes: what a correction may change.
    private static func storeFindings(_ reading: ShelfReading, scanId: String, in db: Database) throws {
        for table in ["shelfBook", "shelfPreference", "shelfRecommendation", "shelfNote"] {
            try db.execute(sql: "DELETE FROM \(table) WHERE scanId = ?", arguments: [scanId])
        }
        for (position, book) in reading.books.enumerated() { try book.insert(scanId: scanId, position: position, in: db) }
        let preferences = [("genre", reading.favoriteGenres), ("interest", reading.interests), ("author", reading.authorPreferences)]
        for (kind, values) in preferences {
            for (position, value) in values.enumerated() {
                try db.execute(
                    sql: "INSERT INTO shelfPreference (scanId, kind, position, value) VALUES (?, ?, ?, ?)",
                    arguments: [scanId, kind, position, value])
            }
        }
        for (position, r) in reading.recommendations.enumerated() {
            try db.execute(
                sql: """
                    INSERT INTO shelfRecommendation (scanId, position, title, author, reason, matchScore, catalogID)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [scanId, position, r.title, r.author, r.reason, r.matchScore, r.catalogID])
        }
        for (position, note) in reading.notes.enumerated() {
            try db.execute(sql: "INSERT INTO shelfNote (scanId, position, text) VALUES (?, ?, ?)", arguments: [scanId, position, note])
        }
    }

    public func scan(id: String) async throws -> ShelfScan? {
        guard RandomID.isWellFormed(id) else { return nil }
        return try await database.read { db in try ShelfScan.fetchOne(db, key: id) }
    }

    public func reading(ofShelf id: String) async throws -> ShelfReading? {
        guard RandomID.isWellFormed(id) else { return nil }
        return try await database.read { db in try Self.load(id, in: db) }
    }

    private static func load(_ id: String, in db: Database) throws -> ShelfReading? {
        guard let scan = try ShelfScan.fetchOne(db, key: id) else { return nil }
        let spines = try ShelfSpineRow.filter(Column("scanId") == id).order(Column("position")).fetchAll(db).map(\.spine)
        let books = try Row.fetchAll(db, sql: "SELECT * FROM shelfBook WHERE scanId = ? ORDER BY position", arguments: [id]).map(
            DetectedBook.init(row:))
        var preferences: [String: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT kind, value FROM shelfPreference WHERE scanId = ? ORDER BY kind, position", arguments: [id]) {
            preferences[row["kind"], default: []].append(row["value"])
        }
        let recommendations = try Row.fetchAll(
            db, sql: "SELECT title, author, reason, matchScore, catalogID FROM shelfRecommendation WHERE scanId = ? ORDER BY position",
            arguments: [id]
        ).map {
            Recommendation(
                title: $0["title"], author: $0["author"], reason: $0["reason"], matchScore: $0["matchScore"], catalogID: $0["catalogID"])
        }
        let notes = try String.fetchAll(db, sql: "SELECT text FROM shelfNote WHERE scanId = ? ORDER BY position", arguments: [id])
        let timings = try Row.fetchAll(db, sql: "SELECT step, seconds FROM shelfStep WHERE scanId = ? ORDER BY position", arguments: [id]).map {
            StepTiming(step: $0["step"], seconds: $0["seconds"])
        }
        return ShelfReading(
            imageSize: PixelSize(width: scan.imageWidth, height: scan.imageHeight), spines: spines, books: books,
            favoriteGenres: preferences["genre"] ?? [], readingLevel: scan.readingLevel, interests: preferences["interest"] ?? [],
            authorPreferences: preferences["author"] ?? [], recommendations: recommendations, summary: scan.summary, confidence: scan.confidence,
            analysedBy: scan.analysedBy, notes: notes, timings: timings)
    }

    public func update(ofShelf id: String, _ change: @escaping @Sendable (inout ShelfReading) throws -> Void) async throws -> ShelfReading? {
        guard RandomID.isWellFormed(id) else { return nil }
        // The change's own error (a book that is not there) comes out as it is, not as a database failure.
        let outcome: Result<ShelfReading, any Error>? = try await database.write { db in
            guard var reading = try Self.load(id, in: db), let scan = try ShelfScan.fetchOne(db, key: id) else { return nil }
            do {
                try change(&reading)
            } catch {
                return .failure(error)
            }
            try Self.row(id: id, createdAt: scan.createdAt, reading).update(db)
            try Self.storeFindings(reading, scanId: id, in: db)
            return .success(reading)
        }
        return try outcome?.get()
    }

    public func preview(ofShelf id: String) async throws -> Data? {
        try await database.read { db in try Data.fetchOne(db, sql: "SELECT preview FROM shelfMedia WHERE scanId = ?", arguments: [id]) }
    }

    public func audio(ofShelf id: String, speaking text: String) async throws -> Data? {
        try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT audio FROM shelfMedia WHERE scanId = ? AND audioText = ?", arguments: [id, text])
        }
    }

    public func saveAudio(_ wav: Data, speaking text: String, ofShelf id: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE shelfMedia SET audio = ?, audioText = ? WHERE scanId = ?", arguments: [wav, text, id])
        }
    }

    public func recent(limit: Int) async throws -> [ShelfScan] {
        try await database.read { db in try ShelfScan.order(Column("createdAt").desc).limit(limit).fetchAll(db) }
    }

    public func search(_ query: String, limit: Int) async throws -> [ShelfScan] {
        try await database.fullTextSearch(query, table: "shelfScan", index: "shelfScanSearch", newestFirstBy: "createdAt", limit: limit)
    }

    public func delete(id: String) async throws {
        _ = try await database.write { db in try ShelfScan.deleteOne(db, key: id) }
    }
}

/// One row of `shelfSpine`: the outline's four corners as columns, the lines as text.
struct ShelfSpineRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "shelfSpine"
    var scanId: String
    var position: Int
    var row: Int
    var x0: Double, y0: Double, x1: Double, y1: Double, x2: Double, y2: Double, x3: Double, y3: Double
    var text: String
    var confidence: Double
    var quarterTurns: Int

    init(scanId: String, _ spine: ShelfReading.Spine) {
        self.scanId = scanId
        position = spine.index
        row = spine.row
        let c = spine.corners.count == 4 ? spine.corners : Array(repeating: PixelPoint(x: 0, y: 0), count: 4)
        (x0, y0, x1, y1, x2, y2, x3, y3) = (c[0].x, c[0].y, c[1].x, c[1].y, c[2].x, c[2].y, c[3].x, c[3].y)
        // A line read on a spine never holds a line break (Tesseract returns lines), so one per line is lossless.
        text = spine.lines.map { $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n")
        confidence = spine.confidence
        quarterTurns = spine.quarterTurns
    }

    var spine: ShelfReading.Spine {
        ShelfReading.Spine(
            index: position, row: row,
            corners: [PixelPoint(x: x0, y: y0), PixelPoint(x: x1, y: y1), PixelPoint(x: x2, y: y2), PixelPoint(x: x3, y: y3)],
            lines: text.isEmpty ? [] : text.components(separatedBy: "\n"), confidence: confidence, quarterTurns: quarterTurns)
    }
}

/// A book as a row of `shelfBook`, after its scan and place on the shelf.
extension DetectedBook {
    /// A row stored before the book's source was kept has "" there: the other fields say it.
    init(row: Row) {
        self.init(
            title: row["title"], author: row["author"], genre: row["genre"], confidence: row["confidence"], identified: row["identified"],
            spineIndex: row["spineIndex"], catalogID: row["catalogID"], spineText: row["spineText"], correctedByHand: row["correctedByHand"],
            source: BookSource(rawValue: row["source"]))
    }

    func insert(scanId: String, position: Int, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO shelfBook (scanId, position, title, author, genre, confidence, identified, spineIndex, catalogID, spineText,
                                       correctedByHand, source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                scanId, position, title, author, genre, confidence, identified, spineIndex, catalogID, spineText, correctedByHand, source.rawValue,
            ])
    }
}
