// Holding the door: one throttle for every credential, sessions that die with the password, strict redirects after
// login, the client behind a trusted proxy, storage failures told apart, capped inputs, and deadlines at the socket.
import Configuration
import Foundation
import GRDB
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostWriting
import Settings
import Storage
import Support
import Synchronization
import Testing

@testable import SnapPostWeb

#if canImport(Glibc)
import Glibc
#endif

/// Builds the app over the given dependencies (TestApp's configuration, other closures).
func buildApp(_ dependencies: AppDependencies, _ values: [String: String] = [:]) async throws -> some ApplicationProtocol {
    let dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("snappost-test-\(UUID().uuidString)")
    return try await buildApplication(
        reader: TestApp.configuration(values, dataDirectory: dataDirectory), dependencies: dependencies,
        logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
}

func loginCookie(_ client: some TestClientProtocol, _ password: String) async throws -> String? {
    let response = try await client.execute(uri: "/login", method: .post, headers: Form.headers, body: Form.encode([("password", password)]))
    guard response.status == .seeOther else { return nil }
    return (response.headers[.setCookie] ?? "").split(separator: ";").first.map(String.init)
}

@Suite("Redirects after login")
struct NextPathTests {
    @Test(arguments: [
        ("/history", "/history"), ("/", "/"), ("/scans/abc?x=1", "/scans/abc?x=1"), ("/2fa", "/2fa"),
        ("/history?q=a%26b", "/history?q=a%26b"), ("/caf\u{e9}", "/caf%C3%A9"),
    ])
    func ourOwnPathsPass(raw: String, expected: String) {
        #expect(NextPath.safe(raw, base: "") == expected)
    }

    @Test(arguments: [
        "/\t/evil.example", "/%09/evil.example", "//evil.example", "/\\evil.example", "/%5Cevil.example", "https://evil.example",
        "/%2F%2Fevil.example", "/%252F%252Fevil.example", "/\u{200B}/evil.example", "/%E2%80%8B/evil.example", "/\n/evil.example",
        "evil.example", "", "/%zz", "/.evil", "/-x", String(repeating: "a", count: 600),
    ])
    func everythingElseGoesHome(raw: String) {
        #expect(NextPath.safe(raw, base: "") == "/")
        #expect(NextPath.safe(raw, base: "/sp") == "/sp/")
    }

    @Test func controlCharactersAreRemovedNotSentOn() {
        #expect(NextPath.safe("/his\r\ntory", base: "") == "/history")
        #expect(NextPath.safe("/sp/history", base: "/sp") == "/sp/history")
        #expect(NextPath.safe("/history", base: "/sp") == "/sp/")
        #expect(NextPath.safe("/spevil", base: "/sp") == "/sp/")
    }
}

@Suite("Client address")
struct ClientAddressTests {
    let proxies = [IPAddressRange("127.0.0.1")!, IPAddressRange("10.0.0.0/8")!, IPAddressRange("fd00::/8")!]

    @Test func withoutTrustTheSocketDecides() {
        let address = ClientAddress(trustProxy: false, proxies: proxies)
        #expect(address.key(peer: "127.0.0.1", forwardedFor: ["203.0.113.9"]) == "127.0.0.1")
    }

    @Test func theRightMostEntryThatIsNotAProxyIsTheClient() {
        let address = ClientAddress(trustProxy: true, proxies: proxies)
        #expect(address.key(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, 203.0.113.9"]) == "203.0.113.9")
        #expect(address.key(peer: "127.0.0.1", forwardedFor: ["198.51.100.7, 203.0.113.9, 10.1.2.3"]) == "203.0.113.9")
        #expect(address.key(peer: "127.0.0.1", forwardedFor: ["198.51.100.7", "203.0.113.9:4711"]) == "203.0.113.9")
        #expect(address.key(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        #expect(address.key(peer: "127.0.0.1", forwardedFor: ["10.1.1.1, 10.2.2.2"]) == "10.1.1.1")
    }

    @Test func anUntrustedPeerCannotForwardForAnyone() {
        let address = ClientAddress(trustProxy: true, proxies: proxies)
        #expect(address.key(peer: "192.0.2.44", forwardedFor: ["203.0.113.9"]) == "192.0.2.44")
        #expect(!address.isTrustedProxy(peer: "192.0.2.44"))
        #expect(address.isTrustedProxy(peer: "::ffff:127.0.0.1"))
    }

    @Test func oneKeyPerClient() {
        #expect(ClientAddress.clientKey("::ffff:127.0.0.2") == "127.0.0.2")
        #expect(ClientAddress.clientKey("2001:db8:1:2:aaaa::1") == ClientAddress.clientKey("2001:db8:1:2:bbbb::9"))
        #expect(ClientAddress.clientKey("2001:db8:1:2::1") != ClientAddress.clientKey("2001:db8:1:3::1"))
        #expect(ClientAddress.clientKey("::1") == "::1")
    }

    @Test func rangesParseAndMatch() {
        let (ranges, invalid) = IPAddressRange.list("127.0.0.0/8, ::1,192.168.1.10")
        #expect(invalid == nil && ranges.count == 3)
        #expect(ranges[0].contains(IPAddressRange.bytes(of: "127.9.9.9")!))
        #expect(!ranges[0].contains(IPAddressRange.bytes(of: "128.0.0.1")!))
        #expect(IPAddressRange.list("10.0.0.0/33").invalid == "10.0.0.0/33")
        #expect(IPAddressRange.list("proxy.local").invalid == "proxy.local")
    }
}

@Suite("Credentials and sessions")
struct CredentialTests {
    @Test("Wrong tokens, unknown session cookies and wrong passwords share one backoff; the right token waits it out too")
    func oneThrottle() async throws {
        let harness = try TestApp(frozenClock: true)
        let app = try await harness.build(["password": "pw", "apiTokens": "tok-right"])
        let body = ByteBuffer(string: #"{"text":"A passage about habits."}"#)
        try await app.test(.router) { client in
            for guess in ["g-1", "g-2", "g-3"] {
                let denied = try await client.execute(uri: "/api/posts", method: .post, headers: [.authorization: "Bearer \(guess)"], body: body)
                #expect(denied.status == .unauthorized)
            }
            let right = try await client.execute(uri: "/api/posts", method: .post, headers: [.authorization: "Bearer tok-right"], body: body)
            #expect(right.status == .tooManyRequests)
            #expect(right.headers[.retryAfter] == "1")
            #expect(right.text.contains("rate_limited"))
            // A session guess is refused unchecked as well, with a page and Retry-After.
            let page = try await client.execute(uri: "/history", method: .get, headers: [.cookie: "snappost_session=AAAAAAAAAAAAAAAAAAAAAA"])
            #expect(page.status == .tooManyRequests && page.headers[.retryAfter] != nil)
            // Public pages stay open to the waiting client.
            #expect(try await client.execute(uri: "/healthz", method: .get, headers: [.authorization: "Bearer g-9"]).status == .ok)

            harness.clock.advance(by: 2)
            // A fourth wrong credential (an unknown session id) doubles the wait.
            let stale = try await client.execute(uri: "/", method: .get, headers: [.cookie: "snappost_session=BBBBBBBBBBBBBBBBBBBBBB"])
            #expect(stale.status == .seeOther && (stale.headers[.setCookie] ?? "").contains("Max-Age=0"))
            let waiting = try await client.execute(uri: "/api/posts", method: .post, headers: [.authorization: "Bearer tok-right"], body: body)
            #expect(waiting.status == .tooManyRequests && waiting.headers[.retryAfter] == "2")
            harness.clock.advance(by: 3)
            let ok = try await client.execute(uri: "/api/posts", method: .post, headers: [.authorization: "Bearer tok-right"], body: body)
            #expect(ok.status == .ok)
        }
    }

    @Test("Sessions are stored as hashes and die when the password changes; the same password keeps them")
    func sessionsFollowThePassword() async throws {
        let harness = try TestApp()
        let first = try await harness.build(["password": "old"])
        let cookie = try await first.test(.router) { client in try #require(try await loginCookie(client, "old")) }
        let id = String(cookie.split(separator: "=")[1])
        let stored = try await harness.database.read { db in try String.fetchAll(db, sql: "SELECT idHash FROM loginSession") }
        #expect(stored.count == 1 && !stored.contains(id) && stored[0].count == 64)

        let restarted = try await harness.build(["password": "old"])
        try await restarted.test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(home.status == .ok)
        }
        let changed = try await harness.build(["password": "new"])
        try await changed.test(.router) { client in
            let refused = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(refused.status == .seeOther && refused.location.hasPrefix("/login"))
            #expect(try await loginCookie(client, "old") == nil)
            #expect(try await loginCookie(client, "new") != nil)
        }
        let back = try await harness.build(["password": "old"])
        try await back.test(.router) { client in
            // Changing the password back does not revive sessions from before: each change is a new generation.
            let home = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(home.status == .seeOther)
        }
    }

    @Test("Log out everywhere, from the History page, ends every session")
    func logoutEverywhere() async throws {
        let app = try await TestApp().build(["password": "pw"])
        try await app.test(.router) { client in
            let phone = try #require(try await loginCookie(client, "pw"))
            let laptop = try #require(try await loginCookie(client, "pw"))
            let history = try await client.execute(uri: "/history", method: .get, headers: [.cookie: phone])
            #expect(history.text.contains("action=\"/logout/everywhere\""))
            let out = try await client.execute(uri: "/logout/everywhere", method: .post, headers: [.cookie: phone])
            #expect(out.status == .seeOther && out.location == "/login")
            for cookie in [phone, laptop] {
                #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .seeOther)
            }
            // Not without a login.
            #expect(try await client.execute(uri: "/logout/everywhere", method: .post).location.hasPrefix("/login"))
        }
    }

    @Test("After login the redirect goes only to our own paths")
    func loginRedirect() async throws {
        let app = try await TestApp().build(["password": "pw"])
        try await app.test(.router) { client in
            for (next, expected) in [("/%09/evil.example", "/"), ("/history", "/history"), ("//evil.example", "/")] {
                let response = try await client.execute(
                    uri: "/login", method: .post, headers: Form.headers, body: ByteBuffer(string: "password=pw&next=\(next)"))
                #expect(response.location == expected, "\(next)")
            }
        }
    }
}

@Suite("Storage failures")
struct StorageFailureTests {
    @Test("A full database answers 507 with a plain message and never says saved; the earlier text stays")
    func fullDisk() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let scan = try await client.uploadPage("Text before the disk filled.")
            let pages = try await harness.database.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
            try await harness.database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = \(pages)") }
            let big = String(repeating: "A long edit that needs new pages. ", count: 2000)
            let save = try await client.execute(uri: scan, method: .post, headers: Form.headers, body: Form.encode([("text", big)]))
            #expect(save.status.code == 507)
            #expect(save.text.contains("disk is full, so this was not saved"))
            #expect(!save.text.contains("Your text below is saved"))
            let upload = try await client.execute(
                uri: "/scans", method: .post, headers: Multipart.headers, body: Multipart.photo(String(repeating: "Line of text\n", count: 3000)))
            #expect(upload.status.code == 507)
            let api = try await client.execute(
                uri: "/api/ocr", method: .post, headers: Multipart.headers, body: Multipart.photo(String(repeating: "Line\n", count: 3000)))
            #expect(api.status.code == 507 && api.text.contains("\"code\":\"store_full\""))
            try await harness.database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
            #expect(try await client.execute(uri: scan, method: .get).text.contains("Text before the disk filled."))
        }
    }

    /// The StoreError a write failing with `code` comes out as.
    func mapped(_ code: ResultCode) async throws -> StoreError {
        do {
            _ = try await AppDatabase.inMemory().write { _ in throw DatabaseError(resultCode: code) }
        } catch let error as StoreError {
            return error
        }
        throw CancellationError()
    }

    @Test("SQLite's result codes become the right kind of StoreError")
    func kinds() async throws {
        let full = try await mapped(.SQLITE_FULL)
        #expect(full.kind == .full && full.isOutOfSpace && !full.isRetryable)
        #expect(try await mapped(.SQLITE_BUSY).kind == .busy)
        #expect(try await mapped(.SQLITE_READONLY).kind == .readOnly)
        #expect(try await mapped(.SQLITE_CORRUPT).kind == .corrupt)
        #expect(ErrorPresentation.from(full).status.code == 507)
        #expect(ErrorPresentation.from(StoreError(.busy)).status == .serviceUnavailable)
        #expect(ErrorPresentation.from(StoreError(.busy)).retryAfterSeconds != nil)
    }

    @Test("/healthz: unhealthy when the real write fails, degraded when space is low, ok otherwise")
    func health() async throws {
        let harness = try TestApp()
        for (failure, free, status, text) in [
            (nil, Int64(10_000_000_000), HTTPResponse.Status.ok, "\"status\":\"ok\""),
            (nil, Int64(50_000_000), .ok, "low disk space"),
            (StoreError(.full), Int64(0), .serviceUnavailable, "store not writable: disk full"),
        ] {
            var dependencies = harness.dependencies
            dependencies.checkStoreWritable = { if let failure { throw failure } }
            dependencies.freeDiskBytes = { free }
            let app = try await buildApp(dependencies)
            try await app.test(.router) { client in
                let response = try await client.execute(uri: "/healthz", method: .get)
                #expect(response.status == status)
                #expect(response.text.contains(text), "\(response.text)")
                #expect(response.text.contains("\"freeMegabytes\":\(free / 1_048_576)"))
            }
        }
    }
}

