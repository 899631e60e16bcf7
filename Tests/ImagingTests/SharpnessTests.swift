// How soft a page's print is, and the unsharp mask that steepens it, on pages made here.
import Testing

@testable import Imaging

@Suite struct SharpnessTests {
    /// White paper with strokes like letters at an x-height of 20 px: uprights 3 px wide, bars 3 px tall.
    static func letters(width: Int = 400, height: Int = 300) -> GrayImage {
        var bytes = [UInt8](repeating: 235, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let inRow = y % 40 >= 10 && y % 40 < 30, inLetter = x % 16 < 12
                let upright = x % 16 < 3 || (x % 16 >= 9 && x % 16 < 12)
                let bar = y % 40 >= 10 && y % 40 < 13
                if inRow, inLetter, upright || bar, x > 20, x < width - 20, y > 20, y < height - 20 { bytes[y * width + x] = 25 }
            }
        }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    /// `image` out of focus: an unsharp mask of amount −1 leaves exactly its blur (v − (v − blur)).
    static func blurred(_ image: GrayImage, sigma: Double) -> GrayImage {
        UnsharpMask(sigma: sigma, amount: -1).apply(to: image)
    }

    @Test func aSharpPageSpreadsItsEdgesOverAboutAPixelAndASoftOneOverMore() throws {
        let sharp = Self.letters()
        let spread = EdgeSpread(reach: 10)
        let crisp = try #require(spread.sigma(of: sharp))
        let soft = try #require(spread.sigma(of: Self.blurred(sharp, sigma: 2.5)))
        let softer = try #require(spread.sigma(of: Self.blurred(sharp, sigma: 4)))
        #expect(crisp < 1.3, "a sharp page: \(crisp)")
        #expect(soft > 1.9 && soft < 4, "blurred by 2.5 px: \(soft)")
        #expect(softer > soft, "more blur spreads further: \(softer) against \(soft)")
        // Blank paper, or too small to hold a window either side of an edge: nothing to tell.
        #expect(spread.sigma(of: GrayImage(width: 300, height: 200, bytes: [UInt8](repeating: 230, count: 60_000))) == nil)
        #expect(spread.sigma(of: GrayImage(width: 15, height: 15, bytes: [UInt8](repeating: 0, count: 225))) == nil)
    }

    @Test func theUnsharpMaskSteepensSoftEdgesAndLeavesFlatPaperAlone() throws {
        let soft = Self.blurred(Self.letters(), sigma: 2.5)
        let mended = UnsharpMask(sigma: 3.75, amount: 3).apply(to: soft)
        let spread = EdgeSpread(reach: 10)
        let before = try #require(spread.sigma(of: soft)), after = try #require(spread.sigma(of: mended))
        #expect(after < before * 0.8, "edges spread \(before) px before, \(after) after")
        #expect(mended.width == soft.width && mended.height == soft.height)
        let paper = GrayImage(width: 50, height: 40, bytes: [UInt8](repeating: 200, count: 2000))
        #expect(UnsharpMask(sigma: 3, amount: 3).apply(to: paper) == paper)
        // Three boxes of 2r + 1 pixels have about the Gaussian's variance.
        #expect(UnsharpMask(sigma: 4, amount: 1).boxRadius == 4)
        #expect(UnsharpMask(sigma: 0.3, amount: 1).boxRadius == 1)
    }
}
