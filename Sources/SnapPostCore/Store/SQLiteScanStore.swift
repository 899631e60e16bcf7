// The SQLite store on GRDB: WAL on disk for the server, an in-memory database for tests.
import Foundation
import GRDB

public struct SQLiteScanStore: ScanStore {
    private let writer: any DatabaseWriter
    private let clock: any TimeSource
    private let historyLimit: Int

    /// Opens (and migrates) `snappost.sqlite` inside `directory`, creating the folder if needed.
    public static func onDisk(directory: URL, historyLimit: Int = 20, clock: any TimeSource = SystemTimeSource()) throws -> SQLiteScanStore {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL with synchronous=FULL: an acknowledged write survives a SIGKILL or power loss.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let pool = try DatabasePool(path: directory.appendingPathComponent("snappost.sqlite").path, configuration: configuration)
        return try SQLiteScanStore(writer: pool, historyLimit: historyLimit, clock: clock)
    }

    /// A private in-memory database, for tests.
    public static func inMemory(historyLimit: Int = 20, clock: any TimeSource = SystemTimeSource()) throws -> SQLiteScanStore {
        try SQLiteScanStore(writer: DatabaseQueue(), historyLimit: historyLimit, clock: clock)
    }

    init(writer: any DatabaseWriter, historyLimit: Int, clock: any TimeSource) throws {
        self.writer = writer
        self.clock = clock
        self.historyLimit = max(1, historyLimit)
        try Self.migrator.migrate(writer)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "scan") { t in
                t.primaryKey("id", .text)
                t.column("createdAt", .datetime).notNull().indexed()
                t.column("ocrText", .text).notNull()
                t.column("editedText", .text).notNull()
                t.column("book", .text).notNull().defaults(to: "")
                t.column("author", .text).notNull().defaults(to: "")
                t.column("confidence", .double).notNull()
                t.column("language", .text).notNull()
                t.column("imageWidth", .integer).notNull()
                t.column("imageHeight", .integer).notNull()
                t.column("linesJSON", .text).notNull()
                t.column("timingsJSON", .text).notNull()
                t.column("preview", .blob)
            }
            try db.create(virtualTable: "scanSearch", using: FTS5()) { t in
                t.synchronize(withTable: "scan")
                t.tokenizer = .unicode61()
                t.column("editedText")
                t.column("book")
                t.column("author")
            }
            try db.create(table: "generation") { t in
                t.primaryKey("id", .text)
                t.column("scanId", .text).notNull().indexed().references("scan", onDelete: .cascade)
                t.column("createdAt", .datetime).notNull()
                t.column("writer", .text).notNull()
                t.column("sourceText", .text).notNull()
                t.column("draftsJSON", .text).notNull()
            }
            try db.create(table: "history") { t in
                t.primaryKey("id", .text)
                t.column("postedAt", .datetime).notNull().indexed()
                t.column("action", .text).notNull()
                t.column("tone", .text).notNull()
                t.column("text", .text).notNull()
                t.column("scanId", .text).references("scan", onDelete: .setNull)
            }
            try db.create(virtualTable: "historySearch", using: FTS5()) { t in
                t.synchronize(withTable: "history")
                t.tokenizer = .unicode61()
                t.column("text")
            }
            try db.create(table: "session") { t in
                t.primaryKey("id", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull().indexed()
            }
        }
        return migrator
    }

    // MARK: Scans

    public func insertScan(_ new: NewScan) async throws -> ScanRecord {
        let record = ScanRecord(
            id: RandomID.make(), createdAt: clock.now(), ocrText: new.text, editedText: new.text, book: "", author: "",
            confidence: new.confidence, language: new.language, imageWidth: new.imageWidth, imageHeight: new.imageHeight,
            linesJSON: Self.json(new.lines), timingsJSON: Self.json(new.timings), preview: new.preview)
        try await writer.write { db in try record.insert(db) }
        return record
    }

    public func scan(id: String) async throws -> ScanRecord? {
        guard RandomID.isWellFormed(id) else { return nil }
        return try await writer.read { db in try ScanRecord.fetchOne(db, key: id) }
    }

    public func recentScans(limit: Int) async throws -> [ScanRecord] {
        try await writer.read { db in
            try ScanRecord.order(Column("createdAt").desc).limit(limit).fetchAll(db)
        }
    }

    public func searchScans(_ query: String, limit: Int) async throws -> [ScanRecord] {
        try await fullTextSearch(query, table: "scan", index: "scanSearch", newestFirstBy: "createdAt", limit: limit)
    }

    public func saveEdits(scanId: String, text: String, book: String, author: String) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE scan SET editedText = ?, book = ?, author = ? WHERE id = ?",
                arguments: [text, book, author, scanId])
        }
    }

    public func deleteScan(id: String) async throws {
        _ = try await writer.write { db in try ScanRecord.deleteOne(db, key: id) }
    }

    // MARK: Generations

    public func insertGeneration(scanId: String, writer name: String, sourceText: String, drafts: [StoredDraft]) async throws -> GenerationRecord {
        let record = GenerationRecord(
            id: RandomID.make(), scanId: scanId, createdAt: clock.now(), writer: name, sourceText: sourceText,
            draftsJSON: Self.json(drafts))
        try await writer.write { db in try record.insert(db) }
        return record
    }

    public func generation(id: String, scanId: String) async throws -> GenerationRecord? {
        guard RandomID.isWellFormed(id), RandomID.isWellFormed(scanId) else { return nil }
        return try await writer.read { db in
            try GenerationRecord.filter(Column("id") == id && Column("scanId") == scanId).fetchOne(db)
        }
    }

    public func latestGeneration(scanId: String) async throws -> GenerationRecord? {
        try await writer.read { db in
            try GenerationRecord.filter(Column("scanId") == scanId).order(Column("createdAt").desc).fetchOne(db)
        }
    }

    // MARK: History

    public func addHistory(action: HistoryAction, tone: String, text: String, scanId: String?) async throws -> HistoryRecord {
        let record = HistoryRecord(id: RandomID.make(), postedAt: clock.now(), action: action, tone: tone, text: text, scanId: scanId)
        let limit = historyLimit
        try await writer.write { db in
            // The same draft copied twice is one history item, moved to the top.
            try db.execute(sql: "DELETE FROM history WHERE text = ? AND tone = ?", arguments: [text, tone])
            try record.insert(db)
            try db.execute(
                sql: "DELETE FROM history WHERE id NOT IN (SELECT id FROM history ORDER BY postedAt DESC, rowid DESC LIMIT ?)",
                arguments: [limit])
        }
        return record
    }

    public func history(limit: Int) async throws -> [HistoryRecord] {
        try await writer.read { db in
            try HistoryRecord.order(Column("postedAt").desc).limit(limit).fetchAll(db)
        }
    }

    public func searchHistory(_ query: String, limit: Int) async throws -> [HistoryRecord] {
        try await fullTextSearch(query, table: "history", index: "historySearch", newestFirstBy: "postedAt", limit: limit)
    }

    /// Rows of `table` whose FTS5 `index` matches every word of `query` as a prefix, newest first.
    /// Table and column names are ours, never the caller's; the query goes in as a bound FTS5 pattern.
    private func fullTextSearch<Record: FetchableRecord & Sendable>(
        _ query: String, table: String, index: String, newestFirstBy column: String, limit: Int
    ) async throws -> [Record] {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: query) else { return [] }
        return try await writer.read { db in
            try Record.fetchAll(
                db,
                sql: """
                    SELECT \(table).* FROM \(table) JOIN \(index) ON \(index).rowid = \(table).rowid
                    WHERE \(index) MATCH ? ORDER BY \(table).\(column) DESC LIMIT ?
                    """,
                arguments: [pattern, limit])
        }
    }

    public func deleteHistory(id: String) async throws -> Bool {
        guard RandomID.isWellFormed(id) else { return false }
        return try await writer.write { db in try HistoryRecord.deleteOne(db, key: id) }
    }

    // MARK: Sessions

    public func createSession(lifetime: TimeInterval) async throws -> SessionRecord {
        let now = clock.now()
        let record = SessionRecord(id: RandomID.make(), createdAt: now, expiresAt: now.addingTimeInterval(lifetime))
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM session WHERE expiresAt < ?", arguments: [now])
            try record.insert(db)
        }
        return record
    }

    public func validSession(id: String) async throws -> SessionRecord? {
        guard RandomID.isWellFormed(id) else { return nil }
        let now = clock.now()
        return try await writer.read { db in
            try SessionRecord.filter(Column("id") == id && Column("expiresAt") > now).fetchOne(db)
        }
    }

    public func deleteSession(id: String) async throws {
        _ = try await writer.write { db in try SessionRecord.deleteOne(db, key: id) }
    }

    // MARK: Health

    public func checkWritable() async throws {
        try await writer.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS healthProbe (id INTEGER PRIMARY KEY, at DATETIME)")
            try db.execute(sql: "INSERT OR REPLACE INTO healthProbe (id, at) VALUES (1, ?)", arguments: [Date()])
        }
    }

    private static func json(_ value: some Encodable) -> String {
        (try? String(decoding: JSONEncoder().encode(value), as: UTF8.self)) ?? "[]"
    }
}
