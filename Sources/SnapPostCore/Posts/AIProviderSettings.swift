// How to reach an OpenAI-compatible provider, and the configuration keys that set it.
import Foundation

/// Settings for ``OpenAICompatibleProvider``.
///
/// Configuration keys (environment, `.env`, or the matching `--ai-…` flags):
/// - `SNAPPOST_AI_BASE_URL`: e.g. `https://api.openai.com/v1` or `http://localhost:11434`; with or without `/v1` and a
///   trailing slash. Unset means the offline writer is used.
/// - `SNAPPOST_AI_KEY`: sent as a bearer token; optional, local servers need none.
/// - `SNAPPOST_AI_MODEL`: the model name; default ``defaultModel``.
/// - `SNAPPOST_AI_TIMEOUT`: seconds to wait for the whole reply; default 60, because local models on a CPU are slow.
public struct AIProviderSettings: Sendable, Equatable {
    public var baseURL: String
    public var apiKey: String?
    public var model: String
    public var temperature: Double
    public var topP: Double
    public var maxTokens: Int
    public var timeout: Duration

    public static let defaultModel = "gpt-4o-mini"

    public init(
        baseURL: String,
        apiKey: String? = nil,
        model: String = AIProviderSettings.defaultModel,
        temperature: Double = 0.8,
        topP: Double = 0.9,
        maxTokens: Int = 1600,
        timeout: Duration = .seconds(60)
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.model = model
        self.temperature = temperature
        self.topP = topP
        self.maxTokens = maxTokens
        self.timeout = timeout
    }

    /// Reads the `SNAPPOST_AI_*` keys; nil when no base URL is set (use the offline writer).
    public init?(environment: [String: String]) {
        func value(_ key: String) -> String? {
            guard let raw = environment[key]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else { return nil }
            return raw
        }
        guard let baseURL = value("SNAPPOST_AI_BASE_URL") else { return nil }
        self.init(baseURL: baseURL, apiKey: value("SNAPPOST_AI_KEY"), model: value("SNAPPOST_AI_MODEL") ?? Self.defaultModel)
        if let seconds = value("SNAPPOST_AI_TIMEOUT").flatMap(Double.init), seconds > 0 {
            timeout = .milliseconds(Int64(seconds * 1000))
        }
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

    /// "host · model", the AI-mode badge.
    public var displayName: String {
        let host = URL(string: normalizedBaseURL)?.host ?? normalizedBaseURL
        return "\(host) · \(model)"
    }
}

/// A prompt for ``OpenAICompatibleProvider/reply(to:)``: tools other than the post writer use the same client.
public struct ChatPrompt: Sendable, Equatable {
    public var system: String
    public var user: String
    /// Sent as an `image_url` part beside `user` (vision models); nil sends text only.
    public var imageJPEG: Data?
    public var schemaName: String
    /// The JSON schema of the reply, as JSON text.
    public var schemaJSON: String
    public var maxTokens: Int?

    public init(system: String, user: String, imageJPEG: Data? = nil, schemaName: String, schemaJSON: String, maxTokens: Int? = nil) {
        self.system = system
        self.user = user
        self.imageJPEG = imageJPEG
        self.schemaName = schemaName
        self.schemaJSON = schemaJSON
        self.maxTokens = maxTokens
    }
}
