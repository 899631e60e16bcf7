// Scans: the text read from one or more photos of pages, the person's edits, and per photo its lines, timings,
// preview and (for a while) the original upload.
import Foundation
import GRDB
import Support

/// One passage: the text read from its photos and the text as the person edited it.
public struct Scan: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "scan"
    public var id: String
    public var createdAt: Date
    /// The text exactly as OCR returned it, every photo's text in order.
    public var ocrText: String
    /// The text as the person last saved it; starts as `ocrText`.
    public var editedText: String
    public var book: String
    public var author: String
    public var confidence: Double
    /// The language(s) the first photo was read in, e.g. "eng" or "eng+fra".
    public var language: String
    /// Set by the v2 migration when the lines an earlier version stored were not readable.
    public var linesDamaged: Bool
    /// Counts the saves of the edited text, book and author: a save typed over an older revision is a conflict.
    public var revision: Int
    /// The browser tab that made the last save (a random id it chose), "" for a plain form or the server itself.
    public var editor: String

    /// Whether the person has changed the text since it was read.
    public var isEdited: Bool { editedText != ocrText }
}

/// What a save that names the revision it was typed over came to. A save whose text is already stored is `saved`
/// whatever its base, so a save sent twice (a request that outlived its page, then the page's own) is harmless.
public enum EditOutcome<Current: Sendable & Equatable>: Sendable, Equatable {
    /// Stored, or already there: the stored copy now.
    case saved(Current)
    /// Someone else saved since the base: nothing was written; the stored copy, for the person to compare.
    case conflict(Current)
}

/// A tab's id as it may be stored: short, URL-safe, or "" (a plain form).
public enum EditorID {
    public static func isWellFormed(_ id: String) -> Bool {
        id.utf8.count <= 64 && id.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }
}

/// One photo's reading, as the page reader returned it, ready to be stored.
public struct PhotoReading: Sendable {
    /// The clean text of this photo alone.
    public var text: String
    public var confidence: Double
    public var language: String
    /// The upright photo's size: the frame of the line boxes and the outline.
    public var imageSize: PixelSize
    public var lines: [TextLine]
    public var timings: [StepTiming]
    public var preview: Data?
    /// The page outline used (found or given), corners TL, TR, BR, BL in the upright frame; nil for the whole frame.
    public var outline: [PixelPoint]?
    /// Quarter turns clockwise from the photo as stored (after EXIF) to upright.
    public var quarterTurns: Int

    public init(
        text: String, confidence: Double, language: String, imageSize: PixelSize, lines: [TextLine], timings: [StepTiming],
        preview: Data?, outline: [PixelPoint]? = nil, quarterTurns: Int = 0
    ) {
        self.text = text
        self.confidence = confidence
        self.language = language
        self.imageSize = imageSize
        self.lines = lines
        self.timings = timings
        self.preview = preview
        self.outline = outline
        self.quarterTurns = quarterTurns
    }
}

/// The uploaded bytes of a photo, kept until `until` so the page can be read again.
public struct KeptOriginal: Sendable {
    public var data: Data
    public var until: Date

    public init(data: Data, until: Date) {
        self.data = data
        self.until = until
    }
}

/// What the store knows of one photo of a scan (without its image bytes).
public struct ScanPhoto: Sendable, Equatable {
    public var position: Int
    public var text: String
    public var language: String
    public var imageSize: PixelSize
    public var hasPreview: Bool
    /// Whether the original upload is still kept (it can be read again).
    public var originalKeptUntil: Date?
    public var outline: [PixelPoint]?
    public var quarterTurns: Int
}

/// A scan's texts as stored when a new reading is written: every photo's text in order and the edited text.
public struct StoredTexts: Sendable, Equatable {
    public var photos: [String]
    public var editedText: String

    public init(photos: [String], editedText: String) {
        self.photos = photos
        self.editedText = editedText
    }
}

