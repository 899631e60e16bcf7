// Retouch projects: the original photo stored once, its edits as rows in order, and a cursor for undo and redo.
import Foundation
import GRDB
import Support

/// One photo being retouched. The original bytes never change; what the person sees is the original with
/// `edits[..<applied]` replayed on it.
public struct RetouchProject: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "retouchProject"
    public var id: String
    public var createdAt: Date
    public var updatedAt: Date
    /// The upload's file name, for the list (never used as a path).
    public var name: String
    /// Size of the upright original.
    public var width: Int
    public var height: Int
    /// How many edits are in effect; the rest can be redone.
    public var applied: Int

    public init(id: String, createdAt: Date, updatedAt: Date, name: String, width: Int, height: Int, applied: Int) {
        self.id = id
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.name = name
        self.width = width
        self.height = height
        self.applied = applied
    }
}

/// One edit of a project: the tool's name and the operation as JSON (Storage knows rows, the Retouch module knows
/// what they mean).
public struct RetouchEditRow: Codable, Sendable, Equatable {
    public var position: Int
    public var tool: String
    public var payload: String

    public init(position: Int, tool: String, payload: String) {
        self.position = position
        self.tool = tool
        self.payload = payload
    }
}

/// A rendered preview as stored: after `applied` edits, the full-quality fill or the quick one.
public struct RetouchRender: Sendable, Equatable {
    public var applied: Int
    public var full: Bool
    public var jpeg: Data

    public init(applied: Int, full: Bool, jpeg: Data) {
        self.applied = applied
        self.full = full
        self.jpeg = jpeg
    }
}

public protocol RetouchRepository: Sendable {
    /// Stores a new project with its original upload and the preview it starts from (the original shrunk).
    func create(name: String, width: Int, height: Int, original: Data, basePreview: Data) async throws -> RetouchProject
    func project(id: String) async throws -> RetouchProject?
    /// Newest first, without their images.
    func recent(limit: Int) async throws -> [RetouchProject]
    func edits(ofProject id: String) async throws -> [RetouchEditRow]
    func original(ofProject id: String) async throws -> Data?
    func basePreview(ofProject id: String) async throws -> Data?
    /// The last rendered preview, how many edits it shows (a cache: it may lag behind `applied`) and whether it is
    /// the full-quality fill or the quick one shown first.
    func render(ofProject id: String) async throws -> RetouchRender?
    func saveRender(_ render: RetouchRender, ofProject id: String) async throws
    /// Adds an edit at the cursor: edits beyond it (undone) are dropped, in one transaction.
    func push(_ edit: RetouchEditRow, toProject id: String) async throws -> RetouchProject
    /// Moves the cursor (undo, redo) within 0…edit count.
    func setApplied(_ applied: Int, ofProject id: String) async throws -> RetouchProject
    func delete(id: String) async throws
}

public struct SQLiteRetouchRepository: RetouchRepository {
    let database: AppDatabase
    let clock: any TimeSource

    public init(database: AppDatabase, clock: any TimeSource = SystemTimeSource()) {
        self.database = database
        self.clock = clock
    }

    public func create(name: String, width: Int, height: Int, original: Data, basePreview: Data) async throws -> RetouchProject {
        let now = clock.now()
        let project = RetouchProject(
            id: RandomID.make(), createdAt: now, updatedAt: now, name: String(name.prefix(200)), width: width, height: height, applied: 0)
        try await database.write { db in
            try project.insert(db)
            try db.execute(
                sql: "INSERT INTO retouchImage (projectId, original, basePreview) VALUES (?, ?, ?)",
                arguments: [project.id, original, basePreview])
        }
        return project
    }

    public func project(id: String) async throws -> RetouchProject? {
        guard RandomID.isWellFormed(id) else { return nil }
        return try await database.read { db in try RetouchProject.fetchOne(db, key: id) }
    }

    public func recent(limit: Int) async throws -> [RetouchProject] {
        try await database.read { db in
            try RetouchProject.order(Column("updatedAt").desc).limit(max(0, min(limit, 500))).fetchAll(db)
        }
    }

