// Login sessions, stored like every other aggregate: only a hash of each session id is kept, with the generation of the
// password it was made under. The web target decides what a session allows; this file only keeps them.
import Crypto
import Foundation
import GRDB
import Support
import _CryptoExtras

/// A logged-in browser. The cookie holds `id`; the database only its SHA-256.
public struct Session: Sendable, Equatable {
    public var id: String
    public var createdAt: Date
    public var expiresAt: Date
    /// The password generation the session was made under: once the password changes, the session is worthless.
    public var generation: Int
}

public protocol SessionRepository: Sendable {
    /// The generation of `password`: the same number while the password stays the same, one more each time it changes
    /// (which also ends every session made under an earlier one).
    func generation(ofPassword password: String) async throws -> Int
    func create(lifetime: TimeInterval, generation: Int) async throws -> Session
    /// The session if it exists, was made under `generation` and has not expired.
    func valid(id: String, generation: Int) async throws -> Session?
    func delete(id: String) async throws
    /// Ends every session (Log out everywhere) and returns how many there were.
    func deleteAll() async throws -> Int
}

/// A stored session: the id's hash, never the id.
struct SessionRow: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "loginSession"
    var idHash: String
    var generation: Int
    var createdAt: Date
    var expiresAt: Date
}

/// The password in use, as a salted slow hash, and its generation. One row.
struct PasswordGenerationRow: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "passwordGeneration"
    var id = 1
    var generation: Int
    var salt: Data
    var fingerprint: Data
}

public struct SQLiteSessionRepository: SessionRepository {
    private let database: AppDatabase
    private let clock: any TimeSource

    /// PBKDF2-SHA256 rounds for the password fingerprint (OWASP's floor for PBKDF2-SHA256 is 600,000; the password
    /// itself is usually in `.env` beside the database, so this guards a copied database file, not a live server).
    static let fingerprintRounds = 600_000

    public init(database: AppDatabase, clock: any TimeSource = SystemTimeSource()) {
        self.database = database
        self.clock = clock
    }

    public static let migrations: [AppDatabase.Migration] = [
        AppDatabase.Migration("web-sessions-v1") { db in
            try db.create(table: "session", options: .ifNotExists) { t in
                t.primaryKey("id", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull()
            }
            try db.create(index: "session_on_expiresAt", on: "session", columns: ["expiresAt"], options: .ifNotExists)
        },
        // Session ids were stored as they are: replace them with hashes. Everyone logs in once more.
        AppDatabase.Migration("web-sessions-v2-hashed") { db in
            try db.drop(table: "session")
            try db.create(table: "loginSession") { t in
                t.primaryKey("idHash", .text)
                t.column("generation", .integer).notNull()
                t.column("createdAt", .datetime).notNull()
                t.column("expiresAt", .datetime).notNull().indexed()
            }
            try db.create(table: "passwordGeneration") { t in
                t.primaryKey("id", .integer).check { $0 == 1 }
                t.column("generation", .integer).notNull()
                t.column("salt", .blob).notNull()
                t.column("fingerprint", .blob).notNull()
            }
        },
    ]

    public func generation(ofPassword password: String) async throws -> Int {
        let stored = try await database.read { db in try PasswordGenerationRow.fetchOne(db) }
        if let stored, try await Self.fingerprint(password, salt: stored.salt) == stored.fingerprint {
            return stored.generation
        }
        let salt = Data((0..<16).map { _ in UInt8.random(in: 0...255) })
        let fingerprint = try await Self.fingerprint(password, salt: salt)
        return try await database.write { db in
            let next = (try PasswordGenerationRow.fetchOne(db)?.generation ?? 0) + 1
            try PasswordGenerationRow(generation: next, salt: salt, fingerprint: fingerprint).save(db)
            try db.execute(sql: "DELETE FROM loginSession WHERE generation < ?", arguments: [next])
            return next
        }
    }

    public func create(lifetime: TimeInterval, generation: Int) async throws -> Session {
        let now = clock.now()
        let session = Session(id: RandomID.make(), createdAt: now, expiresAt: now.addingTimeInterval(lifetime), generation: generation)
        let row = SessionRow(idHash: Self.hash(session.id), generation: generation, createdAt: now, expiresAt: session.expiresAt)
        try await database.write { db in
            try db.execute(sql: "DELETE FROM loginSession WHERE expiresAt < ? OR generation < ?", arguments: [now, generation])
            try row.insert(db)
        }
        return session
    }

    public func valid(id: String, generation: Int) async throws -> Session? {
        guard RandomID.isWellFormed(id) else { return nil }
        let now = clock.now()
        let hash = Self.hash(id)
        let row = try await database.read { db in
            try SessionRow.filter(Column("idHash") == hash && Column("generation") == generation && Column("expiresAt") > now).fetchOne(db)
        }
        return row.map { Session(id: id, createdAt: $0.createdAt, expiresAt: $0.expiresAt, generation: $0.generation) }
    }

    public func delete(id: String) async throws {
        guard RandomID.isWellFormed(id) else { return }
        let hash = Self.hash(id)
        _ = try await database.write { db in try SessionRow.deleteOne(db, key: hash) }
    }

    public func deleteAll() async throws -> Int {
        try await database.write { db in try SessionRow.deleteAll(db) }
    }

    /// Hex SHA-256 of a session id. The ids are 128 random bits, so a fast hash is enough: there is nothing to guess.
    static func hash(_ id: String) -> String {
        SHA256.hash(data: Data(id.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// A slow salted hash of the password, computed off the request threads.
    static func fingerprint(_ password: String, salt: Data) async throws -> Data {
        try await offload {
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: Data(password.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: fingerprintRounds)
            return key.withUnsafeBytes { Data($0) }
        }
    }
}
