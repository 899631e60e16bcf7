// Projects that grow: the cap on edits per photo, answers that stay the same size, the overlay as one picture, and
// shelf photos too small or too thin to hold a shelf.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Imaging
import Logging
import NIOCore
import PageReading
import Retouch
import Shelves
import Storage
import Support
import Testing

@testable import SnapPostWeb

@Suite("Retouch and shelf limits")
struct RetouchLimitsTests {
    @Test("Edits per photo are capped with a clear 413; the editor's answers stay the same size as edits pile up")
    func editCap() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let id = String(try await RetouchFlowTests.upload(client).dropFirst("/retouch/".count))
            let limit = RetouchLimits.standard.maxEdits
            var sizes: [Int] = []
            for k in 0..<limit {
                let x = 20 + (k * 7) % 280, y = 20 + (k * 13) % 160
                let response = try await RetouchFlowTests.post(
                    client, "/api/retouch/\(id)/edits", #"{"tool":"brush","points":[{"x":\#(x),"y":\#(y)},{"x":\#(x + 9),"y":\#(y + 4)}],"width":3}"#)
                #expect(response.status == .ok, "edit \(k + 1)")
                sizes.append(response.body.readableBytes)
            }
            let over = try await RetouchFlowTests.post(client, "/api/retouch/\(id)/edits", #"{"tool":"brush","points":[{"x":5,"y":5}],"width":3}"#)
            #expect(over.status == .contentTooLarge)
            #expect(over.text.contains("\"code\":\"too_many_edits\"") && over.text.contains("Export it"))
            #expect(try await harness.dependencies.retouch.edits(ofProject: id).count == limit)
            // Undo frees a place: the new edit replaces the undone one.
            #expect(try await RetouchFlowTests.post(client, "/api/retouch/\(id)/undo").status == .ok)
            #expect(
                try await RetouchFlowTests.post(client, "/api/retouch/\(id)/edits", #"{"tool":"brush","points":[{"x":5,"y":5}],"width":3}"#).status
                    == .ok)
            // The answer carries counts, not every edit's shape: at the cap it is as small as after the first edit.
            #expect(sizes.max()! < 1000 && sizes.last! - sizes.first! < 40, "\(sizes.first!) … \(sizes.last!) bytes")
            let state = try await client.execute(uri: "/api/retouch/\(id)", method: .get)
            #expect(state.body.readableBytes < 1000)
            #expect(try RetouchFlowTests.state(state)["editCount"] as? Int == limit)
        }
    }

    @Test("The overlay is one grey PNG at preview size, white where the edits are")
    func maskPicture() async throws {
        try await TestApp().build().test(.router) { client in
            let id = String(try await RetouchFlowTests.upload(client).dropFirst("/retouch/".count))
            let brush = try await RetouchFlowTests.post(
                client, "/api/retouch/\(id)/edits", #"{"tool":"brush","points":[{"x":40,"y":150},{"x":120,"y":150}],"width":10}"#)
            let version = try #require(try RetouchFlowTests.state(brush)["maskVersion"] as? String)
            let response = try await client.execute(uri: "/retouch/\(id)/mask.png?v=\(version)", method: .get)
            #expect(response.status == .ok && response.headers[.contentType] == "image/png")
            let mask = try PhotoRasters.decodeGray(Data(response.body.readableBytesView), limits: ImageLimits())
            #expect(mask.width == 320 && mask.height == 200)
            #expect(mask.bytes[150 * 320 + 80] == 255 && mask.bytes[150 * 320 + 200] == 0 && mask.bytes[60 * 320 + 80] == 0)
        }
    }

    @Test("A shelf photo of 1×1 or 60000×10 pixels gets a 400 that says why, through the real analyser")
    func tinyShelfPhotos() async throws {
        let harness = try TestApp()
        var dependencies = harness.dependencies
        dependencies.shelfAnalyser = ShelfAnalyser(engine: UnusedEngine(), catalog: try BookCatalog.load(from: BookCatalog.shipped))
        let logger = Logger(label: "test")
        let app = try await buildApplication(
            reader: TestApp.configuration([:], dataDirectory: harness.dataDirectory), dependencies: dependencies, logger: logger)
        try await app.test(.router) { client in
            for (w, h) in [(1, 1), (60000, 10), (10, 60000), (40, 3000)] {
                let png = try #require(PhotoRasters.pngData(GrayImage(width: w, height: h, bytes: [UInt8](repeating: 128, count: w * h))))
                let response = try await client.execute(
                    uri: "/api/analyze-bookshelf", method: .post, headers: [.contentType: "image/png"],
                    body: ByteBuffer(bytes: png))
                #expect(response.status == .badRequest, "\(w)×\(h): \(response.status)")
                #expect(response.text.contains("photo_too_small"), "\(w)×\(h)")
            }
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
    }
}

/// An OCR engine the test never reaches (the photo is refused before any spine is read).
private struct UnusedEngine: OCREngine {
    var defaultLanguages: [String] { ["eng"] }
    func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult {
        RecognitionResult(lines: [], meanConfidence: 0)
    }
    func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate? { nil }
}