    public func edits(ofProject id: String) async throws -> [RetouchEditRow] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT position, tool, payload FROM retouchEdit WHERE projectId = ? ORDER BY position", arguments: [id]
            ).map { RetouchEditRow(position: $0["position"], tool: $0["tool"], payload: $0["payload"]) }
        }
    }

    public func original(ofProject id: String) async throws -> Data? {
        try await database.read { db in try Data.fetchOne(db, sql: "SELECT original FROM retouchImage WHERE projectId = ?", arguments: [id]) }
    }

    public func basePreview(ofProject id: String) async throws -> Data? {
        try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT basePreview FROM retouchImage WHERE projectId = ?", arguments: [id])
        }
    }

    public func render(ofProject id: String) async throws -> RetouchRender? {
        try await database.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT renderApplied, renderFull, render FROM retouchImage WHERE projectId = ?", arguments: [id]),
                let applied = row["renderApplied"] as Int?, let full = row["renderFull"] as Bool?, let jpeg = row["render"] as Data?
            else { return nil }
            return RetouchRender(applied: applied, full: full, jpeg: jpeg)
        }
    }

    public func saveRender(_ render: RetouchRender, ofProject id: String) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE retouchImage SET render = ?, renderApplied = ?, renderFull = ? WHERE projectId = ?",
                arguments: [render.jpeg, render.applied, render.full, id])
        }
    }

    public func push(_ edit: RetouchEditRow, toProject id: String) async throws -> RetouchProject {
        let now = clock.now()
        return try await database.write { db in
            guard var project = try RetouchProject.fetchOne(db, key: id) else { throw StoreError(.damaged(what: "retouchProject")) }
            try db.execute(sql: "DELETE FROM retouchEdit WHERE projectId = ? AND position >= ?", arguments: [id, project.applied])
            // A cached render of edits that were just dropped shows something that no longer exists.
            try db.execute(
                sql: "UPDATE retouchImage SET render = NULL, renderApplied = NULL WHERE projectId = ? AND renderApplied > ?",
                arguments: [id, project.applied])
            try db.execute(
                sql: "INSERT INTO retouchEdit (projectId, position, tool, payload, createdAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, project.applied, edit.tool, edit.payload, now])
            project.applied += 1
            project.updatedAt = now
            try project.update(db)
            return project
        }
    }

    public func setApplied(_ applied: Int, ofProject id: String) async throws -> RetouchProject {
        let now = clock.now()
        return try await database.write { db in
            guard var project = try RetouchProject.fetchOne(db, key: id) else { throw StoreError(.damaged(what: "retouchProject")) }
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM retouchEdit WHERE projectId = ?", arguments: [id]) ?? 0
            project.applied = max(0, min(applied, count))
            project.updatedAt = now
            try project.update(db)
            return project
        }
    }

    public func delete(id: String) async throws {
        _ = try await database.write { db in try RetouchProject.deleteOne(db, key: id) }
    }
}

extension AppDatabase {
    /// The retouch tool's tables: projects, their images (kept apart so listing never reads blobs), and edits.
    static func createRetouchTables(_ db: Database) throws {
        try db.create(table: "retouchProject") { t in
            t.primaryKey("id", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull().indexed()
            t.column("name", .text).notNull()
            t.column("width", .integer).notNull().check { $0 > 0 }
            t.column("height", .integer).notNull().check { $0 > 0 }
            t.column("applied", .integer).notNull().defaults(to: 0).check { $0 >= 0 }
        }
        try db.create(table: "retouchImage") { t in
            t.primaryKey("projectId", .text).references("retouchProject", onDelete: .cascade)
            t.column("original", .blob).notNull()
            t.column("basePreview", .blob).notNull()
            t.column("render", .blob)
            t.column("renderApplied", .integer)
            t.column("renderFull", .boolean)
        }
        try db.create(table: "retouchEdit") { t in
            t.column("projectId", .text).notNull().references("retouchProject", onDelete: .cascade)
            t.column("position", .integer).notNull().check { $0 >= 0 }
            t.column("tool", .text).notNull()
            t.column("payload", .text).notNull()
            t.column("createdAt", .datetime).notNull()
            t.primaryKey(["projectId", "position"])
        }
    }
}
