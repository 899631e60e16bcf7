// Whole objects on a rendered scene: a small robot with two thin sensor arms and a soft cast shadow on textured
// sand; the smart brush stops at a wall's edge.
import Imaging
import Support
import Testing

@testable import Retouch

@Suite("Whole objects")
struct ObjectExtentTests {
    static let w = 360, h = 260
    static let arms = [
        [PixelPoint(x: 150, y: 112), PixelPoint(x: 128, y: 78), PixelPoint(x: 122, y: 66)],
        [PixelPoint(x: 210, y: 112), PixelPoint(x: 232, y: 78), PixelPoint(x: 238, y: 66)],
    ]

    /// The shadow's darkening at each pixel: 1 outside, down to 0.55 inside a soft-edged ellipse beside the body.
    static func shade(_ x: Int, _ y: Int) -> Double {
        let u = (Double(x) - 225) / 70, v = (Double(y) - 160) / 18
        let r = (u * u + v * v).squareRoot()
        let edge = max(0, min(1, (r - 0.85) / 0.3))  // a soft penumbra
        return 0.55 + 0.45 * edge
    }

    /// Sand with grain, the shadow, the robot's body (a rounded block) and its two arms, 2.5 px wide.
    static func robot() -> Scene {
        var scene = Scene.sky(width: w, height: h, grain: 5, seed: 41)
        var noise = SeededNoise(state: 42)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 3, t = noise.gaussian(5), s = shade(x, y)
                scene.image.bytes[i] = UInt8(max(0, min(255, (196 + t) * s)))
                scene.image.bytes[i + 1] = UInt8(max(0, min(255, (172 + t) * s)))
                scene.image.bytes[i + 2] = UInt8(max(0, min(255, (128 + t) * s)))
            }
        }
        scene.drawLine([PixelPoint(x: 160, y: 130), PixelPoint(x: 200, y: 130)], width: 44, colour: (70, 90, 140))
        for arm in arms { scene.drawLine(arm, width: 2.5, colour: (45, 45, 55)) }
        return scene
    }

    static func mask(_ outlines: [[PixelPoint]]) -> Mask {
        var mask = Mask(width: w, height: h)
        for polygon in outlines { MaskPainter.paintPolygon(polygon, into: &mask) }
        return mask
    }

    static func covered(_ part: Mask, by mask: Mask) -> Double {
        Double(part.bytes.indices.filter { part.bytes[$0] != 0 && mask.bytes[$0] != 0 }.count) / Double(max(1, part.selectedCount))
    }

    static var armPixels: Mask {
        var m = Mask(width: w, height: h)
        for arm in arms { MaskPainter.paintLine(arm, width: 2.5, into: &m) }
        return m
    }

    static func shadowPixels(below level: Double) -> Mask {
        var m = Mask(width: w, height: h)
        for y in 0..<h { for x in 0..<w where shade(x, y) < level { m[x, y] = true } }
        var body = Mask(width: w, height: h)
        MaskPainter.paintLine([PixelPoint(x: 160, y: 130), PixelPoint(x: 200, y: 130)], width: 44, into: &body)
        for i in m.bytes.indices where body.bytes[i] != 0 { m.bytes[i] = 0 }
        return m
    }

    @Test("the object takes its thin arms; its shadow only when asked")
    func armsAndShadow() throws {
        let scene = Self.robot()
        let plain = Self.mask(try ObjectFinder().find(in: scene.image, near: PixelPoint(x: 180, y: 130)))
        #expect(Self.covered(Self.armPixels, by: plain) > 0.95)
        #expect(Self.covered(Self.shadowPixels(below: 0.7), by: plain) < 0.2)

        let withShadow = Self.mask(try ObjectFinder().find(in: scene.image, near: PixelPoint(x: 180, y: 130), shadow: true))
        #expect(Self.covered(Self.armPixels, by: withShadow) > 0.95)
        #expect(Self.covered(Self.shadowPixels(below: 0.95), by: withShadow) > 0.95)
        // Nothing far from the robot and its shadow.
        var near = Self.shadowPixels(below: 0.995)
        MaskPainter.paintLine([PixelPoint(x: 160, y: 130), PixelPoint(x: 200, y: 130)], width: 44, into: &near)
        for arm in Self.arms { MaskPainter.paintLine(arm, width: 2.5, into: &near) }
        MaskPainter.grow(&near, by: 5)
        let stray = withShadow.bytes.indices.filter { withShadow.bytes[$0] != 0 && near.bytes[$0] == 0 }.count
        #expect(Double(stray) < 0.02 * Double(withShadow.selectedCount))
    }

    @Test("filled, the robot is gone whole: no floating arms, no shadow")
    func removedWhole() throws {
        let scene = Self.robot()
        var picture = scene.image
        let outlines = try ObjectFinder().find(in: picture, near: PixelPoint(x: 180, y: 130), shadow: true)
        var hole = Self.mask(outlines)
        MaskPainter.grow(&hole, by: 2)
        try HoleFiller().fill(&picture, hole: hole)
        #expect(Score.darkShare(picture, over: Self.armPixels, below: 120) < 0.03)
        // Where the shadow was, the sand is as bright as the sand around it.
        let luma = picture.luma
        let core = Self.shadowPixels(below: 0.7)
        let mean = core.bytes.indices.filter { core.bytes[$0] != 0 }.reduce(0.0) { $0 + Double(luma.bytes[$1]) } / Double(core.selectedCount)
        #expect(mean > 155, "shadow area mean luma \(mean)")
    }

    @Test("the smart brush keeps to the thing it paints and stops at a wall's strong edge")
    func smartBrush() throws {
        var scene = Scene.sky(width: 300, height: 200, grain: 4, seed: 43)
        for y in 0..<200 {
            for x in 150..<300 {
                let i = (y * 300 + x) * 3
                scene.image.bytes[i] = 232
                scene.image.bytes[i + 1] = 226
                scene.image.bytes[i + 2] = 214
            }
        }
        // A small dark thing near the wall; the stroke painted over it runs onto the wall.
        scene.drawDisc(centre: PixelPoint(x: 118, y: 100), radius: 14, colour: (60, 40, 35))
        let stroke = [PixelPoint(x: 105, y: 100), PixelPoint(x: 145, y: 100)]
        let outlines = try #require(SmartBrush().refine(stroke, width: 44, on: scene.image))
        var refined = Mask(width: 300, height: 200), painted = refined
        for polygon in outlines { MaskPainter.paintPolygon(polygon, into: &refined) }
        MaskPainter.paintLine(stroke, width: 44, into: &painted)
        var wall = painted, disc = painted
        for y in 0..<200 {
            for x in 0..<300 {
                if x < 152 { wall[x, y] = false }
                let d = ((Double(x) - 118) * (Double(x) - 118) + (Double(y) - 100) * (Double(y) - 100)).squareRoot()
                if d > 13 { disc[x, y] = false }
            }
        }
        #expect(Self.covered(wall, by: refined) < 0.05)
        #expect(Self.covered(disc, by: refined) > 0.95)
    }

    @Test("a stroke over plain ground stays as painted")
    func smartBrushWithoutEdges() {
        let sky = Scene.sky(width: 200, height: 120, grain: 3, seed: 44)
        #expect(SmartBrush().refine([PixelPoint(x: 50, y: 60), PixelPoint(x: 150, y: 60)], width: 30, on: sky.image) == nil)
    }
}
