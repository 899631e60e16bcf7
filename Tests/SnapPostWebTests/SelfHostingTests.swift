// Login, sessions, the generated password, the API tokens, the bounded queue, the base path, manifest, health, metrics.
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
import Storage
import Support
import Synchronization
import Testing

@testable import SnapPostWeb

@Suite("Self-hosting")
struct SelfHostingTests {
    static let pagePaths = [
        "/", "/scan", "/history", "/history?q=x", "/scans/AAAAAAAAAAAAAAAAAAAAAA", "/scans/AAAAAAAAAAAAAAAAAAAAAA/lines",
        "/scans/AAAAAAAAAAAAAAAAAAAAAA/preview.jpg", "/scans/AAAAAAAAAAAAAAAAAAAAAA/posts/BBBBBBBBBBBBBBBBBBBBBB", "/no/such/page",
        "/shelf", "/shelf?q=x", "/shelves/AAAAAAAAAAAAAAAAAAAAAA", "/shelves/AAAAAAAAAAAAAAAAAAAAAA/preview.jpg",
        "/shelves/AAAAAAAAAAAAAAAAAAAAAA/audio.wav",
    ]
    static let postPaths = [
        "/scans", "/share", "/history", "/scans/AAAAAAAAAAAAAAAAAAAAAA", "/scans/AAAAAAAAAAAAAAAAAAAAAA/posts",
        "/scans/AAAAAAAAAAAAAAAAAAAAAA/select", "/scans/AAAAAAAAAAAAAAAAAAAAAA/delete", "/history/AAAAAAAAAAAAAAAAAAAAAA/delete",
        "/shelves", "/shelves/AAAAAAAAAAAAAAAAAAAAAA/books/0", "/shelves/AAAAAAAAAAAAAAAAAAAAAA/delete",
    ]

    func login(_ client: some TestClientProtocol, password: String, base: String = "") async throws -> String? {
        let response = try await client.execute(
            uri: "\(base)/login", method: .post, headers: Form.headers, body: Form.encode([("password", password), ("next", "\(base)/history")]))
        guard response.status == .seeOther else { return nil }
        #expect(response.location == "\(base)/history")
        let cookie = response.headers[.setCookie] ?? ""
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Max-Age="))
        return cookie.split(separator: ";").first.map(String.init)
    }

