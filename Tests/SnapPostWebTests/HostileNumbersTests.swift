// Single requests that used to kill the process: huge coordinates, taps far off the photo, an absurd turn. Each now
// gets a 4xx, and the same app answers afterwards.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PageReading
import Retouch
import Storage
import Support
import Synchronization
import Testing

@testable import SnapPostWeb
@testable import Workflows

@Suite("Hostile numbers")
struct HostileNumbersTests {
    /// The server still answers: its health, the Retouch list and (when given) the project's every picture.
    static func stillServing(_ client: some TestClientProtocol, project id: String? = nil) async throws {
        #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        #expect(try await client.execute(uri: "/retouch", method: .get).status == .ok)
        guard let id else { return }
        for path in ["/api/retouch/\(id)", "/retouch/\(id)", "/retouch/\(id)/preview.jpg", "/retouch/\(id)/export.jpg"] {
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok, "\(path)")
        }
    }

    @Test("A brush point at 1e300 is a 400, nothing is stored, and every picture of the project still draws")
    func hugeBrushPoint() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let id = String(try await RetouchFlowTests.upload(client).dropFirst("/retouch/".count))
            for json in [
                #"{"tool":"brush","points":[{"x":1e300,"y":10}],"width":20}"#,
                #"{"tool":"brush","points":[{"x":10,"y":-1e300}],"width":20}"#,
                #"{"tool":"line-brush","points":[{"x":10,"y":10},{"x":9.3e18,"y":10}],"width":8}"#,
                #"{"tool":"brush","points":[{"x":10,"y":10}],"width":1e300}"#,
                #"{"tool":"brush","points":[{"x":10,"y":10}],"width":-5}"#,
                #"{"tool":"brush","points":[{"x":10,"y":10}],"width":20,"feather":1e300}"#,
            ] {
                let response = try await RetouchFlowTests.post(client, "/api/retouch/\(id)/edits", json)
                #expect(response.status == .badRequest, "\(json)")
                #expect(response.text.contains("\"code\":\"bad_edit\""), "\(json)")
            }
            #expect(try await harness.dependencies.retouch.edits(ofProject: id).isEmpty)
            let refine = try await RetouchFlowTests.post(client, "/api/retouch/\(id)/refine", #"{"width":1e300}"#)
            #expect(refine.status == .badRequest)
            try await Self.stillServing(client, project: id)
        }
    }

    @Test("A wire or object tap at a huge coordinate is a 400, and the server answers after it")
    func hugeTaps() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let id = String(try await RetouchFlowTests.upload(client).dropFirst("/retouch/".count))
            for json in [
                #"{"tool":"wire","tap":{"x":1e300,"y":95}}"#, #"{"tool":"wire","tap":{"x":160,"y":-9.3e18}}"#,
                #"{"tool":"object","tap":{"x":-1e300,"y":95}}"#, #"{"tool":"object","tap":{"x":160,"y":1e19}}"#,
                #"{"tool":"wire","tap":{"x":400,"y":95}}"#, #"{"tool":"wire"}"#,
            ] {
                let response = try await RetouchFlowTests.post(client, "/api/retouch/\(id)/edits", json)
                #expect(response.status == .badRequest, "\(json)")
            }
            #expect(try await harness.dependencies.retouch.edits(ofProject: id).isEmpty)
            try await Self.stillServing(client, project: id)
        }
    }

    @Test("An edit body over the cap is a stroke too long (not a photo too large), and nothing is stored")
    func editOverTheCap() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let id = String(try await RetouchFlowTests.upload(client).dropFirst("/retouch/".count))
            let point = #"{"x":1.0000000001,"y":1.0000000001}"#
            let json = #"{"tool":"brush","width":3,"points":["# + Array(repeating: point, count: 20_000).joined(separator: ",") + "]}"
            #expect(json.utf8.count > RetouchController.maxEditBytes)
            let response = try await RetouchFlowTests.post(client, "/api/retouch/\(id)/edits", json)
            let said = response.text
            #expect(response.status == .badRequest && said.contains("too long to take in one go") && !said.contains("MB"), "\(said)")
            #expect(try await harness.dependencies.retouch.edits(ofProject: id).isEmpty)
            try await Self.stillServing(client, project: id)
        }
    }

    @Test("Edits stored by an older version that cannot be drawn (a point at 1e300, a damaged row) are skipped with a note")
    func storedBadEdits() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let id = String(try await RetouchFlowTests.upload(client).dropFirst("/retouch/".count))
            let huge = EditOperation(tool: .brush, shape: .line(points: [PixelPoint(x: 1e300, y: 10), PixelPoint(x: 40, y: 83)], width: 20))
            _ = try await harness.dependencies.retouch.push(
                RetouchEditRow(position: 0, tool: "brush", payload: try RetouchStudio.encode(huge)), toProject: id)
            _ = try await harness.dependencies.retouch.push(RetouchEditRow(position: 1, tool: "brush", payload: "{not json"), toProject: id)
            // A good edit on top of them still works, and the server answers every picture.
            let good = try await RetouchFlowTests.post(
                client, "/api/retouch/\(id)/edits", #"{"tool":"brush","points":[{"x":40,"y":83},{"x":120,"y":84}],"width":12}"#)
            #expect(good.status == .ok)
            let state = try RetouchFlowTests.state(good)
            #expect(state["applied"] as? Int == 3)
            #expect((state["note"] as? String)?.contains("Edit 2 could not be drawn") == true)
            try await Self.stillServing(client, project: id)
        }
    }

    @Test("Read again with turn=Int.max (or any turn outside -3…3) is a 400 and reads nothing")
    func absurdTurn() async throws {
        let harness = try TestApp()
        try await harness.build().test(.router) { client in
            let path = try await client.uploadPage("First reading.")
            let readsBefore = harness.reader.optionsSeen.withLock { $0.count }
            for turn in ["9223372036854775807", "-9223372036854775808", "4", "1e3", "one"] {
                let response = try await client.execute(
                    uri: path + "/photos/0/read", method: .post, headers: Form.headers, body: Form.encode([("turn", turn)]))
                #expect(response.status == .badRequest, "turn=\(turn)")
                #expect(response.text.contains("quarter turns from -3 to 3"))
            }
            #expect(harness.reader.optionsSeen.withLock { $0.count } == readsBefore)
            let turned = try await client.execute(
                uri: path + "/photos/0/read", method: .post, headers: Form.headers, body: Form.encode([("turn", "-1")]))
            #expect(turned.status == .seeOther)
            #expect(harness.reader.optionsSeen.withLock { $0.last?.quarterTurns } == 3)
            #expect(try await client.execute(uri: path, method: .get).status == .ok)
            try await Self.stillServing(client)
        }
    }

    @Test("Results with ?reread= or ?read=Int.max (found by the fuzz test: 'photo \\(n + 1)' overflowed) shows the page")
    func absurdPhotoNumberInQuery() async throws {
        try await TestApp().build().test(.router) { client in
            let path = try await client.uploadPage("First reading.")
            for query in [
                "reread=9223372036854775807", "read=9223372036854775807", "added=9223372036854775807", "reread=-5", "read=-9223372036854775808",
            ] {
                let response = try await client.execute(uri: "\(path)?\(query)", method: .get)
                #expect(response.status == .ok, "\(query)")
            }
            #expect(try await client.execute(uri: "\(path)?reread=1", method: .get).text.contains("Photo 2 was read again"))
            try await Self.stillServing(client)
        }
    }
}
