// Random and extreme values for every JSON and form field of every route, through buildApplication: each answer must
// be a success, a redirect or a 4xx (never a 5xx, never a trap), and the app must still serve its pages afterwards.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Storage
import Testing

@testable import SnapPostWeb

@Suite("Fuzz")
struct FuzzTests {
    /// Requests per route and round; `SNAPPOST_FUZZ_ROUNDS` and `SNAPPOST_FUZZ_SEED` change the run (the seed is printed).
    static let rounds = ProcessInfo.processInfo.environment["SNAPPOST_FUZZ_ROUNDS"].flatMap(Int.init) ?? 60
    static let seed = ProcessInfo.processInfo.environment["SNAPPOST_FUZZ_SEED"].flatMap(UInt64.init) ?? 2026_11_25

    @Test("Every route answers random and extreme field values with 2xx, 3xx or 4xx, and the server stays up")
    func everyRoute() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let ids = try await Self.seedData(client, harness)
            var fuzz = Fuzzer(seed: Self.seed)
            var statuses: [Int: Int] = [:]
            var failures: [String] = []
            var sent = 0
            let routes = Self.routes(ids)
            for _ in 0..<Self.rounds {
                for route in routes {
                    for _ in 0..<route.weight {
                        let request = route.make(&fuzz)
                        let response = try await client.execute(
                            uri: request.uri, method: request.method, headers: request.headers, body: request.body)
                        sent += 1
                        statuses[response.status.code / 100 * 100, default: 0] += 1
                        if response.status.code >= 500 {
                            failures.append(
                                "\(request.method) \(request.uri) [\(request.summary)] → \(response.status.code) \(response.text.prefix(200))")
                        }
                    }
                }
            }
            // The deleting routes last, with the real ids: the data was there for every request before.
            for route in Self.deletions(ids) {
                let request = route.make(&fuzz)
                let response = try await client.execute(uri: request.uri, method: request.method, headers: request.headers, body: request.body)
                sent += 1
                statuses[response.status.code / 100 * 100, default: 0] += 1
                if response.status.code >= 500 { failures.append("\(request.method) \(request.uri) → \(response.status.code)") }
            }
            #expect(failures.isEmpty, "\(failures.count) answers were 5xx:\n\(failures.prefix(20).joined(separator: "\n"))")
            // Still up: health, pages and pictures answer as before.
            var up = true
            for path in ["/healthz", "/", "/history", "/retouch", "/shelf", "/api/health"] {
                let status = try await client.execute(uri: path, method: .get).status
                up = up && status == .ok
                #expect(status == .ok, "\(path) after the fuzz")
            }
            let summary = statuses.keys.sorted().map { "\($0 / 100)xx \(statuses[$0]!)" }.joined(separator: ", ")
            print(
                "fuzz: sent \(sent) requests with random and extreme values to \(routes.count + Self.deletions(ids).count) routes (seed \(Self.seed)): \(summary); \(failures.count) 5xx; the server \(up ? "stayed up" : "did NOT stay up")"
            )
        }
    }

    // MARK: What is fuzzed

    struct IDs {
        var scan: String
        var generation: String
        var retouch: String
        var shelf: String
        var history: String
    }

    /// A scan with two paragraphs and its drafts, a retouch project, a shelf and a history entry.
    static func seedData(_ client: some TestClientProtocol, _ harness: TestApp) async throws -> IDs {
        let scanPath = try await client.uploadPage("A first paragraph of words.\n\nA second paragraph of words.")
        let posts = try await client.execute(uri: scanPath + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Words.")]))
        let generation = String(posts.location.split(separator: "/").last ?? "")
        let retouch = String(try await RetouchFlowTests.upload(client).dropFirst("/retouch/".count))
        let shelf = String(try await ShelfFlowTests.upload(client, ["Brave New World", "Moneyball"]).split(separator: "/").last ?? "")
        _ = try await client.execute(
            uri: "/history", method: .post, headers: Form.headers, body: Form.encode([("action", "copied"), ("tone", "punchy"), ("text", "Once.")]))
        let history = try await harness.history.recent(limit: 1).first?.id ?? ""
        return IDs(scan: String(scanPath.dropFirst("/scans/".count)), generation: generation, retouch: retouch, shelf: shelf, history: history)
    }

    struct Route {
        var weight = 1
        var make: (inout Fuzzer) -> FuzzRequest
    }

    static func form(_ path: @escaping (inout Fuzzer) -> String, _ fields: [Fuzzer.Field], method: HTTPRequest.Method = .post, weight: Int = 1)
        -> Route
    {
        Route(weight: weight) { fuzz in
            let pairs = fuzz.formPairs(fields)
            return FuzzRequest(
                method: method, uri: path(&fuzz), headers: Form.headers, body: Form.encode(pairs),
                summary: pairs.map { "\($0.0)=\($0.1.prefix(24))" }.joined(separator: "&"))
        }
    }

    static func get(_ path: @escaping (inout Fuzzer) -> String, query: [String] = []) -> Route {
        Route { fuzz in
            let pairs = fuzz.formPairs(query.map { .init($0, .anything) })
            let encoded = String(buffer: Form.encode(pairs))
            return FuzzRequest(method: .get, uri: path(&fuzz) + (pairs.isEmpty ? "" : "?" + encoded), headers: [:], body: nil, summary: encoded)
        }
    }

    static func json(_ path: @escaping (inout Fuzzer) -> String, weight: Int = 1, _ body: @escaping (inout Fuzzer) -> String) -> Route {
        Route(weight: weight) { fuzz in
            let text = body(&fuzz)
            return FuzzRequest(
                method: .post, uri: path(&fuzz), headers: [.contentType: "application/json"], body: ByteBuffer(string: text),
                summary: String(text.prefix(120)))
        }
    }

    static func upload(_ path: @escaping (inout Fuzzer) -> String, field: String, prefix: String, extra: [String]) -> Route {
        Route { fuzz in
            var parts = [
                Multipart.Part(name: field, filename: fuzz.pick(["p.jpg", "", "../../x", "a\"b.png"]), body: Data((prefix + fuzz.string()).utf8))
            ]
            for name in extra where fuzz.chance(0.7) { parts.append(.init(name: name, body: Data(fuzz.value(.anything).utf8))) }
            if fuzz.chance(0.1) { parts.append(parts[0]) }
            return FuzzRequest(
                method: .post, uri: path(&fuzz), headers: Multipart.headers, body: Multipart.body(parts), summary: "multipart \(field)")
        }
    }

    static func routes(_ ids: IDs) -> [Route] {
        let scan: (inout Fuzzer) -> String = { $0.id(ids.scan, prefix: "/scans/") }
        let generation: (inout Fuzzer) -> String = { "\(scan(&$0))/posts/\($0.id(ids.generation, prefix: ""))" }
        let draft: (inout Fuzzer) -> String = { "\(generation(&$0))/drafts/\($0.index())" }
        let photo: (inout Fuzzer) -> String = { "\(scan(&$0))/photos/\($0.index())" }
        let retouch: (inout Fuzzer) -> String = { $0.id(ids.retouch, prefix: "/api/retouch/") }
        let retouchPage: (inout Fuzzer) -> String = { $0.id(ids.retouch, prefix: "/retouch/") }
        let shelf: (inout Fuzzer) -> String = { $0.id(ids.shelf, prefix: "/shelves/") }
        let corners: [Fuzzer.Field] = (0..<4).flatMap { [Fuzzer.Field("x\($0)", .number), Fuzzer.Field("y\($0)", .number)] }
        return [
            // Pages and pictures, with random ids and query values.
            get({ _ in "/" }, query: ["q", "lang"]), get({ _ in "/history" }, query: ["q"]), get({ _ in "/shelf" }, query: ["q", "deleted"]),
            get(scan, query: ["saved", "reread", "read", "added", "language", "another"]), get({ "\(scan(&$0))/lines" }),
            get({ "\(photo(&$0))/preview.jpg" }), get({ "\(photo(&$0))/outline" }), get(generation, query: ["saved", "another"]),
            get(retouchPage), get({ "\(retouchPage(&$0))/preview.jpg" }), get({ "\(retouchPage(&$0))/mask.png" }, query: ["v"]),
            Route { fuzz in
                let range = fuzz.pick([
                    "bytes=0-", "bytes=-9223372036854775807", "bytes=9223372036854775807-", "bytes=5-2", "bytes=-0", "bytes=0-9223372036854775807",
                    "bytes=1-2,3-4", "items=0-1", "bytes=--5", "bytes=99999999999999999999-", "bytes=", "bytes=-",
                ])
                return FuzzRequest(method: .get, uri: "\(shelf(&fuzz))/audio.wav", headers: [.range: range], body: nil, summary: range)
            },
            get(retouch), get(shelf, query: ["corrected"]), get({ "\(shelf(&$0))/preview.jpg" }), get({ _ in "/login" }, query: ["next"]),
            // Text, book and author; paragraphs; the writer.
            form(
                scan,
                [
                    .init("text", .text), .init("book", .text), .init("author", .text), .init("base", .number), .init("editor", .anything),
                    .init("autosave", .anything), .init("confirm", .anything), .init("confirm", .number),
                ], weight: 3),
            get({ "\(scan(&$0))/saved" }), get({ "\(generation(&$0))/saved" }),
            form(
                { "\(scan(&$0))/select" },
                [.init("text", .text), .init("paragraphs", .number), .init("keep", .number), .init("keep", .number), .init("confirm", .anything)],
                weight: 2),
            form({ "\(scan(&$0))/posts" }, [.init("text", .text), .init("writer", .anything), .init("book", .text), .init("confirm", .anything)]),
            // Drafts, their versions, write another.
            form(
                draft,
                [
                    .init("text", .text), .init("intent", .anything), .init("base", .number), .init("version", .number), .init("editor", .anything),
                    .init("autosave", .anything),
                ], weight: 3),
            form({ "\(draft(&$0))/another" }, [.init("text", .text)]),
            form({ "\(draft(&$0))/versions/\($0.index())/restore" }, [.init("text", .text)], weight: 2),
            // Read again (corners and turns), adopt, read as another language.
            form({ "\(photo(&$0))/read" }, corners + [.init("turn", .number), .init("outline", .anything)], weight: 4),
            form({ "\(photo(&$0))/adopt" }, [.init("mode", .anything), .init("text", .text), .init("book", .text), .init("author", .text)]),
            form({ "\(scan(&$0))/language" }, [.init("lang", .anything), .init("text", .text)]),
            // History, shares, shelves' corrections, login.
            form({ _ in "/history" }, [.init("action", .anything), .init("tone", .anything), .init("text", .text), .init("scan", .anything)]),
            form({ "/history/\($0.id(ids.history, prefix: ""))/delete" }, [.init("redirect", .anything)]),
            form({ "/history/\($0.id(ids.history, prefix: ""))/restore" }, [.init("redirect", .anything)]),
            form({ "\(shelf(&$0))/books/\($0.index())" }, [.init("title", .text), .init("author", .text)], weight: 3),
            form({ _ in "/login" }, [.init("password", .text), .init("next", .anything)]),
            // The editor's JSON: edits with taps, strokes, widths and feathers; refine; undo and redo.
            json({ "\(retouch(&$0))/edits" }, weight: 8) { $0.editJSON() },
            json({ "\(retouch(&$0))/refine" }, weight: 2) { fuzz in fuzz.chance(0.2) ? "" : "{\"width\":\(fuzz.jsonNumber())}" },
            json({ "\(retouch(&$0))/undo" }) { _ in "" }, json({ "\(retouch(&$0))/redo" }) { _ in "" },
            json({ _ in "/api/posts" }) { fuzz in
                "{\"text\":\(fuzz.jsonValue(.text)),\"book\":\(fuzz.jsonValue(.text)),\"author\":\(fuzz.jsonValue(.anything))}"
            },
            // Uploads with random fields beside the photo.
            upload({ _ in "/scans" }, field: "photo", prefix: "TEXT:", extra: ["lang", "text"]),
            upload({ _ in "/scans" }, field: "camera", prefix: "TEXT:", extra: ["lang"]),
            upload({ "\(scan(&$0))/photos" }, field: "photo", prefix: "TEXT:", extra: ["text", "book", "author"]),
            upload({ _ in "/shelves" }, field: "photo", prefix: "SHELF:", extra: []),
        ]
    }

    /// Deleting routes, sent once each at the end with random ids first and then the real ones.
    static func deletions(_ ids: IDs) -> [Route] {
        [
            form({ "/retouch/\($0.id(ids.retouch, prefix: ""))/delete" }, []), form({ "/shelves/\($0.id(ids.shelf, prefix: ""))/delete" }, []),
            form({ "/scans/\($0.id(ids.scan, prefix: ""))/delete" }, []),
            form({ _ in "/retouch/\(ids.retouch)/delete" }, []), form({ _ in "/shelves/\(ids.shelf)/delete" }, []),
            form({ _ in "/scans/\(ids.scan)/delete" }, []),
        ]
    }
}

