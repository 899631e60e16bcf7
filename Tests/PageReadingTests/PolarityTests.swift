// Light print on a dark ground is read as its negative; a page on a dark table or small in the frame is not.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct PolarityTests {
    func page() throws -> LeptonicaImage { try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.grayscale()) }

    /// The page laid in the middle of a frame `scale` times its size, of grey `ground` (dark: a table).
    func onADarkTable(_ page: GrayImage, scale: Int, ground: UInt8 = 40) -> GrayImage {
        let width = page.width * scale, height = page.height * scale
        var bytes = [UInt8](repeating: ground, count: width * height)
        let x0 = (width - page.width) / 2, y0 = (height - page.height) / 2
        for y in 0..<page.height {
            for x in 0..<page.width { bytes[(y0 + y) * width + x0 + x] = page.bytes[y * page.width + x] }
        }
        return GrayImage(width: width, height: height, bytes: bytes)
    }

    @Test("The check: a negative page is light on dark; the page itself, and the page on a dark table, are not")
    func lightOnDarkIsTold() throws {
        let page = try page()
        #expect(!PolarityCheck.isLightOnDark(page))
        #expect(PolarityCheck.isLightOnDark(try #require(page.inverted())))
        let gray = try #require(page.grayImage())
        #expect(!PolarityCheck.isLightOnDark(onADarkTable(gray, scale: 2)), "the page is one large piece of light")
        // Grey paper under white type: the light is the print.
        let greyGround = GrayImage(width: gray.width, height: gray.height, bytes: gray.bytes.map { 255 - UInt8(Int($0) * 175 / 255) })
        #expect(PolarityCheck.isLightOnDark(greyGround))
    }

    @Test("White print on a black panel inside a light surround is light on dark; a dark picture among dark print is not")
    func aDarkPanelInALightSurround() throws {
        let gray = try #require(page().grayImage())
        let negative = GrayImage(width: gray.width, height: gray.height, bytes: gray.bytes.map { 255 - $0 })
        #expect(PolarityCheck.isLightOnDark(onADarkTable(negative, scale: 2, ground: 200)), "a blackboard on a wall")
        // A dark photo of a starry sky, half the page across and down, amid the page's print (white space around it).
        var picture = gray
        let (x0, y0, w, h) = (gray.width / 4, gray.height / 4, gray.width / 2, gray.height / 2)
        for y in (y0 - 20)..<(y0 + h + 20) {
            for x in (x0 - 20)..<(x0 + w + 20) {
                let inside = x >= x0 && x < x0 + w && y >= y0 && y < y0 + h
                let star = (x - x0) % 24 < 3 && (y - y0) % 24 < 3 && (x - x0) / 24 % 2 == (y - y0) / 24 % 2
                picture.bytes[y * gray.width + x] = !inside ? 255 : star ? 250 : 30
            }
        }
        #expect(!PolarityCheck.isLightOnDark(picture))
        // The same sky alone, framed in light, is a panel of light print.
        let sky = GrayImage(
            width: w, height: h, bytes: (0..<h).flatMap { y in (0..<w).map { x in picture.bytes[(y0 + y) * gray.width + x0 + x] } })
        #expect(PolarityCheck.isLightOnDark(onADarkTable(sky, scale: 2, ground: 200)))
    }

    @Test("A page of white print on black reads as the page does, its preview kept as the photo was")
    func aNegativePageReads() async throws {
        let negative = try #require(try page().inverted()?.pngData())
        let capture = try await OCRFixtures.processor().process(image: negative)
        let score = OCRScorer.score(reference: try OCRFixtures.truth(), hypothesis: capture.text)
        #expect(score.cer <= 0.03, "CER \(score.cer): \(capture.text)")
        #expect(capture.timings.map(\.step).starts(with: ["decode", "polarity", "scale"]))
        // Switched off, the negative is read as it is (and nothing is found).
        let skipped = try? await OCRFixtures.processor { $0.skippedSteps = ["polarity"] }.process(image: negative)
        #expect((skipped?.text ?? "").count < capture.text.count / 2)
    }
}

@Suite struct TinyPrintTests {
    @Test("Print of 4-5 px (a page shot from afar) is scaled up to four times, and reads")
    func tinyPrintIsScaledUpFourTimes() async throws {
        let scaler = TextScaler(targetXHeight: 20, maxLongSide: 4200, maxUpscale: ImageProcessor.Config().maxUpscale)
        #expect(scaler.factor(forXHeight: 4.5, width: 400, height: 150) == 4)
        #expect(scaler.factor(forXHeight: 8, width: 400, height: 150) == 2.5)
        // The rendered page at a fifth of its size: its 24-px x-height becomes 4.6 px.
        let page = try #require(LeptonicaImage(encoded: try OCRFixtures.data("clean.png"))?.grayscale()?.scaled(by: 0.19))
        let capture = try await OCRFixtures.processor().process(image: try #require(page.pngData()))
        let score = OCRScorer.score(reference: try OCRFixtures.truth(), hypothesis: capture.text)
        #expect(score.cer <= 0.01, "CER \(score.cer): \(capture.text)")
    }
}
