// The photos of a scan: the outline editor, reading again (never replacing edits unasked), adding the next page,
// and what happens once the original is no longer kept.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PageReading
import Storage
import Support
import Synchronization
import Testing

@testable import SnapPostWeb

@Suite("Photos: read again and add a page")
struct PhotoFlowTests {
    static let corners: [(String, String)] = [
        ("x0", "50"), ("y0", "60"), ("x1", "950"), ("y1", "40"), ("x2", "960"), ("y2", "1350"), ("x3", "40"), ("y3", "1360"),
    ]

    @Test("The outline page shows the corners found, and reading again with moved corners replaces an unedited text")
    func readAgainUnedited() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("First reading.")
            let lines = try await client.execute(uri: path + "/lines", method: .get).text
            #expect(lines.contains("href=\"\(path)/photos/0/outline\""))
            let outline = try await client.execute(uri: path + "/photos/0/outline", method: .get)
            #expect(outline.status == .ok)
            #expect(outline.text.contains("points=\"20,30 980,25 990,1380 10,1370\""))
            #expect(outline.text.contains("name=\"x2\" value=\"990\""))
            #expect(outline.text.contains("photos.js"))

            let read = try await client.execute(uri: path + "/photos/0/read", method: .post, headers: Form.headers, body: Form.encode(Self.corners))
            #expect(read.status == .seeOther)
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await harness.scans.scan(id: id)?.editedText == "First reading. Read again.")
            let seen = try #require(harness.reader.optionsSeen.withLock { $0.last })
            #expect(seen.outline == [PixelPoint(x: 50, y: 60), PixelPoint(x: 950, y: 40), PixelPoint(x: 960, y: 1350), PixelPoint(x: 40, y: 1360)])
            #expect(seen.quarterTurns == 0)

            // Turn 90°: the turn goes to the reader, the outline is found again.
            _ = try await client.execute(uri: path + "/photos/0/read", method: .post, headers: Form.headers, body: Form.encode([("turn", "1")]))
            let turned = try #require(harness.reader.optionsSeen.withLock { $0.last })
            #expect(turned.quarterTurns == 1 && turned.outline == nil)
        }
    }

    @Test("Reading again an edited text keeps the edits and asks; Add below and Replace each do what they say")
    func readAgainEdited() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("First reading.")
            let id = String(path.dropFirst("/scans/".count))
            let typed = "My corrected text."
            _ = try await client.execute(uri: path, method: .post, headers: Form.headers, body: Form.encode([("text", typed)]))
            let read = try await client.execute(uri: path + "/photos/0/read", method: .post, headers: Form.headers, body: Form.encode(Self.corners))
            #expect(read.location == path + "?reread=0")
            #expect(try await harness.scans.scan(id: id)?.editedText == typed)
            let page = try await client.execute(uri: read.location, method: .get).text
            #expect(page.contains("Your edited text below is unchanged"))
            #expect(page.contains("formaction=\"\(path)/photos/0/adopt\""))

            let append = try await client.execute(
                uri: path + "/photos/0/adopt", method: .post, headers: Form.headers, body: Form.encode([("mode", "append"), ("text", typed)]))
            #expect(append.status == .seeOther)
            #expect(try await harness.scans.scan(id: id)?.editedText == "My corrected text.\n\nFirst reading. Read again.")
            // Back to the page before that press (a plain form names its revision), then Add again: not added twice;
            // both texts are shown to choose from.
            let stale = try #require(try await harness.scans.scan(id: id)?.revision) - 1
            let again = try await client.execute(
                uri: path + "/photos/0/adopt", method: .post, headers: Form.headers,
                body: Form.encode([("mode", "append"), ("text", typed), ("seen", String(stale))]))
            #expect(again.status == .conflict)
            #expect(try await harness.scans.scan(id: id)?.editedText == "My corrected text.\n\nFirst reading. Read again.")

            _ = try await client.execute(
                uri: path + "/photos/0/adopt", method: .post, headers: Form.headers, body: Form.encode([("mode", "replace"), ("text", typed)]))
            #expect(try await harness.scans.scan(id: id)?.editedText == "First reading. Read again.")
        }
    }

    @Test("Add next page saves the typed text first (cleaned as every form's text), then appends the page, joining a hyphenated word")
    func addNextPage() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("The story con-")
            let id = String(path.dropFirst("/scans/".count))
            let body = Multipart.body([
                // A NUL, a Windows line ending and a lone CR are cleaned as in every other form's text.
                .init(name: "text", filename: nil, body: Data("A note.\r\nThe tale\r(fixed\u{0} by hand) con-".utf8)),
                .init(name: "book", filename: nil, body: Data("Tales\u{0}".utf8)),
                .init(name: "photo", filename: "next.jpg", body: Data("TEXT:tinued on the next page.".utf8)),
            ])
            let response = try await client.execute(uri: path + "/photos", method: .post, headers: Multipart.headers, body: body)
            #expect(response.status == .seeOther)
            let scan = try #require(try await harness.scans.scan(id: id))
            #expect(scan.editedText == "A note.\nThe tale\n(fixed by hand) continued on the next page.")
            #expect(scan.book == "Tales")
            #expect(scan.ocrText == "The story continued on the next page.")
            let lines = try await client.execute(uri: path + "/lines", method: .get).text
            #expect(lines.contains("Photo 1") && lines.contains("Photo 2"))
            #expect(lines.contains("\(path)/photos/1/preview.jpg"))
            let second = try await client.execute(uri: path + "/photos/1/preview.jpg", method: .get)
            #expect(second.status == .ok)
        }
    }

    @Test("Text saved while the next page is read is appended to, not written over; a scan deleted meanwhile is a 404")
    func addNextPageWhileTheTextIsSaved() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("The first page.")
            let id = String(path.dropFirst("/scans/".count))
            let body = Multipart.body([.init(name: "photo", filename: "next.jpg", body: Data("HOLD".utf8))])
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let added = try await client.execute(uri: path + "/photos", method: .post, headers: Multipart.headers, body: body)
                    #expect(added.status == .seeOther)
                }
                while harness.reader.heldCount.load(ordering: .sequentiallyConsistent) == 0 { try await Task.sleep(for: .milliseconds(5)) }
                // The page saves what is typed while the photo is read.
                try await harness.scans.saveEdits(scanId: id, text: "Typed while it was read.", book: "", author: "")
                harness.reader.releaseAll()
                try await group.waitForAll()
            }
            let text = try #require(try await harness.scans.scan(id: id)?.editedText)
            #expect(text.hasPrefix("Typed while it was read.") && text.hasSuffix("Held page text."), "\(text)")

            // Deleted while the next page is read: the page is not added to nothing, and the answer says so.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let added = try await client.execute(uri: path + "/photos", method: .post, headers: Multipart.headers, body: body)
                    #expect(added.status == .notFound)
                }
                while harness.reader.heldCount.load(ordering: .sequentiallyConsistent) < 2 { try await Task.sleep(for: .milliseconds(5)) }
                try await harness.scans.delete(id: id)
                harness.reader.releaseAll()
                try await group.waitForAll()
            }
        }
    }

    @Test("Add next page with a text longer than any form may carry is refused (413), as Save is: never a page added over it")
    func addNextPageWithATextTooLong() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("The first page.")
            let id = String(path.dropFirst("/scans/".count))
            let typed = String(repeating: "A very long passage typed by hand. ", count: 40_000)
            let body = Multipart.body([
                .init(name: "text", filename: nil, body: Data(typed.utf8)),
                .init(name: "photo", filename: "next.jpg", body: Data("TEXT:The second page.".utf8)),
            ])
            let response = try await client.execute(uri: path + "/photos", method: .post, headers: Multipart.headers, body: body)
            #expect(response.status == .contentTooLarge)
            let scan = try #require(try await harness.scans.scan(id: id))
            #expect(scan.editedText == "The first page.", "nothing added, nothing saved over")
        }
    }

    @Test("Add next page keeps the typed text when the photo is refused: none chosen, an empty file, over the allowance")
    func addNextPageWithoutAPhotoKeepsTheText() async throws {
        let harness = try TestApp()
        try await harness.build(["upload.perMinute": "2", "upload.maxMegabytes": "1"]).test(.router) { client in
            let path = try await client.uploadPage("The first page.")
            let id = String(path.dropFirst("/scans/".count))
            let refusals: [(photo: Multipart.Part, status: HTTPResponse.Status)] = [
                // What a browser sends when no file was chosen: an empty part with filename="".
                (.init(name: "photo", filename: "", body: Data()), .badRequest),
                // A photo over the cap (1 MB here): the text before it in the form is still read and saved.
                (.init(name: "photo", filename: "huge.jpg", body: Data(count: 3 * 1024 * 1024)), .contentTooLarge),
                (.init(name: "photo", filename: "empty.jpg", body: Data()), .badRequest),
                // The first upload took one photo of two this minute; this one is read and takes the second; the next is over.
                (.init(name: "photo", filename: "next.jpg", body: Data("TEXT:The second page.".utf8)), .seeOther),
                (.init(name: "photo", filename: "third.jpg", body: Data("TEXT:The third page.".utf8)), .tooManyRequests),
            ]
            for (n, refusal) in refusals.enumerated() {
                let typed = "Typed by hand, attempt \(n)."
                let body = Multipart.body([.init(name: "text", filename: nil, body: Data(typed.utf8)), refusal.photo])
                let response = try await client.execute(uri: path + "/photos", method: .post, headers: Multipart.headers, body: body)
                #expect(response.status == refusal.status, "attempt \(n)")
                let saved = try #require(try await harness.scans.scan(id: id)?.editedText)
                #expect(saved.hasPrefix(typed), "attempt \(n): \(saved)")
                // The error page leads back to the text, not to a new scan.
                if refusal.status == .badRequest {
                    #expect(response.text.contains("href=\"\(path)\">Back to your text</a>"), "attempt \(n)")
                    #expect(!response.text.contains(">Choose another photo</a>"), "attempt \(n)")
                }
            }
            // So does any other form of the scan's pages that fails, and a draft's form leads back to the drafts.
            let noText = try await client.execute(uri: path, method: .post, headers: Form.headers, body: Form.encode([("book", "x")]))
            #expect(noText.status == .badRequest && noText.text.contains("href=\"\(path)\">Back to your text</a>"))
            #expect(ErrorView.wayBack(from: "/scans/abc/posts/g1/drafts/2", base: "", status: .badRequest)?.href == "/scans/abc/posts/g1")
            #expect(ErrorView.wayBack(from: "/base/retouch/r1/delete", base: "/base", status: .badRequest)?.href == "/base/retouch/r1")
            #expect(ErrorView.wayBack(from: "/scans/abc/lines", base: "", status: .notFound) == nil)
            #expect(ErrorView.wayBack(from: "/scans", base: "", status: .badRequest) == nil)
        }
    }

    @Test("With originals not kept, reading again says so plainly; a crossed outline is a 400")
    func originalGoneAndBadOutline() async throws {
        let harness = try TestApp()
        try await harness.build(["ocr.keepOriginalDays": "0"]).test(.router) { client in
            let path = try await client.uploadPage("Text.")
            let gone = try await client.execute(uri: path + "/photos/0/read", method: .post, headers: Form.headers, body: Form.encode(Self.corners))
            #expect(gone.status == .unprocessableContent)
            #expect(gone.text.contains("no longer kept"))
            let outline = try await client.execute(uri: path + "/photos/0/outline", method: .get).text
            #expect(outline.contains("cannot be read again"))
        }
        let keeping = try TestApp()
        try await keeping.build().test(.router) { client in
            let path = try await client.uploadPage("Text.")
            let crossed = [("x0", "950"), ("y0", "60"), ("x1", "50"), ("y1", "40"), ("x2", "960"), ("y2", "1350"), ("x3", "40"), ("y3", "1360")]
            let bad = try await client.execute(uri: path + "/photos/0/read", method: .post, headers: Form.headers, body: Form.encode(crossed))
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("corners are crossed"))
            let missing = try await client.execute(
                uri: path + "/photos/0/read", method: .post, headers: Form.headers, body: Form.encode([("x0", "1")]))
            #expect(missing.status == .badRequest)
            let nowhere = try await client.execute(uri: path + "/photos/7/outline", method: .get)
            #expect(nowhere.status == .notFound)
        }
    }
}

