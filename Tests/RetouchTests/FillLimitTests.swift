// An edit is checked before it is kept: `canFill` must never accept an edit that the full-size fill would then refuse
// as too large, so an accepted edit always exports.
import Foundation
import Support
import Testing

@testable import Retouch

@Suite("Fill limits checked at edit time")
struct FillLimitTests {
    @Test("canFill is conservative: every edit it accepts is planned by the fill without 'too large'")
    func conservative() throws {
        var settings = FillSettings()
        settings.maxCropPixels = 150_000
        let filler = HoleFiller(settings: settings)
        let width = 900, height = 640
        var noise = SeededNoise(state: 21)
        var accepted = 0, refused = 0
        for round in 0..<60 {
            let operation: EditOperation
            let feather = noise.next() < 0.5 ? 0 : noise.next() * 20
            if round % 3 == 2 {
                // An outline: a random quadrilateral.
                let cx = noise.next() * Double(width), cy = noise.next() * Double(height), r = 10 + noise.next() * 200
                let polygon = (0..<4).map { k in
                    PixelPoint(x: cx + r * cos(Double(k) * .pi / 2 + noise.next()), y: cy + r * sin(Double(k) * .pi / 2 + noise.next()))
                }
                operation = EditOperation(tool: .object, shape: .outline(polygons: [polygon]), grow: noise.next() * 6, feather: feather)
            } else {
                // A stroke of 1 to 6 points, 2 to 120 px wide.
                let points = (0..<(1 + Int(noise.next() * 6))).map { _ in
                    PixelPoint(x: noise.next() * Double(width), y: noise.next() * Double(height))
                }
                operation = EditOperation(tool: .brush, shape: .line(points: points, width: 2 + noise.next() * 118), feather: feather)
            }
            guard filler.canFill(operation, width: width, height: height) else {
                refused += 1
                continue
            }
            accepted += 1
            let hole = operation.masks(width: width, height: height, scale: 1).hole
            for part in MaskPart.parts(of: hole) {
                #expect(throws: Never.self, "round \(round): \(operation)") { _ = try filler.plan(part, in: hole) }
            }
        }
        // Both answers happen at these sizes, so the test holds the check to something.
        #expect(accepted >= 10 && refused >= 5, "accepted \(accepted), refused \(refused)")
    }

    @Test("A wide stroke across a large photo is refused at edit time; a narrow one is accepted")
    func wideStroke() {
        let filler = HoleFiller()
        let across = [PixelPoint(x: 100, y: 3000), PixelPoint(x: 8500, y: 3100)]
        #expect(!filler.canFill(EditOperation(tool: .brush, shape: .line(points: across, width: 400), feather: 80), width: 8660, height: 5773))
        #expect(filler.canFill(EditOperation(tool: .brush, shape: .line(points: across, width: 60), feather: 10), width: 8660, height: 5773))
        // Nothing on the picture: nothing to fill, nothing to refuse.
        let away = EditOperation(tool: .brush, shape: .line(points: [PixelPoint(x: -5000, y: -5000)], width: 20))
        #expect(filler.canFill(away, width: 100, height: 100))
    }
}
