// Home → upload → Results → Generate → Variants → History → Lines, through the real router with fakes behind it.
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

@Suite("Pages and flow")
struct PageFlowTests {
    @Test("Home has both photo buttons, capture only on Take photo, and a no-JS submit")
    func home() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/", method: .get)
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<html lang=\"en\">"))
            #expect(html.contains("Take photo") && html.contains("Choose photo"))
            #expect(html.components(separatedBy: "capture=\"environment\"").count == 2)
            #expect(html.contains("type=\"file\" name=\"camera\" accept=\"image/*\" capture=\"environment\""))
            #expect(html.components(separatedBy: "type=\"file\" name=\"photo\" accept=\"image/*\"").count == 2)
            #expect(html.contains("enctype=\"multipart/form-data\""))
            #expect(html.contains("Read the page"))
            #expect(!html.contains("<script>") && !html.contains("style=\""))
        }
    }

    @Test("Upload redirects (303) to Results with the text in an editable textarea; Scan new keeps earlier scans")
    func uploadAndResults() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            let first = try await client.uploadPage("First page of the book.")
            let second = try await client.uploadPage("Second page, to compare.")
            #expect(first.hasPrefix("/scans/") && first != second)
            let id = String(first.dropFirst("/scans/".count))
            #expect(RandomID.isWellFormed(id))
            let results = try await client.execute(uri: first, method: .get)
            #expect(results.status == .ok)
            #expect(results.text.contains("<textarea id=\"text\" name=\"text\""))
            #expect(results.text.contains("First page of the book."))
            #expect(results.text.contains("Generate posts") && results.text.contains("data-copy-from=\"#text\""))
            #expect(results.text.contains("/scans/\(id)/lines"))
            #expect(results.text.contains("Writer: <strong>Fake writer</strong>"))
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("First page of the book.") && home.contains("Second page, to compare."))
        }
    }

    @Test("Generate stores the edited text first, then shows five cards with counts, notes and share links")
    func generate() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("Original OCR text.")
            let edited = "Edited by hand: the best time to plant a tree was twenty years ago."
            let response = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers,
                body: Form.encode([("text", edited), ("book", "Trees"), ("author", "Anon")]))
            #expect(response.status == .seeOther)
            #expect(response.location.hasPrefix(path + "/posts/"))
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await harness.scans.scan(id: id)?.editedText == edited)
            #expect(try await harness.scans.scan(id: id)?.book == "Trees")

            let cards = try await client.execute(uri: response.location, method: .get)
            #expect(cards.status == .ok)
            let html = cards.text
            #expect(html.components(separatedBy: "<li class=\"card\"").count == 6)
            for tone in Tone.allCases { #expect(html.contains("tone-\(tone.rawValue)")) }
            #expect(html.contains("/900"))
            #expect(html.contains("Variant trimmed to meet LinkedIn length."))
            #expect(html.contains("https://www.linkedin.com/feed/?shareActive=true&amp;text="))
            #expect(html.contains("data-share-from") && html.contains("Mark as posted"))
            #expect(html.contains("href=\"\(path)\"") && html.contains(">Done<"))
        }
    }

    @Test("An AI failure returns to Results with the edited text intact, the message and a Retry button")
    func generateFailureKeepsText() async throws {
        let harness = try TestApp()
        harness.fakeGenerator.failure.withLock { $0 = AIError(.providerUnavailable(status: 503)) }
        let app = try await harness.build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("OCR text.")
            let edited = "My careful edit that must never be lost."
            let response = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", edited)]))
            #expect(response.status == .badGateway)
            #expect(response.text.contains(edited))
            #expect(response.text.contains("The AI writer is having trouble right now."))
            #expect(response.text.contains("The provider answered HTTP 503."), "the detail is on the page, folded away")
            #expect(response.text.contains(">Retry<"))
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await harness.scans.scan(id: id)?.editedText == edited)

            harness.fakeGenerator.failure.withLock { $0 = nil }
            let retry = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", edited)]))
            #expect(retry.status == .seeOther)
        }
    }

    @Test("A provider's 503 that names its wait: the wait is on the page and in Retry-After, and the edited text is kept")
    func unavailableWithAWait() async throws {
        let harness = try TestApp()
        harness.fakeGenerator.failure.withLock { $0 = AIError(.providerUnavailable(status: 503, retryAfter: .seconds(45))) }
        let app = try await harness.build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("OCR text.")
            let edited = "An edit made while the provider was down."
            let response = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", edited)]))
            #expect(response.status == .badGateway)
            #expect(response.headers[.retryAfter] == "45")
            #expect(response.text.contains("Try again in 45 seconds."))
            #expect(response.text.contains(edited))
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await harness.scans.scan(id: id)?.editedText == edited)
        }
    }

    @Test("Use selected keeps only the ticked paragraphs")
    func selectParagraphs() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("First paragraph.\n\nSecond paragraph.\n\nThird paragraph.")
            let page = try await client.execute(uri: path, method: .get).text
            #expect(page.contains("name=\"keep\" value=\"2\""))
            let text = "First paragraph.\n\nSecond paragraph.\n\nThird paragraph."
            let response = try await client.execute(
                uri: path + "/select", method: .post, headers: Form.headers,
                body: Form.encode([("text", text), ("keep", "0"), ("keep", "2")]))
            #expect(response.status == .seeOther)
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await harness.scans.scan(id: id)?.editedText == "First paragraph.\n\nThird paragraph.")
        }
    }

    @Test("Lines shows the photo with one box per line and flags low-confidence lines")
    func lines() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("Line one\nLine two\nLine three")
            let html = try await client.execute(uri: path + "/lines", method: .get).text
            #expect(html.contains("viewBox=\"0 0 1000 1400\""))
            #expect(html.components(separatedBy: "<rect ").count == 4)
            #expect(html.contains("class=\"box low\""))
            #expect(html.contains("42%"))
            let preview = try await client.execute(uri: path + "/preview.jpg", method: .get)
            #expect(preview.status == .ok && preview.headers[.contentType] == "image/jpeg")
        }
    }

    @Test("History: copy/share/post add items, the page lists them with timestamps, Delete removes one")
    func history() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let added = try await client.execute(
                uri: "/history", method: .post, headers: Form.headers,
                body: Form.encode([("action", "copied"), ("tone", "punchy"), ("text", "A draft worth keeping.")]))
            #expect(added.status == .noContent)
            let posted = try await client.execute(
                uri: "/history", method: .post, headers: Form.headers,
                body: Form.encode([("action", "posted"), ("tone", "personal"), ("text", "Posted one."), ("redirect", "1")]))
            #expect(posted.status == .seeOther && posted.location == "/history")
            let page = try await client.execute(uri: "/history", method: .get).text
            #expect(page.contains("A draft worth keeping.") && page.contains("Posted one.") && page.contains("<time datetime="))
            let items = try await harness.history.recent(limit: 10)
            let delete = try await client.execute(uri: "/history/\(items[0].id)/delete", method: .post)
            #expect(delete.status == .seeOther)
            #expect(try await harness.history.recent(limit: 10).count == 1)
            let search = try await client.execute(uri: "/history?q=worth", method: .get).text
            #expect(search.contains("A draft worth keeping.") && !search.contains("Posted one."))
        }
    }
}

