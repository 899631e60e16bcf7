// The Host allow-list (DNS rebinding), exactly one Host per request, Origin checked against the list, and HEAD on GET
// routes: over a real socket where the Host header itself matters, through the router otherwise.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import SnapPostWeb

@Suite("Host allow-list")
struct HostGuardTests {
    /// One request over a fresh connection; the whole answer. The blocking socket calls run on a thread of their own,
    /// so they never hold one of the few threads the server's handlers need.
    static func raw(_ port: Int, _ head: String) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    let connection = try SocketDeadlineTests.RawConnection(port: port)
                    connection.send(head)
                    continuation.resume(returning: connection.readUntilClosed().0)
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    @Test("Names: addresses, localhost, the machine's and --host's names and the configured ones pass; others do not")
    func allowList() {
        let list = HostAllowList(
            configured: ["snappost.example.com", ".example.org", "*.photos.test", "pics.example.net:8443"], listenHost: "0.0.0.0", machineName: "box")
        for allowed in [
            "127.0.0.1", "127.0.0.2:8080", "[::1]:8080", "[::1]", "192.168.1.20:8080", "10.0.0.5", "localhost", "LOCALHOST:80", "app.localhost",
            "box", "box.local:8080", "snappost.example.com", "SnapPost.Example.com:443", "example.org", "a.b.example.org", "x.photos.test",
            "photos.test", "pics.example.net",
        ] {
            #expect(list.allows(allowed), "\(allowed)")
        }
        for refused in [
            "evil.example", "rebind.attacker.test:8080", "example.com", "snappost.example.com.evil.test", "notexample.org", "", " ", "a b",
            "localhost/x", "host:port", "host:80:90", "[::1", "[::1]x", "x..y", "-",
        ] {
            #expect(!list.allows(refused), "\(refused)")
        }
        #expect(HostAllowList(configured: [], listenHost: "nas.home.arpa", machineName: nil).allows("nas.home.arpa:8080"))
    }

    @Test("Over a socket: a foreign Host is 400, no Host or two Hosts are 400, loopback and addresses are served")
    func hostHeaders() async throws {
        let app = try await TestApp().build()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let foreign = try await Self.raw(port, "GET /retouch HTTP/1.1\r\nHost: rebind.attacker.test:\(port)\r\nConnection: close\r\n\r\n")
            #expect(foreign.hasPrefix("HTTP/1.1 400") && foreign.contains("Wrong address") && foreign.contains("SNAPPOST_ALLOWED_HOSTS"))
            let api = try await Self.raw(port, "GET /api/retouch/AAAAAAAAAAAAAAAAAAAAAA HTTP/1.1\r\nHost: evil.test\r\nConnection: close\r\n\r\n")
            #expect(api.hasPrefix("HTTP/1.1 400") && api.contains("\"code\":\"bad_host\""))
            let none = try await Self.raw(port, "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n")
            #expect(none.hasPrefix("HTTP/1.1 400") && none.contains("missing_host"))
            let two = try await Self.raw(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.test\r\nConnection: close\r\n\r\n")
            #expect(two.hasPrefix("HTTP/1.1 400"))
            for host in ["127.0.0.1:\(port)", "127.0.0.2", "localhost:\(port)", "[::1]:\(port)", "192.168.7.7"] {
                let served = try await Self.raw(port, "GET /retouch HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n")
                #expect(served.hasPrefix("HTTP/1.1 200"), "\(host)")
            }
            // A rebinding page cannot post either, whatever its Origin says.
            let post = try await Self.raw(
                port,
                "POST /retouch/AAAAAAAAAAAAAAAAAAAAAA/delete HTTP/1.1\r\nHost: evil.test\r\nOrigin: http://evil.test\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
            )
            #expect(post.hasPrefix("HTTP/1.1 400"))
        }
    }

    @Test("A configured name is served over a socket")
    func configuredName() async throws {
        let app = try await TestApp().build(["allowedHosts": "snappost.example.com,.example.org"])
        try await app.test(.live) { client in
            let port = try #require(client.port)
            for host in ["snappost.example.com", "photos.example.org:\(port)"] {
                #expect(
                    try await Self.raw(port, "GET /healthz HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n").hasPrefix("HTTP/1.1 200"),
                    "\(host)")
            }
            #expect(try await Self.raw(port, "GET /healthz HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n").hasPrefix("HTTP/1.1 400"))
        }
    }

    @Test("HEAD works on every GET route: the GET's status and headers, no body")
    func head() async throws {
        let app = try await TestApp().build()
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let health = try await Self.raw(port, "HEAD /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(health.hasPrefix("HTTP/1.1 200"))
            #expect(health.hasSuffix("\r\n\r\n"), "a HEAD answer has no body: \(health)")
        }
        try await app.test(.router) { client in
            for path in ["/", "/retouch", "/shelf", "/history", "/healthz", "/metrics", "/login", "/scan", "/manifest.webmanifest"] {
                let head = try await client.execute(uri: path, method: .head)
                let get = try await client.execute(uri: path, method: .get)
                #expect(head.status == get.status, "\(path)")
                #expect(head.status != .notFound && head.body.readableBytes == 0, "\(path)")
            }
        }
    }

    @Test("Behind a trusted proxy the forwarded name must be allowed too")
    func forwardedHost() async throws {
        try await TestApp().build(["trustProxy": "true"]).test(.router) { client in
            let evil = try await client.execute(uri: "/retouch", method: .get, headers: [HTTPField.Name("X-Forwarded-Host")!: "rebind.attacker.test"])
            #expect(evil.status == .badRequest)
            let local = try await client.execute(uri: "/retouch", method: .get, headers: [HTTPField.Name("X-Forwarded-Host")!: "127.0.0.1:8080"])
            #expect(local.status == .ok)
        }
        try await TestApp().build(["trustProxy": "true", "allowedHosts": "public.example.com"]).test(.router) { client in
            let named = try await client.execute(uri: "/retouch", method: .get, headers: [HTTPField.Name("X-Forwarded-Host")!: "public.example.com"])
            #expect(named.status == .ok)
        }
    }

    @Test("Origin is checked against the allow-list: a configured public name may post through a proxy that renames the Host")
    func origin() async throws {
        let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "https://public.example.com"]
        try await TestApp().build().test(.router) { client in
            let refused = try await client.execute(uri: "/history", method: .post, headers: form, body: ByteBuffer(string: "a=1"))
            #expect(refused.status == .forbidden)
        }
        try await TestApp().build(["allowedHosts": "public.example.com"]).test(.router) { client in
            let accepted = try await client.execute(uri: "/history", method: .post, headers: form, body: ByteBuffer(string: "a=1"))
            #expect(accepted.status != .forbidden)
            var foreign = form
            foreign[.origin] = "https://evil.example"
            let refused = try await client.execute(uri: "/history", method: .post, headers: foreign, body: ByteBuffer(string: "a=1"))
            #expect(refused.status == .forbidden)
        }
    }
}
