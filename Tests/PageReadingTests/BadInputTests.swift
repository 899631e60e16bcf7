// Hostile and odd inputs through the whole pipeline: each gets its typed error, none crashes.
import Foundation
import Support
import Testing

@testable import Imaging
@testable import PageReading

@Suite struct BadInputTests {
    func failure(_ data: Data) async throws -> (any UserFacingError)? {
        do {
            _ = try await OCRFixtures.processor().process(image: data)
            return nil
        } catch let error as any UserFacingError {
            return error
        }
    }

    @Test(
        arguments: [
            ("doc.pdf", "unsupported_type", "This is a PDF — send a photo (JPEG, PNG, HEIC or WebP)."),
            ("drawing.svg", "unsupported_type", "This is an SVG drawing — send a photo (JPEG, PNG, HEIC or WebP)."),
            ("page.html", "unsupported_type", "This is a web page (HTML) — send a photo (JPEG, PNG, HEIC or WebP)."),
            ("empty.jpg", "unsupported_type", "This is an empty file — send a photo (JPEG, PNG, HEIC or WebP)."),
            ("random.bin", "unsupported_type", nil),
            ("truncated.jpg", "truncated", nil),
            ("huge_header.png", "too_large", nil),
            ("one_pixel.png", "too_small", "This photo is too small to hold readable text (1 × 1 pixels): send one at least 16 pixels on each side."),
            ("white.png", "no_text", "No text was found in this photo. Try again with a clearer photo."),
        ] as [(String, String?, String?)])
    func badInputGetsItsTypedError(name: String, code: String?, message: String?) async throws {
        let error = try await failure(try OCRFixtures.data(name))
        if code == "truncated" {
            // libjpeg may decode the first rows of a cut-off JPEG and fill the rest: then what is read must be the page's
            // own words (a strip of it), never invented text; otherwise the failure is a typed one.
            do {
                let capture = try await OCRFixtures.processor().process(image: try OCRFixtures.data(name))
                func words(_ text: String) -> [String] {
                    text.lowercased().split { !$0.isLetter }.map(String.init).filter { $0.count >= 5 }
                }
                let page = Set(words(try OCRFixtures.truth()))
                let read = words(capture.text)
                #expect(!read.isEmpty, "a partly decoded page that reads must read some words")
                #expect(Double(read.filter(page.contains).count) >= 0.5 * Double(read.count), "read: \(capture.text)")
            } catch let error as any UserFacingError {
                #expect(["unreadable", "no_text"].contains(error.code), "\(error.code)")
            }
        } else if let code {
            #expect(error?.code == code, "\(name): \(String(describing: error))")
        }
        if let message { #expect(error?.message.english == message) }
        if let error { #expect(!error.message.english.contains("/"), "no paths in messages") }
    }

    @Test("A sliver that scaling would leave under a readable strip names the short side that would do, not one it has")
    func aSliverNamesTheSideItNeeds() async throws {
        // 20 × 20,000: over the 16-pixel minimum, but fitting its long side into the reading size leaves 4 pixels.
        var pixels = [UInt8](repeating: 255, count: 20 * 20_000)
        for row in stride(from: 100, to: 20_000, by: 50) { for x in 4..<16 { pixels[row * 20 + x] = 0 } }
        let png = try #require(PhotoRasters.pngData(GrayImage(width: 20, height: 20_000, bytes: pixels)))
        let error = try #require(try await failure(png))
        #expect(error.code == "too_small")
        let needed = ScaleStep.minimumSide(toScaleBy: 4200 / 20_000, reduction: 1)
        #expect(needed > 20)
        let message = error.message.english
        #expect(message.contains("(20 × 20000 pixels)") || message.contains("(20 × 20,000 pixels)"), "\(message)")
        #expect(!error.message.english.contains("at least 16 pixels"), "\(error.message.english)")
    }

    @Test("A one-pixel-wide JPEG decoded at half size names its whole size, not half of it")
    func aHalfSizeSliverNamesItsWholeSize() async throws {
        var pixels = [UInt8](repeating: 255, count: 4000)
        for y in stride(from: 0, to: 4000, by: 7) { pixels[y] = 0 }
        let jpeg = try #require(LeptonicaImage(gray: GrayImage(width: 1, height: 4000, bytes: pixels))?.jpegData())
        let decoded = try PhotoDecoder(limits: ImageLimits(), halfSizeJPEGLongSide: 3000).decode(jpeg)
        #expect(decoded.image.height == 2000, "decoded at half size")
        #expect(decoded.fullSize == PixelSize(width: 1, height: 4000))
        let error = try #require(try await failure(jpeg))
        #expect(error.message.english.contains("(1 × 4000 pixels)"), "\(error.message.english)")
    }

    @Test("An animated WebP is told it is animated, not damaged; a still one's extended header is not taken for one")
    func anAnimatedWebPIsToldSo() async throws {
        func webP(flags: UInt8) -> Data {
            // RIFF, WEBP, then the extended header chunk: flags, then the canvas's width and height less one.
            var chunk: [UInt8] = Array("VP8X".utf8) + [10, 0, 0, 0, flags, 0, 0, 0, 99, 0, 0, 99, 0, 0]
            chunk += Array("ANIM".utf8) + [6, 0, 0, 0, 255, 255, 255, 255, 0, 0]
            let size = UInt32(4 + chunk.count)
            let riff = Array("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian, Array.init) + Array("WEBP".utf8)
            return Data(riff + chunk)
        }
        let error = try #require(try await failure(webP(flags: 0x02)))
        #expect(error.code == "animated")
        #expect(error.message.english.contains("animated"), "\(error.message.english)")
        #expect(!PhotoDecoder.isAnimatedWebP(webP(flags: 0x10)), "an alpha flag alone is a still image")
        #expect(!PhotoDecoder.isAnimatedWebP(Data("RIFF\u{0}\u{0}\u{0}\u{0}AVI VP8X\u{0}\u{0}\u{0}\u{0}\u{2}".utf8)))
        #expect(throws: ImagingError.animated) { try PhotoRasters.decodeGray(webP(flags: 0x02), limits: ImageLimits()) }
    }

    @Test func overTheByteLimitIsTooLargeBeforeAnythingElse() async throws {
        let big = Data(count: 25 * 1024 * 1024 + 1)
        let error = try await failure(big)
        #expect(error?.code == "too_large")
        #expect(error?.category == .tooLarge)
    }

    @Test func categoriesDriveTheWebStatus() {
        #expect(ImagingError.unsupportedType("a PDF").category == .badInput)
        #expect(OCRError.noText.category == .nothingFound)
        #expect(OCRError.engineFailure("x").category == .internal)
        #expect(!OCRError.engineFailure("/secret/path").message.english.contains("/secret"))
    }
}
