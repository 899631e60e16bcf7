// Storage failures, told apart: a full disk, a disk that will not write, a database busy or read-only, a damaged file,
// and stored data that can no longer be read. Each message says plainly that nothing was saved.
import Foundation
import GRDB
import Support

/// A storage failure. The message is for a person; the underlying error goes to the log through `logDetail`.
public struct StoreError: UserFacingError {
    public enum Kind: Sendable, Equatable {
        /// No space left on the disk (or the database reached its size limit): nothing was written.
        case full
        /// The disk refused to write or read (an I/O error); `detail` is for logs only.
        case diskFailure(detail: String)
        /// The database file or its folder cannot be written (permissions, a read-only mount).
        case readOnly
        /// Another writer held the database past the busy timeout; trying again shortly works.
        case busy
        /// The database file itself is damaged.
        case corrupt
        /// Any other SQLite failure; `detail` is for logs only.
        case failure(detail: String)
        /// A stored value could not be read back (written by a damaged earlier version, or a damaged file); `what` names
        /// it as a catalogue key under `stored.` ("drafts", "pageOutline").
        case damaged(what: String)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    /// SQLite's own error, told apart by its result code.
    static func failure(_ error: any Error) -> StoreError {
        guard let error = error as? DatabaseError else { return StoreError(.failure(detail: String(describing: error))) }
        switch error.resultCode {
        case .SQLITE_FULL: return StoreError(.full)
        case .SQLITE_IOERR: return StoreError(.diskFailure(detail: String(describing: error)))
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM: return StoreError(.readOnly)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return StoreError(.busy)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return StoreError(.corrupt)
        default: return StoreError(.failure(detail: String(describing: error)))
        }
    }

    /// As above; an I/O error on a disk with almost no space left is a full disk (SQLite reports a failed WAL write so).
    static func failure(_ error: any Error, directory: URL?) -> StoreError {
        let mapped = failure(error)
        if case .diskFailure = mapped.kind, let directory, let free = DataFolder.freeBytes(at: directory), free < 1024 * 1024 {
            return StoreError(.full)
        }
        return mapped
    }

    public var message: LocalizedMessage {
        if case .damaged(let what) = kind { return LocalizedMessage("error.store_damaged", ["what": .message("stored.\(what)")]) }
        return LocalizedMessage("error.\(code)")
    }

    public var code: String {
        switch kind {
        case .full: "store_full"
        case .diskFailure: "store_disk_failure"
        case .readOnly: "store_read_only"
        case .busy: "store_busy"
        case .corrupt: "store_corrupt"
        case .failure: "store_failure"
        case .damaged: "store_damaged"
        }
    }

    public var category: ErrorCategory { kind == .busy ? .busy : .internal }

    public var retryAfterSeconds: Int? { kind == .busy ? 2 : nil }

    /// Trying again helps only when the database was busy or the failure was passing; a full disk needs a person first.
    public var isRetryable: Bool {
        switch kind {
        case .busy, .failure: true
        default: false
        }
    }

    /// Whether nothing can be stored until someone frees space (the web answers 507 Insufficient Storage).
    public var isOutOfSpace: Bool { kind == .full }

    public var logDetail: String {
        switch kind {
        case .failure(let detail), .diskFailure(let detail): detail
        case .damaged(let what): "damaged \(what)"
        default: code
        }
    }
}