struct FuzzRequest {
    var method: HTTPRequest.Method
    var uri: String
    var headers: HTTPFields
    var body: ByteBuffer?
    var summary: String
}

/// Random values that are mostly wrong: extremes of every number type, overflows, NaN spelled out, long and hostile
/// strings, missing and repeated fields. Seeded, so a failure can be sent again.
struct Fuzzer {
    enum Kind { case number, text, anything }

    struct Field {
        var name: String
        var kind: Kind
        init(_ name: String, _ kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state ^ (state >> 29)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func pick<T>(_ values: [T]) -> T { values[Int(next() % UInt64(values.count))] }

    static let numbers = [
        "0", "1", "-1", "2", "3", "-3", "4", "7", "99", "1000", "-0", "0.5", "1e300", "-1e300", "1e19", "-1e19", "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "18446744073709551616", "NaN", "nan", "Infinity", "-inf", "0x10", "1_000", " 1", "",
        "4.9e-324", "1.7976931348623157e308", "00000000000000000000000001", "١٢", "+5",
    ]
    static let texts = [
        "", " ", "a", "Plain words of a page.", "<script>alert(1)</script>", "../../etc/passwd", "\u{0}", "%00", "日本語のテキスト", "🙂🙃",
        "\r\n\r\n", "' OR 1=1 --", "\u{202E}gnp.exe", String(repeating: "long ", count: 3000), "a\u{301}\u{301}\u{301}",
    ]

    mutating func value(_ kind: Kind) -> String {
        switch kind {
        case .number: return chance(0.8) ? pick(Self.numbers) : String(Int64(bitPattern: next() << 11) >> Int64(next() % 60))
        case .text: return chance(0.8) ? pick(Self.texts) : string()
        case .anything: return chance(0.5) ? value(.number) : value(.text)
        }
    }

    /// Random printable and unprintable characters, 0 to 200 of them (never the fake reader's HOLD).
    mutating func string() -> String {
        let count = Int(next() % 200)
        return "x" + String((0..<count).map { _ in Character(UnicodeScalar(UInt8(next() % 128))) })
    }

    /// The fields, each perhaps missing or repeated, in a random order.
    mutating func formPairs(_ fields: [Field]) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for field in fields where !chance(0.15) {
            pairs.append((field.name, value(field.kind)))
            if chance(0.1) { pairs.append((field.name, value(field.kind))) }
        }
        if chance(0.1) { pairs.append((string(), value(.anything))) }
        return pairs.shuffled(using: &self)
    }

