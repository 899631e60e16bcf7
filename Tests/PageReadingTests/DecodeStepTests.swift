// Step "decode" keeps memory to what the print needs: very large photos are reduced by a whole factor, unless their
// print would get too small; the reduction is recorded so line boxes still land on the full photo.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct DecodeStepTests {
    let reducer = WorkingSizeReducer(scaler: TextScaler(targetXHeight: 20, maxLongSide: 4200, maxUpscale: 3))

    func photo(_ gray: GrayImage) throws -> DecodedPhoto {
        let image = try #require(LeptonicaImage(gray: gray))
        return DecodedPhoto(image: image, format: .png, exifOrientation: 1, fullSize: PixelSize(width: gray.width, height: gray.height))
    }

    /// The rendered fixture page pasted at the top left of a blank canvas.
    func canvas(width: Int, height: Int, page scale: Double) throws -> GrayImage {
        let page = try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.scaled(by: scale)?.grayImage())
        var bytes = [UInt8](repeating: 250, count: width * height)
        for y in 0..<min(page.height, height) {
            for x in 0..<min(page.width, width) { bytes[y * width + x] = page.bytes[y * page.width + x] }
        }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    @Test("A dim, flat photo's print measures as the same print: its greys are stretched before Sauvola, others untouched")
    func flatGreysMeasureTheSamePrint() throws {
        let scaler = TextScaler(targetXHeight: 20, maxLongSide: 4200, maxUpscale: 3)
        let page = try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.grayImage())
        let full = try #require(LeptonicaImage(gray: page))
        let bright = try #require(scaler.estimateXHeight(of: full))
        // The same page photographed in a dim room with a flat lens: every grey squeezed into 96...136, with a little
        // sensor noise (a fixed pattern, so the test is the same every run).
        let dim = GrayImage(
            width: page.width, height: page.height,
            bytes: page.bytes.enumerated().map { i, b in UInt8(96 + Int(b) * 40 / 255 + (i * 7919 % 5) - 2) })
        let dimImage = try #require(LeptonicaImage(gray: dim))
        let stretched = TextScaler.stretchedWhenFlat(dimImage)
        #expect(stretched !== dimImage)
        let measured = try #require(scaler.estimateXHeight(of: dimImage))
        #expect(abs(measured - bright) <= 0.15 * bright, "bright \(bright), dim \(measured)")
        // A photo with the full range of greys is measured as it is.
        #expect(TextScaler.stretchedWhenFlat(full) === full)
    }

    @Test("A sheet on a dark, grainy table: the grain's specks outnumber the letters, but only the letters lie on paper")
    func grainOnADarkTableIsNotPrint() throws {
        let scaler = TextScaler(targetXHeight: 20, maxLongSide: 4200, maxUpscale: 3)
        let page = try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.scaled(by: 0.45)?.grayImage())
        let sheet = try #require(LeptonicaImage(gray: page))
        let alone = try #require(scaler.estimateXHeight(of: sheet))
        // The sheet in the middle of a table twice its size, dark grey with every pixel's own grain.
        let width = 2 * page.width, height = 2 * page.height
        var rng = SeededRandom(seed: 11)
        var bytes = (0..<(width * height)).map { _ in UInt8(20 + (0..<3).reduce(0) { sum, _ in sum + Int(rng.next() % 30) }) }
        for y in 0..<page.height {
            for x in 0..<page.width { bytes[(y + page.height / 2) * width + x + page.width / 2] = page.bytes[y * page.width + x] }
        }
        let table = try #require(LeptonicaImage(gray: GrayImage(width: width, height: height, bytes: bytes)))
        let measured = try #require(scaler.estimateXHeight(of: table))
        #expect(abs(measured - alone) <= 0.15 * alone, "the sheet alone \(alone), on the table \(measured)")
        // Boxes on the paper stay; a box out on the table goes.
        let gray = try #require(table.grayImage())
        let onPage = PixelBox(x: page.width, y: page.height, width: 8, height: 10)
        #expect(TextScaler.onPaper([onPage, PixelBox(x: 20, y: 20, width: 3, height: 3)], in: gray) == [onPage])
    }

    @Test("A few letters alone measure by their median height; specks of every size or a page's worth of letters do not")
    func aFewLettersAloneMeasure() {
        // "Page 12 of 40": capitals, digits and an ascender 34 px, small letters 24-25 px, a descender's g 34.
        let heights = [34, 25, 34, 24, 34, 34, 25, 34, 34, 34]
        let word = heights.enumerated().map { PixelBox(x: $0.offset * 30, y: 0, width: 20, height: $0.element) }
        #expect(TextScaler.fewLettersHeight(word).map { abs($0 - 27.2) < 0.1 } == true)
        #expect(TextScaler.fewLettersHeight(Array(word.prefix(2))) == nil, "two pieces are too few")
        let specks = [4, 9, 17, 30, 55, 90].map { PixelBox(x: $0, y: 0, width: $0, height: $0) }
        #expect(TextScaler.fewLettersHeight(specks) == nil)
        #expect(TextScaler.fewLettersHeight((0..<50).map { PixelBox(x: $0 * 20, y: 0, width: 10, height: 20) }) == nil)
    }

    @Test("Print among specks: more 3-px specks than letters, yet the letters hold the ink and are the print")
    func specksDoNotPassForTinyPrint() throws {
        // Component boxes as a blurred, noisy survey gives them: 300 specks 3-4 px tall, 200 letters 12-14 px and
        // 60 ascenders (b, d, h, l) 18 px.
        var boxes: [PixelBox] = []
        for i in 0..<300 { boxes.append(PixelBox(x: i * 5, y: 0, width: 3, height: 3 + i % 2)) }
        for i in 0..<200 { boxes.append(PixelBox(x: i * 20, y: 50, width: 10, height: 12 + i % 3)) }
        for i in 0..<60 { boxes.append(PixelBox(x: i * 20, y: 90, width: 8, height: 18)) }
        #expect((TextScaler.xHeightMode(of: boxes) ?? 0) < 5, "by count, the specks")
        let weighed = try #require(TextScaler.xHeightMode(of: boxes, weighingHeights: true))
        #expect(abs(weighed - 13) < 1, "by ink, the letters: \(weighed)")
        // Through the measurement: the rendered page strewn with specks (2 × 3 dots every 30 px of paper).
        let page = try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.grayImage())
        let scaler = TextScaler(targetXHeight: 20, maxLongSide: 4200, maxUpscale: 3)
        let cleanImage = try #require(LeptonicaImage(gray: page))
        let clean = try #require(scaler.estimateXHeight(of: cleanImage))
        var speckled = page
        for y in stride(from: 4, to: page.height - 4, by: 30) {
            for x in stride(from: 4, to: page.width - 4, by: 30) where page.bytes[y * page.width + x] > 200 {
                for dy in 0..<3 { for dx in 0..<2 { speckled.bytes[(y + dy) * page.width + x + dx] = 60 } }
            }
        }
        let speckledImage = try #require(LeptonicaImage(gray: speckled))
        let boxesThere = try #require(speckledImage.sauvolaBinarised(halfWindow: 10, factor: 0.3)?.componentBoxes())
        #expect((TextScaler.xHeightMode(of: boxesThere) ?? 0) < 5, "the specks outnumber the letters")
        let measured = try #require(scaler.estimateXHeight(of: speckledImage))
        #expect(abs(measured - clean) <= 0.15 * clean, "clean \(clean), speckled \(measured)")
    }

    @Test("Print under 6 px is measured as it is; a halftone's dots beside print are not taken for it")
    func tinyPrintIsNotTakenForDots() throws {
        let scaler = TextScaler(targetXHeight: 20, maxLongSide: 4200, maxUpscale: 3)
        let page = try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.grayImage())
        let whole = try #require(LeptonicaImage(gray: page))
        let clean = try #require(scaler.estimateXHeight(of: whole))
        // The page photographed small (a picture sent through a messenger): its x-height about 4.2 px, measured so.
        // Where a copy at half that size merges its letters into words and lines that measure 6 px or more, the
        // full-size copy holds few letters of twice that size, and the small print stands.
        let small = try #require(whole.scaled(by: 4.2 / clean))
        let measured = try #require(scaler.estimateXHeight(of: small))
        #expect(measured < 6, "small print: \(measured)")
        // The rule itself, on component boxes: a half-size measure of 6.4 px stands only where the full-size copy
        // holds at least 20 letter-shaped components about twice that tall.
        let tinyPrint =
            (0..<400).map { PixelBox(x: $0 * 6, y: 0, width: 4, height: 4 + $0 % 2) }
            + (0..<9).map { PixelBox(x: $0 * 20, y: 40, width: 10, height: 13) }
        #expect(TextScaler.letterLike(tinyPrint, near: 12.8) == 9)
        let dotsAndLetters =
            (0..<400).map { PixelBox(x: $0 * 6, y: 0, width: 3, height: 3) }
            + (0..<60).map { PixelBox(x: $0 * 20, y: 40, width: 10, height: 12 + $0 % 3) }
        #expect(TextScaler.letterLike(dotsAndLetters, near: 12.8) >= TextScaler.minimumLetters)
        // The page beside a halftone (3-px dots every 5 px over a block as large as the page, darker towards its
        // middle): the dots outnumber the letters even weighed by height; at half size they merge into grey, and
        // the letters, which the full-size copy holds too, are the print.
        let w = page.width, h = page.height
        var bytes = [UInt8](repeating: 250, count: 2 * w * h)
        for y in 0..<h {
            for x in 0..<w {
                bytes[y * 2 * w + x] = page.bytes[y * w + x]
                if y % 5 < 3 && x % 5 < 3 && (y / 5 + x / 5) % 2 == 0 { bytes[y * 2 * w + w + x] = 40 }
            }
        }
        let halftone = try #require(LeptonicaImage(gray: GrayImage(width: 2 * w, height: h, bytes: bytes)))
        let beside = try #require(scaler.estimateXHeight(of: halftone))
        #expect(abs(beside - clean) <= 0.15 * clean, "clean \(clean), beside a halftone \(beside)")
    }

    @Test("Print lying sideways measures as the same print upright: its letters' heights, not their widths")
    func sidewaysPrintMeasuresAsUpright() throws {
        let scaler = TextScaler(targetXHeight: 20, maxLongSide: 4200, maxUpscale: 3)
        let page = try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.grayscale())
        let upright = try #require(scaler.measurePrint(of: page))
        #expect(!upright.liesSideways)
        for turns in [1, 3] {
            let sideways = try #require(page.rotatedQuarterTurns(turns))
            let measured = try #require(scaler.measurePrint(of: sideways))
            #expect(abs(measured.xHeight - upright.xHeight) <= 0.1 * upright.xHeight, "upright \(upright), turned \(turns): \(measured)")
        }
        // Blocks 24 px wide and 10 tall in rows running down the page: capitals 24 tall lying on their side. Turned a
        // quarter they measure as capitals 24 tall (an x-height of 0.7 of that), and the orient step is told.
        var bytes = [UInt8](repeating: 255, count: 1000 * 1200)
        for column in stride(from: 60, to: 900, by: 40) {
            for top in stride(from: 60, to: 1100, by: 16) {
                for y in top..<(top + 10) { for x in column..<(column + 24) { bytes[y * 1000 + x] = 0 } }
            }
        }
        let lying = try #require(LeptonicaImage(gray: GrayImage(width: 1000, height: 1200, bytes: bytes)))
        let measured = try #require(scaler.measurePrint(of: lying))
        #expect(measured.liesSideways && abs(measured.xHeight - 0.7 * 24) <= 2, "\(measured)")
        // Under 6 px as it lies, the turned measure is not trusted (it counts specks or whole words).
        #expect(TextScaler.larger(4.2, 19.1) == 4.2)
        #expect(TextScaler.larger(9.0, 15.6) == 15.6)
        #expect(TextScaler.larger(13.8, 12.1) == 13.8)
        #expect(TextScaler.larger(8.0, 8.2) == 8.0, "within 15 %: as it lies")
    }

    @Test func smallPhotosAreLeftAlone() throws {
        #expect(reducer.reduce(try photo(canvas(width: 4000, height: 3000, page: 1))) == nil)
    }

    @Test func aLargeBlankPhotoIsReducedBelowTheCap() throws {
        let reduced = try #require(reducer.reduce(try photo(GrayImage(width: 6000, height: 5000, bytes: .init(repeating: 250, count: 30_000_000)))))
        #expect(reduced.reduction == 2)
        #expect(reduced.image.width * reduced.image.height <= reducer.maxPixels)
        #expect(reduced.fullSize == PixelSize(width: 6000, height: 5000))
    }

    @Test func largePrintAllowsTheReductionSmallPrintForbidsIt() throws {
        // The fixture's x-height is about 22 px: tripled it survives halving, as it is it does not.
        let big = try #require(reducer.reduce(try photo(canvas(width: 6000, height: 3000, page: 3))))
        #expect(big.reduction == 2)
        #expect(reducer.reduce(try photo(canvas(width: 6000, height: 3000, page: 1))) == nil)
    }

    @Test func aReducedPhotoReadsTheSameTextWithBoxesOnTheFullPhoto() async throws {
        let gray = try canvas(width: 6000, height: 3000, page: 3)
        let png = try #require(LeptonicaImage(gray: gray)?.pngData())
        let capture = try await OCRFixtures.processor().process(image: png)
        let score = OCRScorer.score(reference: try OCRFixtures.truth(), hypothesis: capture.text)
        #expect(score.cer < 0.03, "CER \(score.cer): \(capture.text)")
        #expect(capture.imageSize == PixelSize(width: 6000, height: 3000))
        #expect(capture.lines.allSatisfy { $0.box.maxX <= 6000 && $0.box.maxY <= 3000 })
        // The lines sit where the tripled page is: in its top-left 5100 × 1750 or so.
        #expect(capture.lines.allSatisfy { $0.box.x < 5200 && $0.box.maxY < 2000 })
    }
}
