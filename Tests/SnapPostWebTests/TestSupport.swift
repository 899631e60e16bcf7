// Builds the real app with in-memory configuration, an in-memory SQLite store and fakes for OCR and AI.
import AIClient
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
import Shelves
import Speech
import Storage
import Support
import Synchronization
import TestFakes
import Testing

@testable import SnapPostWeb

struct TestApp {
    let reader = FakePageReader()
    let shelfAnalyser = FakeShelfAnalyser()
    let speech = FakeSpeechSynthesizer()
    let generator: any PostGenerator
    let clock: MovableClock
    let database: AppDatabase
    let dependencies: AppDependencies
    let logs = LogCapture()
    /// The data folder settings point at (the password file lives there); the store itself is in memory.
    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("snappost-test-\(UUID().uuidString)")

    /// The fake writer, when the app was built with it.
    var fakeGenerator: FakeGenerator { generator as! FakeGenerator }
    var scans: any ScanRepository { dependencies.scans }
    var history: any HistoryRepository { dependencies.history }
    var shelves: any ShelfScanRepository { dependencies.shelves }

    init(
        historySize: Int = 20, generator: any PostGenerator = FakeGenerator(),
        metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), frozenClock: Bool = false
    ) throws {
        clock = MovableClock(frozen: frozenClock)
        self.generator = generator
        database = try AppDatabase.inMemory(migrations: SQLiteSessionRepository.migrations)
        var dependencies = AppDependencies(
            reader: reader, generator: generator, shelfAnalyser: shelfAnalyser, speech: speech, database: database, historySize: historySize,
            clock: clock, metricsRegistry: metricsRegistry)
        dependencies.installedLanguages = ["eng", "fra", "deu", "osd"].compactMap { RecognitionLanguage(code: $0) }
        self.dependencies = dependencies
    }

    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    func build(_ values: [String: String] = [:]) async throws -> some ApplicationProtocol {
        let logger = Logger(label: "test") { _ in logs }
        return try await buildApplication(
            reader: Self.configuration(values, dataDirectory: dataDirectory), dependencies: dependencies, logger: logger)
    }

    /// The in-memory configuration tests build the app from: the repository's templates, `dataDirectory` as the data
    /// folder (the password file lives there), then `values` ("ai.baseURL" style keys).
    static func configuration(_ values: [String: String], dataDirectory: URL) -> ConfigReader {
        var all: [AbsoluteConfigKey: ConfigValue] = [
            "resourcesDir": .init(.string(repositoryRoot), isSecret: false), "dataDir": .init(.string(dataDirectory.path), isSecret: false),
        ]
        for (key, value) in values { all[AbsoluteConfigKey(key.split(separator: ".").map(String.init))] = .init(.string(value), isSecret: false) }
        return ConfigReader(provider: InMemoryProvider(values: all))
    }
}

/// Collects log messages so tests can read what the server printed (e.g. a generated password).
final class LogCapture: LogHandler, @unchecked Sendable {
    let messages = Mutex<[String]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { messages.withLock { $0.append(event.message.description) } }
    var all: [String] { messages.withLock { $0 } }
}

enum Multipart {
    static let boundary = "----SnapPostTestBoundary7MA4YWxk"

    struct Part {
        var name: String
        var filename: String?
        var body: Data
    }

    static func body(_ parts: [Part]) -> ByteBuffer {
        var data = Data()
        for part in parts {
            data.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { disposition += "; filename=\"\(filename)\"" }
            data.append(Data("\(disposition)\r\n".utf8))
            if part.filename != nil { data.append(Data("Content-Type: image/jpeg\r\n".utf8)) }
            data.append(Data("\r\n".utf8))
            data.append(part.body)
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--\(boundary)--\r\n".utf8))
        return ByteBuffer(bytes: data)
    }

    static var headers: HTTPFields { [.contentType: "multipart/form-data; boundary=\(boundary)"] }

    static func photo(_ text: String, name: String = "photo", filename: String = "page.jpg") -> ByteBuffer {
        body([Part(name: name, filename: filename, body: Data("TEXT:\(text)".utf8))])
    }
}

enum Form {
    static var headers: HTTPFields { [.contentType: "application/x-www-form-urlencoded"] }
    static func encode(_ pairs: [(String, String)]) -> ByteBuffer {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        let body = pairs.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
        return ByteBuffer(string: body)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }
    var location: String { headers[.location] ?? "" }
}

extension TestClientProtocol {
    /// Uploads a fake page and returns the Results path the server redirected to.
    func uploadPage(_ text: String, base: String = "", headers: HTTPFields = [:]) async throws -> String {
        var fields = Multipart.headers
        for field in headers { fields.append(field) }
        let response = try await execute(uri: "\(base)/scans", method: .post, headers: fields, body: Multipart.photo(text))
        guard response.status == .seeOther else { throw UploadFailed(status: response.status.code, body: response.text) }
        return response.location
    }
}

struct UploadFailed: Error {
    let status: Int
    let body: String
}