    /// The real id most of the time, else a well-formed unknown one or a path trick.
    mutating func id(_ real: String, prefix: String) -> String {
        prefix + (chance(0.8) ? real : pick(["AAAAAAAAAAAAAAAAAAAAAA", "..%2F..", "0", "-1", String(repeating: "a", count: 300), "%00", "x y"]))
    }

    /// A path index: mostly small, sometimes absurd.
    mutating func index() -> String {
        chance(0.7) ? String(next() % 6) : pick(["-1", "9223372036854775807", "99999999999999999999", "1e3", "x", "0x1"])
    }

    static let jsonNumbers = [
        "0", "1", "-1", "95", "160", "1e300", "-1e300", "1e308", "-1e308", "1.7976931348623157e308", "9223372036854775807",
        "9223372036854775808", "-9223372036854775809", "1e19", "0.0001", "4.9e-324", "123456789012345678901234567890", "1e400", "-0",
    ]

    mutating func jsonNumber() -> String {
        switch next() % 10 {
        case 0..<4: return String(format: "%.1f", unit() * 420 - 50)
        case 4..<8: return pick(Self.jsonNumbers)
        case 8: return pick(["null", "\"12\"", "[]", "{}", "true"])
        default: return pick(["NaN", "Infinity", "1e", ""])
        }
    }