@Suite("Languages")
struct LanguageTests {
    @Test("Home offers the installed languages with the default first; an upload may ask for one, and Results says it")
    func uploadInALanguage() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("<option value=\"eng\" selected>English (default)</option>"))
            #expect(home.contains("<option value=\"fra\">French</option>") && home.contains("<option value=\"deu\">German</option>"))
            #expect(!home.contains("value=\"osd\""))
            let body = Multipart.body([
                .init(name: "lang", filename: nil, body: Data("fra".utf8)),
                .init(name: "photo", filename: "page.jpg", body: Data("TEXT:Il était une fois.".utf8)),
            ])
            let upload = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: body)
            #expect(upload.status == .seeOther)
            #expect(harness.reader.optionsSeen.withLock { $0.last?.languages } == ["fra"])
            let results = try await client.execute(uri: upload.location, method: .get).text
            #expect(results.contains("Read as French"))
        }
    }

    @Test("A language that is not installed is a 400 naming it and its Debian package, on the page and in the API")
    func missingLanguage() async throws {
        try await TestApp().build().test(.router) { client in
            let body = Multipart.body([
                .init(name: "lang", filename: nil, body: Data("pol".utf8)),
                .init(name: "photo", filename: "page.jpg", body: Data("TEXT:Hello.".utf8)),
            ])
            let page = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: body)
            #expect(page.status == .badRequest)
            #expect(page.text.contains("Polish (pol) is not installed") && page.text.contains("tesseract-ocr-pol"))
            #expect(page.text.contains("Can&#39;t use that") || page.text.contains("Can't use that"), "the file was fine")
            // A code in capitals is the installed language; the orientation model is no language.
            let capitals = Multipart.body([
                .init(name: "lang", filename: nil, body: Data("FRA".utf8)), .init(name: "photo", filename: "p.jpg", body: Data("TEXT:Oui.".utf8)),
            ])
            #expect(try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: capitals).status == .seeOther)
            let osd = Multipart.body([
                .init(name: "lang", filename: nil, body: Data("osd".utf8)), .init(name: "photo", filename: "p.jpg", body: Data("TEXT:Oui.".utf8)),
            ])
            let notALanguage = try await client.execute(uri: "/scans", method: .post, headers: Multipart.headers, body: osd)
            #expect(notALanguage.status == .badRequest && !notALanguage.text.contains("tesseract-ocr-osd"))
            let api = try await client.execute(
                uri: "/api/ocr?lang=pol", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(string: "TEXT:Hello."))
            #expect(api.status == .badRequest)
            #expect(api.text.contains("language_not_installed"))
            let bad = try await client.execute(
                uri: "/api/ocr?lang=../x", method: .post, headers: [.contentType: "image/jpeg"], body: ByteBuffer(string: "TEXT:Hello."))
            #expect(bad.status == .badRequest)
        }
    }

    @Test("Read again as another language re-reads the kept photo; an edited text is kept and Results asks")
    func readAgainAs() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("First reading.")
            let id = String(path.dropFirst("/scans/".count))
            let results = try await client.execute(uri: path, method: .get).text
            #expect(results.contains("formaction=\"\(path)/language\""))
            let read = try await client.execute(
                uri: path + "/language", method: .post, headers: Form.headers, body: Form.encode([("lang", "deu"), ("text", "First reading.")]))
            #expect(read.location == path + "?language=1")
            #expect(harness.reader.optionsSeen.withLock { $0.last?.languages } == ["deu"])
            #expect(try await harness.scans.scan(id: id)?.language == "deu")
            let edited = try await client.execute(
                uri: path + "/language", method: .post, headers: Form.headers, body: Form.encode([("lang", "fra"), ("text", "My own words.")]))
            #expect(edited.location == path + "?reread=all")
            #expect(try await harness.scans.scan(id: id)?.editedText == "My own words.")
            let page = try await client.execute(uri: edited.location, method: .get).text
            #expect(page.contains("The page was read again"))
            _ = try await client.execute(
                uri: path + "/photos/all/adopt", method: .post, headers: Form.headers,
                body: Form.encode([("mode", "append"), ("text", "My own words.")]))
            #expect(try await harness.scans.scan(id: id)?.editedText.hasPrefix("My own words.\n\n") == true)
        }
    }
}
