// Every way a call to the AI provider can fail, each with one plain sentence for the person and a stable code.
import Foundation
import Support

/// A failure of a chat-completions call. Match on ``kind`` in code; show ``message``; use ``code`` as a metrics label.
public struct AIError: UserFacingError, Equatable {
    public enum Kind: Sendable, Equatable {
        /// 401 or 403.
        case invalidAPIKey
        /// 408, or no reply before the configured timeout.
        case timeout
        /// 429; `retryAfter` comes from the `Retry-After` header when the provider sends one.
        case rateLimited(retryAfter: Duration?)
        /// A 400 whose code says content policy, a `content_filter` finish, or a refusal.
        case contentRejected
        /// Any other 400, with the provider's own words.
        case badRequest(providerMessage: String)
        /// 404: the base URL or the model name is wrong.
        case notFound(url: String)
        /// 5xx.
        case providerUnavailable(status: Int)
        /// Connection refused, DNS failure and the like.
        case unreachable(url: String)
        /// The provider took the connection and closed or reset it without answering.
        case connectionDropped(url: String)
        /// The reply could not be read as five drafts.
        case badResponse(detail: String)
        /// The reply hit the token limit (`finish_reason: "length"`).
        case cutOff
        /// The reply lacked a part the caller needs; `part` names it for a person, e.g. "punchy draft".
        case incompleteReply(missing: String)
        /// There was no text to send.
        case emptyInput
    }

    public let kind: Kind
    /// Whether the caller's text was kept before the call (the post writer's pages save it first); false for the
    /// JSON API, whose text lives in the request, so its message never says "Your text is saved".
    public var textIsSaved = true

    public init(_ kind: Kind) { self.kind = kind }

    /// What the person is told: what happened and what they can do, in their words. Settings and addresses are in
    /// ``technicalDetail``.
    public var message: String {
        let saved = textIsSaved ? " Your text is saved." : ""
        /// " Your text is saved; try again …." or, when nothing was kept, " Try again …."
        func savedAnd(_ advice: String) -> String {
            textIsSaved ? " Your text is saved; \(advice)." : " " + advice.prefix(1).uppercased() + advice.dropFirst() + "."
        }
        switch kind {
        case .invalidAPIKey:
            return "The AI writer refused this server's key, so no drafts were written.\(saved)"
        case .timeout:
            return "The AI writer took too long to answer.\(savedAnd("try again in a moment"))"
        case .rateLimited(let retryAfter):
            if let seconds = retryAfter.map({ Int($0.components.seconds) }), seconds > 0 {
                return "The AI writer is busy. Try again in \(Self.spoken(seconds))."
            }
            return "The AI writer is busy. Wait a moment, then try again."
        case .contentRejected:
            return "The AI writer declined this passage under its content rules. Try a different passage."
        case .badRequest:
            return "The AI writer turned the request down, so no drafts were written.\(saved)"
        case .notFound:
            return "The AI writer could not be found at its address, so no drafts were written.\(saved)"
        case .providerUnavailable:
            return "The AI writer is having trouble right now.\(savedAnd("try again in a minute"))"
        case .unreachable:
            return "The AI writer can't be reached right now.\(savedAnd("try again when it is back"))"
        case .connectionDropped:
            return "The AI writer hung up without answering, so no drafts were written.\(savedAnd("try again in a moment"))"
        case .badResponse:
            return "The AI writer's answer could not be read as drafts. Try again."
        case .cutOff:
            return "The AI writer's answer was cut off before it finished. Try again."
        case .incompleteReply(let part):
            return "The AI writer's answer had no \(part). Try again."
        case .emptyInput:
            return "There is no text to write about yet. Add the page's text first."
        }
    }

