// The chat-completions client's pure parts: URLs, Retry-After, error codes, and the request as it goes on the wire.
import AsyncHTTPClient
import Foundation
import Localization
import Support
import Testing

@testable import AIClient

@Suite("AIClient: settings, wire format, errors")
struct AIClientTests {
    @Test(arguments: [
        ("https://api.openai.com/v1", "https://api.openai.com/v1/chat/completions"),
        ("https://api.openai.com/v1/", "https://api.openai.com/v1/chat/completions"),
        ("http://localhost:11434", "http://localhost:11434/v1/chat/completions"),
        ("http://localhost:11434/", "http://localhost:11434/v1/chat/completions"),
        ("http://127.0.0.1:8080/v1/chat/completions", "http://127.0.0.1:8080/v1/chat/completions"),
        ("https://generativelanguage.googleapis.com/v1beta/openai/", "https://generativelanguage.googleapis.com/v1beta/openai/chat/completions"),
        ("localhost:11434", "http://localhost:11434/v1/chat/completions"),
    ])
    func chatCompletionsURL(base: String, expected: String) {
        #expect(AIProviderSettings(baseURL: base).chatCompletionsURL == expected)
    }

    @Test("A request that waited for a free connection behind earlier ones to a busy provider took too long; it was not unreachable")
    func transportFailuresMeanWhatThePersonMeets() {
        let url = "http://127.0.0.1:11434/v1/chat/completions"
        #expect(OpenAICompatibleClient.kind(of: .getConnectionFromPoolTimeout, url: url) == .timeout)
        #expect(OpenAICompatibleClient.kind(of: .deadlineExceeded, url: url) == .timeout)
        #expect(OpenAICompatibleClient.kind(of: .readTimeout, url: url) == .timeout)
        #expect(OpenAICompatibleClient.kind(of: .remoteConnectionClosed, url: url) == .connectionDropped(url: url))
        #expect(OpenAICompatibleClient.kind(of: .connectTimeout, url: url) == .unreachable(url: url))
    }

    @Test func defaultTimeoutIsSixtySeconds() {
        #expect(AIProviderSettings(baseURL: "http://x").timeout == .seconds(60))
    }

    @Test func retryAfterAsSecondsOrDate() {
        let now = Date(timeIntervalSince1970: 1_763_776_800)  // Sat, 22 Nov 2025 02:00:00 GMT
        #expect(OpenAICompatibleClient.retryAfter("30", now: now) == .seconds(30))
        #expect(OpenAICompatibleClient.retryAfter("Sat, 22 Nov 2025 02:01:30 GMT", now: now) == .seconds(90))
        #expect(OpenAICompatibleClient.retryAfter("soon", now: now) == nil)
        #expect(OpenAICompatibleClient.retryAfter("3600", now: now) == .seconds(3600))
        for absurd in ["inf", "-inf", "nan", "1e300", "3601", "-1", "Sat, 22 Nov 2025 03:00:01 GMT"] {
            #expect(OpenAICompatibleClient.retryAfter(absurd, now: now) == nil, "\(absurd)")
        }
    }

    @Test("Addresses and the provider's own words are shown without the key or a password in the base URL")
    func secretsAreNeverShown() {
        let settings = AIProviderSettings(baseURL: "http://bob:URLPASSWORD@127.0.0.1:9100/v1", apiKey: "sk-SECRETKEY123456")
        #expect(settings.shownChatCompletionsURL == "http://127.0.0.1:9100/v1/chat/completions")
        #expect(settings.redacted("bad key sk-SECRETKEY123456 via URLPASSWORD") == "bad key … via …")
        #expect(AIProviderSettings(baseURL: "http://127.0.0.1:9100").shownChatCompletionsURL == "http://127.0.0.1:9100/v1/chat/completions")
    }

