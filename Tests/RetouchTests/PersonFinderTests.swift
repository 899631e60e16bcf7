// The person tool on a photo made at test time from a package (scikit-image's astronaut, tools/make_retouch_fixtures.py)
// and on a rendered scene with no person in it.
import Foundation
import Imaging
import Support
import Testing

@testable import Retouch

enum RetouchFixtures {
    /// `SNAPPOST_RETOUCH_FIXTURES`, or `.build/fixtures/retouch` in the package.
    static let directory: URL = {
        if let dir = ProcessInfo.processInfo.environment["SNAPPOST_RETOUCH_FIXTURES"] { return URL(fileURLWithPath: dir) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/fixtures/retouch")
    }()

    /// A fixture photo as RGB; a missing one fails the test (run `make test`, or tools/make_retouch_fixtures.py).
    static func picture(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> RasterImage {
        let data = try #require(
            FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
            "fixture \(name) is missing: run `python3 tools/make_retouch_fixtures.py .build/fixtures/retouch`", sourceLocation: sourceLocation)
        return try PhotoRasters.decodeRGB(data, limits: ImageLimits()).image
    }
}

@Suite("Person finder")
struct PersonFinderTests {
    static func mask(_ outlines: [[PixelPoint]], _ w: Int, _ h: Int) -> Mask {
        var mask = Mask(width: w, height: h)
        for polygon in outlines { MaskPainter.paintPolygon(polygon, into: &mask) }
        return mask
    }

    /// Share of the box's pixels in the mask.
    static func share(of box: PixelBox, in mask: Mask) -> Double {
        var n = 0
        for y in box.y..<(box.y + box.height) { for x in box.x..<(box.x + box.width) where mask[x, y] { n += 1 } }
        return Double(n) / Double(box.width * box.height)
    }

    @Test("a tap on the astronaut's suit gives her whole outline: face, hair and suit, not the flag or the backdrop")
    func astronaut() throws {
        let photo = try RetouchFixtures.picture("astronaut.png")
        let found = Self.mask(try PersonFinder().find(in: photo, near: PixelPoint(x: 250, y: 380)), photo.width, photo.height)
        #expect(Self.share(of: PixelBox(x: 190, y: 90, width: 60, height: 60), in: found) > 0.95)  // face
        #expect(Self.share(of: PixelBox(x: 180, y: 30, width: 80, height: 25), in: found) > 0.8)  // hair
        #expect(Self.share(of: PixelBox(x: 80, y: 330, width: 80, height: 80), in: found) > 0.95)  // suit, left arm
        #expect(Self.share(of: PixelBox(x: 0, y: 20, width: 30, height: 150), in: found) < 0.05)  // flag
        #expect(Self.share(of: PixelBox(x: 300, y: 20, width: 60, height: 100), in: found) < 0.05)  // backdrop
        let area = Double(found.selectedCount) / Double(photo.width * photo.height)
        #expect(area > 0.3 && area < 0.7)
    }

    @Test("a tap beside her, on the backdrop, finds no person")
    func besideThePerson() throws {
        let photo = try RetouchFixtures.picture("astronaut.png")
        #expect(throws: RetouchError.noPerson) { try PersonFinder().find(in: photo, near: PixelPoint(x: 470, y: 60)) }
    }

    @Test("Select all people outlines her")
    func all() throws {
        let photo = try RetouchFixtures.picture("astronaut.png")
        let found = Self.mask(try PersonFinder().findAll(in: photo), photo.width, photo.height)
        #expect(Self.share(of: PixelBox(x: 190, y: 90, width: 60, height: 60), in: found) > 0.95)
    }

    /// Sky, a sagging wire, a house with a door, a round bush, a post and textured ground: shapes a detector could
    /// mistake for a body or a head, but no person.
    static func noPersonScene() -> Scene {
        var scene = Scene.sky(width: 900, height: 600, grain: 3, seed: 31)
        var noise = SeededNoise(state: 32)
        for y in 390..<600 {
            for x in 0..<900 {
                let i = (y * 900 + x) * 3, t = noise.gaussian(14)
                scene.image.bytes[i] = UInt8(max(0, min(255, 95 + t)))
                scene.image.bytes[i + 1] = UInt8(max(0, min(255, 110 + t)))
                scene.image.bytes[i + 2] = UInt8(max(0, min(255, 70 + t)))
            }
        }
        scene.drawLine(Scene.sagging(width: 900, top: 150, sag: 60), width: 5)
        for y in 250..<390 { scene.drawLine([PixelPoint(x: 600, y: Double(y)), PixelPoint(x: 760, y: Double(y))], width: 1, colour: (170, 90, 70)) }
        for y in 320..<390 { scene.drawLine([PixelPoint(x: 650, y: Double(y)), PixelPoint(x: 690, y: Double(y))], width: 1, colour: (60, 50, 45)) }
        scene.drawDisc(centre: PixelPoint(x: 200, y: 360), radius: 55, colour: (60, 90, 45))
        scene.drawLine([PixelPoint(x: 415, y: 330), PixelPoint(x: 415, y: 460)], width: 24, colour: (80, 80, 90))
        return scene
    }

    @Test("a scene with no person: every tap and Select all say so")
    func noPerson() throws {
        let scene = Self.noPersonScene()
        #expect(throws: RetouchError.noPeople) { try PersonFinder().findAll(in: scene.image) }
        for tap in [PixelPoint(x: 200, y: 360), PixelPoint(x: 415, y: 400), PixelPoint(x: 680, y: 330), PixelPoint(x: 450, y: 500)] {
            #expect(throws: RetouchError.noPerson) { try PersonFinder().find(in: scene.image, near: tap) }
        }
    }

    @Test("a tap outside the picture finds no person")
    func outside() {
        let sky = Scene.sky(width: 64, height: 64)
        #expect(throws: RetouchError.noPerson) { try PersonFinder().find(in: sky.image, near: PixelPoint(x: -3, y: 10)) }
        #expect(throws: RetouchError.noPerson) { try PersonFinder().find(in: sky.image, near: PixelPoint(x: .nan, y: 10)) }
    }

    @Test("finds whose boxes mostly overlap are one person; a lone unsure find is no person")
    func grouping() {
        let face = PersonDetection(box: PixelBox(x: 100, y: 50, width: 40, height: 40), kind: .face, score: 20)
        let body = PersonDetection(box: PixelBox(x: 60, y: 40, width: 130, height: 320), kind: .body, score: 0.5)
        let stray = PersonDetection(box: PixelBox(x: 400, y: 300, width: 64, height: 128), kind: .body, score: 0.4)
        let people = PersonFinder.group([face, body, stray], picture: (600, 400), settings: .init())
        #expect(people.count == 1)
        #expect(people.first?.face == face.box)
        #expect(people.first.map { $0.box.contains(120, 300) } == true)
    }
}