    mutating func jsonValue(_ kind: Kind) -> String {
        if chance(0.1) { return pick(["null", "[]", "{}", "1", "true"]) }
        let text = value(kind)
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    mutating func point() -> String { "{\"x\":\(jsonNumber()),\"y\":\(jsonNumber())}" }

    /// An edit for the retouch editor: any tool (or none), taps, strokes of 0 to 6000 points, widths and feathers.
    mutating func editJSON() -> String {
        var fields: [String] = []
        if !chance(0.05) {
            fields.append("\"tool\":" + pick(["\"wire\"", "\"object\"", "\"person\"", "\"brush\"", "\"line-brush\"", "\"bucket\"", "7", "null"]))
        }
        for flag in ["all", "shadow", "smart"] where chance(0.1) { fields.append("\"\(flag)\":" + pick(["true", "false", "1", "null", "\"yes\""])) }
        if chance(0.6) { fields.append("\"tap\":" + (chance(0.9) ? point() : pick(["[]", "\"here\"", "null"]))) }
        if chance(0.6) {
            let count = pick([0, 1, 2, 3, 8, 40, 5001, 6000])
            fields.append("\"points\":[" + (0..<count).map { _ in count > 100 ? "{\"x\":10,\"y\":10}" : point() }.joined(separator: ",") + "]")
        }
        if chance(0.6) { fields.append("\"width\":" + jsonNumber()) }
        if chance(0.5) { fields.append("\"feather\":" + jsonNumber()) }
        return "{" + fields.shuffled(using: &self).joined(separator: ",") + "}"
    }
}

extension Fuzzer: RandomNumberGenerator {}
