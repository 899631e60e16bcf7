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

    public init(_ kind: Kind) { self.kind = kind }

    public var message: String {
        switch kind {
        case .invalidAPIKey:
            return "AI key invalid. Update it in the server settings (SNAPPOST_AI_KEY)."
        case .timeout:
            return "The AI provider took too long to answer. Try again, or raise SNAPPOST_AI_TIMEOUT for slow local models."
        case .rateLimited(let retryAfter):
            if let seconds = retryAfter.map({ Int($0.components.seconds) }), seconds > 0 {
                return "The AI provider is rate-limiting requests. Try again in \(Self.spoken(seconds))."
            }
            return "The AI provider is rate-limiting requests. Wait a moment, then try again."
        case .contentRejected:
            return "Excerpt could not be processed: the AI provider declined it under its content rules. Try a different passage."
        case .badRequest(let providerMessage):
            let said = providerMessage.trimmingCharacters(in: .whitespacesAndNewlines)
            return said.isEmpty
                ? "The AI provider rejected the request. Check the model name in the server settings (SNAPPOST_AI_MODEL)."
                : "The AI provider rejected the request: \(Self.clipped(said))"
        case .notFound(let url):
            return "The AI provider answered 404 at \(url). Check the base URL and the model name (SNAPPOST_AI_BASE_URL, SNAPPOST_AI_MODEL)."
        case .providerUnavailable(let status):
            return "The AI provider is having trouble (HTTP \(status)). Try again in a minute."
        case .unreachable(let url):
            return "Could not reach the AI provider at \(url). Check that it is running and that SNAPPOST_AI_BASE_URL is right."
        case .badResponse:
            return "The AI provider's reply could not be read as five drafts. Try again."
        case .cutOff:
            return "The AI reply was cut off before it finished. Try again, or raise the provider's token limit."
        case .incompleteReply(let part):
            return "The AI reply had no \(part). Try again."
        case .emptyInput:
            return "There is no text to write about yet. Add the page's text first."
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
        case .timeout, .rateLimited, .providerUnavailable, .unreachable, .badResponse, .cutOff, .incompleteReply: true
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
    public var description: String { "AIError(\(code)): \(message)" }
}
