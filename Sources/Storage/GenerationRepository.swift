// Generations: drafts written from one version of a scan's text. Each tone's draft has versions ("Write another"),
// and the current version keeps the person's edit beside the text as written.
import Foundation
import GRDB
import Support

/// One draft as stored: the tone's name, the text the person sees (their edit, or the writer's text) and the note.
public struct Draft: Codable, Sendable, Equatable {
    public var tone: String
    /// The person's edit when there is one, otherwise the text as written.
    public var text: String
    public var note: String?
    /// 1 for the first draft of a tone; "Write another" adds 2, 3, …
    public var version: Int
    /// Whether `text` is the person's edit.
    public var isEdited: Bool
    /// Counts the saves of this version's edit: a save typed over an older revision (or version) is a conflict.
    public var revision: Int

    public init(tone: String, text: String, note: String?, version: Int = 1, isEdited: Bool = false, revision: Int = 0) {
        self.tone = tone
        self.text = text
        self.note = note
        self.version = version
        self.isEdited = isEdited
        self.revision = revision
    }
}

/// What a draft's edit was typed over: the version shown and the revision of its edit.
public struct DraftBase: Sendable, Equatable {
    public var version: Int
    public var revision: Int

    public init(version: Int, revision: Int) {
        self.version = version
        self.revision = revision
    }
}

/// Drafts written from one version of a scan's text.
public struct Generation: Sendable, Equatable {
    public var id: String
    public var scanId: String
    public var createdAt: Date
    /// Which writer produced them: "Offline writer" or "host · model".
    public var writer: String
    /// The exact text the drafts were written from.
    public var sourceText: String
    /// The current (newest) version of each tone's draft, in position order.
    public var drafts: [Draft]
    /// The earlier versions of each position's draft, newest first; empty when there is only one.
    public var earlier: [[Draft]]
}

/// The generations aggregate: a generation with its drafts and their versions.
public protocol GenerationRepository: Sendable {
    func insert(scanId: String, writer: String, sourceText: String, drafts: [Draft]) async throws -> Generation
    /// The generation with its drafts; throws `StoreError` (`damaged`) when its drafts cannot be read back.
    func generation(id: String, scanId: String) async throws -> Generation?
    /// The id of the newest generation for a scan.
    func latestId(scanId: String) async throws -> String?
    /// How many generations of this scan were written from exactly this text (to ask the writer for new drafts).
    func count(scanId: String, sourceText: String) async throws -> Int
    /// Saves the person's edit of the current version at `position` (the text as written again clears it). With a
    /// `base`, a conflict when another version became current or the edit was saved since by another `editor`. Nil
    /// when there is no such draft.
    func saveEdit(generationId: String, scanId: String, position: Int, text: String, editor: String, base: DraftBase?) async throws
        -> EditOutcome<Draft>?
    /// Adds a new current version at `position` and returns its number; the earlier ones stay.
    func addVersion(generationId: String, scanId: String, position: Int, draft: Draft, writer: String) async throws -> Int
}

