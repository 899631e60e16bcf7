// The Shelf pages and the iOS client's API through buildApplication, with a fake analyser and a fake voice: upload,
// the result page, corrections, Listen (cached, byte ranges), search, delete, the bounded queue and bad input.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Shelves
import Speech
import Storage
import Support
import Synchronization
import TestFakes
import Testing

@testable import SnapPostWeb

@Suite("Shelf: pages and API")
struct ShelfFlowTests {
    static func shelfPhoto(_ titles: [String], field: String = "photo") -> ByteBuffer {
        Multipart.body([.init(name: field, filename: "shelf.jpg", body: Data(("SHELF:" + titles.joined(separator: "|")).utf8))])
    }

    /// Uploads a fake shelf through the page's form and returns the result path.
    static func upload(_ client: some TestClientProtocol, _ titles: [String]) async throws -> String {
        let response = try await client.execute(uri: "/shelves", method: .post, headers: Multipart.headers, body: shelfPhoto(titles))
        guard response.status == .seeOther else { throw UploadFailed(status: response.status.code, body: response.text) }
        return response.location
    }

    @Test("The Shelf page offers both photo buttons and the nav marks it; the form posts to /shelves")
    func shelfPage() async throws {
        try await TestApp().build().test(.router) { client in
            let page = try await client.execute(uri: "/shelf", method: .get)
            #expect(page.status == .ok)
            #expect(page.text.contains("href=\"/shelf\" aria-current=\"page\""))
            #expect(page.text.contains("action=\"/shelves\"") && page.text.contains("enctype=\"multipart/form-data\""))
            #expect(page.text.contains("name=\"camera\"") && page.text.contains("capture=\"environment\"") && page.text.contains("name=\"photo\""))
            #expect(page.text.contains("/static/shelf.js") && page.text.contains("/static/shelf.css"))
            #expect(page.text.contains("No shelves yet"))
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("href=\"/shelf\">Shelf</a>"))
        }
    }

    @Test("Upload, then the result: the photo with a box per spine, books, preferences, summary, recommendations, Listen")
    func uploadAndResult() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await Self.upload(client, ["Brave New World", "Moneyball"])
            #expect(path.hasPrefix("/shelves/"))
            let page = try await client.execute(uri: path, method: .get)
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains("<image href=\"\(path)/preview.jpg\""))
            #expect(html.components(separatedBy: "<polygon ").count - 1 == 3)
            #expect(html.contains("href=\"#spine-1\"") && html.contains("id=\"spine-3\""))
            #expect(html.contains("Brave New World") && html.contains("Author 1") && html.contains("Classics") && html.contains("90%"))
            // The spine the analyser could not identify keeps its text, escaped, with a correction form.
            #expect(html.contains("zqx &lt;b&gt;garble&lt;/b&gt; &amp; co"))
            #expect(!html.contains("<b>garble</b>"))
            #expect(html.contains("1 spine could not be read — show it"))
            #expect(html.contains("action=\"\(path)/books/2\""))
            #expect(html.contains("Dystopian") && html.contains("Advanced") && html.contains("Politics"))
            #expect(html.contains("Overall confidence 71%"))
            #expect(html.contains("East of Eden") && html.contains("80% match") && html.contains("Readers of Brave New World shelve it alike."))
            #expect(html.contains("<audio controls preload=\"none\" src=\"\(path)/audio.wav\""))
            #expect(html.contains("data-share-from=\"#shelf-share-text\""))
            #expect(html.contains("What to read next:\n- East of Eden by John Steinbeck"))
            #expect(html.contains("action=\"\(path)/delete\""))
            let preview = try await client.execute(uri: path + "/preview.jpg", method: .get)
            #expect(preview.status == .ok && preview.headers[.contentType] == "image/jpeg")
            // The recent list and search.
            let list = try await client.execute(uri: "/shelf", method: .get).text
            #expect(list.contains("href=\"\(path)\"") && list.contains("Brave New World · Moneyball") && list.contains("2 books of 3 spines"))
            #expect(try await client.execute(uri: "/shelf?q=moneyball", method: .get).text.contains("href=\"\(path)\""))
            let none = try await client.execute(uri: "/shelf?q=tolstoy", method: .get).text
            #expect(none.contains("No shelf matches that search.") && !none.contains("href=\"\(path)\""))
            #expect(try await client.execute(uri: "/shelf?q=%22", method: .get).status == .ok)
        }
    }

    @Test("A correction by hand is saved, the analysis is worked out again, and a reload or back button lands somewhere useful")
    func correction() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await Self.upload(client, ["Brave New World"])
            let id = String(path.dropFirst("/shelves/".count))
            let saved = try await client.execute(
                uri: path + "/books/1", method: .post, headers: Form.headers,
                body: Form.encode([("title", "  Grit \n"), ("author", "Angela Duckworth")]))
            #expect(saved.status == .seeOther)
            #expect(saved.location == path + "?corrected=1#book-1")
            let reading = try #require(try await harness.shelves.reading(ofShelf: id))
            #expect(reading.books[1].title == "Grit" && reading.books[1].author == "Angela Duckworth")
            #expect(reading.books[1].identified && reading.books[1].correctedByHand)
            #expect(reading.recommendations.contains { $0.title == "After Grit" })
            let page = try await client.execute(uri: path + "?corrected=1", method: .get).text
            #expect(page.contains("Saved as typed: “Grit” by Angela Duckworth"))
            #expect(page.contains("corrected by hand"))
            #expect(try await client.execute(uri: "/shelf?q=grit", method: .get).text.contains(path))
            // Bad corrections: a clear 400, nothing changed.
            let empty = try await client.execute(uri: path + "/books/0", method: .post, headers: Form.headers, body: Form.encode([("title", "  ")]))
            #expect(empty.status == .badRequest && empty.text.contains("Type the book"))
            let missing = try await client.execute(uri: path + "/books/9", method: .post, headers: Form.headers, body: Form.encode([("title", "X")]))
            #expect(missing.status == .badRequest && missing.text.contains("not in this analysis"))
            #expect(try await harness.shelves.reading(ofShelf: id)?.books[0].title == "Brave New World")
            let reload = try await client.execute(uri: path + "/books/1", method: .get)
            #expect(reload.status == .seeOther && reload.location == path)
            #expect(try await client.execute(uri: "/shelves", method: .get).location == "/shelf")
        }
    }

    @Test("Listen: WAV from the speech engine, made once per analysis, byte ranges served, made again after the recommendations change")
    func listen() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await Self.upload(client, ["Brave New World"])
            let audio = try await client.execute(uri: path + "/audio.wav", method: .get)
            #expect(audio.status == .ok)
            #expect(audio.headers[.contentType] == "audio/wav" && audio.headers[.acceptRanges] == "bytes")
            #expect(String(buffer: audio.body).hasPrefix("RIFF"))
            #expect(harness.speech.texts == ["Here is what to read next. East of Eden, by John Steinbeck. Drive, by Daniel H. Pink. "])
            let part = try await client.execute(uri: path + "/audio.wav", method: .get, headers: [.range: "bytes=0-3"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 0-3/\(audio.body.readableBytes)")
            #expect(String(buffer: part.body) == "RIFF")
            let tail = try await client.execute(uri: path + "/audio.wav", method: .get, headers: [.range: "bytes=-4"])
            #expect(tail.status == .partialContent && tail.body.readableBytes == 4)
            let beyond = try await client.execute(uri: path + "/audio.wav", method: .get, headers: [.range: "bytes=99999999-"])
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(harness.speech.texts.count == 1, "the audio is made once and kept")
            _ = try await client.execute(uri: path + "/books/1", method: .post, headers: Form.headers, body: Form.encode([("title", "Grit")]))
            _ = try await client.execute(uri: path + "/audio.wav", method: .get)
            #expect(harness.speech.texts.count == 2)
            #expect(harness.speech.texts.last?.contains("After Grit") == true)
        }
    }

    @Test("Delete removes the shelf and goes back to the Shelf page")
    func delete() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await Self.upload(client, ["Moneyball"])
            let deleted = try await client.execute(uri: path + "/delete", method: .post, headers: Form.headers, body: ByteBuffer())
            #expect(deleted.status == .seeOther && deleted.location == "/shelf?deleted=1")
            #expect(try await client.execute(uri: "/shelf?deleted=1", method: .get).text.contains("The shelf scan was deleted."))
            for suffix in ["", "/preview.jpg", "/audio.wav"] {
                #expect(try await client.execute(uri: path + suffix, method: .get).status == .notFound, "\(suffix)")
            }
            #expect(try await harness.shelves.recent(limit: 5).isEmpty)
        }
    }

    @Test("POST /api/analyze-bookshelf answers the iOS client's shape, with the photo in `file` and a Bearer token")
    func apiContract() async throws {
        let harness = try TestApp()
        try await harness.build(["password": "pw", "apiTokens": "tok"]).test(.router) { client in
            let unauthorised = try await client.execute(
                uri: "/api/analyze-bookshelf", method: .post, headers: Multipart.headers, body: Self.shelfPhoto(["X"], field: "file"))
            #expect(unauthorised.status == .unauthorized)
            var headers = Multipart.headers
            headers[.authorization] = "Bearer tok"
            let response = try await client.execute(
                uri: "/api/analyze-bookshelf", method: .post, headers: headers,
                body: Self.shelfPhoto(["Brave New World", "Moneyball"], field: "file"))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            #expect(
                Set(json.keys) == [
                    "success", "detectedBooks", "readingPreferences", "recommendedBooks", "analysisSummary", "confidenceScore", "analysisId",
                    "audioUrl", "resultUrl", "unidentifiedSpines",
                ])
            #expect(json["success"] as? Bool == true)
            let books = try #require(json["detectedBooks"] as? [[String: Any]])
            #expect(books.map { Set($0.keys) } == Array(repeating: ["title", "author", "genre", "confidence"], count: 2))
            #expect(books.first?["title"] as? String == "Brave New World")
            let preferences = try #require(json["readingPreferences"] as? [String: Any])
            #expect(preferences["favoriteGenres"] as? [String] == ["Classics", "Dystopian"])
            #expect(preferences["readingLevel"] as? String == "Advanced")
            #expect(preferences["interests"] as? [String] == ["Politics"])
            #expect(preferences["authorPreferences"] as? String == "Author 1 and Author 2")
            let recommended = try #require(json["recommendedBooks"] as? [[String: Any]])
            #expect(recommended.map { Set($0.keys) } == Array(repeating: ["title", "author", "reason", "matchScore"], count: 2))
            #expect(recommended.first?["matchScore"] as? Double == 0.8)
            #expect(json["confidenceScore"] as? Double == 0.71)
            let id = try #require(json["analysisId"] as? String)
            #expect(json["audioUrl"] as? String == "/shelves/\(id)/audio.wav")
            #expect((json["unidentifiedSpines"] as? [[String: Any]])?.first?["spine"] as? Int == 3)
            // The analysis is kept like one made on the page, and its audio answers to the same token.
            #expect(try await harness.shelves.scan(id: id) != nil)
            let audio = try await client.execute(uri: "/shelves/\(id)/audio.wav", method: .get, headers: [.authorization: "Bearer tok"])
            #expect(audio.status == .ok && audio.headers[.contentType] == "audio/wav")
        }
    }

    @Test("Bad input to the API gets the same clear 4xx as page uploads, as JSON")
    func apiBadInput() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let wrongField = try await client.execute(
                uri: "/api/analyze-bookshelf", method: .post, headers: Multipart.headers, body: Self.shelfPhoto(["X"], field: "photo"))
            #expect(wrongField.status == .badRequest)
            #expect(wrongField.text.contains("wrong_field") && wrongField.text.contains("named 'file'"))
            let notPhoto = try await client.execute(
                uri: "/api/analyze-bookshelf", method: .post, headers: Multipart.headers,
                body: Multipart.body([.init(name: "file", filename: "a.pdf", body: Data("%PDF-1.4".utf8))]))
            let page = try await client.execute(
                uri: "/scans", method: .post, headers: Multipart.headers,
                body: Multipart.body([.init(name: "photo", filename: "a.pdf", body: Data("%PDF-1.4".utf8))]))
            #expect(notPhoto.status == .badRequest && page.status == .badRequest)
            #expect(notPhoto.text.contains("\"code\":\"unsupported_type\""))
            let empty = try await client.execute(uri: "/api/analyze-bookshelf", method: .post, body: ByteBuffer())
            #expect(empty.status == .badRequest && empty.text.contains("empty_file"))
            let noSpines = try await client.execute(
                uri: "/api/analyze-bookshelf", method: .post, headers: Multipart.headers,
                body: Multipart.body([.init(name: "file", filename: "wall.jpg", body: Data("EMPTY".utf8))]))
            #expect(noSpines.status == .unprocessableContent && noSpines.text.contains("no_spines"))
            let twoFiles = try await client.execute(
                uri: "/api/analyze-bookshelf", method: .post, headers: Multipart.headers,
                body: Multipart.body([
                    .init(name: "file", filename: "a.jpg", body: Data("SHELF:A".utf8)),
                    .init(name: "file", filename: "b.jpg", body: Data("SHELF:B".utf8)),
                ]))
            #expect(twoFiles.status == .badRequest && twoFiles.text.contains("two_files"))
            // The page form gets the same messages as an HTML page that leads back to the Shelf page.
            let pageNoSpines = try await client.execute(
                uri: "/shelves", method: .post, headers: Multipart.headers,
                body: Multipart.body([.init(name: "photo", filename: "wall.jpg", body: Data("EMPTY".utf8))]))
            #expect(pageNoSpines.status == .unprocessableContent)
            #expect(pageNoSpines.text.contains("No book spines were found") && pageNoSpines.text.contains("href=\"/shelf\">Choose another photo"))
            #expect(try await harness.shelves.recent(limit: 5).isEmpty, "nothing is stored for refused photos")
        }
    }

    @Test("GET /api/health answers without a token and says what works")
    func health() async throws {
        try await TestApp().build(["password": "pw"]).test(.router) { client in
            let response = try await client.execute(uri: "/api/health", method: .get)
            #expect(response.status == .ok)
            let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any])
            #expect(json["status"] as? String == "healthy")
            #expect(json["services"] as? [String: String] == ["analysis": "offline", "store": "writable", "ocr": "ready"])
        }
    }

    @Test("Shelf analyses wait in a bounded queue: one runs, the rest get 503 with Retry-After")
    func boundedQueue() async throws {
        let harness = try TestApp()
        try await harness.build(["shelf.queueLength": "0"]).test(.router) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let body = Multipart.body([.init(name: "photo", filename: "a.jpg", body: Data("HOLD".utf8))])
                    let held = try await client.execute(uri: "/shelves", method: .post, headers: Multipart.headers, body: body)
                    #expect(held.status == .seeOther)
                }
                while harness.shelfAnalyser.heldCount.load(ordering: .sequentiallyConsistent) == 0 { try await Task.sleep(for: .milliseconds(5)) }
                let busy = try await client.execute(uri: "/shelves", method: .post, headers: Multipart.headers, body: Self.shelfPhoto(["X"]))
                #expect(busy.status == .serviceUnavailable)
                #expect(busy.headers[.retryAfter] == "10")
                #expect(busy.text.contains("busy analysing other shelves"))
                let api = try await client.execute(
                    uri: "/api/analyze-bookshelf", method: .post, headers: Multipart.headers, body: Self.shelfPhoto(["X"], field: "file"))
                #expect(api.status == .serviceUnavailable && api.text.contains("queue_full"))
                // Page OCR has its own queue and is not held up.
                #expect(try await client.uploadPage("A page while a shelf is analysed.").hasPrefix("/scans/"))
                harness.shelfAnalyser.releaseAll()
                try await group.waitForAll()
            }
            #expect(harness.shelfAnalyser.calls.load(ordering: .sequentiallyConsistent) == 1)
        }
    }

    @Test("The manifest has a Shelf shortcut")
    func manifestShortcut() async throws {
        try await TestApp().build().test(.router) { client in
            let manifest = try await client.execute(uri: "/manifest.webmanifest", method: .get).text
            #expect(manifest.contains("\"url\":\"/shelf\""))
        }
    }

    @Test("Under a base path every shelf link, form and audio URL carries it")
    func basePath() async throws {
        try await TestApp().build(["basePath": "/snappost"]).test(.router) { client in
            let response = try await client.execute(uri: "/snappost/shelves", method: .post, headers: Multipart.headers, body: Self.shelfPhoto(["A"]))
            #expect(response.location.hasPrefix("/snappost/shelves/"))
            let html = try await client.execute(uri: response.location, method: .get).text
            #expect(html.contains("src=\"\(response.location)/audio.wav\"") && html.contains("action=\"\(response.location)/books/1\""))
            #expect(html.contains("href=\"/snappost/shelf\""))
            let api = try await client.execute(
                uri: "/snappost/api/analyze-bookshelf", method: .post, headers: Multipart.headers, body: Self.shelfPhoto(["A"], field: "file"))
            #expect(api.text.contains("\"audioUrl\":\"/snappost/shelves/"))
        }
    }
}
