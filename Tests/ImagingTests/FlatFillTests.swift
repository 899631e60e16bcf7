// How far a flat fill reaches in from each edge, on colour and grey images made here.
import Testing

@testable import Imaging

@Suite struct FlatFillTests {
    /// A 300 × 200 colour image of `fill` with a picture of grain in the rectangle from (40, 10) to (270, 190).
    static func letterboxed(fill: [UInt8]) -> RasterImage {
        var bytes = [UInt8](repeating: 0, count: 300 * 200 * 3)
        var seed: UInt64 = 3
        for y in 0..<200 {
            for x in 0..<300 {
                let inside = x >= 40 && x < 270 && y >= 10 && y < 190
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                for c in 0..<3 {
                    // Grain 40 to 199 levels away from the fill on every channel.
                    bytes[(y * 300 + x) * 3 + c] = inside ? UInt8((Int(fill[c]) + 40 + Int((seed >> (20 + 8 * c)) % 160)) % 256) : fill[c]
                }
            }
        }
        return RasterImage(width: 300, height: 200, channels: 3, bytes: bytes)
    }

    @Test("A colour margin's runs are read off every row and column, and its colour off the corners")
    func colourMarginRuns() throws {
        let image = try #require(LeptonicaImage(raster: Self.letterboxed(fill: [120, 100, 80])))
        #expect(image.depth == 32)
        let runs = try #require(image.flatFillRuns())
        #expect(runs.colour == [120, 100, 80])
        #expect(runs.left[100] == 40 && runs.right[100] == 30, "\(runs.left[100]) \(runs.right[100])")
        #expect(runs.top[150] == 10 && runs.bottom[150] == 10, "\(runs.top[150]) \(runs.bottom[150])")
        // Rows of nothing but the margin run all the way across.
        #expect(runs.left[5] == 300 && runs.top[20] == 200)
        // A big image is counted on a grid of at most 1200 points a side; the corners are still judged in full.
        #expect(runs.sampling == 1 && FlatFillRuns.sampling(forLongSide: 4032) == 3 && FlatFillRuns.sampling(forLongSide: 900) == 1)
        let sampled = try #require(image.flatFillRuns(sampling: 2))
        #expect(sampled.width == 150 && sampled.left[50] == 20 && sampled.top[75] == 5)
    }

    @Test("Grain at the corners, or corners of different colours, are no margin")
    func noMarginWithoutTwoFlatCorners() throws {
        let grain = try #require(LeptonicaImage(raster: Self.letterboxed(fill: [120, 100, 80])))
        #expect(grain.cropped(x: 40, y: 10, width: 230, height: 180)?.flatFillRuns() == nil)
        // One flat corner is not enough: a white top-left corner on grain elsewhere.
        var raster = Self.letterboxed(fill: [120, 100, 80])
        for y in 0..<200 {
            for x in 0..<300 where !(x < 40 && y < 10) && (x < 40 || x >= 270 || y < 10 || y >= 190) {
                for c in 0..<3 { raster.bytes[(y * 300 + x) * 3 + c] = UInt8((x * 7 + y * 13 + c * 50) % 256) }
            }
        }
        #expect(LeptonicaImage(raster: raster)?.flatFillRuns() == nil)
    }
}