@Suite("Autosave")
struct AutosaveTests {
    @Test("The page's background save stores the text and answers 204")
    func autosave() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("Before.")
            var headers = Form.headers
            headers[HTTPField.Name("X-SnapPost-Autosave")!] = "1"
            let response = try await client.execute(uri: path, method: .post, headers: headers, body: Form.encode([("text", "After typing.")]))
            #expect(response.status == .noContent)
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await harness.scans.scan(id: id)?.editedText == "After typing.")
        }
    }
}

@Suite("Deleting a scan")
struct DeleteScanTests {
    @Test("Delete removes the scan and its drafts; history items stay; the id then 404s")
    func deleteScan() async throws {
        let harness = try TestApp()
        let app = try await harness.build()
        try await app.test(.router) { client in
            let path = try await client.uploadPage("To be deleted.")
            #expect(try await client.execute(uri: path, method: .get).text.contains("/delete\""))
            let generated = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "To be deleted.")]))
            let id = String(path.dropFirst("/scans/".count))
            _ = try await client.execute(
                uri: "/history", method: .post, headers: Form.headers,
                body: Form.encode([("text", "Kept draft."), ("tone", "punchy"), ("action", "posted"), ("scan", id)]))
            let deleted = try await client.execute(uri: path + "/delete", method: .post)
            #expect(deleted.status == .seeOther && deleted.location == "/")
            #expect(try await client.execute(uri: path, method: .get).status == .notFound)
            #expect(try await client.execute(uri: generated.location, method: .get).status == .notFound)
            let history = try await harness.history.recent(limit: 10)
            #expect(history.count == 1 && history[0].scanId == nil)
        }
    }
}
