// Scans: the text read from one photo, the person's edits, the recognised lines and the step timings.
import Foundation
import GRDB
import Support

/// One photo read into text. The original photo is not kept; `preview` is an upright, downscaled JPEG.
public struct Scan: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "scan"
    public var id: String
    public var createdAt: Date
    /// The text exactly as OCR returned it.
    public var ocrText: String
    /// The text as the person last saved it; starts as `ocrText`.
    public var editedText: String
    public var book: String
    public var author: String
    public var confidence: Double
    public var language: String
    public var imageWidth: Int
    public var imageHeight: Int
    public var preview: Data?
    /// Set by the v2 migration when the lines an earlier version stored were not readable.
    public var linesDamaged: Bool
}

/// What reading a photo hands the store; the store assigns the id and the time.
public struct NewScan: Sendable {
    public var text: String
    public var confidence: Double
    public var language: String
    public var imageSize: PixelSize
    public var lines: [TextLine]
    public var timings: [StepTiming]
    public var preview: Data?

    public init(
        text: String, confidence: Double, language: String, imageSize: PixelSize, lines: [TextLine], timings: [StepTiming], preview: Data?
    ) {
        self.text = text
        self.confidence = confidence
        self.language = language
        self.imageSize = imageSize
        self.lines = lines
        self.timings = timings
        self.preview = preview
    }
}

/// The scans aggregate: a scan with its lines and timings.
public protocol ScanRepository: Sendable {
    func insert(_ scan: NewScan) async throws -> Scan
    func scan(id: String) async throws -> Scan?
    /// The recognised lines in reading order; throws `StoreError` (`damaged`) when they cannot be read back.
    func lines(ofScan id: String) async throws -> [TextLine]
    func lineCount(ofScan id: String) async throws -> Int
    func timings(ofScan id: String) async throws -> [StepTiming]
    func recent(limit: Int) async throws -> [Scan]
    /// Full-text search over edited text, book and author, newest first.
    func search(_ query: String, limit: Int) async throws -> [Scan]
    /// Saves what the person typed. Called before any AI work so nothing typed is ever lost.
    func saveEdits(scanId: String, text: String, book: String, author: String) async throws
    /// Deletes the scan with its lines, timings and generations.
    func delete(id: String) async throws
}

public struct SQLiteScanRepository: ScanRepository {
    private let database: AppDatabase
    private let clock: any TimeSource

    public init(database: AppDatabase, clock: any TimeSource = SystemTimeSource()) {
        self.database = database
        self.clock = clock
    }

    public func insert(_ new: NewScan) async throws -> Scan {
        let scan = Scan(
            id: RandomID.make(), createdAt: clock.now(), ocrText: new.text, editedText: new.text, book: "", author: "",
            confidence: new.confidence, language: new.language, imageWidth: new.imageSize.width, imageHeight: new.imageSize.height,
            preview: new.preview, linesDamaged: false)
        try await database.write { db in
            try scan.insert(db)
            for (position, line) in new.lines.enumerated() { try ScanLineRow(scanId: scan.id, position: position, line).insert(db) }
            for (position, timing) in new.timings.enumerated() {
                try ScanStepRow(scanId: scan.id, position: position, step: timing.step, seconds: timing.seconds).insert(db)
            }
        }
        return scan
    }

    public func scan(id: String) async throws -> Scan? {
        guard RandomID.isWellFormed(id) else { return nil }
        return try await database.read { db in try Scan.fetchOne(db, key: id) }
    }

    public func lines(ofScan id: String) async throws -> [TextLine] {
        let (damaged, rows) = try await database.read { db in
            (
                try Bool.fetchOne(db, sql: "SELECT linesDamaged FROM scan WHERE id = ?", arguments: [id]) ?? false,
                try ScanLineRow.filter(Column("scanId") == id).order(Column("position")).fetchAll(db)
            )
        }
        if damaged { throw StoreError(.damaged(what: "recognised lines of this scan")) }
        return rows.map(\.line)
    }

    public func lineCount(ofScan id: String) async throws -> Int {
        try await database.read { db in try ScanLineRow.filter(Column("scanId") == id).fetchCount(db) }
    }

    public func timings(ofScan id: String) async throws -> [StepTiming] {
        try await database.read { db in
            try ScanStepRow.filter(Column("scanId") == id).order(Column("position")).fetchAll(db).map {
                StepTiming(step: $0.step, seconds: $0.seconds)
            }
        }
    }

    public func recent(limit: Int) async throws -> [Scan] {
        try await database.read { db in try Scan.order(Column("createdAt").desc).limit(limit).fetchAll(db) }
    }

    public func search(_ query: String, limit: Int) async throws -> [Scan] {
        try await database.fullTextSearch(query, table: "scan", index: "scanSearch", newestFirstBy: "createdAt", limit: limit)
    }

    public func saveEdits(scanId: String, text: String, book: String, author: String) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE scan SET editedText = ?, book = ?, author = ? WHERE id = ?", arguments: [text, book, author, scanId])
        }
    }

    public func delete(id: String) async throws {
        _ = try await database.write { db in try Scan.deleteOne(db, key: id) }
    }
}

/// One row of `scanLine`.
struct ScanLineRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "scanLine"
    var scanId: String
    var position: Int
    var text: String
    var x: Int, y: Int, width: Int, height: Int
    var confidence: Double

    init(scanId: String, position: Int, _ line: TextLine) {
        self.scanId = scanId
        self.position = position
        text = line.text
        x = line.box.x
        y = line.box.y
        width = line.box.width
        height = line.box.height
        confidence = line.confidence
    }

    var line: TextLine { TextLine(text: text, box: PixelBox(x: x, y: y, width: width, height: height), confidence: confidence) }
}

/// One row of `scanStep`.
struct ScanStepRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "scanStep"
    var scanId: String
    var position: Int
    var step: String
    var seconds: Double
}
