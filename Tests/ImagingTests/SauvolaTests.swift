// The Swift Sauvola threshold against Leptonica's own, on pages made here: the same pixels, any band on its own.
import Testing

@testable import Imaging

@Suite struct SauvolaTests {
    /// Uneven paper (a gradient and a dark corner), dark strokes like letters, a black bar and seeded noise.
    func page(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var bytes = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var v = 235 - 90 * x / width - (x < width / 4 && y < height / 4 ? 70 : 0) + next() % 21 - 10
                if y % 23 < 9 && x % 11 < 3 && (x / 11 + y / 23) % 5 != 0 { v -= 120 + next() % 40 }
                if y > height - 12 && y < height - 4 { v = 20 }
                bytes[y * width + x] = UInt8(max(0, min(255, v)))
            }
        }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    @Test(arguments: [(2, 0.34), (7, 0.3), (12, 0.34), (20, 0.3), (40, 0.5)])
    func theSamePixelsAsLeptonica(halfWindow: Int, factor: Double) throws {
        let gray = page(width: 301, height: 217, seed: UInt64(halfWindow))
        let mine = try #require(SauvolaThreshold(halfWindow: halfWindow, factor: factor).binarise(gray))
        let image = try #require(LeptonicaImage(gray: gray))
        let theirs = try #require(image.leptonicaSauvolaBinarised(halfWindow: halfWindow, factor: factor)?.grayImage())
        #expect(mine.bytes.filter { $0 == 0 }.count > 1000, "the page has ink")
        #expect(mine == theirs)
    }

    @Test func anyBandOfRowsIsTheSameAsThatBandOfTheWholePage() throws {
        let gray = page(width: 160, height: 200, seed: 7)
        let threshold = SauvolaThreshold(halfWindow: 12, factor: 0.34)
        let whole = try #require(threshold.binarise(gray))
        for band in [0..<1, 0..<100, 100..<200, 37..<38, 150..<200] {
            let part = try #require(threshold.binarise(gray, rows: band))
            #expect(part == Array(whole.bytes[(band.lowerBound * 160)..<(band.upperBound * 160)]))
        }
    }

    @Test func aTallPageMadeOnEveryCoreAtOnceIsTheSameAsOneBand() throws {
        // 1300 rows: one band per core (at least 256 rows each), seams included.
        let gray = page(width: 410, height: 1300, seed: 3)
        let threshold = SauvolaThreshold(halfWindow: 20, factor: 0.3)
        let whole = try #require(threshold.binarise(gray))
        #expect(whole.bytes == threshold.binarise(gray, rows: 0..<1300))
        let theirs = try #require(LeptonicaImage(gray: gray)?.leptonicaSauvolaBinarised(halfWindow: 20, factor: 0.3)?.grayImage())
        #expect(whole == theirs)
    }

    @Test func tooSmallForAWindowIsNil() {
        let tiny = GrayImage(width: 6, height: 40, bytes: [UInt8](repeating: 200, count: 240))
        #expect(SauvolaThreshold(halfWindow: 12, factor: 0.34).binarise(tiny) == nil)
        let flat = GrayImage(width: 40, height: 40, bytes: [UInt8](repeating: 128, count: 1600))
        #expect(SauvolaThreshold(halfWindow: 5, factor: 0.34).binarise(flat)?.bytes.allSatisfy { $0 == 255 } == true)
    }
}
