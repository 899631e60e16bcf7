// The model writer over the real client against a loopback server: every reply shape and every error a provider gives.
import ChatServerStub
import Foundation
import Support
import Testing

@testable import AIClient
@testable import PostWriting

@Suite("ModelWriter over loopback")
struct ModelWriterTests {
    static let excerpt = "The remaining fat may be used, in place of butter, for frying potatoes, or for basting when roasting another chicken."

    /// Generates through the loopback server with a scenario of its own and a fresh structured-output memory.
    func generate(
        _ scenario: String,
        _ setup: OpenAIScenario,
        memory: StructuredOutputMemory = StructuredOutputMemory(),
        timeout: Duration = OpenAITestServer.patientTimeout,
        key: String? = "sk-test"
    ) async throws -> [Variant] {
        let server = try await OpenAITestServer.shared()
        let settings = AIProviderSettings(baseURL: server.baseURL(scenario, setup), apiKey: key, model: "test-model", timeout: timeout)
        return try await ModelWriter(
            client: OpenAICompatibleClient(settings: settings, httpClient: OpenAITestServer.patientHTTPClient, memory: memory)
        )
        .generateVariants(from: Self.excerpt, bookTitle: "Boston Cooking-School Cook Book", author: "Fannie Merritt Farmer")
    }

    /// The error a scenario maps to.
    func failure(_ scenario: String, _ setup: OpenAIScenario, timeout: Duration = OpenAITestServer.patientTimeout) async throws -> AIError {
        do {
            let variants = try await generate(scenario, setup, timeout: timeout)
            Issue.record("expected an error, got \(variants.count) variants")
            return AIError(.badResponse(.noPosts))
        } catch let error as AIError {
            return error
        }
    }

    func expectFiveInOrder(_ variants: [Variant]) {
        #expect(variants.map(\.tone) == Tone.allCases)
        #expect(variants.allSatisfy { !$0.text.isEmpty && $0.text.count <= LinkedInLength.limit })
    }

    // MARK: Reply shapes

    @Test func objectReply() async throws {
        let variants = try await generate("object", .init(fixture: "ok_object"))
        expectFiveInOrder(variants)
        #expect(variants[0].text.hasPrefix("Waste nothing."))
        #expect(variants.allSatisfy { $0.note == nil })
    }

    @Test func bareArrayReply() async throws {
        let variants = try await generate("bare-array", .init(fixture: "ok_bare_array"))
        expectFiveInOrder(variants)
        #expect(variants[4].text.hasPrefix("What would change"))
    }

    @Test func fencedReply() async throws {
        let variants = try await generate("fenced", .init(fixture: "ok_fenced"))
        expectFiveInOrder(variants)
        #expect(variants[1].text.hasPrefix("Unpopular opinion"))
    }

    @Test func replyAfterThinkBlock() async throws {
        let variants = try await generate("think", .init(fixture: "ok_think"))
        expectFiveInOrder(variants)
        #expect(!variants.contains { $0.text.contains("<think>") })
    }

    @Test func nonASCIIReply() async throws {
        let variants = try await generate("non-ascii", .init(fixture: "ok_non_ascii"))
        expectFiveInOrder(variants)
        #expect(variants[0].text.contains("Qu’est-ce que vous jetez"))
        #expect(variants[1].text.contains("🍗"))
        #expect(variants[4].text.contains("料理"))
    }

    // MARK: Structured-output ladder

    @Test func schemaRejectedFallsBackAndIsRemembered() async throws {
        let memory = StructuredOutputMemory()
        let setup = OpenAIScenario(fixture: "ok_object", rejects: ["json_schema"])
        let server = try await OpenAITestServer.shared()

        expectFiveInOrder(try await generate("ladder", setup, memory: memory))
        #expect(server.formats("ladder") == ["json_schema", "json_object"])
        #expect(memory.startingStep(for: server.baseURL("ladder", setup)) == .jsonObject)

        expectFiveInOrder(try await generate("ladder", setup, memory: memory))
        #expect(server.formats("ladder") == ["json_schema", "json_object", "json_object"])
    }