    /// What went wrong, without the post writer's consequences ("no drafts", "your text is saved"), for the other
    /// tools that ask the same provider, e.g. "it refused this server's key".
    public var reason: String {
        switch kind {
        case .invalidAPIKey: "it refused this server's key"
        case .timeout: "it took too long to answer"
        case .rateLimited: "it is busy"
        case .contentRejected: "it declined the request under its content rules"
        case .badRequest: "it turned the request down"
        case .notFound: "it could not be found at its address"
        case .providerUnavailable: "it is having trouble right now"
        case .unreachable: "it can't be reached right now"
        case .connectionDropped: "it hung up without answering"
        case .badResponse, .incompleteReply: "its answer could not be read"
        case .cutOff: "its answer was cut off before it finished"
        case .emptyInput: "there was nothing to send it"
        }
    }

    /// For whoever runs the server: which setting to check and what the provider said.
    public var technicalDetail: String? {
        switch kind {
        case .invalidAPIKey:
            return "The provider answered 401/403: check SNAPPOST_AI_KEY."
        case .timeout:
            return "No answer within SNAPPOST_AI_TIMEOUT; raise it for slow local models."
        case .rateLimited:
            return "The provider answered 429."
        case .contentRejected:
            return "The provider's content filter refused the passage."
        case .badRequest(let providerMessage):
            let said = providerMessage.trimmingCharacters(in: .whitespacesAndNewlines)
            return "The provider answered 400" + (said.isEmpty ? "" : ": \(Self.clipped(said))") + ". Check SNAPPOST_AI_MODEL."
        case .notFound(let url):
            return "The provider answered 404 at \(url). Check SNAPPOST_AI_BASE_URL and SNAPPOST_AI_MODEL."
        case .providerUnavailable(let status):
            return "The provider answered HTTP \(status)."
        case .unreachable(let url):
            return "No connection to \(url). Check that the provider is running and that SNAPPOST_AI_BASE_URL is right."
        case .connectionDropped(let url):
            return
                "\(url) took the connection and closed or reset it without an HTTP answer. Check that it is an OpenAI-compatible server and healthy."
        case .badResponse(let detail):
            return "Unreadable reply: \(detail)."
        case .cutOff:
            return "finish_reason \"length\": raise the provider's token limit."
        case .incompleteReply, .emptyInput:
            return nil
        }
    }

    public var code: String {
        switch kind {
        case .invalidAPIKey: "ai_invalid_key"
        case .timeout: "ai_timeout"
        case .rateLimited: "ai_rate_limited"
        case .contentRejected: "ai_content_rejected"
        case .badRequest: "ai_bad_request"
        case .notFound: "ai_not_found"
        case .providerUnavailable: "ai_unavailable"
        case .unreachable: "ai_unreachable"
        case .connectionDropped: "ai_connection_dropped"
        case .badResponse: "ai_bad_response"
        case .cutOff: "ai_cut_off"
        case .incompleteReply: "ai_incomplete_reply"
        case .emptyInput: "ai_empty_input"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .contentRejected, .emptyInput: .badInput
        case .rateLimited: .busy
        default: .upstream
        }
    }

    /// Seconds the provider asked us to wait (a 429's `Retry-After`), rounded up; nil when it said nothing.
    public var retryAfterSeconds: Int? {
        guard case .rateLimited(let wait?) = kind else { return nil }
        let (seconds, attoseconds) = wait.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    /// Whether the same request may succeed if the person simply tries again.
    public var isRetryable: Bool {
        switch kind {
        case .timeout, .rateLimited, .providerUnavailable, .unreachable, .connectionDropped, .badResponse, .cutOff, .incompleteReply: true
        case .invalidAPIKey, .contentRejected, .badRequest, .notFound, .emptyInput: false
        }
    }

    private static func spoken(_ seconds: Int) -> String {
        if seconds < 120 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let minutes = (seconds + 59) / 60
        return "\(minutes) minutes"
    }

    /// Provider messages can be long; keep the page readable.
    private static func clipped(_ text: String) -> String {
        text.count <= 300 ? text : String(text.prefix(299)) + "…"
    }
}

extension AIError: CustomStringConvertible {
    public var description: String { "AIError(\(code)): \(message)" + (technicalDetail.map { " \($0)" } ?? "") }
}
