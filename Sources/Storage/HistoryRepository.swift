// History: the drafts a person copied, shared or marked as posted; only the newest N are kept.
import Foundation
import GRDB
import Support

/// Why a draft entered history.
public enum HistoryAction: String, Codable, Sendable, CaseIterable {
    case copied, shared, posted
}

/// A draft the person copied, shared or marked as posted.
public struct HistoryItem: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "history"
    public var id: String
    public var postedAt: Date
    public var action: HistoryAction
    public var tone: String
    public var text: String
    public var scanId: String?
    /// Set by Delete; the item is hidden, can be brought back for `undoWindow`, then is purged.
    public var deletedAt: Date?
}

public protocol HistoryRepository: Sendable {
    /// Adds a draft and evicts the oldest beyond the configured size, in one transaction.
    func add(action: HistoryAction, tone: String, text: String, scanId: String?) async throws -> HistoryItem
    func recent(limit: Int) async throws -> [HistoryItem]
    func search(_ query: String, limit: Int) async throws -> [HistoryItem]
    /// Whether an item was deleted. It can be restored for `SQLiteHistoryRepository.undoWindow`.
    func delete(id: String) async throws -> Bool
    /// Brings back an item deleted within the undo window (true too when it is back already: Undo pressed twice);
    /// false when there is no such item any more.
    func restore(id: String) async throws -> Bool
}

public struct SQLiteHistoryRepository: HistoryRepository {
    private let database: AppDatabase
    private let clock: any TimeSource
    private let limit: Int
    /// How long a deleted item can be brought back.
    public static let undoWindow: TimeInterval = 3600

    public init(database: AppDatabase, limit: Int, clock: any TimeSource = SystemTimeSource()) {
        self.database = database
        self.limit = max(1, limit)
        self.clock = clock
    }

    public func add(action: HistoryAction, tone: String, text: String, scanId: String?) async throws -> HistoryItem {
        let now = clock.now()
        let limit = limit
        return try await database.write { db in
            // The same draft copied twice is one history item, moved to the top. It keeps its id, so a page that
            // shows it (History itself, after a Copy there) can still delete it.
            var item = HistoryItem(id: RandomID.make(), postedAt: now, action: action, tone: tone, text: text, scanId: scanId, deletedAt: nil)
            if var existing = try HistoryItem.filter(Column("text") == text && Column("tone") == tone).order(Column("postedAt").desc).fetchOne(db) {
                existing.postedAt = now
                existing.action = action
                existing.scanId = scanId ?? existing.scanId
                existing.deletedAt = nil
                try existing.update(db)
                try db.execute(sql: "DELETE FROM history WHERE text = ? AND tone = ? AND id != ?", arguments: [text, tone, existing.id])
                item = existing
            } else {
                try item.insert(db)
            }
            try db.execute(
                sql: """
                    DELETE FROM history WHERE deletedAt IS NULL
                      AND id NOT IN (SELECT id FROM history WHERE deletedAt IS NULL ORDER BY postedAt DESC, rowid DESC LIMIT ?)
                    """,
                arguments: [limit])
            try Self.purge(db, now: now)
            return item
        }
    }

    public func recent(limit: Int) async throws -> [HistoryItem] {
        try await database.read { db in
            try HistoryItem.filter(Column("deletedAt") == nil).order(Column("postedAt").desc).limit(limit).fetchAll(db)
        }
    }

    public func search(_ query: String, limit: Int) async throws -> [HistoryItem] {
        try await database.fullTextSearch(
            query, table: "history", index: "historySearch", newestFirstBy: "postedAt", limit: limit, where: "history.deletedAt IS NULL")
    }

    public func delete(id: String) async throws -> Bool {
        guard RandomID.isWellFormed(id) else { return false }
        let now = clock.now()
        return try await database.write { db in
            try db.execute(sql: "UPDATE history SET deletedAt = ? WHERE id = ? AND deletedAt IS NULL", arguments: [now, id])
            let deleted = db.changesCount > 0
            try Self.purge(db, now: now)
            return deleted
        }
    }

    public func restore(id: String) async throws -> Bool {
        guard RandomID.isWellFormed(id) else { return false }
        let now = clock.now()
        return try await database.write { db in
            try Self.purge(db, now: now)
            try db.execute(sql: "UPDATE history SET deletedAt = NULL WHERE id = ? AND deletedAt IS NOT NULL", arguments: [id])
            if db.changesCount > 0 { return true }
            // Undo pressed twice (a double tap, Back and send again): the item is already back.
            return try Bool.fetchOne(db, sql: "SELECT 1 FROM history WHERE id = ? AND deletedAt IS NULL", arguments: [id]) ?? false
        }
    }

    /// Deleted items past the undo window go for good.
    private static func purge(_ db: Database, now: Date) throws {
        try db.execute(sql: "DELETE FROM history WHERE deletedAt IS NOT NULL AND deletedAt <= ?", arguments: [now.addingTimeInterval(-undoWindow)])
    }
}
