// The tilt of the rows of letters, across or down the page, and the levelled samples the orientation step reads.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct LineDirectionTests {
    /// Rows of letter-sized blocks without ascenders or descenders: Leptonica's up/down statistics cannot tell
    /// which way up such a page is, so the orientation step has to ask the engine.
    func blocks(width: Int = 900, height: Int = 1100, letter: Int = 20) -> LeptonicaImage {
        var bytes = [UInt8](repeating: 235, count: width * height)
        var y = 60
        while y + letter < height - 60 {
            var x = 60
            while x + letter < width - 60 {
                if (x / (letter * 5)) % 4 != 3 {
                    for yy in y..<(y + letter) { for xx in x..<(x + letter * 2 / 3) { bytes[yy * width + xx] = 25 } }
                }
                x += letter
            }
            y += letter * 2
        }
        return LeptonicaImage(gray: GrayImage(width: width, height: height, bytes: bytes))!
    }

    func direction(_ page: LeptonicaImage, xHeight: Double) throws -> LineDirection {
        let binary = try #require(page.sauvolaBinarised(halfWindow: 12, factor: 0.34))
        return try #require(LineDirection.measure(binary, xHeight: xHeight))
    }

    @Test func theTiltOfLinesAcrossOrDownIsMeasured() throws {
        let page = try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.grayscale())
        let x = 20.0
        let upright = try direction(page, xHeight: x)
        #expect(upright.across.score > 4 * upright.down.score, "\(upright)")
        #expect(upright.levelling(forQuarterTurns: 0) == 0)
        let sideways = try direction(try #require(page.rotatedQuarterTurns(1)), xHeight: x)
        #expect(sideways.down.score > 4 * sideways.across.score, "\(sideways)")
        // Tilted 6° clockwise: levelling turns it back, the same for the upside-down twin; a sample turned a quarter
        // is levelled by what is left of the down direction.
        let tilted = try direction(try #require(page.rotated(degrees: 6)), xHeight: x)
        #expect(abs(tilted.levelling(forQuarterTurns: 0) + 6) < 1, "\(tilted)")
        #expect(tilted.levelling(forQuarterTurns: 2) == tilted.levelling(forQuarterTurns: 0))
        let tiltedSideways = try direction(try #require(page.rotated(degrees: 6)?.rotatedQuarterTurns(1)), xHeight: x)
        #expect(abs(tiltedSideways.levelling(forQuarterTurns: 1) + 6) < 1, "\(tiltedSideways)")
        #expect(tiltedSideways.levelling(forQuarterTurns: 3) == tiltedSideways.levelling(forQuarterTurns: 1))
    }

    @Test func anUnsureOrientationReadsItsSamplesLevelled() async throws {
        // OSD unsure: four samples are read, and on a page tilted 7° the upright and upside-down ones are turned
        // level first, so they are read as lines and not as a slope of fragments (a recording engine sees
        // the sizes: a levelled 900 × 900 sample keeps its size, its corners brought in white).
        let engine = FakeOCREngine(orientation: OrientationEstimate(quarterTurnsClockwise: 1, confidence: 0.5))
        let corrector = OrientationCorrector(engine: engine, languages: ["eng"], confidenceThreshold: 2.5, xHeight: 20)
        let tilted = try #require(blocks(width: 1400, height: 1400).rotated(degrees: 7))
        let binary = try #require(tilted.scaled(by: 0.5)?.sauvolaBinarised(halfWindow: 8, factor: 0.34))
        let lines = try #require(LineDirection.measure(binary, xHeight: 10))
        #expect(abs(lines.levelling(forQuarterTurns: 0) + 7) < 1, "\(lines)")
        _ = try await corrector.quarterTurns(for: tilted)
        #expect(engine.requests.count == 4)
        #expect(engine.requests.allSatisfy { $0.size == PixelSize(width: 900, height: 900) })
    }

    @Test func rowsOfTextureAtTheEndOfTheSearchLevelNothing() {
        // The sharpest rows found at the search's end (texture, or a tilt beyond it) are not a tilt to undo.
        let edge = LineDirection(across: (15.0, 500), down: (90, 100), level: (100, 100))
        #expect(edge.levelling(forQuarterTurns: 0) == 0)
        let flat = LineDirection(across: (4.0, 102), down: (90, 100), level: (100, 100))
        #expect(flat.levelling(forQuarterTurns: 0) == 0, "no sharper for the turn: nothing to level")
        let real = LineDirection(across: (4.0, 300), down: (93, 300), level: (100, 100))
        #expect(real.levelling(forQuarterTurns: 2) == 4)
        #expect(real.levelling(forQuarterTurns: 3) == 3)
    }
}