/// The scans aggregate: a scan with its photos, lines and timings.
public protocol ScanRepository: Sendable {
    /// A new scan from its first photo.
    func insert(_ reading: PhotoReading, original: KeptOriginal?) async throws -> Scan
    /// Appends a photo. Within the same write, `texts` makes the scan's OCR text and edited text from the texts as
    /// stored at that moment (the new photo's last; the caller joins them, a word hyphenated across the page break being
    /// one word), so a save made while the photo was read is built on, never written over. Gives how many photos the
    /// scan has now; nil when there is no such scan.
    func addPhoto(
        toScan id: String, _ reading: PhotoReading, original: KeptOriginal?,
        texts: @escaping @Sendable (StoredTexts) -> (ocrText: String, editedText: String)
    ) async throws -> Int?
    /// Replaces photos' readings (read again) and, within the same write, the scan's OCR text, `join` of every photo's
    /// text (the new readings in place). The edited text takes the new OCR text only when it is unedited at that
    /// moment. Gives whether edits were kept; nil when there is no such scan.
    func replaceReadings(
        ofScan id: String, _ readings: [(photo: Int, reading: PhotoReading)], join: @escaping @Sendable ([String]) -> String
    ) async throws -> Bool?
    func scan(id: String) async throws -> Scan?
    func photos(ofScan id: String) async throws -> [ScanPhoto]
    func preview(ofScan id: String, photo: Int) async throws -> Data?
    /// The original upload while it is kept.
    func original(ofScan id: String, photo: Int) async throws -> Data?
    /// The recognised lines in reading order, of one photo or (nil) all; throws `StoreError` (`damaged`) when they
    /// cannot be read back.
    func lines(ofScan id: String, photo: Int?) async throws -> [TextLine]
    func lineCount(ofScan id: String) async throws -> Int
    func timings(ofScan id: String, photo: Int) async throws -> [StepTiming]
    func recent(limit: Int) async throws -> [Scan]
    /// Full-text search over edited text, book and author, newest first.
    func search(_ query: String, limit: Int) async throws -> [Scan]
    /// Saves what the person typed. Called before any AI work so nothing typed is ever lost. With a `base` (the
    /// revision the text was typed over) it is a conflict when the stored text changed since, unless that change came
    /// from the same `editor` (a tab's earlier save overtaken by its later one). Nil when there is no such scan.
    func saveEdits(scanId: String, text: String, book: String, author: String, editor: String, base: Int?) async throws -> EditOutcome<Scan>?
    /// The words of the scan's OCR text the person confirmed as read, by their index among its words.
    func confirmedWords(ofScan id: String) async throws -> Set<Int>
    /// Adds words the person confirmed as read (a retyped word, or one they said is right).
    func confirmWords(ofScan id: String, _ indices: Set<Int>) async throws
    /// Deletes the scan with its photos, lines, timings and generations.
    func delete(id: String) async throws
    /// Forgets originals kept past their time; returns how many.
    func forgetOriginals(keptUntilBefore date: Date) async throws -> Int
}

extension ScanRepository {
    public func lines(ofScan id: String) async throws -> [TextLine] { try await lines(ofScan: id, photo: nil) }

    /// Saves what a plain form sent, whatever was stored before.
    public func saveEdits(scanId: String, text: String, book: String, author: String) async throws {
        _ = try await saveEdits(scanId: scanId, text: text, book: book, author: author, editor: "", base: nil)
    }
}

public struct SQLiteScanRepository: ScanRepository {
    private let database: AppDatabase
    private let clock: any TimeSource

    public init(database: AppDatabase, clock: any TimeSource = SystemTimeSource()) {
        self.database = database
        self.clock = clock
    }

    public func insert(_ reading: PhotoReading, original: KeptOriginal?) async throws -> Scan {
        let scan = Scan(
            id: RandomID.make(), createdAt: clock.now(), ocrText: reading.text, editedText: reading.text, book: "", author: "",
            confidence: reading.confidence, language: reading.language, linesDamaged: false, revision: 0, editor: "")
        try await database.write { db in
            try scan.insert(db)
            try Self.store(reading, original: original, scanId: scan.id, photo: 0, in: db)
        }
        return scan
    }

