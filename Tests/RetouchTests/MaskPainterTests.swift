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
