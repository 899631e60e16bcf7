// The pieces under the provider: tone names, reply parsing, the 900-character rule, settings and error codes.
import Foundation
import Testing

@testable import SnapPostCore

@Suite("Posts: tones, parsing, length, settings")
struct PostsTests {
    @Test(arguments: ["openQuestion", "open-question", "open_question", "Open question", "OPEN QUESTION"])
    func openQuestionSpellings(_ text: String) {
        #expect(Tone(lenient: text) == .openQuestion)
    }

    @Test func toneNamesAndOrder() {
        #expect(Tone.allCases.map(\.displayName) == ["Punchy", "Contrarian", "Personal", "Analytical", "Open question"])
        #expect(Tone(lenient: "sarcastic") == nil)
    }

    @Test func parserFindsPostsInAnyWrapping() throws {
        let object = #"{"posts":[{"tone":"punchy","text":"A"}]}"#
        #expect(try ReplyParser.drafts(from: object) == [RawDraft(tone: .punchy, text: "A")])
        #expect(try ReplyParser.drafts(from: #"[{"tone":"open-question","post":"B"}]"#) == [RawDraft(tone: .openQuestion, text: "B")])
        #expect(try ReplyParser.drafts(from: "Sure!\n```json\n\(object)\n```") == [RawDraft(tone: .punchy, text: "A")])
        #expect(try ReplyParser.drafts(from: "<think>{not json}</think>\(object)") == [RawDraft(tone: .punchy, text: "A")])
        #expect(try ReplyParser.drafts(from: "Here they are: \(object) Enjoy.") == [RawDraft(tone: .punchy, text: "A")])
        #expect(try ReplyParser.drafts(from: #"{"punchy":"A","analytical":"B"}"#) == [
            RawDraft(tone: .punchy, text: "A"), RawDraft(tone: .analytical, text: "B"),
        ])
    }

    @Test func parserRejectsProse() {
        #expect(throws: AIError(.badResponse(detail: "no JSON in reply"))) { try ReplyParser.drafts(from: "I cannot help with that.") }
    }

    @Test func unlabeledDraftsFillTonesInOrder() throws {
        let drafts = (1...5).map { RawDraft(tone: nil, text: "Post \($0)") }
        let variants = try VariantAssembler.variants(from: drafts)
        #expect(variants.map(\.tone) == Tone.allCases)
        #expect(variants.map(\.text) == ["Post 1", "Post 2", "Post 3", "Post 4", "Post 5"])
    }

    @Test func shortTextIsUntouched() {
        let fitted = LinkedInLength.fit("  Short post.  ")
        #expect(fitted.text == "Short post.")
        #expect(!fitted.trimmed)
    }

    @Test func trimsAtASentenceWhenOneIsNearTheLimit() {
        let text = String(repeating: "This sentence is fine. ", count: 60)
        let fitted = LinkedInLength.fit(text)
        #expect(fitted.trimmed)
        #expect(fitted.text.count <= 900)
        #expect(fitted.text.hasSuffix("fine."))
    }

    @Test func trimsAtAWordWithAnEllipsisOtherwise() {
        let text = String(repeating: "abcdefgh ", count: 250) + "end"
        let fitted = LinkedInLength.fit(text)
        #expect(fitted.text.count <= 900)
        #expect(fitted.text.hasSuffix("abcdefgh…"))
    }

    @Test func countsCharactersNotBytes() {
        let text = String(repeating: "é🙂 ", count: 300)  // 900 characters before trimming spaces, ~2,700 bytes
        #expect(LinkedInLength.fit(text).text.count <= 900)
        #expect(!LinkedInLength.fit(String(repeating: "é", count: 900)).trimmed)
    }

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

    @Test func settingsFromEnvironment() throws {
        #expect(AIProviderSettings(environment: [:]) == nil)
        #expect(AIProviderSettings(environment: ["SNAPPOST_AI_BASE_URL": "  "]) == nil)
        let settings = try #require(
            AIProviderSettings(environment: [
                "SNAPPOST_AI_BASE_URL": "http://localhost:11434", "SNAPPOST_AI_MODEL": "llama3.2", "SNAPPOST_AI_TIMEOUT": "120",
            ])
        )
        #expect(settings.apiKey == nil)
        #expect(settings.model == "llama3.2")
        #expect(settings.timeout == .seconds(120))
        #expect(settings.temperature == 0.8 && settings.topP == 0.9 && settings.maxTokens == 1600)
        #expect(settings.displayName == "localhost · llama3.2")
    }

    @Test func defaultTimeoutIsSixtySeconds() {
        #expect(AIProviderSettings(baseURL: "http://x").timeout == .seconds(60))
    }

    @Test func retryAfterAsSecondsOrDate() {
        let now = Date(timeIntervalSince1970: 1_763_776_800)  // Sat, 22 Nov 2025 02:00:00 GMT
        #expect(OpenAICompatibleProvider.retryAfter("30", now: now) == .seconds(30))
        #expect(OpenAICompatibleProvider.retryAfter("Sat, 22 Nov 2025 02:01:30 GMT", now: now) == .seconds(90))
        #expect(OpenAICompatibleProvider.retryAfter("soon", now: now) == nil)
    }

    @Test func errorCodesAreStableAndMessagesPlain() {
        let kinds: [AIError.Kind] = [
            .invalidAPIKey, .timeout, .rateLimited(retryAfter: nil), .contentRejected, .badRequest(providerMessage: "x"),
            .notFound(url: "u"), .providerUnavailable(status: 502), .unreachable(url: "u"), .badResponse(detail: "d"), .cutOff,
            .missingTone(.personal), .emptyExcerpt,
        ]
        let errors = kinds.map(AIError.init)
        #expect(Set(errors.map(\.code)).count == kinds.count)
        #expect(errors.allSatisfy { $0.code.hasPrefix("ai_") && !$0.message.isEmpty })
        #expect(errors.filter { $0.message.lowercased().contains("content") }.map(\.kind) == [.contentRejected])
    }

    @Test func requestEncodesEachLadderStep() throws {
        func format(_ step: StructuredOutputStep) throws -> Any? {
            let request = ChatCompletionRequest(
                model: "m", messages: [.init(role: "user", content: "hi")], temperature: 0.8, topP: 0.9, maxTokens: 1600,
                responseFormat: step)
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
}