extension GenerationRepository {
    /// Saves a plain form's edit of the current version, whatever was stored before. False when there is no such draft.
    public func saveEdit(generationId: String, scanId: String, position: Int, text: String) async throws -> Bool {
        try await saveEdit(generationId: generationId, scanId: scanId, position: position, text: text, editor: "", base: nil) != nil
    }
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
                try DraftRow(
                    generationId: row.id, position: position, version: 1, tone: draft.tone, text: draft.text, note: draft.note,
                    editedText: nil, writer: writer, createdAt: row.createdAt, revision: 0, editor: ""
                ).insert(db)
            }
        }
        return Generation(
            id: row.id, scanId: scanId, createdAt: row.createdAt, writer: writer, sourceText: sourceText,
            drafts: drafts.map { Draft(tone: $0.tone, text: $0.text, note: $0.note) }, earlier: drafts.map { _ in [] })
    }

    public func generation(id: String, scanId: String) async throws -> Generation? {
        guard RandomID.isWellFormed(id), RandomID.isWellFormed(scanId) else { return nil }
        let found = try await database.read { db -> (GenerationRow, [DraftRow])? in
            guard let row = try GenerationRow.filter(Column("id") == id && Column("scanId") == scanId).fetchOne(db) else { return nil }
            return (row, try DraftRow.filter(Column("generationId") == id).order(Column("position"), Column("version").desc).fetchAll(db))
        }
        guard let (row, rows) = found else { return nil }
        if row.draftsDamaged { throw StoreError(.damaged(what: "drafts")) }
        let positions = Dictionary(grouping: rows, by: \.position).sorted { $0.key < $1.key }.map(\.value)
        return Generation(
            id: row.id, scanId: row.scanId, createdAt: row.createdAt, writer: row.writer, sourceText: row.sourceText,
            drafts: positions.map { $0[0].draft }, earlier: positions.map { $0.dropFirst().map(\.draft) })
    }

    public func latestId(scanId: String) async throws -> String? {
        try await database.read { db in
            try String.fetchOne(
                db, sql: "SELECT id FROM generation WHERE scanId = ? ORDER BY createdAt DESC, rowid DESC LIMIT 1", arguments: [scanId])
        }
    }

    public func count(scanId: String, sourceText: String) async throws -> Int {
        try await database.read { db in
            try GenerationRow.filter(Column("scanId") == scanId && Column("sourceText") == sourceText).fetchCount(db)
        }
    }

    public func saveEdit(generationId: String, scanId: String, position: Int, text: String, editor: String, base: DraftBase?) async throws
        -> EditOutcome<Draft>?
    {
        guard RandomID.isWellFormed(generationId), RandomID.isWellFormed(scanId) else { return nil }
        let editor = EditorID.isWellFormed(editor) ? editor : ""
        return try await database.write { db in
            // Only a draft of this scan's generation, and only its current version, takes the edit.
            guard try GenerationRow.filter(Column("id") == generationId && Column("scanId") == scanId).fetchCount(db) == 1,
                var row = try DraftRow.filter(Column("generationId") == generationId && Column("position") == position)
                    .order(Column("version").desc).fetchOne(db)
            else { return nil }
            if row.draft.text == text { return .saved(row.draft) }
            if let base, base.version != row.version || (base.revision != row.revision && (editor.isEmpty || editor != row.editor)) {
                return .conflict(row.draft)
            }
            row.editedText = text == row.text ? nil : text
            row.revision += 1
            row.editor = editor
            try db.execute(
                sql: "UPDATE draft SET editedText = ?, revision = ?, editor = ? WHERE generationId = ? AND position = ? AND version = ?",
                arguments: [row.editedText, row.revision, editor, generationId, position, row.version])
            return .saved(row.draft)
        }
    }

    public func addVersion(generationId: String, scanId: String, position: Int, draft: Draft, writer: String) async throws -> Int {
        let now = clock.now()
        return try await database.write { db in
            guard try GenerationRow.filter(Column("id") == generationId && Column("scanId") == scanId).fetchCount(db) == 1 else {
                throw StoreError(.damaged(what: "generation"))
            }
            let newest =
                try Int.fetchOne(
                    db, sql: "SELECT max(version) FROM draft WHERE generationId = ? AND position = ?", arguments: [generationId, position])
                ?? 0
            try DraftRow(
                generationId: generationId, position: position, version: newest + 1, tone: draft.tone, text: draft.text, note: draft.note,
                editedText: nil, writer: writer, createdAt: now, revision: 0, editor: ""
            ).insert(db)
            return newest + 1
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

/// One row of `draft`: one version of one position's draft.
struct DraftRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "draft"
    var generationId: String
    var position: Int
    var version: Int
    var tone: String
    var text: String
    var note: String?
    var editedText: String?
    var writer: String
    var createdAt: Date
    var revision: Int
    var editor: String

    var draft: Draft {
        Draft(tone: tone, text: editedText ?? text, note: note, version: version, isEdited: editedText != nil, revision: revision)
    }
}
