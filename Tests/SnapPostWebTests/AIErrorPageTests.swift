// The real AIError path: the model writer and its client against a loopback provider, through buildApplication, to the page.
import AIClient
import ChatServerStub
import Configuration
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PageReading
import PostWriting
import Prometheus
import Settings
import Storage
import Support
import Synchronization
import Testing

@testable import SnapPostWeb

@Suite("AI failures on the page and in the API")
struct AIErrorPageTests {
    /// An app whose drafts come from the real model writer, pointed at a loopback provider answering with `scenario`.
    func harness(_ name: String, _ scenario: OpenAIScenario, metricsRegistry: PrometheusCollectorRegistry = .init()) async throws -> TestApp {
        let server = try await OpenAITestServer.shared()
        let settings = AIProviderSettings(
            baseURL: server.baseURL(name, scenario), apiKey: "sk-test", model: "test-model",
            timeout: OpenAITestServer.patientTimeout)
        return try TestApp(
            generator: ModelWriter(
                client: OpenAICompatibleClient(
                    settings: settings, httpClient: OpenAITestServer.patientHTTPClient, memory: StructuredOutputMemory())),
            metricsRegistry: metricsRegistry)
    }

    @Test("Counters made through swift-metrics (the AI client's) reach /metrics once metrics are bootstrapped")
    func clientCountersReachMetrics() async throws {
        let harness = try await harness(
            "web-metrics", OpenAIScenario(status: 500, fixture: "error_server"), metricsRegistry: MetricsBootstrap.processRegistry())
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page to write from.")
            _ = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Text.")]))
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            #expect(metrics.text.contains("snappost_ai_requests_total{outcome=\"ai_unavailable\"}"), "\(metrics.text.prefix(2000))")
            #expect(metrics.text.contains("snappost_ai_errors_total"))
        }
    }

    @Test("A provider's 429 with Retry-After: 7 reaches the browser: the page says when, the response carries Retry-After: 7")
    func rateLimitedSaysWhen() async throws {
        let harness = try await harness("web-429", OpenAIScenario(status: 429, fixture: "error_rate_limited", retryAfter: "7"))
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page to write from.")
            let edited = "The passage I corrected by hand."
            let response = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", edited)]))
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "7")
            #expect(response.text.contains("Try again in 7 seconds."))
            #expect(response.text.contains(">Retry<"))
            #expect(response.text.contains(edited))

            let api = try await client.execute(
                uri: "/api/posts", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"text": "A passage."}"#))
            #expect(api.status == .serviceUnavailable)
            #expect(api.headers[.retryAfter] == "7")
            #expect(api.text.contains("ai_rate_limited"))
        }
    }

    @Test("A provider's 401 says how to fix the key and offers no Retry")
    func invalidKeyHasNoRetry() async throws {
        let harness = try await harness("web-401", OpenAIScenario(status: 401, fixture: "error_invalid_key"))
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page to write from.")
            let response = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Kept text.")]))
            #expect(response.status == .badGateway)
            #expect(
                response.text.contains("The AI writer refused this server&#39;s key")
                    || response.text.contains("The AI writer refused this server's key"))
            #expect(!response.text.contains(">Retry<"))
            #expect(response.headers[.retryAfter] == nil)
            #expect(response.text.contains("Kept text."))
            #expect(response.text.contains("Your text is saved."), "the page saved the text before asking")

            // The API keeps nothing, so it must not say it did.
            let api = try await client.execute(
                uri: "/api/posts", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"text": "A passage."}"#))
            #expect(api.status == .badGateway)
            #expect(api.text.contains("ai_invalid_key"))
            #expect(api.text.contains("so no drafts were written."))
            #expect(!api.text.contains("saved"), "\(api.text)")
        }
    }
}

@Suite("JSON API input")
struct APIInputTests {
    @Test("/api/posts cleans its text as the web form does: NULs out, an empty book is no book")
    func postsInputIsCleaned() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/posts", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"text": "The cat sat on the mat.\u0000 It is here.\r\nAnd well.", "book": "\u0000", "author": " "}"#))
            #expect(response.status == .ok)
            let request = try #require(harness.fakeGenerator.requests.withLock { $0.last })
            #expect(request.excerpt == "The cat sat on the mat. It is here.\nAnd well.")
            #expect(request.bookTitle == nil && request.author == nil)
            #expect(!response.text.contains("\\u0000"))
        }
    }
}
