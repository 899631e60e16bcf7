// An edit is checked before it is kept: `canFill` must never accept an edit that the full-size fill would then refuse
// as too large, so an accepted edit always exports.
import Foundation
import Imaging
import Support
import Testing

@testable import Retouch

@Suite("Fill limits checked at edit time")
struct FillLimitTests {
    @Test("canFill is conservative: every edit it accepts is planned by the fill without 'too large'")
    func conservative() throws {
        var settings = FillSettings()
        settings.maxCropPixels = 30_000
        let filler = HoleFiller(settings: settings)
        let width = 900, height = 640
        var noise = SeededNoise(state: 21)
        var accepted = 0, refused = 0, reduced = 0
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
                let factor = filler.reduction(depth: part.deepest(in: hole), box: part.box, width: width, height: height)
                #expect(factor != nil, "round \(round): \(operation)")
                if factor == 1 {
                    #expect(throws: Never.self, "round \(round): \(operation)") { _ = try filler.plan(part, in: hole) }
                } else {
                    // Filled on a smaller copy: the whole fill runs without 'too large'.
                    reduced += 1
                    var picture = Self.picture(width: width, height: height)
                    #expect(throws: Never.self, "round \(round): \(operation)") { try filler.fill(&picture, hole: hole) }
                    break
                }
            }
        }
        // Both answers happen at these sizes, so the test holds the check to something.
        #expect(accepted >= 10 && refused >= 3 && reduced >= 2, "accepted \(accepted), refused \(refused), reduced \(reduced)")
    }

    /// A textured RGB picture to fill.
    static func picture(width: Int, height: Int) -> RasterImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 3
                bytes[i] = UInt8(120 + (x * 7 + y * 3) % 40)
                bytes[i + 1] = UInt8(140 + (x / 9 + y / 5) % 30)
                bytes[i + 2] = UInt8(200 - y * 60 / height)
            }
        }
        return RasterImage(width: width, height: height, channels: 3, bytes: bytes)
    }

    @Test("A wide stroke across a large photo is filled on a smaller copy (refused when only full size is allowed); a narrow one at full size")
    func wideStroke() {
        let filler = HoleFiller()
        let across = [PixelPoint(x: 100, y: 3000), PixelPoint(x: 8500, y: 3100)]
        // At full size only (the rule before smaller copies), a 400-px stroke across a 50-MP photo is too large.
        var fullSizeOnly = FillSettings()
        fullSizeOnly.maxReduction = 1
        #expect(
            !HoleFiller(settings: fullSizeOnly).canFill(
                EditOperation(tool: .brush, shape: .line(points: across, width: 400), feather: 80), width: 8660, height: 5773))
        // 400 px wide is too deep for a full-size crop but is filled on a smaller copy.
        let wide = EditOperation(tool: .brush, shape: .line(points: across, width: 400), feather: 80)
        #expect(filler.canFill(wide, width: 8660, height: 5773))
        let footprint = wide.footprints(scale: 1, width: 8660, height: 5773)[0]
        #expect(filler.reduction(depth: footprint.depth, box: footprint.box, width: 8660, height: 5773)! > 1)
        #expect(filler.canFill(EditOperation(tool: .brush, shape: .line(points: across, width: 60), feather: 10), width: 8660, height: 5773))
        // Nothing on the picture: nothing to fill, nothing to refuse.
        let away = EditOperation(tool: .brush, shape: .line(points: [PixelPoint(x: -5000, y: -5000)], width: 20))
        #expect(filler.canFill(away, width: 100, height: 100))
    }
}