@Suite("Capped inputs")
struct CappedInputTests {
    @Test("A photo after 20 other form fields is read; a form with hundreds of parts is refused whole")
    func formParts() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            var parts = (0..<20).map { Multipart.Part(name: "field\($0)", filename: nil, body: Data("value \($0)".utf8)) }
            parts.append(.init(name: "photo", filename: "page.jpg", body: Data("TEXT:After twenty fields.".utf8)))
            let read = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: Multipart.body(parts))
            #expect(read.status == .seeOther)
            #expect(try await client.execute(uri: read.location, method: .get).text.contains("After twenty fields."))

            var many = (0..<300).map { Multipart.Part(name: "f\($0)", filename: nil, body: Data("v".utf8)) }
            many.append(.init(name: "photo", filename: "page.jpg", body: Data("TEXT:Lost in the crowd.".utf8)))
            let refused = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: Multipart.body(many))
            #expect(refused.status == .badRequest && refused.text.contains("too many fields"))
        }
    }

    @Test("Drafts from over 20,000 characters: 413 with a clear message, the text still saved; the API the same")
    func generationInputCap() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let scan = try await client.uploadPage("Short page.")
            let long = String(repeating: "Word ", count: 4001)
            let response = try await client.execute(uri: scan + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", long)]))
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("too long to write posts from (20,004 characters"))
            #expect(try await client.execute(uri: scan, method: .get).text.contains(String(repeating: "Word ", count: 100)))
            #expect(harness.fakeGenerator.calls.load(ordering: .sequentiallyConsistent) == 0)

            let api = try await client.execute(
                uri: "/api/posts", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{\"text\":\"\(long)\"}"))
            #expect(api.status == .contentTooLarge && api.text.contains("\"code\":\"text_too_long\""))
            let huge = try await client.execute(
                uri: "/api/posts", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{\"text\":\"\(String(repeating: "x", count: 1_100_000))\"}"))
            #expect(huge.status == .contentTooLarge && huge.text.contains("\"code\":\"text_too_large\""))
        }
    }
}

