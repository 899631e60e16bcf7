// What the app needs from storage. `SQLiteScanStore` is the real one; tests use it in memory.
import Foundation

public protocol ScanStore: Sendable {
    func insertScan(_ scan: NewScan) async throws -> ScanRecord
    func scan(id: String) async throws -> ScanRecord?
    func recentScans(limit: Int) async throws -> [ScanRecord]
    /// Full-text search over scans' edited text, book and author, newest first.
    func searchScans(_ query: String, limit: Int) async throws -> [ScanRecord]
    /// Saves what the person typed. Called before any AI work so nothing typed is ever lost.
    func saveEdits(scanId: String, text: String, book: String, author: String) async throws
    func deleteScan(id: String) async throws

    func insertGeneration(scanId: String, writer: String, sourceText: String, drafts: [StoredDraft]) async throws -> GenerationRecord
    func generation(id: String, scanId: String) async throws -> GenerationRecord?
    func latestGeneration(scanId: String) async throws -> GenerationRecord?

    /// Adds a draft to history and evicts the oldest beyond the configured size, in one transaction.
    func addHistory(action: HistoryAction, tone: String, text: String, scanId: String?) async throws -> HistoryRecord
    func history(limit: Int) async throws -> [HistoryRecord]
    func searchHistory(_ query: String, limit: Int) async throws -> [HistoryRecord]
    func deleteHistory(id: String) async throws -> Bool

    func createSession(lifetime: TimeInterval) async throws -> SessionRecord
    /// The session if it exists and has not expired.
    func validSession(id: String) async throws -> SessionRecord?
    func deleteSession(id: String) async throws

    /// Writes and reads back a row, for the health check.
    func checkWritable() async throws
}

/// The store failed; shown as a plain message, details go to the log.
public struct StoreError: UserFacingError {
    public let detail: String
    public init(_ detail: String) { self.detail = detail }
    public var message: String { "Could not save your work right now. Nothing was lost; please try again." }
    public var code: String { "store_failure" }
    public var category: ErrorCategory { .internal }
}
