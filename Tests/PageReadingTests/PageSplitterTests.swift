// Cutting a page in two for the two recognition workers: a stepped cut between lines, every letter in exactly one half.
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct PageSplitterTests {
    /// A white page with rows of letter blocks in `columns` (x range, first row, line pitch), and optional full-height
    /// dark lines (a page edge) at `edges`.
    func page(width: Int, height: Int, columns: [(Range<Int>, Int, Int)], edges: [Int] = [], lastRow: Int? = nil) -> GrayImage {
        var bytes = [UInt8](repeating: 255, count: width * height)
        for (xs, first, pitch) in columns {
            var y = first
            while y + 20 < (lastRow ?? height - 20) {
                for yy in y..<(y + 20) {
                    var x = xs.lowerBound
                    while x + 10 < xs.upperBound {
                        for xx in x..<(x + 8) { bytes[yy * width + xx] = 0 }
                        x += 14
                    }
                }
                y += pitch
            }
        }
        for x in edges { for y in 0..<height { bytes[y * width + x] = 0 } }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    @Test func theFacingPageAndAPageEdgeGetTheirOwnCut() throws {
        // The facing page's lines fall between the main page's lines, so no row is blank across the frame.
        let image = page(width: 1400, height: 1600, columns: [(0..<200, 45, 40), (300..<1350, 30, 40)], edges: [1380])
        let splitter = PageSplitter(xHeight: 20)
        let cut = try #require(splitter.cut(image))
        let (upper, lower, start) = try #require(splitter.split(image))
        #expect(start == cut.lowest && upper.height == cut.highest)
        #expect(cut.strips.map(\.row).contains { $0 != cut.strips[0].row }, "a stepped cut: \(cut.strips)")
        // Every dark pixel lands in exactly one half.
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inUpper = y < upper.height && upper.bytes[y * image.width + x] < 110
                let inLower = y >= start && lower.bytes[(y - start) * image.width + x] < 110
                let dark = image.bytes[y * image.width + x] < 110
                if dark != (inUpper || inLower) || (inUpper && inLower) {
                    Issue.record("pixel (\(x), \(y)): dark \(dark), upper \(inUpper), lower \(inLower)")
                    return
                }
            }
        }
        // No letter block is cut: each strip's row is blank in its columns (the edge line is not a letter).
        for strip in cut.strips {
            for x in strip.columns where x != 1380 { #expect(image.bytes[strip.row * image.width + x] == 255) }
        }
    }

    @Test func theCutFollowsTheLettersNotTheHeight() throws {
        // Text fills only the lower two thirds: half the letters lie below the middle of the frame.
        let image = page(width: 1000, height: 1800, columns: [(50..<950, 600, 40)])
        let cut = try #require(PageSplitter(xHeight: 20).cut(image))
        #expect(abs(cut.strips[0].row - 1200) < 120, "cut at \(cut.strips[0].row)")
    }

    @Test func aColumnOfTextWithNoGapIsNotCut() {
        // Lines with no space between them in a wide column: any cut would run through letters.
        let image = page(width: 1000, height: 1600, columns: [(50..<950, 20, 20)])
        #expect(PageSplitter(xHeight: 20).cut(image) == nil)
        #expect(PageSplitter(xHeight: 20).split(page(width: 1000, height: 800, columns: [(50..<950, 20, 40)])) == nil, "short pages are read whole")
    }
}

@Suite struct BinaryInputTests {
    @Test func aBlackAndWhitePageIsPackedABitAPixelWhiteAsOne() throws {
        // 10 pixels wide: two bytes a row, the second padded. Row 0: black, white, then white; row 1 all black.
        var bytes = [UInt8](repeating: 255, count: 20)
        bytes[0] = 0
        for x in 10..<20 { bytes[x] = 0 }
        let packed = try #require(BinaryInput.packedBits(GrayImage(width: 10, height: 2, bytes: bytes)))
        #expect(packed == [0b0111_1111, 0b1100_0000, 0, 0])
    }

    @Test func aGreyPageIsNotPacked() {
        #expect(BinaryInput.packedBits(GrayImage(width: 3, height: 1, bytes: [0, 128, 255])) == nil)
    }
}

@Suite struct ReadAllTests {
    /// An engine that takes longer over smaller images, so the last job finishes first.
    final class SlowerWhenSmaller: OCREngine {
        let defaultLanguages = ["eng"]
        func recognize(_ image: GrayImage, request: RecognitionRequest) async throws -> RecognitionResult {
            try await Task.sleep(nanoseconds: UInt64(200 - image.width) * 1_000_000)
            return RecognitionResult(
                lines: [RecognizedLine(text: "\(image.width)", box: PixelBox(x: 0, y: 0, width: 1, height: 1), confidence: 1)], meanConfidence: 1)
        }
        func detectOrientation(_ image: GrayImage) async throws -> OrientationEstimate? { nil }
    }

    @Test func resultsComeInTheOrderOfTheJobs() async throws {
        let jobs = [10, 60, 120, 190].map {
            (GrayImage(width: $0, height: 2, bytes: [UInt8](repeating: 255, count: 2 * $0)), RecognitionRequest(languages: ["eng"]))
        }
        let results = try await SlowerWhenSmaller().recognizeAll(jobs)
        #expect(results.map { $0.lines[0].text } == ["10", "60", "120", "190"])
    }
}
