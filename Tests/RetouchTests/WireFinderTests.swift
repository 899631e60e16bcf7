// Wire finding on rendered scenes: a sagging wire found from a tap off its centre, nothing found on plain sky.
import Imaging
import Retouch
import Support
import Testing

@Suite("Wire finder")
struct WireFinderTests {
    static let w = 400, h = 240
    static let wire = Scene.sagging(width: w, top: 60, sag: 40)

    static func scene(width: Double = 6) -> Scene {
        var scene = Scene.sky(width: w, height: h, seed: 3)
        scene.drawLine(wire, width: width)
        // A second, fainter wire crossing lower down must not capture the trace.
        scene.drawLine([PixelPoint(x: 0, y: 200), PixelPoint(x: 399, y: 150)], width: 2, colour: (90, 90, 100))
        return scene
    }

    @Test("a tap 10 px off a wire finds all of it, with its width", arguments: [0.1, 0.5, 0.9])
    func findsTheWire(at share: Double) throws {
        let scene = Self.scene()
        let x = share * Double(Self.w - 1)
        let u = 2 * x / Double(Self.w) - 1
        let tap = PixelPoint(x: x, y: 60 + 40 * (1 - u * u) - 10)
        let found = try WireFinder().find(in: scene.image, fullWidth: Self.w, near: tap)
        var truth = Mask(width: Self.w, height: Self.h), core = truth, whole = truth
        MaskPainter.paintLine(Self.wire, width: 7, into: &truth)
        MaskPainter.paintLine(found.points, width: found.coreWidth, into: &core)
        MaskPainter.paintLine(found.points, width: found.width, into: &whole)
        #expect(Score.iou(core, truth) > 0.8)
        #expect(abs(found.coreWidth - 7.5) < 2)
        // A drawn wire has no halo: the whole cross-section is the core and its anti-aliased edge, a little more.
        #expect(Score.iou(whole, truth) > 0.65)
        #expect(found.width - found.coreWidth < 4)
        #expect(found.polarity == .dark)
    }

    @Test("a bright wire on a dark ground is found too")
    func brightWire() throws {
        var scene = Scene.sky(width: Self.w, height: Self.h, seed: 4)
        for i in scene.image.bytes.indices { scene.image.bytes[i] /= 3 }
        scene.drawLine(Self.wire, width: 4, colour: (230, 230, 220))
        let found = try WireFinder().find(in: scene.image, fullWidth: Self.w, near: PixelPoint(x: 200, y: 95))
        #expect(found.polarity == .bright)
        #expect(found.points.count >= 2)
    }

    @Test("plain sky has no wire")
    func noWire() {
        let sky = Scene.sky(width: Self.w, height: Self.h, seed: 2)
        #expect(throws: RetouchError.noWire) { try WireFinder().find(in: sky.image, fullWidth: Self.w, near: PixelPoint(x: 200, y: 120)) }
    }

    @Test("the edge between two areas is not a wire")
    func edgeIsNotAWire() {
        var scene = Scene.sky(width: Self.w, height: Self.h, seed: 6)
        for y in 120..<Self.h {
            for x in 0..<Self.w {
                for k in 0..<3 { scene.image.bytes[(y * Self.w + x) * 3 + k] /= 3 }
            }
        }
        #expect(throws: RetouchError.noWire) { try WireFinder().find(in: scene.image, fullWidth: Self.w, near: PixelPoint(x: 200, y: 121)) }
    }

    @Test("found on a reduced copy, the trace comes back in full-size pixels")
    func scaledBack() throws {
        let scene = Self.scene(width: 8)
        let half = RasterImage(
            width: Self.w / 2, height: Self.h / 2, channels: 3,
            bytes: (0..<(Self.w / 2 * Self.h / 2 * 3)).map { i in
                let p = i / 3, k = i % 3, x = p % (Self.w / 2), y = p / (Self.w / 2)
                return scene.image.bytes[((2 * y) * Self.w + 2 * x) * 3 + k]
            })
        let found = try WireFinder().find(in: half, fullWidth: Self.w, near: PixelPoint(x: 200, y: 95))
        #expect(found.points.map(\.x).max()! > 390)
        #expect(abs(found.coreWidth - 9.5) < 3)
    }
}
