// The contract every typed error in the core follows, so the web and CLI can show it in one place.

/// An error a person can act on. `message` is shown as is; `code` is stable and safe as a metrics label.
public protocol UserFacingError: Error, Sendable {
    /// One sentence a person understands, with no paths, pointers or stack traces.
    var message: String { get }
    /// A short stable identifier such as `unsupported_type`; used in tests, logs and metrics.
    var code: String { get }
    /// What kind of failure this is, which decides the HTTP status and the way forward on the page.
    var category: ErrorCategory { get }
    /// Seconds after which trying again should work (sent as `Retry-After`); nil when unknown.
    var retryAfterSeconds: Int? { get }
    /// Whether the same request may succeed if the person simply tries again (decides whether a page offers Retry).
    var isRetryable: Bool { get }
    /// What an operator needs to fix it (a setting's name, an address), shown folded away under the message; nil when
    /// the message says it all.
    var technicalDetail: String? { get }
}

extension UserFacingError {
    public var retryAfterSeconds: Int? { nil }
    public var technicalDetail: String? { nil }
    /// Busy and upstream failures usually pass; bad input, missing things and our own bugs do not.
    public var isRetryable: Bool { category == .busy || category == .upstream }
}

/// Broad families of failure; the web layer maps each to one status code and one "what now" link.
public enum ErrorCategory: String, Sendable {
    /// The input was wrong; the person should send something else (4xx).
    case badInput
    /// The input was too big (413).
    case tooLarge
    /// Nothing was found in the input, e.g. a photo with no text (422).
    case nothingFound
    /// What was asked for does not exist (any more): a deleted scan, project or shelf (404).
    case notFound
    /// We are busy; try again shortly (503).
    case busy
    /// An outside service (the AI provider) failed; retrying may help (502/504).
    case upstream
    /// A bug or an engine failure on our side (500). Should never happen on bad input.
    case `internal`
}

/// What was asked for does not exist, or no longer: a deleted scan, photo, project or shelf.
public struct NotFoundError: UserFacingError {
    public let message: String
    public var code: String { "not_found" }
    public var category: ErrorCategory { .notFound }

    public init(_ message: String = "That page or scan does not exist. It may have been deleted.") {
        self.message = message
    }
}

/// A request (a form, an edit, a command's input) that is missing what it needs or asks for something absurd.
public struct InvalidInputError: UserFacingError {
    public let message: String
    public let code: String
    public var category: ErrorCategory { .badInput }

    public init(_ message: String, code: String) {
        self.message = message
        self.code = code
    }
}
