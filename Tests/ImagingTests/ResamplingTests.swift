// The grey scaling and rotation made on every core against Leptonica's own, on pages made here: the same pixels.
import Testing

@testable import Imaging

@Suite struct ResamplingTests {
    /// The Sauvola tests' page (uneven paper, a dark corner, strokes like letters, a black bar, seeded noise), at odd
    /// sizes (rows end mid-word).
    func page(width: Int, height: Int, seed: UInt64) throws -> LeptonicaImage {
        try #require(LeptonicaImage(gray: SauvolaTests().page(width: width, height: height, seed: seed)))
    }

    /// Factors on both sides of every choice Leptonica makes: area map with and without sharpening, interpolation
    /// with the wide sharpening and without, and its own special factors (left to it).
    @Test(arguments: [0.03, 0.17, 0.2, 0.29, 0.4, 0.5, 0.6999, 0.7, 0.75, 0.7936507936507936, 0.98, 1.046, 1.33, 1.3999, 1.417, 2, 2.5])
    func scalingMakesLeptonicasPixels(factor: Double) throws {
        for (width, height, seed) in [(517, 389, UInt64(1)), (64, 1203, 2), (1031, 77, 3)] {
            let image = try page(width: width, height: height, seed: seed)
            for sharpened in [true, false] {
                let mine = try #require(image.scaled(by: factor, sharpened: sharpened)?.grayImage())
                let theirs = try #require(image.leptonicaScaled(by: factor, sharpened: sharpened)?.grayImage())
                #expect(mine.width == theirs.width && mine.height == theirs.height, "\(width)x\(height) at \(factor)")
                #expect(mine == theirs, "\(width)x\(height) at \(factor), sharpened \(sharpened)")
                #expect(Set(mine.bytes).count > 20, "a real picture, not a blank")
            }
        }
    }

    @Test(arguments: [-14.9, -7, -1.0, -0.06, 0.03, 0.2, 0.75, 3.5, 15])
    func rotationMakesLeptonicasPixels(degrees: Double) throws {
        for (width, height, seed) in [(517, 389, UInt64(4)), (300, 1203, 5), (9, 8, 6)] {
            let image = try page(width: width, height: height, seed: seed)
            let mine = try #require(image.rotated(degrees: degrees)?.grayImage())
            let theirs = try #require(image.leptonicaRotated(degrees: degrees)?.grayImage())
            #expect(mine == theirs, "\(width)x\(height) turned \(degrees)°")
        }
    }

    @Test func aTurnMovesThePixels() throws {
        let image = try page(width: 200, height: 150, seed: 7)
        let turned = try #require(image.rotated(degrees: 5)?.grayImage())
        let level = try #require(image.grayImage())
        #expect(turned != level)
        // The corners came in from outside the page: white.
        #expect(turned.bytes[0] == 255 && turned.bytes[turned.bytes.count - 1] == 255)
    }
}

@Suite struct WordOrderTests {
    func plain(width: Int, height: Int) -> GrayImage {
        GrayImage(width: width, height: height, bytes: (0..<(width * height)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 / width) })
    }

    @Test(arguments: [1, 3, 4, 13, 517])
    func aGreyBufferComesBackAsItWent(width: Int) throws {
        let gray = plain(width: width, height: 300)
        let image = try #require(LeptonicaImage(gray: gray))
        #expect(try #require(image.grayImage()) == gray)
    }

    /// Leptonica's own crop and mirror see the pixels where the copy put them (a wrong byte order would survive
    /// the round trip above, but not these).
    @Test func leptonicaSeesEveryPixelWhereItIs() throws {
        let gray = plain(width: 517, height: 300)
        let image = try #require(LeptonicaImage(gray: gray))
        let crop = try #require(image.cropped(x: 1, y: 2, width: 101, height: 50)?.grayImage())
        let expected = (2..<52).flatMap { y in (1..<102).map { x in gray.bytes[y * 517 + x] } }
        #expect(crop == GrayImage(width: 101, height: 50, bytes: expected))
        let mirrored = try #require(image.flippedLeftRight()?.grayImage())
        #expect(mirrored.bytes[0..<517].elementsEqual(gray.bytes[0..<517].reversed()))
    }
}

@Suite struct LuminanceTests {
    @Test func colourBecomesLeptonicasGrey() throws {
        var state: UInt64 = 11
        let width = 333, height = 301
        let bytes = (0..<(width * height * 3)).map { i -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: Int(state >> 33) % 256 / (i % 3 == 0 ? 1 : 2) + i % 7)
        }
        let image = try #require(LeptonicaImage(raster: RasterImage(width: width, height: height, channels: 3, bytes: bytes)))
        let mine = try #require(image.grayscale()?.grayImage())
        let theirs = try #require(image.leptonicaLuminance()?.grayImage())
        #expect(mine == theirs)
        #expect(Set(mine.bytes).count > 100, "a real picture")
    }
}
