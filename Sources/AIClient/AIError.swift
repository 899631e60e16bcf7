// Every way a call to the AI provider can fail, each naming one plain sentence for the person and a stable code.
import Foundation
import Support

/// A failure of a chat-completions call. Match on ``kind`` in code; show ``message`` (a catalogue key); use ``code`` as
/// a metrics label.
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
        /// 5xx; `retryAfter` comes from the `Retry-After` header when the provider sends one (a 503 in maintenance).
        case providerUnavailable(status: Int, retryAfter: Duration? = nil)
        /// Connection refused, DNS failure and the like.
        case unreachable(url: String)
        /// The provider took the connection and closed or reset it without answering.
        case connectionDropped(url: String)
        /// The reply could not be read as five drafts (or as what else was asked for).
        case badResponse(BadReply)
        /// The reply hit the token limit (`finish_reason: "length"`).
        case cutOff
        /// The reply lacked a tone's draft; `missing` is the tone's raw value, e.g. "punchy".
        case incompleteReply(missing: String)
        /// There was no text to send.
        case emptyInput
    }

    public let kind: Kind
    /// Whether the caller's text was kept before the call (the post writer's pages save it first); false for the
    /// JSON API, whose text lives in the request, so its message never says "Your text is saved".
    public var textIsSaved = true

    public init(_ kind: Kind) { self.kind = kind }

    /// What the person is told: what happened and what they can do. Settings and addresses are in ``technicalDetail``.
    /// Where the caller kept the text, the message says so (`error.<code>_saved`).
    public var message: LocalizedMessage {
        switch kind {
        case .rateLimited(let retryAfter):
            return Self.busy(for: retryAfter) ?? LocalizedMessage("error.ai_rate_limited")
        case .providerUnavailable(_, let retryAfter):
            // When the provider named its wait, the person is told it, as for a 429.
            return Self.busy(for: retryAfter) ?? LocalizedMessage("error.\(code)" + (textIsSaved ? "_saved" : ""))
        case .incompleteReply(let tone):
            return LocalizedMessage("error.ai_incomplete_reply", ["tone": .message("tone.\(tone)")])
        case .invalidAPIKey, .timeout, .badRequest, .notFound, .unreachable, .connectionDropped:
            return LocalizedMessage("error.\(code)" + (textIsSaved ? "_saved" : ""))
        case .contentRejected, .badResponse, .cutOff, .emptyInput:
            return LocalizedMessage("error.\(code)")
        }
    }

    /// What went wrong, without the post writer's consequences ("no drafts", "your text is saved"), for the other
    /// tools that ask the same provider, e.g. "it refused this server's key".
    public var reason: LocalizedMessage {
        switch kind {
        case .badResponse, .incompleteReply: LocalizedMessage("aiReason.ai_bad_response")
        default: LocalizedMessage("aiReason.\(code)")
        }
    }

    /// For whoever runs the server: which setting to check and what the provider said.
    public var technicalDetail: LocalizedMessage? {
        switch kind {
        case .badRequest(let providerMessage):
            let said = providerMessage.trimmingCharacters(in: .whitespacesAndNewlines)
            return said.isEmpty
                ? LocalizedMessage("errorDetail.ai_bad_request")
                : LocalizedMessage("errorDetail.ai_bad_request_said", ["said": .text(Self.clipped(said))])
        case .notFound(let url), .unreachable(let url), .connectionDropped(let url):
            return LocalizedMessage("errorDetail.\(code)", ["url": .text(url)])
        case .providerUnavailable(let status, _):
            return LocalizedMessage("errorDetail.ai_unavailable", ["status": .text(String(status))])
        case .badResponse(let reply):
            return reply.detail
        case .invalidAPIKey, .timeout, .rateLimited, .contentRejected, .cutOff:
            return LocalizedMessage("errorDetail.\(code)")
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

    /// Seconds the provider asked us to wait (the `Retry-After` of a 429 or a 5xx), rounded up; nil when it said nothing.
    public var retryAfterSeconds: Int? {
        switch kind {
        case .rateLimited(let wait?), .providerUnavailable(_, let wait?):
            let (seconds, attoseconds) = wait.components
            return Int(seconds) + (attoseconds > 0 ? 1 : 0)
        default:
            return nil
        }
    }

    /// "Busy, try again in …" for a wait of a second or more: under two minutes in seconds, otherwise in whole minutes
    /// (rounded up).
    private static func busy(for wait: Duration?) -> LocalizedMessage? {
        guard let seconds = wait.map({ Int($0.components.seconds) }), seconds > 0 else { return nil }
        return seconds < 120
            ? LocalizedMessage("error.ai_rate_limited_seconds", ["count": .number(seconds)])
            : LocalizedMessage("error.ai_rate_limited_minutes", ["count": .number((seconds + 59) / 60)])
    }

    /// Whether the same request may succeed if the person simply tries again.
    public var isRetryable: Bool {
        switch kind {
        case .timeout, .rateLimited, .providerUnavailable, .unreachable, .connectionDropped, .badResponse, .cutOff, .incompleteReply: true
        case .invalidAPIKey, .contentRejected, .badRequest, .notFound, .emptyInput: false
        }
    }

    /// Provider messages can be long; keep the page readable.
    private static func clipped(_ text: String) -> String {
        text.count <= 300 ? text : String(text.prefix(299)) + "…"
    }
}

extension AIError: CustomStringConvertible {
    public var description: String { "AIError(\(code)): \(message)" + (technicalDetail.map { " \($0)" } ?? "") }
}

/// Why a provider's reply could not be used, for whoever runs the server (``AIError/technicalDetail``), in the
/// person's language like every other message.
public enum BadReply: Sendable, Equatable {
    /// An HTTP status no other error names (1xx, 3xx).
    case status(Int)
    /// A body over the client's cap, in bytes.
    case tooLarge(bytes: Int)
    /// A 2xx body that is not an OpenAI chat completion (an HTML page, another API).
    case notChatCompletion
    /// A completion whose message is empty.
    case emptyMessage
    /// The message holds no JSON to read drafts from.
    case noJSON
    /// The JSON holds no drafts.
    case noPosts
    /// The shelf analyser's own response schema did not parse (ours, not the provider's).
    case shelfSchema
    /// The shelf reply holds no JSON object.
    case noShelfObject

    var detail: LocalizedMessage {
        switch self {
        case .status(let status): LocalizedMessage("errorDetail.ai_bad_response_status", ["status": .text(String(status))])
        case .tooLarge(let bytes): LocalizedMessage("errorDetail.ai_bad_response_too_large", ["bytes": .text(String(bytes))])
        case .notChatCompletion: LocalizedMessage("errorDetail.ai_bad_response_not_chat")
        case .emptyMessage: LocalizedMessage("errorDetail.ai_bad_response_empty")
        case .noJSON: LocalizedMessage("errorDetail.ai_bad_response_no_json")
        case .noPosts: LocalizedMessage("errorDetail.ai_bad_response_no_posts")
        case .shelfSchema: LocalizedMessage("errorDetail.ai_bad_response_shelf_schema")
        case .noShelfObject: LocalizedMessage("errorDetail.ai_bad_response_no_shelf_json")
        }
    }
}
