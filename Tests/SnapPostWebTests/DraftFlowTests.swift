// Issue 12 through the real router: edits survive paragraph picking, drafts are editable and versioned, History's
// Copy keeps the item deletable, AI failures offer the offline writer, and unsure words reach the Results page.
import AIClient
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PostWriting
import Storage
import Support
import Synchronization
import Testing

@testable import SnapPostWeb
@testable import Workflows

@Suite("Drafts and edits")
struct DraftFlowTests {
    static var autosave: HTTPFields {
        var headers = Form.headers
        headers[HTTPField.Name("X-SnapPost-Autosave")!] = "1"
        return headers
    }

    @Test("Use selected (no script) keeps the ticked paragraphs of the text as submitted, typed fixes included")
    func pickingKeepsTypedFixes() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("Pour ov gradually.\n\nSecond paragraph.\n\nThird paragraph.")
            let id = String(path.dropFirst("/scans/".count))
            #expect(try await client.execute(uri: path, method: .get).text.contains("name=\"paragraphs\" value=\"3\""))
            let fixed = "Pour on gradually.\n\nSecond paragraph.\n\nThird paragraph."
            let picked = try await client.execute(
                uri: path + "/select", method: .post, headers: Form.headers,
                body: Form.encode([("text", fixed), ("paragraphs", "3"), ("keep", "0"), ("keep", "2")]))
            #expect(picked.status == .seeOther)
            #expect(try await harness.scans.scan(id: id)?.editedText == "Pour on gradually.\n\nThird paragraph.")

