// A real chat-completions server on loopback for the writer and web tests: one scenario per path prefix.
import AsyncHTTPClient
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// How the fake provider answers `POST /{scenario}/v1/chat/completions`.
public struct OpenAIScenario: Sendable {
    public var status: Int = 200
    /// A file in `Fixtures/chat`, sent as the body.
    public var fixture: String
    public var retryAfter: String?
    public var delay: Duration = .zero
    /// `response_format.type` values answered with a 400, as servers that lack them do.
    public var rejects: Set<String> = []

    public init(status: Int = 200, fixture: String, retryAfter: String? = nil, delay: Duration = .zero, rejects: Set<String> = []) {
        self.status = status
        self.fixture = fixture
        self.retryAfter = retryAfter
        self.delay = delay
        self.rejects = rejects
    }
}

/// One server for the whole test run, started on first use on an ephemeral port. Each test uses its own scenario
/// name, so tests run in parallel without sharing state. Every request body is kept for assertions and written to
/// `.build/ai-wire/requests/` for `Tests/e2e/test_openai_schema.py`.
public final class OpenAITestServer: Sendable {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/chat")
    static let wireDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/ai-wire/requests")

    private let scenarios = Mutex<[String: OpenAIScenario]>([:])
    private let received = Mutex<[String: [Data]]>([:])
    public let port: Int

    private init(port: Int) { self.port = port }

    /// The client timeout for a test that expects an answer, not a timeout. Under the whole suite on two cores the
    /// recognition tests' Dispatch threads can hold the CPU for tens of seconds, and a 10 s timeout then fired
    /// before a loopback reply that was already on its way. A test of the timeout itself sets its own.
    public static let patientTimeout: Duration = .seconds(300)

    /// The HTTP client for those tests. The app's client gives up on a connection after 10 s: both the connect and a
    /// request's wait for a free one among the pool's (all busy with other tests' requests to this one host) count.
    /// Under the whole suite a starved event loop took longer than that, and replies on their way read as
    /// "unreachable". This one waits as long as the patient timeout.
    public static let patientHTTPClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout.connect = .seconds(Int64(patientTimeout.components.seconds))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    public static func shared() async throws -> OpenAITestServer { try await starter.value }

    private static let starter = Task<OpenAITestServer, any Error> {
        try? FileManager.default.removeItem(at: wireDirectory)
        try FileManager.default.createDirectory(at: wireDirectory, withIntermediateDirectories: true)
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let box = ServerBox()
        let router = Router()
        router.post("{scenario}/v1/chat/completions") { request, context in
            let scenario = try context.parameters.require("scenario")
            let body = try await request.body.collect(upTo: 1 << 20)
            return try await box.server!.respond(scenario: scenario, body: Data(body.readableBytesView))
        }
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) }
        )
        Task.detached { try await app.run() }
        var ports = portStream.makeAsyncIterator()
        guard let port = await ports.next(), port > 0 else { throw CancellationError() }
        let server = OpenAITestServer(port: port)
        box.server = server
        return server
    }

    /// The base URL a provider should use for this scenario (with `/v1`, as many people paste it).
    public func baseURL(_ scenario: String, _ setup: OpenAIScenario) -> String {
        scenarios.withLock { $0[scenario] = setup }
        return "http://127.0.0.1:\(port)/\(scenario)/v1"
    }

    /// The `response_format.type` of each request this scenario received, "none" when absent.
    public func formats(_ scenario: String) -> [String] {
        requests(scenario).map { body in
            ((body["response_format"] as? [String: Any])?["type"] as? String) ?? "none"
        }
    }

    /// The JSON bodies this scenario received, in order.
    public func requests(_ scenario: String) -> [[String: Any]] {
        let bodies = received.withLock { $0[scenario] ?? [] }
        return bodies.map { (try? JSONSerialization.jsonObject(with: $0)) as? [String: Any] ?? [:] }
    }

    private func respond(scenario name: String, body: Data) async throws -> Response {
        let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        let count = received.withLock { all -> Int in
            all[name, default: []].append(body)
            return all[name]!.count
        }
        try body.write(to: Self.wireDirectory.appendingPathComponent("\(name)-\(count).json"))

        guard let scenario = scenarios.withLock({ $0[name] }) else { return Self.reply(404, fixture: "error_not_found") }
        if scenario.delay > .zero { try await Task.sleep(for: scenario.delay) }
        let format = ((json["response_format"] as? [String: Any])?["type"] as? String) ?? "none"
        if scenario.rejects.contains(format) { return Self.reply(400, fixture: "error_schema_unsupported") }
        var response = Self.reply(scenario.status, fixture: scenario.fixture)
        if let retryAfter = scenario.retryAfter { response.headers[HTTPField.Name("Retry-After")!] = retryAfter }
        return response
    }

    public static func fixture(_ name: String) -> Data {
        (try? Data(contentsOf: fixtures.appendingPathComponent("\(name).json"))) ?? Data("{}".utf8)
    }

    private static func reply(_ status: Int, fixture name: String) -> Response {
        Response(
            status: .init(code: status),
            headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: fixture(name)))
        )
    }
}

/// Lets the route reach the server object that is created after the router.
private final class ServerBox: @unchecked Sendable {
    var server: OpenAITestServer?
}
