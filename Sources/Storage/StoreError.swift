// Storage failures, told apart: the database failing, and stored data that can no longer be read.
import Support

/// A storage failure. The message is for a person; the underlying error goes to the log through `logDetail`.
public struct StoreError: UserFacingError {
    public enum Kind: Sendable {
        /// SQLite refused or failed; `detail` is for logs only.
        case failure(detail: String)
        /// A stored value could not be read back (written by a damaged earlier version, or a damaged file).
        case damaged(what: String)
    }

    public let kind: Kind

    public init(_ kind: Kind) { self.kind = kind }

    static func failure(_ error: any Error) -> StoreError { StoreError(.failure(detail: String(describing: error))) }

    public var message: String {
        switch kind {
        case .failure: "Could not reach the database right now. Please try again in a moment."
        case .damaged(let what): "The stored \(what) could not be read back: that part of the database is damaged. The rest is safe."
        }
    }

    public var code: String {
        switch kind {
        case .failure: "store_failure"
        case .damaged: "store_damaged"
        }
    }

    public var category: ErrorCategory { .internal }

    public var logDetail: String {
        switch kind {
        case .failure(let detail): detail
        case .damaged(let what): "damaged \(what)"
        }
    }
}
