// Object selection on rendered scenes: a disc on a textured ground is outlined; plain ground has no object.
import Imaging
import Retouch
import Support
import Testing

@Suite("Object finder")
struct ObjectFinderTests {
    @Test("a tap inside a dark disc outlines the disc")
    func disc() throws {
        let w = 300, h = 220
        var scene = Scene.sky(width: w, height: h, grain: 6, seed: 11)
        let centre = PixelPoint(x: 170, y: 100)
        scene.drawDisc(centre: centre, radius: 30, colour: (120, 60, 40))
        let outlines = try ObjectFinder().find(in: scene.image, near: PixelPoint(x: 175, y: 105))
        var found = Mask(width: w, height: h), truth = Mask(width: w, height: h)
        for polygon in outlines { MaskPainter.paintPolygon(polygon, into: &found) }
        MaskPainter.paintLine([centre], width: 60, into: &truth)
        #expect(Score.iou(found, truth) > 0.85)
    }

    @Test("a tap on plain ground finds no object")
    func plain() {
        let sky = Scene.sky(width: 200, height: 160, grain: 2, seed: 12)
        #expect(throws: RetouchError.noObject) { try ObjectFinder().find(in: sky.image, near: PixelPoint(x: 100, y: 80)) }
    }

    @Test("a tap outside the picture finds no object")
    func outside() {
        let sky = Scene.sky(width: 50, height: 50)
        #expect(throws: RetouchError.noObject) { try ObjectFinder().find(in: sky.image, near: PixelPoint(x: -5, y: 80)) }
    }
}