    public func addPhoto(
        toScan id: String, _ reading: PhotoReading, original: KeptOriginal?,
        texts: @escaping @Sendable (StoredTexts) -> (ocrText: String, editedText: String)
    ) async throws -> Int? {
        try await database.write { db in
            guard let editedText = try String.fetchOne(db, sql: "SELECT editedText FROM scan WHERE id = ?", arguments: [id]) else { return nil }
            let next = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM scanPhoto WHERE scanId = ?", arguments: [id]) ?? 0
            try Self.store(reading, original: original, scanId: id, photo: next, in: db)
            let photos = try Self.photoTexts(ofScan: id, in: db)
            let new = texts(StoredTexts(photos: photos, editedText: editedText))
            try db.execute(
                sql: "UPDATE scan SET ocrText = ?, editedText = ?, revision = revision + 1, editor = '' WHERE id = ?",
                arguments: [new.ocrText, new.editedText, id])
            return photos.count
        }
    }

    public func replaceReadings(
        ofScan id: String, _ readings: [(photo: Int, reading: PhotoReading)], join: @escaping @Sendable ([String]) -> String
    ) async throws -> Bool? {
        try await database.write { db in
            guard let scan = try Scan.fetchOne(db, key: id) else { return nil }
            for (photo, reading) in readings {
                let kept = try Row.fetchOne(
                    db, sql: "SELECT original, originalKeptUntil FROM scanPhoto WHERE scanId = ? AND position = ?", arguments: [id, photo])
                let original: KeptOriginal? = kept.flatMap { row in
                    guard let data: Data = row["original"], let until: Date = row["originalKeptUntil"] else { return nil }
                    return KeptOriginal(data: data, until: until)
                }
                for table in ["scanLine", "scanStep"] {
                    try db.execute(sql: "DELETE FROM \(table) WHERE scanId = ? AND photo = ?", arguments: [id, photo])
                }
                try db.execute(sql: "DELETE FROM scanPhoto WHERE scanId = ? AND position = ?", arguments: [id, photo])
                try Self.store(reading, original: original, scanId: id, photo: photo, in: db)
                if photo == 0 {
                    try db.execute(
                        sql: "UPDATE scan SET confidence = ?, language = ?, linesDamaged = 0 WHERE id = ?",
                        arguments: [reading.confidence, reading.language, id])
                }
            }
            let ocrText = join(try Self.photoTexts(ofScan: id, in: db))
            // The words' indices counted in the old reading: confirmations do not carry over to a new one.
            try db.execute(sql: "UPDATE scan SET ocrText = ?, confirmedWords = '' WHERE id = ?", arguments: [ocrText, id])
            if !scan.isEdited {
                try db.execute(sql: "UPDATE scan SET editedText = ?, revision = revision + 1, editor = '' WHERE id = ?", arguments: [ocrText, id])
            }
            return scan.isEdited
        }
    }

    private static func photoTexts(ofScan id: String, in db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT text FROM scanPhoto WHERE scanId = ? ORDER BY position", arguments: [id])
    }

    /// Writes one photo's row, lines and timings.
    private static func store(_ reading: PhotoReading, original: KeptOriginal?, scanId: String, photo: Int, in db: Database) throws {
        try PhotoRow(
            scanId: scanId, position: photo, text: reading.text, language: reading.language, width: reading.imageSize.width,
            height: reading.imageSize.height, preview: reading.preview, original: original?.data, originalKeptUntil: original?.until,
            outline: reading.outline, quarterTurns: reading.quarterTurns
        ).insert(db)
        for (position, line) in reading.lines.enumerated() { try ScanLineRow(scanId: scanId, photo: photo, position: position, line).insert(db) }
        for (position, timing) in reading.timings.enumerated() {
            try ScanStepRow(scanId: scanId, photo: photo, position: position, step: timing.step, seconds: timing.seconds).insert(db)
        }
    }

    public func scan(id: String) async throws -> Scan? {
        guard RandomID.isWellFormed(id) else { return nil }
        return try await database.read { db in try Scan.fetchOne(db, key: id) }
    }