            // The person split a paragraph before ticking: nothing is thrown away, the edit is saved, and they choose again.
            let split = "Pour on.\n\nGradually.\n\nThird paragraph."
            let again = try await client.execute(
                uri: path + "/select", method: .post, headers: Form.headers,
                body: Form.encode([("text", split), ("paragraphs", "2"), ("keep", "0")]))
            #expect(again.status == .ok && again.text.contains("tick the ones to keep again"))
            #expect(try await harness.scans.scan(id: id)?.editedText == split)
            #expect(ParagraphPicker.pick(from: "a\n\nb", shown: 2, keep: []) == .nothingTicked)
        }
    }

    @Test("A draft's edit is saved (script: 204; form: 303 with Saved), shown on the card, and Mark as posted keeps the edit")
    func draftEdits() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page to write from.")
            let cards = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Words.")]))
            let page = cards.location
            var html = try await client.execute(uri: page, method: .get).text
            #expect(html.contains("<textarea id=\"draft-text-1\" name=\"text\""))
            #expect(html.contains("href=\"#draft-5\"") && html.contains(">Open question<"), "jump links to each tone")

            let typed = try await client.execute(
                uri: page + "/drafts/2", method: .post, headers: Self.autosave, body: Form.encode([("text", "My own contrarian take.")]))
            #expect(typed.status == .noContent)
            html = try await client.execute(uri: page, method: .get).text
            #expect(html.contains("My own contrarian take.") && html.contains("Your edit is saved."))

            let form = try await client.execute(
                uri: page + "/drafts/3", method: .post, headers: Form.headers, body: Form.encode([("text", "Personal, edited without script.")]))
            #expect(form.status == .seeOther && form.location.hasSuffix("?saved=3#draft-3"))
            #expect(try await client.execute(uri: form.location, method: .get).text.contains("Personal, edited without script."))

            let posted = try await client.execute(
                uri: page + "/drafts/2", method: .post, headers: Form.headers,
                body: Form.encode([("text", "My own contrarian take, final."), ("intent", "posted")]))
            #expect(posted.status == .seeOther && posted.location == "/history")
            #expect(try await harness.history.recent(limit: 5).map(\.text) == ["My own contrarian take, final."])
            #expect(
                try await client.execute(uri: page + "/drafts/9", method: .post, headers: Form.headers, body: Form.encode([("text", "x")])).status
                    == .notFound)
        }
    }

    @Test("Write another replaces one tone's draft, keeps the earlier one reachable, and leaves the other cards alone")
    func writeAnother() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page to write from.")
            let page = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Words.")]))
                .location
            let (scanId, gid) = Self.ids(page)
            let before = try #require(try await harness.dependencies.generations.generation(id: gid, scanId: scanId))
            let another = try await client.execute(
                uri: page + "/drafts/4/another", method: .post, headers: Form.headers, body: Form.encode([("text", "Analytical, edited first.")]))
            #expect(another.status == .seeOther && another.location.hasSuffix("?another=4#draft-4"))
            let after = try #require(try await harness.dependencies.generations.generation(id: gid, scanId: scanId))
            #expect(after.drafts[3].text != before.drafts[3].text && after.drafts[3].version == 2)
            #expect(after.earlier[3].map(\.text) == ["Analytical, edited first."], "the earlier version keeps its edit")
            for position in [0, 1, 2, 4] { #expect(after.drafts[position] == before.drafts[position]) }
            let html = try await client.execute(uri: page, method: .get).text
            #expect(html.contains("Earlier versions (1)") && html.contains("Analytical, edited first."))

            let restored = try await client.execute(
                uri: page + "/drafts/4/versions/1/restore", method: .post, headers: Form.headers, body: Form.encode([]))
            #expect(restored.status == .seeOther)
            let last = try #require(try await harness.dependencies.generations.generation(id: gid, scanId: scanId))
            #expect(last.drafts[3].text == "Analytical, edited first." && last.earlier[3].count == 2)
        }
    }

    @Test("Write another with the AI writer failing: the card says so, keeps its edit, and offers the offline writer")
    func writeAnotherFailure() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page.")
            let page = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Write from this sentence, please.")])
            ).location
            harness.fakeGenerator.failure.withLock { $0 = AIError(.timeout) }
            let failed = try await client.execute(
                uri: page + "/drafts/2/another", method: .post, headers: Form.headers, body: Form.encode([("text", "My contrarian edit.")]))
            #expect(failed.status == .badGateway)
            #expect(failed.text.contains("The AI writer took too long to answer.") && failed.text.contains("My contrarian edit."))
            #expect(failed.text.contains("/drafts/2/another\" name=\"writer\" value=\"offline\""))
            let offline = try await client.execute(
                uri: page + "/drafts/2/another", method: .post, headers: Form.headers,
                body: Form.encode([("text", "My contrarian edit."), ("writer", "offline")]))
            #expect(offline.status == .seeOther)
            let (scanId, gid) = Self.ids(page)
            let generation = try #require(try await harness.dependencies.generations.generation(id: gid, scanId: scanId))
            #expect(generation.drafts[1].version == 2 && generation.earlier[1].map(\.text) == ["My contrarian edit."])
        }
    }

    @Test("Generating again from the same text asks the writer for a new variation and passes the earlier drafts")
    func generatingAgainDiffers() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page.")
            _ = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Same text.")]))
            _ = try await client.execute(uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "Same text.")]))
            let requests = harness.fakeGenerator.requests.withLock { $0 }
            #expect(requests.map(\.variation) == [0, 1])
            #expect(requests[1].earlier.count == 5)
            // A model writer gets the text as edited, whatever was read and whatever is unsure in it.
            #expect(requests.allSatisfy { $0.excerpt == "Same text." && $0.reading.cameraText == "A page." })
        }
    }

    @Test("History: Copy on a History card keeps the item's id, so Delete then deletes it")
    func historyCopyThenDelete() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let body = Form.encode([("action", "posted"), ("tone", "punchy"), ("text", "Posted once.")])
            _ = try await client.execute(uri: "/history", method: .post, headers: Form.headers, body: body)
            let id = try await harness.history.recent(limit: 5)[0].id
            // The page's Copy button sends the same draft again.
            _ = try await client.execute(
                uri: "/history", method: .post, headers: Form.headers,
                body: Form.encode([("action", "copied"), ("tone", "punchy"), ("text", "Posted once.")]))
            let items = try await harness.history.recent(limit: 5)
            #expect(items.map(\.id) == [id] && items[0].action == .copied)
            let deleted = try await client.execute(uri: "/history/\(id)/delete", method: .post)
            #expect(deleted.status == .seeOther && deleted.location == "/history?deleted=\(id)")
            #expect(try await harness.history.recent(limit: 5).isEmpty)
        }
    }

    @Test("History keeps a long draft copied or shared whole, as Mark as posted does; longer than a draft is refused")
    func historyKeepsALongDraftWhole() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let long = "Start " + String(repeating: "word ", count: 1_990) + "the end."
            #expect(long.count > 5_000 && long.count <= PostsController.maxDraftCharacters)
            let kept = try await client.execute(
                uri: "/history", method: .post, headers: Form.headers, body: Form.encode([("action", "copied"), ("tone", "punchy"), ("text", long)]))
            #expect(kept.status == .noContent)
            #expect(try await harness.history.recent(limit: 5).first?.text == long)
            let tooLong = String(repeating: "x", count: PostsController.maxDraftCharacters + 1)
            let refused = try await client.execute(
                uri: "/history", method: .post, headers: Form.headers, body: Form.encode([("action", "shared"), ("text", tooLong)]))
            #expect(refused.status == .badRequest && refused.text.contains("10,000"))
            #expect(try await harness.history.recent(limit: 5).count == 1)
        }
    }

    @Test("An AI failure: plain words, the detail folded away, the offline writer offered once, and a red writer badge")
    func aiFailureRecovers() async throws {
        let harness = try TestApp()
        harness.fakeGenerator.failure.withLock { $0 = AIError(.unreachable(url: "http://10.0.0.9:11434/v1/chat/completions")) }
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("A page.")
            #expect(try await client.execute(uri: path, method: .get).text.contains("not asked yet"))
            let failed = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers, body: Form.encode([("text", "The text I typed stays safe.")]))
            #expect(failed.status == .badGateway)
            let html = failed.text
            #expect(html.contains("The AI writer can&#39;t be reached") || html.contains("The AI writer can't be reached"))
            #expect(html.contains("<summary>Technical detail</summary>") && html.contains("SNAPPOST_AI_BASE_URL"))
            #expect(html.contains("name=\"writer\" value=\"offline\"") && html.contains("Use the offline writer this time"))
            #expect(html.contains("data-writer-status=\"failed\"") && html.contains("last answer failed"))

            let offline = try await client.execute(
                uri: path + "/posts", method: .post, headers: Form.headers,
                body: Form.encode([("text", "The text I typed stays safe."), ("writer", "offline")]))
            #expect(offline.status == .seeOther)
            let cards = try await client.execute(uri: offline.location, method: .get).text
            #expect(cards.components(separatedBy: "<li class=\"card\"").count == 6 && cards.contains("“The text I typed stays safe.”"))
        }
    }

    @Test("Results lists the words the camera was unsure of, with the box of the line each came from")
    func unsureWordsOnResults() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            // The fake reader scores the second line 42 %.
            let path = try await client.uploadPage("A clean first line\nshaky second line\nthird line")
            let html = try await client.execute(uri: path, method: .get).text
            #expect(html.contains("data-word=\"shaky\" data-occurrence=\"0\""))
            #expect(html.contains("data-box=\"40 100 900 44\""))
            #expect(!html.contains("data-word=\"clean\""))
            // Words the person typed are theirs: a fix, and a tag they added, are never flagged.
            let edited = "A clean first line\nsteady second line <b>Good</b>\nthird line"
            _ = try await client.execute(uri: path, method: .post, headers: Form.headers, body: Form.encode([("text", edited)]))
            let fixed = try await client.execute(uri: path, method: .get).text
            #expect(!fixed.contains("data-word=\"steady\"") && !fixed.contains("data-word=\"b\"") && !fixed.contains("data-word=\"Good\""))
            #expect(fixed.contains("data-word=\"second\""), "the camera's words around the fix are still judged")
            // A word the person confirms as read (the page sends its index in the text as read) stays trusted.
            let index = try #require(
                fixed.firstMatch(of: #/data-word="second" data-occurrence="0" data-confidence="[^"]*" data-index="(\d+)"/#)?.output.1)
            _ = try await client.execute(
                uri: path, method: .post, headers: Form.headers, body: Form.encode([("text", edited), ("confirm", String(index))]))
            let confirmed = try await client.execute(uri: path, method: .get).text
            #expect(!confirmed.contains("data-word=\"second\""))
        }
    }

    static func ids(_ page: String) -> (String, String) {
        let parts = page.split(separator: "/").map(String.init)
        return (parts[1], parts[3])
    }
}
