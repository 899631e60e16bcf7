// Every error page, the 413, missing fields, unknown ids, XSS in OCR and AI text, cross-origin POSTs, and headers.
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

@Suite("Errors and security")
struct ErrorAndSecurityTests {
    @Test("Unknown, traversal and SQL-looking ids get the 404 page")
    func unknownIds() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            for uri in [
                "/scans/AAAAAAAAAAAAAAAAAAAAAA", "/scans/1'%20OR%20'1'='1", "/scans/AAAA;DROP%20TABLE%20scan",
                "/scans/AAAAAAAAAAAAAAAAAAAAAA/lines", "/scans/AAAAAAAAAAAAAAAAAAAAAA/posts/BBBBBBBBBBBBBBBBBBBBBB",
                "/scans/AAAAAAAAAAAAAAAAAAAAAA/preview.jpg", "/no/such/page",
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                #expect(response.text.contains("Not found"), "\(uri)")
                #expect(response.text.contains("<html lang=\"en\">"), "\(uri)")
            }
            // Encoded slashes are refused before routing: still a clear 4xx page, never a file outside the app.
            let traversal = try await client.execute(uri: "/scans/..%2F..%2Fetc%2Fpasswd", method: .get)
            #expect(traversal.status == .badRequest || traversal.status == .notFound)
            #expect(!traversal.text.contains("root:"))
            let staticTraversal = try await client.execute(uri: "/static/../../Package.swift", method: .get)
            #expect(staticTraversal.status.code >= 400 && !staticTraversal.text.contains("PackageDescription"))
            // A NUL in a static file's name cut the name there and let the text after it choose the type (an SVG
            // served as HTML); any control character in a path is refused.
            for uri in ["/static/icon.svg%00.html", "/static/app.js%00.png", "/static/app.css%0A"] {
                let cut = try await client.execute(uri: uri, method: .get)
                #expect(cut.status == .badRequest, "\(uri)")
                #expect(!cut.text.contains("viewBox=\"0 0 512 512\"") && !cut.text.contains("progressive enhancement"), "\(uri)")
            }
            #expect(try await client.execute(uri: "/static/icon.svg", method: .get).headers[.contentType]?.hasPrefix("image/svg") == true)
            // A static file is sent whole whatever range is asked for: a range past its end got 206 with a negative length.
            let whole = try await client.execute(uri: "/static/app.js", method: .get)
            for range in ["bytes=60000000-", "bytes=-0", "bytes=10-20", "bytes=\(whole.body.readableBytes)-"] {
                let ranged = try await client.execute(uri: "/static/app.js", method: .get, headers: [.range: range])
                #expect(ranged.status == .ok && ranged.body.readableBytes == whole.body.readableBytes, "\(range)")
                #expect(ranged.headers[.contentRange] == nil, "\(range)")
            }
            let delete = try await client.execute(uri: "/history/AAAAAAAAAAAAAAAAAAAAAA/delete", method: .post)
            #expect(delete.status == .notFound)
        }
    }

    @Test("An upload over the cap gets the 413 page")
    func tooLarge() async throws {
        let app = try await TestApp().build(["upload.maxMegabytes": "1"])
        try await app.test(.router) { client in
            let big = Multipart.body([.init(name: "photo", filename: "big.jpg", body: Data(repeating: 0x41, count: 2 * 1024 * 1024))])
            let response = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: big)
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains("too large"))
        }
    }

    @Test("Bad uploads each get their own clear 4xx message")
    func badUploads() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            let cases: [(ByteBuffer, HTTPFields, String)] = [
                (Multipart.body([.init(name: "note", filename: nil, body: Data("hi".utf8))]), Multipart.headers, "No photo was attached"),
                (
                    Multipart.body([
                        .init(name: "photo", filename: "a.jpg", body: Data("TEXT:a".utf8)),
                        .init(name: "photo", filename: "b.jpg", body: Data("TEXT:b".utf8)),
                    ]), Multipart.headers, "one photo at a time"
                ),
                (Multipart.photo("x", name: "image"), Multipart.headers, "form field named"),
                (Multipart.body([.init(name: "photo", filename: "empty.jpg", body: Data())]), Multipart.headers, "empty"),
                (ByteBuffer(string: "not multipart"), [.contentType: "text/plain"], "multipart/form-data"),
                (Multipart.body([.init(name: "photo", filename: "x.pdf", body: Data("%PDF-1.4".utf8))]), Multipart.headers, "not a photo"),
            ]
            for (body, headers, expected) in cases {
                let response = try await client.execute(uri: "/scans", method: .post, headers: headers, body: body)
                #expect((400..<500).contains(Int(response.status.code)), "\(expected): \(response.status)")
                #expect(response.text.contains(expected), "\(expected)")
                #expect(response.text.contains("Choose another photo"), "\(expected)")
            }
        }
    }

    @Test("A missing or oversized text field gives 400/413, never 500; the saved text survives")
    func missingField() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("Keep me.")
            let missing = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("book", "x")]))
            #expect(missing.status == .badRequest)
            #expect(missing.text.contains("text field is missing"))
            let huge = String(repeating: "a", count: 2 * 1024 * 1024)
            let tooBig = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", huge)]))
            #expect(tooBig.status == .contentTooLarge)
            let wrongType = try await client.execute(
                uri: path + "/posts", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            #expect(wrongType.status == .badRequest)
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await harness.scans.scan(id: id)?.editedText == "Keep me.")
        }
    }

    @Test("Invalid UTF-8 in a form field is stored as replacement characters, not a 500")
    func invalidUTF8() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("Text.")
            let response = try await client.execute(
                uri: path, method: .post, headers: Form.headers, body: ByteBuffer(string: "text=ok%FF%FE%C3&book=%E2%82"))
            #expect(response.status == .seeOther)
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await harness.scans.scan(id: id)?.editedText.hasPrefix("ok") == true)
        }
    }

    @Test("A <script> in OCR text or AI text renders as text")
    func xss() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        let attack = "<script>alert('x')</script><img src=x onerror=alert(1)>"
        try await app.test(.router) { client in
            let path = try await client.uploadPage("Line \(attack)\nSecond \(attack)")
            for page in [path, path + "/lines"] {
                let html = try await client.execute(uri: page, method: .get).text
                #expect(!html.contains("<script>alert"), "\(page)")
                #expect(!html.contains("<img src=x"), "\(page)")
                #expect(html.contains("&lt;script&gt;"), "\(page)")
            }
            let generated = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", attack)]))
            let cards = try await client.execute(uri: generated.location, method: .get).text
            #expect(!cards.contains("<script>alert") && cards.contains("&lt;script&gt;"))
            _ = try await client.execute(
                uri: "/history", method: .post, headers: Form.headers,
                body: Form.encode([("action", "copied"), ("tone", "<b>x</b>"), ("text", attack)]))
            let history = try await client.execute(uri: "/history", method: .get).text
            #expect(!history.contains("<script>alert") && !history.contains("<b>x</b>"))
        }
    }

    @Test("The page's script messages cannot close an element, and no template writes a value unescaped")
    func scriptMessagesStayInsideTheirScript() async throws {
        // The messages' JSON sits in a meta element's attribute, escaped like any value; markup characters in it
        // are JSON escapes besides.
        let json = PageModel.json(["k": "</script><script>alert(1)</script> & <!--"])
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(decoded == ["k": "</script><script>alert(1)</script> & <!--"], "the escapes decode to the same text")
        // OCR and AI text reach pages only through escaped values: no template has `{{{` or `{{&`.
        let folder = URL(fileURLWithPath: TestApp.repositoryRoot).appendingPathComponent("Templates")
        let templates = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "mustache" }
        #expect(templates.count > 5)
        for template in templates {
            let text = try String(contentsOf: template, encoding: .utf8)
            #expect(!text.contains("{{{") && !text.contains("{{&"), "\(template.lastPathComponent) writes a value unescaped")
        }
        // The page carries the messages as an attribute the browser decodes back to the JSON.
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get)
            #expect(home.text.contains(#"<meta name="snappost-messages" id="messages" content="{&quot;"#))
        }
    }

    @Test("Cross-origin POSTs are refused; same-origin ones pass")
    func crossOrigin() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            var headers = Multipart.headers
            headers[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let refused = try await client.execute(uri: "/scans", method: .post, headers: headers, body: Multipart.photo("x"))
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("another site"))
            var originHeaders = Form.headers
            originHeaders[.origin] = "https://evil.example"
            let refused2 = try await client.execute(uri: "/history", method: .post, headers: originHeaders, body: Form.encode([("text", "x")]))
            #expect(refused2.status == .forbidden)
            var same = Multipart.headers
            same[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            let allowed = try await client.execute(uri: "/scans", method: .post, headers: same, body: Multipart.photo("ok"))
            #expect(allowed.status == .seeOther)
        }
    }

    @Test("Every page carries a strict CSP and the other security headers")
    func headers() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            for uri in ["/", "/history", "/nope", "/static/app.css"] {
                let response = try await client.execute(uri: uri, method: .get)
                let csp = response.headers[.contentSecurityPolicy] ?? ""
                #expect(csp.contains("frame-ancestors 'none'") && !csp.contains("unsafe-inline") && csp.contains("script-src 'self'"), "\(uri)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            }
        }
    }
}

@Suite("Uploads from real forms")
struct FormUploadTests {
    @Test("The unused second file input (empty, filename=\"\") is ignored, as browsers send it without JS")
    func emptySecondInput() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            let body = Multipart.body([
                .init(name: "photo", filename: "", body: Data()),
                .init(name: "photo", filename: "page.jpg", body: Data("TEXT:From the library".utf8)),
            ])
            let response = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: body)
            #expect(response.status == .seeOther)
        }
    }
}

@Suite("Compression")
struct CompressionTests {
    @Test("Pages and assets are gzipped for clients that accept it, and only for them")
    func gzip() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            for uri in ["/", "/static/app.css", "/static/app.js", "/manifest.webmanifest"] {
                let zipped = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, deflate, br"])
                #expect(zipped.headers[.contentEncoding] == "gzip", "\(uri)")
                #expect(zipped.body.readableBytes > 0 && zipped.body.getBytes(at: zipped.body.readerIndex, length: 2) == [0x1f, 0x8b], "\(uri)")
                let plain = try await client.execute(uri: uri, method: .get)
                #expect(plain.headers[.contentEncoding] == nil && plain.body.readableBytes > zipped.body.readableBytes, "\(uri)")
            }
        }
    }
}