    @Test func bothStructuredModesRejectedEndsWithPlainPrompt() async throws {
        let memory = StructuredOutputMemory()
        let setup = OpenAIScenario(fixture: "ok_fenced", rejects: ["json_schema", "json_object"])
        expectFiveInOrder(try await generate("ladder-none", setup, memory: memory))
        let server = try await OpenAITestServer.shared()
        #expect(server.formats("ladder-none") == ["json_schema", "json_object", "none"])
        #expect(memory.startingStep(for: server.baseURL("ladder-none", setup)) == .none)
    }

    @Test func otherBadRequestShowsProviderMessageAfterTheLadder() async throws {
        let error = try await failure("bad-request", .init(status: 400, fixture: "error_bad_request"))
        guard case .badRequest(let said) = error.kind else {
            Issue.record("got \(error)")
            return
        }
        #expect(said.contains("max_tokens is too large"))
        #expect(error.technicalDetail?.english.contains("max_tokens is too large") == true)
        #expect(!error.message.english.lowercased().contains("content policy"))
        #expect(try await OpenAITestServer.shared().formats("bad-request") == ["json_schema", "json_object", "none"])
    }

    @Test func contentPolicyIsTheOnlyContentRejection() async throws {
        let error = try await failure("content-policy", .init(status: 400, fixture: "error_content_policy"))
        #expect(error.kind == .contentRejected)
        #expect(error.message.english.hasPrefix("The AI writer declined this passage"))
        #expect(try await OpenAITestServer.shared().formats("content-policy").count == 1)
    }

    // MARK: HTTP errors

    @Test(arguments: [(401, "error_invalid_key"), (403, "error_forbidden")])
    func rejectedKey(status: Int, fixture: String) async throws {
        let error = try await failure("key-\(status)", .init(status: status, fixture: fixture))
        #expect(error.kind == .invalidAPIKey)
        #expect(error.message.english == "The AI writer refused this server's key, so no drafts were written. Your text is saved.")
        #expect(error.technicalDetail?.english.contains("SNAPPOST_AI_KEY") == true)
        #expect(!error.message.english.contains("SNAPPOST_"), "operator language stays in the folded detail")
        #expect(error.code == "ai_invalid_key")
        #expect(!error.isRetryable)
    }

    @Test("Without the text kept (the JSON API), no message claims it is saved; every kind has a context-free reason")
    func messagesWithoutSavedText() {
        let kinds: [AIError.Kind] = [
            .invalidAPIKey, .timeout, .rateLimited(retryAfter: nil), .contentRejected, .badRequest(providerMessage: "x"),
            .notFound(url: "http://x"), .providerUnavailable(status: 502), .unreachable(url: "http://x"),
            .connectionDropped(url: "http://x"), .badResponse(.noJSON), .cutOff, .incompleteReply(missing: "punchy"),
            .emptyInput,
        ]
        for kind in kinds {
            var error = AIError(kind)
            let kept = error.message.english
            error.textIsSaved = false
            #expect(!error.message.english.lowercased().contains("saved"), "\(kind): \(error.message.english)")
            #expect(error.message.english.first?.isUppercase == true && error.message.english.hasSuffix("."), "\(kind): \(error.message.english)")
            #expect(!kept.contains(". t") && !error.message.english.contains(". t"), "sentences start with a capital: \(kind)")
            #expect(!error.reason.english.isEmpty && !error.reason.english.contains("draft") && !error.reason.english.hasSuffix("."), "\(kind)")
        }
        #expect(AIError(.timeout).message.english == "The AI writer took too long to answer. Your text is saved; try again in a moment.")
        var timeout = AIError(.timeout)
        timeout.textIsSaved = false
        #expect(timeout.message.english == "The AI writer took too long to answer. Try again in a moment.")
    }

    @Test func notFoundShowsTheURL() async throws {
        let error = try await failure("not-found", .init(status: 404, fixture: "error_not_found"))
        let url = "http://127.0.0.1:\(try await OpenAITestServer.shared().port)/not-found/v1/chat/completions"
        #expect(error.kind == .notFound(url: url))
        #expect(error.technicalDetail?.english.contains(url) == true && !error.message.english.contains(url))
    }

    @Test func requestTimeoutStatus() async throws {
        let error = try await failure("status-408", .init(status: 408, fixture: "error_request_timeout"))
        #expect(error.kind == .timeout)
        #expect(error.isRetryable)
    }

