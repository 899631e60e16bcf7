// The one SQLite database: it owns the connection pool and the migrations; repositories read and write through it.
// On disk it lives in a folder only its owner can enter (0700), in files only its owner can read (0600).
import Foundation
import GRDB
import Support

#if canImport(Glibc)
import Glibc
#endif

/// The database every repository shares: WAL on disk for the server, a private in-memory database for tests.
public struct AppDatabase: Sendable {
    /// A named schema change. Other modules (the web target's login sessions) add theirs after Storage's own.
    public struct Migration: Sendable {
        public var name: String
        public var apply: @Sendable (Database) throws -> Void

        public init(_ name: String, apply: @escaping @Sendable (Database) throws -> Void) {
            self.name = name
            self.apply = apply
        }
    }

    public let writer: any DatabaseWriter
    /// The data folder, for the health check's real write and free-space reading; nil in memory.
    public let directory: URL?

    public static let fileName = "snappost.sqlite"

    /// Opens (and migrates) `snappost.sqlite` inside `directory`, creating the folder (0700) and the file (0600) if needed.
    public static func onDisk(directory: URL, migrations: [Migration] = []) throws -> AppDatabase {
        try DataFolder.prepare(directory: directory, databaseFile: fileName)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            // WAL with synchronous=FULL: an acknowledged write survives a SIGKILL or power loss.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: directory.appendingPathComponent(fileName).path, configuration: configuration)
        } catch {
            throw StoreError.failure(error, directory: directory)
        }
        // SQLite gives the -wal and -shm files the database file's mode; tighten any left by an older version too.
        DataFolder.tightenDatabaseFiles(in: directory, databaseFile: fileName)
        return try AppDatabase(writer: pool, migrations: migrations, directory: directory)
    }

    /// A private in-memory database, for tests.
    public static func inMemory(migrations: [Migration] = []) throws -> AppDatabase {
        try AppDatabase(writer: DatabaseQueue(), migrations: migrations)
    }

    public init(writer: any DatabaseWriter, migrations: [Migration] = [], directory: URL? = nil) throws {
        self.writer = writer
        self.directory = directory
        var migrator = Self.storageMigrator
        for migration in migrations { migrator.registerMigration(migration.name, migrate: migration.apply) }
        try migrator.migrate(writer)
    }

    /// For the health check: writes a row, and (on disk) a real file in the data folder, synced to the disk. A database
    /// write alone can pass on a full disk, since the WAL reuses space it already has.
    public func checkWritable() async throws {
        do {
            try await writer.write { db in
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS healthProbe (id INTEGER PRIMARY KEY, at DATETIME)")
                try db.execute(sql: "INSERT OR REPLACE INTO healthProbe (id, at) VALUES (1, ?)", arguments: [Date()])
            }
        } catch {
            throw StoreError.failure(error, directory: directory)
        }
        if let directory {
            let probe = directory.appendingPathComponent(".healthz-probe")
            try await offload { () throws(StoreError) in try DataFolder.writeProbe(at: probe, bytes: 64 * 1024) }
        }
    }

    /// Bytes free for us on the data folder's disk; nil in memory or when it cannot be read.
    public func freeBytes() -> Int64? {
        guard let directory else { return nil }
        return DataFolder.freeBytes(at: directory)
    }
}

extension AppDatabase {
    /// A read transaction; SQLite's own errors come out as `StoreError`.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.read(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.failure(error, directory: directory)
        }
    }

    /// A write transaction (all or nothing); SQLite's own errors come out as `StoreError`.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.write(body)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.failure(error, directory: directory)
        }
    }

    /// Rows of `table` whose FTS5 `index` matches every word of `query` as a prefix, newest first.
    /// Table and column names are ours, never the caller's; the query goes in as a bound FTS5 pattern.
    func fullTextSearch<Record: FetchableRecord & Sendable>(
        _ query: String, table: String, index: String, newestFirstBy column: String, limit: Int, where condition: String = "1"
    ) async throws -> [Record] {
        guard let pattern = FTS5Pattern(matchingAllPrefixesIn: query) else { return [] }
        return try await read { db in
            try Record.fetchAll(
                db,
                sql: """
                    SELECT \(table).* FROM \(table) JOIN \(index) ON \(index).rowid = \(table).rowid
                    WHERE \(index) MATCH ? AND (\(condition)) ORDER BY \(table).\(column) DESC LIMIT ?
                    """,
                arguments: [pattern, limit])
        }
    }
}