@Suite("OCR admission by pixels")
struct PixelBudgetTests {
    /// A job that runs until `open` is called for it.
    actor Gate {
        var started: [String] = []
        var waiting: [String: CheckedContinuation<Void, Never>] = [:]
        func enter(_ name: String) async {
            started.append(name)
            await withCheckedContinuation { waiting[name] = $0 }
        }
        func open(_ name: String) {
            waiting.removeValue(forKey: name)?.resume()
        }
        func isWaiting(_ name: String) -> Bool { waiting[name] != nil }
        func areWaiting(_ names: String...) -> Bool { names.allSatisfy { waiting[$0] != nil } }
    }

    @Test func photosWaitUntilTheirPixelsFitAndTheFirstIsServedFirst() async throws {
        let queue = BoundedWorkQueue(workers: 4, maxWaiting: 4, pixelBudget: 64)
        let gate = Gate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await queue.run(pixels: 49) { await gate.enter("big") } }
            while await !gate.isWaiting("big") { try await Task.sleep(for: .milliseconds(2)) }
            group.addTask { try await queue.run(pixels: 40) { await gate.enter("second") } }
            while await queue.depth < 2 { try await Task.sleep(for: .milliseconds(2)) }
            group.addTask { try await queue.run(pixels: 10) { await gate.enter("small") } }
            while await queue.depth < 3 { try await Task.sleep(for: .milliseconds(2)) }
            // 49 + 40 is over the budget; the small one could fit, but waits its turn behind the second.
            #expect(await gate.started == ["big"])
            await gate.open("big")
            while await !gate.areWaiting("second", "small") { try await Task.sleep(for: .milliseconds(2)) }
            #expect(await Set(gate.started) == ["big", "second", "small"])
            // A photo over the whole budget still runs, alone.
            await gate.open("second")
            await gate.open("small")
            try await group.waitForAll()
        }
        let alone = try await queue.run(pixels: 1000) { 7 }
        #expect(alone == 7)
    }
}

