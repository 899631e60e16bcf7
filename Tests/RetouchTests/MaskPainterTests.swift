// Painting edit shapes into masks: widths, polygons, growing.
import Retouch
import Support
import Testing

@Suite("Mask painter")
struct MaskPainterTests {
    @Test("a horizontal line of width 6 selects 6 rows (pixel centres within 3 px)")
    func lineWidth() {
        var mask = Mask(width: 40, height: 20)
        MaskPainter.paintLine([PixelPoint(x: 5, y: 10), PixelPoint(x: 35, y: 10)], width: 6, into: &mask)
        #expect((0..<20).filter { mask[20, $0] } == Array(7...13))
        #expect(!mask[1, 10])
        #expect(mask[2, 10])  // round cap
    }

    @Test("a stroke is painted row by row exactly as pixel by pixel: every centre within half the width, no other")
    func rowRunsMatchThePixelTest() {
        var noise = SeededNoise(state: 17)
        func pick(_ n: Int) -> Int { min(n - 1, Int(noise.next() * Double(n))) }
        for trial in 0..<300 {
            let (w, h) = (1 + pick(90), 1 + pick(70))
            var points: [PixelPoint] = []
            for _ in 0..<(1 + pick(4)) {
                // Points inside, beside and far outside the mask; whole and half pixels; some repeated.
                let x = Double(pick(300) - 100) / Double(1 + pick(2))
                let y = Double(pick(240) - 80) / Double(1 + pick(2))
                points.append(pick(7) == 0 ? points.last ?? PixelPoint(x: x, y: y) : PixelPoint(x: x, y: y))
            }
            if trial % 10 == 0 { points = [PixelPoint(x: 20, y: 5), PixelPoint(x: 20, y: 60)] }  // upright
            if trial % 10 == 1 { points = [PixelPoint(x: 3, y: 30.5), PixelPoint(x: 80, y: 30.5)] }  // level, on a half pixel
            let width = [0.3, 1, 2, 3, 6.5, 17, 40, 250][pick(8)]
            let scale = [1, 0.5, 0.37][pick(3)]
            var painted = Mask(width: w, height: h)
            MaskPainter.paintLine(points, width: width, scale: scale, into: &painted)
            #expect(painted == Self.pixelByPixel(points, width: width, scale: scale, w: w, h: h), "trial \(trial)")
        }
    }

    /// The definition: every pixel centre within `width / 2` of a segment, tested one by one.
    static func pixelByPixel(_ points: [PixelPoint], width: Double, scale: Double, w: Int, h: Int) -> Mask {
        var mask = Mask(width: w, height: h)
        let pts = points.map { PixelPoint(x: $0.x * scale, y: $0.y * scale) }
        let r = max(0.5, width * scale / 2)
        let segments = pts.count == 1 ? [(pts[0], pts[0])] : Array(zip(pts, pts.dropFirst()))
        for (a, b) in segments {
            let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
            for y in 0..<h {
                for x in 0..<w {
                    let px = Double(x) - a.x, py = Double(y) - a.y
                    let t = len2 > 0 ? max(0, min(1, (px * dx + py * dy) / len2)) : 0
                    let ex = px - t * dx, ey = py - t * dy
                    if ex * ex + ey * ey <= r * r { mask.bytes[y * w + x] = 1 }
                }
            }
        }
        return mask
    }

    @Test("a polygon selects the pixels inside it")
    func polygon() {
        var mask = Mask(width: 20, height: 20)
        MaskPainter.paintPolygon([PixelPoint(x: 2, y: 2), PixelPoint(x: 12, y: 2), PixelPoint(x: 12, y: 12), PixelPoint(x: 2, y: 12)], into: &mask)
        #expect(mask.selectedCount == 11 * 10 || mask.selectedCount == 11 * 11)
        #expect(mask[7, 7] && !mask[15, 7])
    }

    @Test("growing by 2 adds a two-pixel ring")
    func grow() {
        var mask = Mask(width: 20, height: 20)
        mask[10, 10] = true
        MaskPainter.grow(&mask, by: 2)
        #expect(mask[12, 10] && mask[10, 8] && !mask[13, 10] && !mask[12, 12])
    }
}