    @Test("With a password every page redirects to login and the API answers 401")
    func everythingNeedsLogin() async throws {
        let app = try await TestApp().build(["password": "correct horse"])
        try await app.test(.router) { client in
            for path in Self.pagePaths {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.location.hasPrefix("/login?next="), "\(path)")
            }
            for path in Self.postPaths {
                let response = try await client.execute(uri: path, method: .post, headers: Form.headers, body: Form.encode([("text", "x")]))
                #expect(response.status == .seeOther, "\(path)")
                #expect(response.location.hasPrefix("/login"), "\(path)")
            }
            for path in ["/api/ocr", "/api/posts", "/api/analyze-bookshelf"] {
                let response = try await client.execute(uri: path, method: .post, body: ByteBuffer(string: "{}"))
                #expect(response.status == .unauthorized, "\(path)")
                #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(response.text.contains("Bearer"), "a program is told what to send")
            }
            // One of our pages' scripts whose session has ended (the retouch editor) shows the refusal to a person:
            // it says to log in again, in their language, and names no setting.
            let fromPage: HTTPFields = [HTTPField.Name("Sec-Fetch-Site")!: "same-origin", .acceptLanguage: "fr", .contentType: "application/json"]
            let ended = try await client.execute(uri: "/api/retouch/abc/edits", method: .post, headers: fromPage, body: ByteBuffer(string: "{}"))
            #expect(ended.status == .unauthorized && ended.text.contains("Reconnectez-vous") && !ended.text.contains("Bearer"), "\(ended.text)")
            for path in ["/login", "/healthz", "/api/health", "/static/app.css", "/manifest.webmanifest"] {
                #expect(try await client.execute(uri: path, method: .get).status == .ok, "\(path)")
            }
        }
    }

    @Test("Login, a wrong password, logout, and session expiry")
    func loginLogoutExpiry() async throws {
        let harness = try TestApp()
        let app = try await harness.build(["password": "correct horse", "sessionHours": "1"])
        try await app.test(.router) { client in
            let wrong = try await client.execute(uri: "/login", method: .post, headers: Form.headers, body: Form.encode([("password", "nope")]))
            #expect(wrong.status == .unauthorized)
            #expect(wrong.text.contains("That password is not right."))

            let cookie = try #require(try await login(client, password: "correct horse"))
            let home = try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie])
            #expect(home.status == .ok)
            #expect(home.text.contains("Log out"))

            let logout = try await client.execute(uri: "/logout", method: .post, headers: [.cookie: cookie])
            #expect(logout.status == .seeOther)
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: cookie]).status == .seeOther)

            let second = try #require(try await login(client, password: "correct horse"))
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: second]).status == .ok)
            harness.clock.advance(by: 3601)
            #expect(try await client.execute(uri: "/", method: .get, headers: [.cookie: second]).status == .seeOther)
        }
    }

    @Test("Repeated wrong passwords from one client are slowed down")
    func loginThrottle() async throws {
        let harness = try TestApp(frozenClock: true)
        let app = try await harness.build(["password": "right"])
        try await app.test(.router) { client in
            // The same wrong password again is not a new guess: it counts once.
            for guess in ["bad-1", "bad-1", "bad-2", "bad-3"] {
                let response = try await client.execute(uri: "/login", method: .post, headers: Form.headers, body: Form.encode([("password", guess)]))
                #expect(response.status == .unauthorized)
            }
            let slowed = try await client.execute(uri: "/login", method: .post, headers: Form.headers, body: Form.encode([("password", "right")]))
            #expect(slowed.status == .tooManyRequests)
            #expect(slowed.headers[.retryAfter] != nil)
            harness.clock.advance(by: 5)
            #expect(try await login(client, password: "right") != nil)
        }
    }

    @Test("Listening on 0.0.0.0 without a password generates one, stores it (0600), logs it once, and requires it")
    func generatedPassword() async throws {
        let harness = try TestApp()
        let app = try await harness.build(["host": "0.0.0.0"])
        let line = try #require(harness.logs.all.first { $0.contains("uses its generated password") })
        let stored = try #require(try PasswordFile(directory: harness.dataDirectory).read())
        #expect(stored.origin == .generated && RandomID.isWellFormed(stored.password))
        #expect(line.contains(stored.password) && line.contains("snappost password set"))
        #expect(harness.logs.all.filter { $0.contains(stored.password) }.count == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: PasswordFile(directory: harness.dataDirectory).path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        try await app.test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.status == .seeOther)
            let cookie = try await login(client, password: stored.password)
            #expect(cookie != nil)
        }
    }

    @Test("A restart with no password set keeps the generated password, and a logged-in browser stays logged in")
    func restartKeepsPasswordAndSessions() async throws {
        let harness = try TestApp()
        let password = try PasswordFile(directory: harness.dataDirectory).readOrGenerate().password
        let cookie = try await harness.build(["host": "0.0.0.0"]).test(.router) { client in
            try await login(client, password: password)
        }
        let session = try #require(cookie)
        // The second start: same data folder, same store, nothing set.
        try await harness.build(["host": "0.0.0.0"]).test(.router) { client in
            #expect(try PasswordFile(directory: harness.dataDirectory).read()?.password == password)
            let home = try await client.execute(uri: "/", method: .get, headers: [.cookie: session])
            #expect(home.status == .ok, "the session made before the restart still opens Home")
        }
        #expect(harness.logs.all.filter { $0.contains(password) }.count == 2, "printed at each start until one is chosen")
    }

    @Test("A password chosen with `snappost password set` applies, even on loopback, is not printed, and logs out older sessions")
    func chosenPassword() async throws {
        let harness = try TestApp()
        let cookie = try await harness.build(["host": "0.0.0.0"]).test(.router) { client in
            let generated = try #require(try PasswordFile(directory: harness.dataDirectory).read()).password
            return try await login(client, password: generated)
        }
        try PasswordFile(directory: harness.dataDirectory).set("correct horse battery")
        try await harness.build().test(.router) { client in
            #expect(try await client.execute(uri: "/", method: .get).status == .seeOther, "loopback, but a chosen password is a login")
            let old = try await client.execute(uri: "/", method: .get, headers: [.cookie: try #require(cookie)])
            #expect(old.status == .seeOther, "a session made under the generated password is void")
            #expect(try await login(client, password: "correct horse battery") != nil)
        }
        #expect(!harness.logs.all.contains { $0.contains("correct horse battery") })
    }

    @Test("Passwords that protect nothing are refused with a reason; a damaged file stops the start with a clear message")
    func passwordFileErrors() async throws {
        let file = PasswordFile(directory: FileManager.default.temporaryDirectory.appendingPathComponent("snappost-pw-\(UUID().uuidString)"))
        #expect(throws: PasswordFileError.tooShort(minimum: PasswordFile.minimumLength)) { try file.set("short") }
        #expect(throws: PasswordFileError.controlCharacters) { try file.set("two lines\nof password") }
        #expect(throws: PasswordFileError.surroundingSpaces) { try file.set(" spaced password ") }
        #expect(try file.read() == nil, "nothing was stored by refused passwords")
        try FileManager.default.createDirectory(at: file.directory, withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: file.path))
        #expect(throws: PasswordFileError.unreadable(path: file.path)) { try file.read() }
        let harness = try TestApp()
        try FileManager.default.createDirectory(at: harness.dataDirectory, withIntermediateDirectories: true)
        try Data("hello\n".utf8).write(to: URL(fileURLWithPath: PasswordFile(directory: harness.dataDirectory).path))
        await #expect(throws: PasswordFileError.self) { _ = try await harness.build(["host": "0.0.0.0"]) }
    }

    @Test("--no-auth beyond loopback turns the login off with a warning")
    func noAuth() async throws {
        let harness = try TestApp()
        let app = try await harness.build(["host": "0.0.0.0", "auth": "none"])
        #expect(harness.logs.all.contains { $0.contains("Login is OFF") })
        try await app.test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.status == .ok)
        }
    }

    @Test("The API works with a Bearer token and refuses without one")
    func apiTokens() async throws {
        let app = try await TestApp().build(["password": "pw", "apiTokens": "tok-1, tok-2"])
        try await app.test(.router) { client in
            let body = ByteBuffer(string: #"{"text":"A passage about habits.","book":"Atomic","author":"Clear"}"#)
            let denied = try await client.execute(uri: "/api/posts", method: .post, headers: [.authorization: "Bearer wrong"], body: body)
            #expect(denied.status == .unauthorized)
            let ok = try await client.execute(uri: "/api/posts", method: .post, headers: [.authorization: "Bearer tok-2"], body: body)
            #expect(ok.status == .ok)
            let json = try JSONSerialization.jsonObject(with: Data(ok.body.readableBytesView)) as? [String: Any]
            #expect((json?["posts"] as? [[String: Any]])?.count == 5)

            var upload = Multipart.headers
            upload[.authorization] = "Bearer tok-1"
            let ocr = try await client.execute(uri: "/api/ocr", method: .post, headers: upload, body: Multipart.photo("Line A\nLine B"))
            #expect(ocr.status == .ok)
            let reply = try JSONSerialization.jsonObject(with: Data(ocr.body.readableBytesView)) as? [String: Any]
            #expect(reply?["text"] as? String == "Line A\nLine B")
            #expect((reply?["lines"] as? [Any])?.count == 2)
            #expect(reply?["confidence"] as? Double != nil)

            let raw = try await client.execute(
                uri: "/api/ocr", method: .post, headers: [.authorization: "Bearer pw"], body: ByteBuffer(string: "TEXT:raw body"))
            #expect(raw.status == .ok)
            let bad = try await client.execute(
                uri: "/api/ocr", method: .post, headers: [.authorization: "Bearer pw"], body: ByteBuffer(string: "%PDF"))
            #expect(bad.status == .badRequest)
            #expect(String(buffer: bad.body).contains("\"code\":\"unsupported_type\""))
        }
    }

    @Test("A full OCR queue answers 503 with Retry-After and a friendly page")
    func fullQueue() async throws {
        let harness = try TestApp()
        let app = try await harness.build(["ocr.workers": "1", "ocr.queueLength": "0"])
        try await app.test(.router) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let body = Multipart.body([.init(name: "photo", filename: "a.jpg", body: Data("HOLD".utf8))])
                    let held = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: body)
                    #expect(held.status == .seeOther)
                }
                while harness.reader.heldCount.load(ordering: .sequentiallyConsistent) == 0 { try await Task.sleep(for: .milliseconds(5)) }
                let busy = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: Multipart.photo("second"))
                #expect(busy.status == .serviceUnavailable)
                #expect(busy.headers[.retryAfter] != nil)
                #expect(busy.text.contains("busy"))
                harness.reader.releaseAll()
                try await group.waitForAll()
            }
        }
    }

    @Test("Uploads per client are rate limited")
    func uploadRate() async throws {
        let app = try await TestApp().build(["upload.perMinute": "2"])
        try await app.test(.router) { client in
            _ = try await client.uploadPage("one")
            _ = try await client.uploadPage("two")
            let third = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: Multipart.photo("three"))
            #expect(third.status == .tooManyRequests)
            #expect(third.headers[.retryAfter] != nil)
        }
    }

    @Test("Under a base path, every link, form action and asset on every page resolves (no 404)")
    func basePathCrawl() async throws {
        let harness = try TestApp()
        let app = try await harness.build(["basePath": "/snappost/", "password": "pw"])
        try await app.test(.router) { client in
            let cookie = try #require(try await login(client, password: "pw", base: "/snappost"))
            #expect(try await client.execute(uri: "/snappost/login", method: .get).status == .ok)
            let scan = try await client.uploadPage("Paragraph one.\n\nParagraph two.", base: "/snappost", headers: [.cookie: cookie])
            #expect(scan.hasPrefix("/snappost/scans/"))
            let generated = try await client.execute(
                uri: scan + "/posts", method: .post, headers: Form.headers + [.cookie: cookie], body: Form.encode([("text", "Words.")]))
            #expect(generated.location.hasPrefix("/snappost/scans/"))
            _ = try await client.execute(
                uri: "/snappost/history", method: .post, headers: Form.headers + [.cookie: cookie],
                body: Form.encode([("text", "Kept."), ("tone", "punchy"), ("action", "copied")]))

            var queue = [
                "/snappost/", "/snappost/scan", "/snappost/history", scan, scan + "/lines", generated.location, "/snappost/manifest.webmanifest",
            ]
            var seen = Set<String>()
            while let uri = queue.popLast() {
                guard seen.insert(uri).inserted else { continue }
                let response = try await client.execute(uri: uri, method: .get, headers: [.cookie: cookie])
                #expect(response.status != .notFound, "\(uri)")
                #expect(response.status.code < 500, "\(uri)")
                // Links are read from pages and the manifest, not from downloads (the export ZIP holds ids in its JSON).
                let body = response.headers[.contentType]?.hasPrefix("application/zip") == true ? "" : response.text
                for link in Self.references(in: body) where !link.hasPrefix("http") {
                    #expect(link.hasPrefix("/snappost/"), "\(uri) links to \(link)")
                    if !seen.contains(link) && !link.contains("/delete") && !link.hasSuffix("/logout") { queue.append(link) }
                }
            }
            let cookieHeader =
                try await client.execute(
                    uri: "/snappost/login", method: .post, headers: Form.headers,
                    body: Form.encode([("password", "pw")])
                ).headers[.setCookie] ?? ""
            #expect(cookieHeader.contains("Path=/snappost"))
            #expect(seen.count > 10)
        }
    }

    /// Every href, src, action and formaction attribute, plus URLs in a JSON manifest.
    static func references(in body: String) -> [String] {
        var links: [String] = []
        let pattern = #/(?:href|src|action|formaction)="([^"#?]+)[^"]*"|"(?:src|url|start_url|action|scope|id)":"([^"]+)"/#
        for match in body.matches(of: pattern) {
            if let link = match.output.1 ?? match.output.2 {
                links.append(String(link).replacingOccurrences(of: "&amp;", with: "&"))
            }
        }
        return links
    }

    @Test("The manifest installs as a PWA with a Scan to Draft shortcut and a share target")
    func manifest() async throws {
        let app = try await TestApp().build(["basePath": "/sp"])
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/sp/manifest.webmanifest", method: .get)
            #expect(response.headers[.contentType] == "application/manifest+json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            #expect(json["name"] as? String == "SnapPost")
            #expect(json["start_url"] as? String == "/sp/")
            #expect(json["display"] as? String == "standalone")
            let icons = try #require(json["icons"] as? [[String: String]])
            #expect(icons.contains { $0["sizes"] == "192x192" } && icons.contains { $0["sizes"] == "512x512" })
            for icon in icons { #expect(try await client.execute(uri: icon["src"]!, method: .get).status == .ok) }
            let shortcuts = try #require(json["shortcuts"] as? [[String: Any]])
            #expect(shortcuts.contains { $0["name"] as? String == "Scan to Draft" && $0["url"] as? String == "/sp/scan" })
            let share = try #require(json["share_target"] as? [String: Any])
            #expect(share["method"] as? String == "POST" && share["enctype"] as? String == "multipart/form-data")
            #expect(share["action"] as? String == "/sp/share")
            let shared = try await client.execute(uri: "/sp/share", method: .post, headers: Multipart.headers, body: Multipart.photo("Shared page"))
            #expect(shared.status == .seeOther && shared.location.hasPrefix("/sp/scans/"))
        }
    }

    @Test("Health reports the store and the OCR engine; metrics are Prometheus text with our series")
    func healthAndMetrics() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            #expect(health.text.contains("\"store\":\"writable\"") && health.text.contains("\"ocr\":\"ready\""))
            let path = try await client.uploadPage("Page")
            _ = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Page")]))
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            #expect(metrics.contains("snappost_http_requests_total{"))
            #expect(metrics.contains("route=\"/scans/{id}/posts\""))
            #expect(metrics.contains("snappost_ocr_step_seconds_bucket{step=\"recognise\""))
            #expect(metrics.contains("snappost_ocr_queue_depth"))
            #expect(metrics.contains("snappost_ai_generation_seconds_count"))
        }
    }
}

extension HTTPFields {
    static func + (lhs: HTTPFields, rhs: HTTPFields) -> HTTPFields {
        var out = lhs
        for field in rhs { out.append(field) }
        return out
    }
}

@Suite("Reverse proxy")
struct ReverseProxyTests {
    func loginCookie(_ app: some ApplicationProtocol) async throws -> String {
        try await app.test(.router) { client in
            let response = try await client.execute(
                uri: "/login", method: .post, headers: Form.headers + [HTTPField.Name("X-Forwarded-Proto")!: "https"],
                body: Form.encode([("password", "pw")]))
            return response.headers[.setCookie] ?? ""
        }
    }

    @Test("X-Forwarded-Proto: https makes the cookie Secure only when the proxy is trusted")
    func forwardedProto() async throws {
        let trusted = try await loginCookie(try await TestApp().build(["password": "pw", "trustProxy": "true"]))
        #expect(trusted.contains("Secure"))
        let untrusted = try await loginCookie(try await TestApp().build(["password": "pw"]))
        #expect(!untrusted.contains("Secure") && untrusted.contains("HttpOnly"))
    }
}