    @Test func rateLimitedWithRetryAfter() async throws {
        let error = try await failure("rate-limited", .init(status: 429, fixture: "error_rate_limited", retryAfter: "20"))
        #expect(error.kind == .rateLimited(retryAfter: .seconds(20)))
        #expect(error.message.english.contains("20 seconds"))
        #expect(error.isRetryable)
        #expect(try await OpenAITestServer.shared().formats("rate-limited").count == 1, "no automatic retry")
    }

    @Test(
        "A Retry-After that names no sane wait (infinite, huge, negative, a date years away) is as good as none; it never traps",
        arguments: ["inf", "1e300", "99999999999999999999", "-5", "nan", "86400", "Wed, 21 Oct 2037 07:28:00 GMT"])
    func rateLimitedWithAnAbsurdRetryAfter(header: String) async throws {
        let error = try await failure("rate-limited-absurd-\(header.count)", .init(status: 429, fixture: "error_rate_limited", retryAfter: header))
        #expect(error.kind == .rateLimited(retryAfter: nil), "\(header)")
        #expect(error.retryAfterSeconds == nil)
    }

    @Test func rateLimitedWithoutRetryAfter() async throws {
        let error = try await failure("rate-limited-bare", .init(status: 429, fixture: "error_rate_limited"))
        #expect(error.kind == .rateLimited(retryAfter: nil))
    }

    @Test(arguments: [(500, "error_server"), (503, "error_unavailable")])
    func providerUnavailable(status: Int, fixture: String) async throws {
        let error = try await failure("status-\(status)", .init(status: status, fixture: fixture))
        #expect(error.kind == .providerUnavailable(status: status))
        #expect(error.category == .upstream)
        #expect(error.isRetryable)
    }

    @Test func unavailableWithRetryAfterTellsTheWait() async throws {
        let error = try await failure("unavailable-wait", .init(status: 503, fixture: "error_unavailable", retryAfter: "150"))
        #expect(error.kind == .providerUnavailable(status: 503, retryAfter: .seconds(150)))
        #expect(error.retryAfterSeconds == 150)
        #expect(error.message.english.contains("3 minutes"), "\(error.message.english)")
        #expect(error.technicalDetail?.english.contains("503") == true)
        let absurd = try await failure("unavailable-absurd", .init(status: 503, fixture: "error_unavailable", retryAfter: "1e300"))
        #expect(absurd.kind == .providerUnavailable(status: 503) && absurd.retryAfterSeconds == nil)
        #expect(absurd.message.english.contains("try again in a minute"))
    }

    @Test func slowerThanTheTimeout() async throws {
        let error = try await failure("slow", .init(fixture: "ok_object", delay: .seconds(3)), timeout: .milliseconds(300))
        #expect(error.kind == .timeout)
        #expect(error.code == "ai_timeout")
    }

