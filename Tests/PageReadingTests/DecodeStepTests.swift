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