@Suite("Deadlines at the socket")
struct SocketDeadlineTests {
    /// A raw TCP connection to the live test server.
    final class RawConnection: @unchecked Sendable {
        let fd: Int32
        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
            var timeout = timeval(tv_sec: 15, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        deinit { close(fd) }
        /// Whether the server has sent something (or closed) already, without waiting.
        func hasAnswered() -> Bool {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&descriptor, 1, 0) > 0
        }
        func send(_ text: String) { _ = text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }
        /// Tells the server nothing more comes (it may then close at once).
        func finishSending() { _ = Glibc.shutdown(fd, Int32(SHUT_WR)) }
        /// `readUntilClosed` on a thread of its own: a test that waits on a socket must not hold one of the few threads
        /// the server it talks to (in this process) answers on, or on a busy two-core machine the answer never comes.
        func reply() async -> (String, Duration) {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(returning: self.readUntilClosed()) }
            }
        }
        /// What the server sends until it closes (or 15 s pass), and how long that took.
        func readUntilClosed() -> (String, Duration) {
            let start = ContinuousClock.now
            var received = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { break }
                received += buffer[0..<count]
            }
            return (String(decoding: received, as: UTF8.self), start.duration(to: .now))
        }
    }

    @Test("One address gets only its share of connections: past it, 503 with Retry-After at once")
    func connectionsPerClient() async throws {
        let app = try await TestApp().build(["headerTimeout": "60", "maxConnections": "8", "maxConnectionsPerClient": "3"])
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The test client may hold one of this address's three slots itself.
            var held: [RawConnection] = []
            var refusal: (String, Duration)?
            for _ in 0..<4 {
                let connection = try RawConnection(port: port)
                connection.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")  // a head in progress: the connection stays open
                try await Task.sleep(for: .milliseconds(100))
                if connection.hasAnswered() {
                    refusal = await connection.reply()
                    break
                }
                held.append(connection)
            }
            let (answer, time) = try #require(refusal, "four connections from one address were all held")
            #expect(held.count == 2 || held.count == 3)
            #expect(answer.hasPrefix("HTTP/1.1 503") && answer.contains("Retry-After: 5"))
            #expect(time < .seconds(3))
            // Once they close, the address has its share again.
            held.removeAll()
            try await Task.sleep(for: .milliseconds(200))
            let probe = try RawConnection(port: port)
            probe.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await probe.reply().0.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test("Slow headers and slow bodies are cut off by the clock")
    func deadlines() async throws {
        let app = try await TestApp().build(["headerTimeout": "1", "requestTimeout": "3", "minBodyRate": "1000"])
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // Slow head: never finished, closed after about a second with 408.
            let head = try RawConnection(port: port)
            head.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a")
            let (headReply, headTime) = await head.reply()
            #expect(headReply.hasPrefix("HTTP/1.1 408"))
            #expect(headTime < .seconds(8))

            // Slow body: a form that never arrives is answered 408 at the rate check (5 s grace at 1000 B/s).
            let body = try RawConnection(port: port)
            body.send(
                "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\npass")
            let (bodyReply, bodyTime) = await body.reply()
            #expect(bodyReply.hasPrefix("HTTP/1.1 408"), "\(bodyReply)")
            #expect(bodyTime < .seconds(12))

            // A request line too long to parse is told so at once (it used to wait out the head deadline for a 408),
            // sent whole or in pieces; one just under the cap is read as usual.
            for pieces in [1, 3] {
                let long = try RawConnection(port: port)
                let line = "GET /healthz?q=" + String(repeating: "a", count: ConnectionGuard.maxRequestLine + 100) + " HTTP/1.1\r\n"
                let size = line.utf8.count / pieces + 1
                for start in stride(from: 0, to: line.utf8.count, by: size) {
                    long.send(String(line.dropFirst(start).prefix(size)))
                }
                long.send("Host: 127.0.0.1\r\n\r\n")
                long.finishSending()
                let (longReply, longTime) = await long.reply()
                #expect(longReply.hasPrefix("HTTP/1.1 414") && longReply.contains("too long"), "\(longReply.prefix(80))")
                #expect(longTime < .milliseconds(900), "answered before the 1 s head deadline")
            }
            let fits = try RawConnection(port: port)
            fits.send("GET /healthz?q=" + String(repeating: "a", count: 7_900) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(await fits.reply().0.hasPrefix("HTTP/1.1 200"))

        }
    }
}