    @Test func connectionRefusedIsUnreachable() async throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused.
        let settings = AIProviderSettings(baseURL: "http://127.0.0.1:1/v1", model: "m", timeout: OpenAITestServer.patientTimeout)
        do {
            _ = try await ModelWriter(client: OpenAICompatibleClient(settings: settings)).generateVariants(from: "Text.", bookTitle: nil, author: nil)
            Issue.record("expected unreachable")
        } catch let error as AIError {
            #expect(error.kind == .unreachable(url: "http://127.0.0.1:1/v1/chat/completions"))
            #expect(error.technicalDetail?.english.contains("http://127.0.0.1:1/v1/chat/completions") == true)
        }
    }

    // MARK: Malformed and odd replies

    @Test func truncatedReplyIsCutOff() async throws {
        let error = try await failure("truncated", .init(fixture: "truncated"))
        #expect(error.kind == .cutOff)
        #expect(error.message.english.contains("cut off"))
    }

    @Test func fourPostsNamesTheMissingTone() async throws {
        let error = try await failure("four-posts", .init(fixture: "four_posts"))
        #expect(error.kind == .incompleteReply(missing: "openQuestion"))
        #expect(error.message.english.lowercased().contains("open question"))
    }

    @Test func sixPostsKeepsTheFirstOfEachTone() async throws {
        let variants = try await generate("six-posts", .init(fixture: "six_posts"))
        expectFiveInOrder(variants)
        #expect(variants[0].text.hasPrefix("Waste nothing."))
    }

    @Test func longPostIsTrimmedAtABoundaryWithANote() async throws {
        let variants = try await generate("long-post", .init(fixture: "long_post"))
        expectFiveInOrder(variants)
        let trimmed = variants[1]
        #expect(trimmed.note == "Variant trimmed to meet LinkedIn length.")
        #expect(trimmed.text.count <= 900)
        #expect(trimmed.text.hasSuffix(".") || trimmed.text.hasSuffix("…"))
        #expect(!trimmed.text.contains("unfinished"))
        let original = try Self.fixturePost(name: "long_post", index: 1)
        let words = Set(original.split(separator: " ").map(String.init))
        #expect(trimmed.text.dropLast().split(separator: " ").allSatisfy { words.contains(String($0)) || words.contains(String($0) + ".") })
        #expect(variants.filter { $0.note != nil }.count == 1)
    }

    @Test func notAChatCompletionIsBadResponse() async throws {
        let error = try await failure("garbage", .init(fixture: "does_not_exist"))
        guard case .badResponse = error.kind else {
            Issue.record("got \(error)")
            return
        }
    }

    // MARK: What we send

    @Test func requestCarriesModelSettingsAndKey() async throws {
        _ = try await generate("request-shape", .init(fixture: "ok_object"))
        let body = try #require(try await OpenAITestServer.shared().requests("request-shape").first)
        #expect(body["model"] as? String == "test-model")
        #expect(body["temperature"] as? Double == 0.8)
        #expect(body["top_p"] as? Double == 0.9)
        #expect(body["max_tokens"] as? Int == 1600)
        let messages = try #require(body["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["system", "user"])
        #expect((messages[1]["content"] as? String)?.contains(Self.excerpt) == true)
        #expect((messages[1]["content"] as? String)?.contains("Fannie Merritt Farmer") == true)
        let format = try #require(body["response_format"] as? [String: Any])
        let schema = try #require(format["json_schema"] as? [String: Any])
        #expect(schema["strict"] as? Bool == true)
        #expect(schema["name"] as? String == "linkedin_posts")
    }

    static func fixturePost(name: String, index: Int) throws -> String {
        let reply = try JSONSerialization.jsonObject(with: OpenAITestServer.fixture(name)) as! [String: Any]
        let content = ((reply["choices"] as! [[String: Any]])[0]["message"] as! [String: Any])["content"] as! String
        let posts = (try JSONSerialization.jsonObject(with: Data(content.utf8)) as! [String: Any])["posts"] as! [[String: Any]]
        return posts[index]["text"] as! String
    }
}

@Suite struct PassageLanguageTests {
    @Test func thePromptNamesThePassagesLanguage() async throws {
        let chinese = "图书馆每天清晨七点开门，第一批读者总是在长桌旁找到温暖的阳光。一位著名的作家坐在窗边，慢慢翻着一本旧地图集。"
        let server = try await OpenAITestServer.shared()
        let settings = AIProviderSettings(
            baseURL: server.baseURL("chinese-request", .init(fixture: "ok_object")), apiKey: "k", model: "test-model",
            timeout: OpenAITestServer.patientTimeout)
        _ = try await ModelWriter(client: OpenAICompatibleClient(settings: settings, httpClient: OpenAITestServer.patientHTTPClient))
            .write(DraftRequest(excerpt: chinese))
        let requests = try await server.requests("chinese-request")
        let body = try #require(requests.first)
        let messages = try #require(body["messages"] as? [[String: Any]])
        let system = try #require(messages.first?["content"] as? String)
        let user = try #require(messages.last?["content"] as? String)
        #expect(system.contains("Write every post in the same language as the passage."))
        #expect(user.contains("The passage is in Chinese: write every post in Chinese"))
        #expect(user.contains(chinese))
    }

    @Test func languagesAreToldApartByScriptAndCommonWords() {
        #expect(PassageLanguage.of("春天来了，公园里的花都开了。Spring") == .chinese)
        #expect(PassageLanguage.of("La bibliothèque ouvrait tôt, et les lecteurs trouvaient les tables chaudes.") == .french)
        #expect(PassageLanguage.of("Die Bibliothek öffnete früh, und die Leser fanden die Tische warm.") == .german)
        #expect(PassageLanguage.of("La biblioteca abría temprano y los lectores encontraban las mesas con el sol.") == .spanish)
        #expect(PassageLanguage.of("The library opened early and the readers found the tables warm.") == .english)
        #expect(PassageLanguage.of("12345") == .english)
    }
}
