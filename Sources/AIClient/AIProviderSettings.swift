// How to reach an OpenAI-compatible provider, and the configuration keys that set it.
import Foundation

/// How to reach the provider. The configuration keys that fill it (`ai.baseUrl`, `ai.key`, `ai.model`, `ai.timeout`,
/// `ai.temperature`) are read in the Settings module, which takes its defaults from here.
public struct AIProviderSettings: Sendable, Equatable {
    public var baseURL: String
    public var apiKey: String?
    public var model: String
    public var temperature: Double
    public var topP: Double
    public var maxTokens: Int
    public var timeout: Duration

    public static let defaultModel = "gpt-4o-mini"
    public static let defaultTemperature = 0.8
    /// Local models on a CPU are slow; a minute lets them finish five drafts.
    public static let defaultTimeoutSeconds = 60.0

    public init(
        baseURL: String,
        apiKey: String? = nil,
        model: String = AIProviderSettings.defaultModel,
        temperature: Double = AIProviderSettings.defaultTemperature,
        topP: Double = 0.9,
        maxTokens: Int = 1600,
        timeout: Duration = .seconds(AIProviderSettings.defaultTimeoutSeconds)
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.model = model
        self.temperature = temperature
        self.topP = topP
        self.maxTokens = maxTokens
        self.timeout = timeout
    }

    /// The base URL without trailing slashes or surrounding space, with `http://` when no scheme was given
    /// ("localhost:11434", as people type it for Ollama): the key for the structured-output memory.
    public var normalizedBaseURL: String {
        var url = baseURL.trimmingCharacters(in: .whitespacesAndNewlines)
        while url.hasSuffix("/") { url.removeLast() }
        return url.contains("://") ? url : "http://" + url
    }

    /// `…/v1/chat/completions`, adding `/v1` only when the base URL has no version segment of its own
    /// (`/v1`, `/v1beta`, `/api/v1` all count), and nothing when it already ends in `/chat/completions`.
    public var chatCompletionsURL: String {
        let url = normalizedBaseURL
        if url.hasSuffix("/chat/completions") { return url }
        let path = URL(string: url)?.path ?? ""
        let hasVersion = path.split(separator: "/").contains { segment in
            segment.count >= 2 && segment.first == "v" && segment.dropFirst().first?.isNumber == true
        }
        return hasVersion ? url + "/chat/completions" : url + "/v1/chat/completions"
    }

    /// `chatCompletionsURL` as it may be shown or logged: without a `user:password@` part.
    public var shownChatCompletionsURL: String {
        let url = chatCompletionsURL
        guard var parts = URLComponents(string: url), parts.user != nil || parts.password != nil else { return url }
        parts.user = nil
        parts.password = nil
        return parts.string ?? url
    }

    /// A provider's own words as they may be shown or logged: the API key, and a password in the base URL, blanked
    /// (a proxy may echo what it was sent).
    public func redacted(_ text: String) -> String {
        var out = text
        let secrets = [apiKey ?? "", URLComponents(string: chatCompletionsURL)?.password ?? ""].filter { $0.count >= 4 }
        for secret in secrets { out = out.replacingOccurrences(of: secret, with: "…") }
        return out
    }

    /// "host · model", the AI-mode badge.
    public var displayName: String {
        let host = URL(string: normalizedBaseURL)?.host ?? normalizedBaseURL
        return "\(host) · \(model)"
    }
}
