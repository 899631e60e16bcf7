// Login sessions: a web concern, so their table and queries live in the web target, on the shared database.
import Foundation
import GRDB
import Storage
import Support

/// A logged-in browser. The cookie holds only this random id.
public struct Session: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "session"
    public var id: String
    public var createdAt: Date
    public var expiresAt: Date
}

public protocol SessionRepository: Sendable {
    func create(lifetime: TimeInterval) async throws -> Session
    /// The session if it exists and has not expired.
    func valid(id: String) async throws -> Session?
    func delete(id: String) async throws
}

public struct SQLiteSessionRepository: SessionRepository {
    private let database: AppDatabase
    private let clock: any TimeSource

    public init(database: AppDatabase, clock: any TimeSource = SystemTimeSource()) {
        self.database = database
        self.clock = clock
    }

    /// The session table. Databases from before this migration already have it (Storage's v1 made it then).
    public static let migrations: [AppDatabase.Migration] = [
        AppDatabase.Migration("web-sessions-v1") { db in
            try db.create(table: "session", options: .ifNotExists) { t in
                t.primaryKey("id", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
            }
            try db.create(index: "session_on_expiresAt", on: "session", columns: ["expiresAt"], options: .ifNotExists)
        }
    ]

    public func create(lifetime: TimeInterval) async throws -> Session {
        let now = clock.now()
        let session = Session(id: RandomID.make(), createdAt: now, expiresAt: now.addingTimeInterval(lifetime))
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE expiresAt < ?", arguments: [now])
            try session.insert(db)
        }
        return session
    }

    public func valid(id: String) async throws -> Session? {
        guard RandomID.isWellFormed(id) else { return nil }
        let now = clock.now()
        return try await database.read { db in try Session.filter(Column("id") == id && Column("expiresAt") > now).fetchOne(db) }
    }

    public func delete(id: String) async throws {
        _ = try await database.write { db in try Session.deleteOne(db, key: id) }
    }
}
