// Retouch through the real router and SQLite: upload, tap a wire, undo, redo, refine, export, reopen, delete, errors.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Imaging
import NIOCore
import Retouch
import Storage
import Support
import Testing

@testable import SnapPostWeb
@testable import Workflows

@Suite("Retouch pages")
struct RetouchFlowTests {
    /// A 320 × 200 sky with one dark wire across it at y = 80…86, as PNG bytes made here.
    static func wirePhoto() -> Data {
        let w = 320, h = 200
        var bytes = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let onWire = abs(Double(y) - (80 + 6 * Double(x) / Double(w))) < 3
                let sky: [UInt8] = [UInt8(150 + y / 5), UInt8(175 + y / 10), 225]
                for k in 0..<3 { bytes[(y * w + x) * 3 + k] = onWire ? 40 : sky[k] &+ UInt8((x * 7 + y * 13) % 5) }
            }
        }
        return PhotoRasters.pngData(RasterImage(width: w, height: h, channels: 3, bytes: bytes))!
    }

    static func upload(_ client: some TestClientProtocol, _ data: Data = wirePhoto()) async throws -> String {
        let body = Multipart.body([Multipart.Part(name: "photo", filename: "wires.png", body: data)])
        let response = try await client.execute(uri: "/retouch", method: .post, headers: Multipart.headers, body: body)
        #expect(response.status == .seeOther)
        return response.location
    }

    static func post(_ client: some TestClientProtocol, _ uri: String, _ json: String? = nil) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: .post, headers: [.contentType: "application/json"], body: json.map { ByteBuffer(string: $0) })
    }

    static func state(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] ?? [:]
    }

    @Test("Retouch sits beside Home in the menu and in the manifest's shortcuts")
    func navigation() async throws {
        let app = try await TestApp().build()
        try await app.test(.router) { client in
            let home = try await client.execute(uri: "/", method: .get).text
            #expect(home.contains("href=\"/retouch\""))
            let list = try await client.execute(uri: "/retouch", method: .get)
            #expect(list.status == .ok)
            #expect(list.text.contains("Choose a photo") && list.text.contains("action=\"/retouch\""))
            #expect(list.text.contains("href=\"/retouch\" aria-current=\"page\""))
            let manifest = try await client.execute(uri: "/manifest.webmanifest", method: .get).text
            #expect(manifest.contains("\"url\":\"/retouch\""))
        }
    }

    @Test("upload, tap the wire, undo, redo, refine, export: every step is stored and replayed")
    func editFlow() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let editor = try await Self.upload(client)
            #expect(editor.hasPrefix("/retouch/"))
            let id = String(editor.dropFirst("/retouch/".count))
            let page = try await client.execute(uri: editor, method: .get).text
            #expect(page.contains("<noscript>") && page.contains("The retouch editor needs JavaScript"))
            #expect(page.contains("/static/retouch.js") && !page.contains("<script>") && !page.contains("style=\""))

            let found = try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"wire","tap":{"x":160,"y":95}}"#)
            #expect(found.status == .ok)
            let afterWire = try Self.state(found)
            #expect(afterWire["applied"] as? Int == 1)
            let width = try #require(afterWire["lastWireWidth"] as? Double)
            #expect(width > 4 && width < 12)

            // The wire is gone from the preview.
            let preview = try await client.execute(uri: "/retouch/\(id)/preview.jpg", method: .get)
            #expect(preview.headers[.contentType] == "image/jpeg")
            let picture = try PhotoRasters.decodeRGB(Data(preview.body.readableBytesView), limits: ImageLimits()).image
            #expect(picture.luma.bytes[83 * 320 + 160] > 120)

            let undone = try Self.state(try await Self.post(client, "/api/retouch/\(id)/undo"))
            #expect(undone["applied"] as? Int == 0 && undone["canRedo"] as? Bool == true)
            let beforeBody = try await client.execute(uri: "/retouch/\(id)/preview.jpg", method: .get).body
            let before = try PhotoRasters.decodeRGB(Data(beforeBody.readableBytesView), limits: ImageLimits()).image
            #expect(before.luma.bytes[83 * 320 + 160] < 80)
            let redone = try Self.state(try await Self.post(client, "/api/retouch/\(id)/redo"))
            #expect(redone["applied"] as? Int == 1)
            let refined = try Self.state(try await Self.post(client, "/api/retouch/\(id)/refine"))
            #expect(refined["applied"] as? Int == 2 && refined["editCount"] as? Int == 1)

            // Stored in SQLite: the rows are there for a new tab, and the export is full size.
            let rows = try await harness.dependencies.retouch.edits(ofProject: id)
            #expect(rows.map(\.tool) == ["wire", "wire"])
            let export = try await client.execute(uri: "/retouch/\(id)/export.jpg", method: .get)
            #expect(export.status == .ok)
            #expect(export.headers[.contentDisposition]?.contains("wires-retouched.jpg") == true)
            let full = try PhotoRasters.decodeRGB(Data(export.body.readableBytesView), limits: ImageLimits()).image
            #expect(full.width == 320 && full.height == 200)
            #expect(full.luma.bytes[83 * 320 + 160] > 120)

            let list = try await client.execute(uri: "/retouch", method: .get).text
            #expect(list.contains("wires.png") && list.contains("2 edits"))
        }
    }

    @Test("an edit answers with the quick fill; the guided fill replaces it in the background and is stored")
    func quickThenRefined() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let id = String(try await Self.upload(client).dropFirst("/retouch/".count))
            let first = try Self.state(try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"wire","tap":{"x":160,"y":95}}"#))
            let quickVersion = try #require(first["version"] as? String)
            // Asked again (as the editor does) until the refined fill has landed; bounded.
            var refined = first
            for _ in 0..<600 where refined["refined"] as? Bool != true {
                try await Task.sleep(for: .milliseconds(100))
                refined = try Self.state(try await client.execute(uri: "/api/retouch/\(id)", method: .get))
            }
            #expect(refined["refined"] as? Bool == true)
            #expect(refined["applied"] as? Int == 1)
            if first["refined"] as? Bool == false { #expect(refined["version"] as? String != quickVersion) }
            let stored = try #require(try await harness.dependencies.retouch.render(ofProject: id))
            #expect(stored.applied == 1 && stored.full)
            let preview = try await client.execute(uri: "/retouch/\(id)/preview.jpg", method: .get)
            let picture = try PhotoRasters.decodeRGB(Data(preview.body.readableBytesView), limits: ImageLimits()).image
            #expect(picture.luma.bytes[83 * 320 + 160] > 120)
            // Undo goes back to the photo as it was: nothing left to refine.
            let undone = try Self.state(try await Self.post(client, "/api/retouch/\(id)/undo"))
            #expect(undone["refined"] as? Bool == true && undone["applied"] as? Int == 0)
        }
    }

    @Test("a refinement that failed is not retried for the same state, but is for a new edit")
    func failedRefinementIsRemembered() async {
        let cache = RenderCache()
        await cache.dropRenders(of: "p", beyond: 0)
        let epoch = await cache.epoch(of: "p")
        await cache.markRefinementFailed("p", at: 1, epoch: epoch)
        #expect(await cache.refinementFailed("p", at: 1))
        #expect(await !cache.refinementFailed("p", at: 2))
        await cache.dropRenders(of: "p", beyond: 0)
        #expect(await !cache.refinementFailed("p", at: 1))
        await cache.markRefinementFailed("p", at: 1, epoch: await cache.epoch(of: "p"))
        await cache.forget("p")
        #expect(await !cache.refinementFailed("p", at: 1))
    }

    @Test("no wire, object or person where the tap is: 422 with the message the editor shows, and nothing is added")
    func noWire() async throws {
        try await TestApp().build().test(.router) { client in
            let id = String(try await Self.upload(client).dropFirst("/retouch/".count))
            let response = try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"wire","tap":{"x":160,"y":180}}"#)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains("No wire found here: draw along it with the line brush"))
            let object = try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"object","tap":{"x":60,"y":170}}"#)
            #expect(object.status == .unprocessableContent)
            #expect(object.text.contains("Couldn't find an object here: paint over it with the brush"))
            let person = try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"person","tap":{"x":60,"y":170}}"#)
            #expect(person.status == .unprocessableContent)
            #expect(person.text.contains("No person found at this spot. Try Object or Brush."))
            let everyone = try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"person","all":true}"#)
            #expect(everyone.status == .unprocessableContent)
            #expect(everyone.text.contains("No people found in this photo. Try Object or Brush."))
            #expect(try Self.state(try await client.execute(uri: "/api/retouch/\(id)", method: .get))["applied"] as? Int == 0)
        }
    }

    @Test("brush strokes and bad requests")
    func brushAndBadInput() async throws {
        try await TestApp().build().test(.router) { client in
            let id = String(try await Self.upload(client).dropFirst("/retouch/".count))
            let brush = try await Self.post(
                client, "/api/retouch/\(id)/edits", #"{"tool":"brush","points":[{"x":40,"y":83},{"x":120,"y":84}],"width":12,"feather":2}"#)
            #expect(brush.status == .ok)
            let garbage = try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"paint-bucket"}"#)
            #expect(garbage.status == .badRequest && garbage.text.contains("\"code\":\"bad_edit\""))
            let empty = try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"brush","points":[]}"#)
            #expect(empty.status == .badRequest)
            let missing = try await client.execute(uri: "/api/retouch/AAAAAAAAAAAAAAAAAAAAAA", method: .get)
            #expect(missing.status == .notFound)
            let notAPhoto = try await client.execute(
                uri: "/retouch", method: .post, headers: Multipart.headers,
                body: Multipart.body([Multipart.Part(name: "photo", filename: "x.txt", body: Data("hello, not a photo".utf8))]))
            #expect(notAPhoto.status == .badRequest)
        }
    }

    @Test("delete removes the project, its original and its edits")
    func delete() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let id = String(try await Self.upload(client).dropFirst("/retouch/".count))
            _ = try await Self.post(client, "/api/retouch/\(id)/edits", #"{"tool":"wire","tap":{"x":160,"y":83}}"#)
            let deleted = try await client.execute(uri: "/retouch/\(id)/delete", method: .post)
            #expect(deleted.status == .seeOther && deleted.location == "/retouch?deleted=1")
            #expect(try await harness.dependencies.retouch.project(id: id) == nil)
            #expect(try await harness.dependencies.retouch.edits(ofProject: id).isEmpty)
            #expect(try await harness.dependencies.retouch.original(ofProject: id) == nil)
        }
    }
}
