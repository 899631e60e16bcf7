// Issue 22 through the real router: a save sent by a page's script names the revision it was typed over and comes back
// as 200 (saved) or 409 (someone else saved since: the stored copy, left as it is), also as a beacon (no header) under
// the same login and same-origin rules; the stored copy can be asked for; plain forms save as before; History Delete
// can be undone; an error page says whether trying again can help.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Localization
import NIOCore
import Storage
import Testing

@testable import SnapPostWeb

@Suite("Never lose a keystroke")
struct KeystrokeTests {
    static func json(_ response: TestResponse) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any])
    }

    static var beacon: HTTPFields {
        // What navigator.sendBeacon sends: a form body, the page's origin, no custom header.
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded;charset=UTF-8"]
        headers[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
        return headers
    }

    @Test("Autosave: 200 with the new revision; a stale tab gets 409 with the stored text, which stays; its own later save follows")
    func scanAutosaveConflict() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("As read from the page.")
            let id = String(path.dropFirst("/scans/".count))
            let page = try await client.execute(uri: path, method: .get).text
            #expect(page.contains("data-revision=\"0\"") && page.contains("data-saved-copy=\"\(path)/saved\""))

            let a = try await client.execute(
                uri: path, method: .post, headers: DraftFlowTests.autosave,
                body: Form.encode([("text", "Tab A's fix."), ("book", "Book"), ("author", ""), ("base", "0"), ("editor", "tab-a")]))
            #expect(a.status == .ok)
            #expect(try Self.json(a)["revision"] as? Int == 1)

            let b = try await client.execute(
                uri: path, method: .post, headers: DraftFlowTests.autosave,
                body: Form.encode([("text", "Tab B's fix."), ("book", ""), ("author", ""), ("base", "0"), ("editor", "tab-b")]))
            #expect(b.status == .conflict)
            let stored = try Self.json(b)
            #expect(stored["text"] as? String == "Tab A's fix." && stored["book"] as? String == "Book" && stored["revision"] as? Int == 1)
            #expect(try await harness.scans.scan(id: id)?.editedText == "Tab A's fix.")

            // The same tab's later save, typed over the same revision, overtakes its own earlier one.
            let later = try await client.execute(
                uri: path, method: .post, headers: DraftFlowTests.autosave,
                body: Form.encode([("text", "Tab A's fix, longer."), ("book", "Book"), ("author", ""), ("base", "0"), ("editor", "tab-a")]))
            #expect(try later.status == .ok && Self.json(later)["revision"] as? Int == 2)

            // What the server has now, for a page that comes back from the browser's cache.
            let saved = try await client.execute(uri: path + "/saved", method: .get)
            #expect(saved.status == .ok && saved.headers[.cacheControl] == "no-store")
            #expect(try Self.json(saved)["text"] as? String == "Tab A's fix, longer.")
            #expect(try await client.execute(uri: "/scans/AAAAAAAAAAAAAAAAAAAAAA/saved", method: .get).status == .notFound)
        }
    }

    @Test("A plain form typed over a text changed elsewhere saves nothing over it: 409 with both texts to choose from, on every way out")
    func plainFormConflict() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("As read.")
            let id = String(path.dropFirst("/scans/".count))
            // The page names the revision it showed, for a browser without the script (which removes the field).
            let page = try await client.execute(uri: path, method: .get).text
            #expect(page.contains("name=\"seen\" value=\"0\" data-plain-only"))
            #expect(page.contains("<details class=\"book-fields\">"), "empty book fields start closed")
            // Another tab saves first.
            let other = try await client.execute(
                uri: path, method: .post, headers: DraftFlowTests.autosave,
                body: Form.encode([("text", "Fixed in the other tab."), ("book", ""), ("author", ""), ("base", "0"), ("editor", "tab-b")]))
            #expect(other.status == .ok)
            // The plain form, typed over revision 0: Save, Generate, Read again as, Keep paragraphs, Add the next page.
            let typed = "Fixed in this tab."
            let ways: [(String, HTTPFields, ByteBuffer)] = [
                (path, Form.headers, Form.encode([("text", typed), ("seen", "0")])),
                (path + "/posts", Form.headers, Form.encode([("text", typed), ("seen", "0"), ("tone", "all")])),
                (path + "/language", Form.headers, Form.encode([("text", typed), ("seen", "0"), ("lang", "eng")])),
                (path + "/select", Form.headers, Form.encode([("text", typed), ("seen", "0"), ("keep", "0"), ("paragraphs", "1")])),
                (
                    path + "/photos", Multipart.headers,
                    Multipart.body([
                        .init(name: "text", filename: nil, body: Data(typed.utf8)), .init(name: "seen", filename: nil, body: Data("0".utf8)),
                        .init(name: "photo", filename: "next.jpg", body: Data("TEXT:Next page.".utf8)),
                    ])
                ),
            ]
            for (uri, headers, body) in ways {
                let response = try await client.execute(uri: uri, method: .post, headers: headers, body: body)
                #expect(response.status == .conflict, "\(uri)")
                #expect(response.text.contains(typed) && response.text.contains("Fixed in the other tab."), "\(uri)")
                #expect(response.text.contains("name=\"seen\" value=\"1\""), "\(uri)")
                #expect(try await harness.scans.scan(id: id)?.editedText == "Fixed in the other tab.", "\(uri)")
            }
            let photos = try await harness.scans.photos(ofScan: id)
            #expect(photos.count == 1, "the next page is not read over a conflict")
            // "Keep the one typed here" names the stored revision: saved.
            let keep = try await client.execute(uri: path, method: .post, headers: Form.headers, body: Form.encode([("text", typed), ("seen", "1")]))
            #expect(keep.status == .seeOther)
            #expect(try await harness.scans.scan(id: id)?.editedText == typed)
            // The same text sent again from a stale page is no conflict; a form without `seen` saves as before.
            let again = try await client.execute(
                uri: path, method: .post, headers: Form.headers, body: Form.encode([("text", typed), ("seen", "0")]))
            #expect(again.status == .seeOther)
            let plain = try await client.execute(uri: path, method: .post, headers: Form.headers, body: Form.encode([("text", "No revision named.")]))
            let plainSaved = try await harness.scans.scan(id: id)?.editedText
            #expect(plain.status == .seeOther && plainSaved == "No revision named.")
        }
    }

    @Test("Without the script, the footer's language switch on Results belongs to the text's form: the text is saved, then the language")
    func languageSwitchKeepsTheText() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("As read.")
            let id = String(path.dropFirst("/scans/".count))
            let page = try await client.execute(uri: path, method: .get).text
            #expect(page.contains("id=\"results-form\""))
            #expect(page.contains("name=\"interfaceLang\" data-autosubmit-select form=\"results-form\" data-plain-form"))
            #expect(page.contains("form=\"results-form\" formaction=\"\(path)/interface-language\" data-plain-form"))
            // Other pages keep their own switch.
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("name=\"interfaceLang\" data-autosubmit-select>") && !home.contains("data-plain-form"))
            let switched = try await client.execute(
                uri: path + "/interface-language", method: .post, headers: Form.headers,
                body: Form.encode([("text", "Typed, then the language changed."), ("seen", "0"), ("interfaceLang", "fr"), ("lang", "eng")]))
            #expect(switched.status == .seeOther && switched.location == path)
            #expect((switched.headers[.setCookie] ?? "").hasPrefix("snappost_lang=fr"))
            #expect(try await harness.scans.scan(id: id)?.editedText == "Typed, then the language changed.")
            // The footer's own form, with the script or on other pages, names the language as before.
            let plain = try await client.execute(
                uri: "/language", method: .post, headers: Form.headers, body: Form.encode([("interfaceLang", "de"), ("next", path)]))
            #expect(plain.status == .seeOther && (plain.headers[.setCookie] ?? "").hasPrefix("snappost_lang=de"))
        }
    }

    @Test("A beacon (no header, autosave=1 in the form) saves like the script's fetch; from another site it is refused and saves nothing")
    func beaconSave() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("As read.")
            let id = String(path.dropFirst("/scans/".count))
            let sent = try await client.execute(
                uri: path, method: .post, headers: Self.beacon,
                body: Form.encode([("text", "Typed, then the tab closed."), ("base", "0"), ("editor", "tab"), ("autosave", "1")]))
            #expect(sent.status == .ok)
            #expect(try await harness.scans.scan(id: id)?.editedText == "Typed, then the tab closed.")

            var foreign = Self.beacon
            foreign[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let refused = try await client.execute(
                uri: path, method: .post, headers: foreign,
                body: Form.encode([("text", "Planted by another site."), ("base", "1"), ("editor", "tab"), ("autosave", "1")]))
            #expect(refused.status == .forbidden)
            #expect(try await harness.scans.scan(id: id)?.editedText == "Typed, then the tab closed.")
        }
    }

    @Test("A plain form (JavaScript off) saves whatever was stored, with a 303 to Saved, as before; a base is ignored there")
    func plainFormUnchanged() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("As read.")
            let id = String(path.dropFirst("/scans/".count))
            _ = try await client.execute(
                uri: path, method: .post, headers: DraftFlowTests.autosave,
                body: Form.encode([("text", "From a tab."), ("base", "0"), ("editor", "tab")]))
            let form = try await client.execute(
                uri: path, method: .post, headers: Form.headers, body: Form.encode([("text", "From the plain form."), ("base", "0")]))
            #expect(form.status == .seeOther && form.location == path + "?saved=1")
            let scan = try #require(try await harness.scans.scan(id: id))
            #expect(scan.editedText == "From the plain form." && scan.revision == 2)
            // The old script's save (the header, no base) still answers 204.
            let old = try await client.execute(
                uri: path, method: .post, headers: DraftFlowTests.autosave, body: Form.encode([("text", "Old script.")]))
            #expect(old.status == .noContent)
        }
    }

    @Test("Drafts: 200 with version and revision, 409 after another tab's edit or a new version, and the cards' stored copy")
    func draftAutosaveConflict() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page to write from.")
            let page = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Words.")]))
                .location
            let html = try await client.execute(uri: page, method: .get).text
            #expect(html.contains("data-version=\"1\" data-revision=\"0\"") && html.contains("data-saved-copy=\"\(page)/saved\""))
            #expect(html.contains("<time datetime=\""), "the time is marked up for the reader's time zone")

            func save(_ text: String, _ editor: String, version: Int, base: Int) async throws -> TestResponse {
                try await client.execute(
                    uri: page + "/drafts/2", method: .post, headers: DraftFlowTests.autosave,
                    body: Form.encode([("text", text), ("version", "\(version)"), ("base", "\(base)"), ("editor", editor)]))
            }
            let a = try await save("Tab A's draft.", "tab-a", version: 1, base: 0)
            #expect(try a.status == .ok && Self.json(a)["revision"] as? Int == 1)
            let b = try await save("Tab B's draft.", "tab-b", version: 1, base: 0)
            #expect(try b.status == .conflict && Self.json(b)["text"] as? String == "Tab A's draft.")

            _ = try await client.execute(uri: page + "/drafts/2/another", method: .post, headers: Form.headers, body: Form.encode([]))
            let stale = try await save("Typed over the first version.", "tab-a", version: 1, base: 1)
            #expect(try stale.status == .conflict && Self.json(stale)["version"] as? Int == 2)

            let copy = try Self.json(try await client.execute(uri: page + "/saved", method: .get))
            let drafts = try #require(copy["drafts"] as? [[String: Any]])
            #expect(drafts.count == 5 && drafts[1]["number"] as? Int == 2 && drafts[1]["version"] as? Int == 2)
            #expect(drafts[1]["text"] as? String != "Typed over the first version.")
        }
    }

    @Test("History Delete answers with an Undo (no script: a form on the page) that brings the item back; Undo too late says so")
    func historyUndo() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            _ = try await client.execute(
                uri: "/history", method: .post, headers: Form.headers,
                body: Form.encode([("action", "posted"), ("tone", "punchy"), ("text", "A posted draft.")]))
            let id = try await harness.history.recent(limit: 5)[0].id
            let deleted = try await client.execute(uri: "/history/\(id)/delete", method: .post)
            #expect(deleted.status == .seeOther && deleted.location == "/history?deleted=\(id)")
            let page = try await client.execute(uri: deleted.location, method: .get).text
            #expect(page.contains("action=\"/history/\(id)/restore\"") && page.contains(">Undo<") && !page.contains("A posted draft."))
            let undone = try await client.execute(uri: "/history/\(id)/restore", method: .post)
            #expect(undone.status == .seeOther && undone.location == "/history#history-\(id)")
            #expect(try await client.execute(uri: "/history", method: .get).text.contains("A posted draft."))
            // Undo pressed twice (a double tap, Back and send again) finds the item back already: the same answer.
            let again = try await client.execute(uri: "/history/\(id)/restore", method: .post)
            #expect(again.status == .seeOther && again.location == "/history#history-\(id)")
            // An item past the undo window (here: none by that id) cannot be brought back, and the page says so.
            let gone = try await client.execute(uri: "/history/AAAAAAAAAAAAAAAAAAAAAA/restore", method: .post)
            #expect(gone.status == .unprocessableContent && gone.text.contains("can no longer be brought back"))
        }
    }

    @Test("An error page says whether the same request again can help: not for a file that is no photo, yes for a busy server")
    func retryableErrors() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let notPhoto = try await client.execute(
                uri: "/scans", method: .post, headers: Multipart.headers,
                body: Multipart.body([Multipart.Part(name: "photo", filename: "doc.pdf", body: Data("%PDF-1.4\n%âãÏÓ\n1 0 obj\n".utf8))]))
            #expect(notPhoto.status.code >= 400 && notPhoto.status.code < 500)
            #expect(notPhoto.text.contains("data-retryable=\"false\""))
            let busy = ErrorView(presentation: ErrorPresentation.fromHTTP(.serviceUnavailable), localizer: try Localizations.shipped().source)
            #expect(busy.retryable)
        }
    }
}