    @Test func errorCodesAreStableAndMessagesPlain() {
        let kinds: [AIError.Kind] = [
            .invalidAPIKey, .timeout, .rateLimited(retryAfter: nil), .contentRejected, .badRequest(providerMessage: "x"),
            .notFound(url: "u"), .providerUnavailable(status: 502), .unreachable(url: "u"), .connectionDropped(url: "u"),
            .badResponse(.notChatCompletion),
            .cutOff,
            .incompleteReply(missing: "personal"), .emptyInput,
        ]
        let errors = kinds.map(AIError.init)
        #expect(Set(errors.map(\.code)).count == kinds.count)
        #expect(errors.allSatisfy { $0.code.hasPrefix("ai_") && !$0.message.english.isEmpty })
        #expect(errors.filter { $0.message.english.lowercased().contains("content") }.map(\.kind) == [.contentRejected])
    }

    @Test func anUnusableReplyIsExplainedInThePersonsLanguage() throws {
        let localizations = try Localizations.shipped()
        let replies: [BadReply] = [
            .status(304), .tooLarge(bytes: 4096), .notChatCompletion, .emptyMessage, .noJSON, .noPosts, .shelfSchema, .noShelfObject,
        ]
        for reply in replies {
            let detail = try #require(AIError(.badResponse(reply)).technicalDetail)
            let english = localizations.localizer(.english)(detail)
            #expect(!english.contains(detail.key), "\(reply) has its English sentence")
            for language in InterfaceLanguage.allCases where language != .english {
                #expect(localizations.localizer(language)(detail) != english, "\(reply) in \(language.tag)")
            }
        }
        #expect(localizations.localizer(.german)(AIError(.badResponse(.status(304))).technicalDetail!).contains("304"))
    }

    @Test func requestEncodesEachLadderStep() throws {
        func format(_ step: StructuredOutputStep) throws -> Any? {
            let request = ChatCompletionRequest(
                model: "m", messages: [.user("hi")], temperature: 0.8, topP: 0.9, maxTokens: 1600, responseFormat: step,
                schema: ResponseSchema(name: "answer", schema: ["type": "object", "additionalProperties": false]))
            let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(request)) as! [String: Any]
            return json["response_format"]
        }
        let schema = try #require(try format(.jsonSchema) as? [String: Any])
        #expect(schema["type"] as? String == "json_schema")
        let inner = try #require(schema["json_schema"] as? [String: Any])
        let root = try #require(inner["schema"] as? [String: Any])
        #expect(root["type"] as? String == "object")
        #expect(root["additionalProperties"] as? Bool == false)
        #expect((try format(.jsonObject) as? [String: Any])?["type"] as? String == "json_object")
        #expect(try format(.none) == nil)
    }

    @Test func messagesWithAPhotoUseContentParts() throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xD9])
        let message = ChatMessage(role: .user, parts: [.text("What books are these?"), .jpeg(jpeg)])
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(message)) as! [String: Any]
        let parts = try #require(json["content"] as? [[String: Any]])
        #expect(parts.first?["type"] as? String == "text")
        let image = try #require(parts.last?["image_url"] as? [String: Any])
        #expect(image["url"] as? String == "data:image/jpeg;base64," + jpeg.base64EncodedString())
        // A lone text part stays a plain string, which every server accepts.
        let plain = try JSONSerialization.jsonObject(with: JSONEncoder().encode(ChatMessage.user("hi"))) as! [String: Any]
        #expect(plain["content"] as? String == "hi")
    }

    @Test func retryAdviceFollowsTheKind() {
        #expect(AIError(.rateLimited(retryAfter: .seconds(7))).retryAfterSeconds == 7)
        #expect(AIError(.rateLimited(retryAfter: .milliseconds(6500))).retryAfterSeconds == 7)
        #expect(AIError(.rateLimited(retryAfter: nil)).retryAfterSeconds == nil)
        #expect(AIError(.timeout).retryAfterSeconds == nil)
        #expect(AIError(.invalidAPIKey).isRetryable == false)
        #expect(AIError(.providerUnavailable(status: 503)).isRetryable)
    }
}
