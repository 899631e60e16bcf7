// Generations: five drafts written from one version of a scan's text.
import Foundation
import GRDB
import Support

/// One draft as stored: the tone's name, the text and the optional note shown under it.
public struct Draft: Codable, Sendable, Equatable {
    public var tone: String
    public var text: String
    public var note: String?

    public init(tone: String, text: String, note: String?) {
        self.tone = tone
        self.text = text
        self.note = note
    }
}

/// Five drafts written from one version of a scan's text.
public struct Generation: Sendable, Equatable {
    public var id: String
    public var scanId: String
    public var createdAt: Date
    /// Which writer produced them: "Offline writer" or "host · model".
    public var writer: String
    /// The exact text the drafts were written from.
    public var sourceText: String
    public var drafts: [Draft]
}

/// The generations aggregate: a generation with its drafts.
public protocol GenerationRepository: Sendable {
    func insert(scanId: String, writer: String, sourceText: String, drafts: [Draft]) async throws -> Generation
    /// The generation with its drafts; throws `StoreError` (`damaged`) when its drafts cannot be read back.
    func generation(id: String, scanId: String) async throws -> Generation?
    /// The id of the newest generation for a scan.
    func latestId(scanId: String) async throws -> String?
}

public struct SQLiteGenerationRepository: GenerationRepository {
    private let database: AppDatabase
    private let clock: any TimeSource

    public init(database: AppDatabase, clock: any TimeSource = SystemTimeSource()) {
        self.database = database
        self.clock = clock
    }

    public func insert(scanId: String, writer: String, sourceText: String, drafts: [Draft]) async throws -> Generation {
        let row = GenerationRow(
            id: RandomID.make(), scanId: scanId, createdAt: clock.now(), writer: writer, sourceText: sourceText, draftsDamaged: false)
        try await database.write { db in
            try row.insert(db)
            for (position, draft) in drafts.enumerated() {
                try DraftRow(generationId: row.id, position: position, tone: draft.tone, text: draft.text, note: draft.note).insert(db)
            }
        }
        return Generation(id: row.id, scanId: scanId, createdAt: row.createdAt, writer: writer, sourceText: sourceText, drafts: drafts)
    }

    public func generation(id: String, scanId: String) async throws -> Generation? {
        guard RandomID.isWellFormed(id), RandomID.isWellFormed(scanId) else { return nil }
        let found = try await database.read { db -> (GenerationRow, [DraftRow])? in
            guard let row = try GenerationRow.filter(Column("id") == id && Column("scanId") == scanId).fetchOne(db) else { return nil }
            return (row, try DraftRow.filter(Column("generationId") == id).order(Column("position")).fetchAll(db))
        }
        guard let (row, drafts) = found else { return nil }
        if row.draftsDamaged { throw StoreError(.damaged(what: "drafts")) }
        return Generation(
            id: row.id, scanId: row.scanId, createdAt: row.createdAt, writer: row.writer, sourceText: row.sourceText,
            drafts: drafts.map { Draft(tone: $0.tone, text: $0.text, note: $0.note) })
    }

    public func latestId(scanId: String) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(
                db, sql: "SELECT id FROM generation WHERE scanId = ? ORDER BY createdAt DESC, rowid DESC LIMIT 1", arguments: [scanId])
        }
    }
}

/// One row of `generation`.
struct GenerationRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "generation"
    var id: String
    var scanId: String
    var createdAt: Date
    var writer: String
    var sourceText: String
    var draftsDamaged: Bool
}

/// One row of `draft`.
struct DraftRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "draft"
    var generationId: String
    var position: Int
    var tone: String
    var text: String
    var note: String?
}