    public func photos(ofScan id: String) async throws -> [ScanPhoto] {
        try await database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT position, text, language, width, height, preview IS NOT NULL AS hasPreview,
                           CASE WHEN original IS NULL THEN NULL ELSE originalKeptUntil END AS keptUntil, outline, quarterTurns
                    FROM scanPhoto WHERE scanId = ? ORDER BY position
                    """,
                arguments: [id]
            ).map { row in
                let outlineJSON: String? = row["outline"]
                return ScanPhoto(
                    position: row["position"], text: row["text"], language: row["language"],
                    imageSize: PixelSize(width: row["width"], height: row["height"]), hasPreview: row["hasPreview"],
                    originalKeptUntil: row["keptUntil"], outline: try outlineJSON.map(PhotoRow.decodeOutline), quarterTurns: row["quarterTurns"])
            }
        }
    }

    public func preview(ofScan id: String, photo: Int) async throws -> Data? {
        try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT preview FROM scanPhoto WHERE scanId = ? AND position = ?", arguments: [id, photo])
        }
    }

    public func original(ofScan id: String, photo: Int) async throws -> Data? {
        let now = clock.now()
        return try await database.read { db in
            try Data.fetchOne(
                db, sql: "SELECT original FROM scanPhoto WHERE scanId = ? AND position = ? AND originalKeptUntil > ?", arguments: [id, photo, now])
        }
    }

    public func lines(ofScan id: String, photo: Int?) async throws -> [TextLine] {
        let (damaged, rows) = try await database.read { db in
            let request = ScanLineRow.filter(Column("scanId") == id).order(Column("photo"), Column("position"))
            return (
                try Bool.fetchOne(db, sql: "SELECT linesDamaged FROM scan WHERE id = ?", arguments: [id]) ?? false,
                try (photo.map { request.filter(Column("photo") == $0) } ?? request).fetchAll(db)
            )
        }
        if damaged { throw StoreError(.damaged(what: "lines")) }
        return try rows.map { try $0.line() }
    }

    public func lineCount(ofScan id: String) async throws -> Int {
        try await database.read { db in try ScanLineRow.filter(Column("scanId") == id).fetchCount(db) }
    }

    public func timings(ofScan id: String, photo: Int) async throws -> [StepTiming] {
        try await database.read { db in
            try ScanStepRow.filter(Column("scanId") == id && Column("photo") == photo).order(Column("position")).fetchAll(db)
                .map { StepTiming(step: $0.step, seconds: $0.seconds) }
        }
    }

    public func recent(limit: Int) async throws -> [Scan] {
        try await database.read { db in try Scan.order(Column("createdAt").desc).limit(limit).fetchAll(db) }
    }

    public func search(_ query: String, limit: Int) async throws -> [Scan] {
        try await database.fullTextSearch(query, table: "scan", index: "scanSearch", newestFirstBy: "createdAt", limit: limit)
    }

    public func saveEdits(scanId: String, text: String, book: String, author: String, editor: String, base: Int?) async throws -> EditOutcome<Scan>? {
        guard RandomID.isWellFormed(scanId) else { return nil }
        let editor = EditorID.isWellFormed(editor) ? editor : ""
        return try await database.write { db in
            guard var scan = try Scan.fetchOne(db, key: scanId) else { return nil }
            if scan.editedText == text && scan.book == book && scan.author == author { return .saved(scan) }
            if let base, base != scan.revision, editor.isEmpty || editor != scan.editor { return .conflict(scan) }
            scan.editedText = text
            scan.book = book
            scan.author = author
            scan.revision += 1
            scan.editor = editor
            try db.execute(
                sql: "UPDATE scan SET editedText = ?, book = ?, author = ?, revision = ?, editor = ? WHERE id = ?",
                arguments: [text, book, author, scan.revision, editor, scanId])
            return .saved(scan)
        }
    }

    public func confirmedWords(ofScan id: String) async throws -> Set<Int> {
        let stored = try await database.read { db in
            try String.fetchOne(db, sql: "SELECT confirmedWords FROM scan WHERE id = ?", arguments: [id])
        }
        return Self.decodeIndices(stored ?? "")
    }

    public func confirmWords(ofScan id: String, _ indices: Set<Int>) async throws {
        guard !indices.isEmpty else { return }
        try await database.write { db in
            let stored = try String.fetchOne(db, sql: "SELECT confirmedWords FROM scan WHERE id = ?", arguments: [id]) ?? ""
            // A page holds a few thousand words at most: more indices than that are not a person's confirmations.
            let all = Self.decodeIndices(stored).union(indices.filter { (0..<100_000).contains($0) })
            guard all.count <= 20_000 else { return }
            try db.execute(
                sql: "UPDATE scan SET confirmedWords = ? WHERE id = ?", arguments: [all.sorted().map(String.init).joined(separator: ","), id])
        }
    }

    static func decodeIndices(_ text: String) -> Set<Int> {
        Set(text.split(separator: ",").compactMap { Int($0) })
    }

    public func delete(id: String) async throws {
        _ = try await database.write { db in try Scan.deleteOne(db, key: id) }
    }

    public func forgetOriginals(keptUntilBefore date: Date) async throws -> Int {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE scanPhoto SET original = NULL, originalKeptUntil = NULL WHERE originalKeptUntil IS NOT NULL AND originalKeptUntil <= ?",
                arguments: [date])
            return db.changesCount
        }
    }
}

/// One row of `scanPhoto`.
struct PhotoRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "scanPhoto"
    var scanId: String
    var position: Int
    var text: String
    var language: String
    var width: Int
    var height: Int
    var preview: Data?
    var original: Data?
    var originalKeptUntil: Date?
    /// Stored as a checked JSON column: four points; anything else fails loudly when read.
    var outline: [PixelPoint]?
    var quarterTurns: Int

    static func decodeOutline(_ json: String) throws -> [PixelPoint] {
        do {
            let points = try JSONDecoder().decode([PixelPoint].self, from: Data(json.utf8))
            guard points.count == 4 else { throw StoreError(.damaged(what: "pageOutline")) }
            return points
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.damaged(what: "pageOutline"))
        }
    }
}

/// One row of `scanLine`.
struct ScanLineRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "scanLine"
    var scanId: String
    var photo: Int
    var position: Int
    var text: String
    var x: Int, y: Int, width: Int, height: Int
    var confidence: Double
    /// The line's outline as whole pixels, "x,y x,y ..." (compact; nil for lines stored without one).
    var outline: String?
    /// The line's words as JSON (nil for lines stored without them).
    var words: String?

    init(scanId: String, photo: Int, position: Int, _ line: TextLine) {
        self.scanId = scanId
        self.photo = photo
        self.position = position
        text = line.text
        x = line.box.x
        y = line.box.y
        width = line.box.width
        height = line.box.height
        confidence = line.confidence
        outline = line.outline.map(Self.encodeOutline)
        words = line.words.map(Self.encodeWords)
    }

    /// - Throws: `StoreError.damaged` when the stored outline is not a list of points.
    func line() throws -> TextLine {
        TextLine(
            text: text, box: PixelBox(x: x, y: y, width: width, height: height), confidence: confidence,
            outline: try outline.map(Self.decodeOutline), words: try words.map(Self.decodeWords))
    }

    /// Words as JSON, numbers rounded to three places (a page's words stay a few tens of kilobytes).
    static func encodeWords(_ words: [TextWord]) -> String {
        func round(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }
        let compact = words.map {
            var word = TextWord(
                text: $0.text, start: round($0.start), end: round($0.end), confidence: round($0.confidence), rival: round($0.rival),
                inDictionary: $0.inDictionary)
            word.parts = $0.parts?.map { WordPart(text: $0.text, confidence: round($0.confidence), rival: round($0.rival)) }
            return word
        }
        return (try? String(decoding: JSONEncoder().encode(compact), as: UTF8.self)) ?? "[]"
    }

    /// - Throws: `StoreError.damaged` when the stored words are not a list of words.
    static func decodeWords(_ json: String) throws -> [TextWord] {
        do {
            return try JSONDecoder().decode([TextWord].self, from: Data(json.utf8))
        } catch {
            throw StoreError(.damaged(what: "line words"))
        }
    }

    static func encodeOutline(_ points: [PixelPoint]) -> String {
        points.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }.joined(separator: " ")
    }

    static func decodeOutline(_ text: String) throws -> [PixelPoint] {
        let points = text.split(separator: " ").map { pair -> PixelPoint? in
            let parts = pair.split(separator: ",")
            guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) else { return nil }
            return PixelPoint(x: Double(x), y: Double(y))
        }
        guard points.count >= 3, points.count <= 64 else { throw StoreError(.damaged(what: "lineOutline")) }
        return try points.map { point in
            guard let point else { throw StoreError(.damaged(what: "lineOutline")) }
            return point
        }
    }
}

/// One row of `scanStep`.
struct ScanStepRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "scanStep"
    var scanId: String
    var photo: Int
    var position: Int
    var step: String
    var seconds: Double
}
