// Hostile and odd inputs: each gets its typed error, none crashes; plus EXIF and geometry helpers.
import Foundation
import Testing

@testable import SnapPostCore

@Suite struct ImagingInputTests {
    func failure(_ data: Data) async throws -> OCRError? {
        do {
            _ = try await OCRFixtures.processor().process(image: data)
            return nil
        } catch let error as OCRError {
            return error
        }
    }

    @Test(arguments: [
        ("doc.pdf", "unsupported_type", "This is a PDF — send a photo (JPEG, PNG, HEIC or WebP)."),
        ("drawing.svg", "unsupported_type", "This is an SVG drawing — send a photo (JPEG, PNG, HEIC or WebP)."),
        ("page.html", "unsupported_type", "This is a web page (HTML) — send a photo (JPEG, PNG, HEIC or WebP)."),
        ("empty.jpg", "unsupported_type", "This is an empty file — send a photo (JPEG, PNG, HEIC or WebP)."),
        ("random.bin", "unsupported_type", nil),
        ("truncated.jpg", nil, nil),
        ("huge_header.png", "too_large", nil),
        ("one_pixel.png", "unreadable", nil),
        ("white.png", "no_text", "No text was found in this photo. Try again with a clearer photo."),
    ] as [(String, String?, String?)])
    func badInputGetsItsTypedError(name: String, code: String?, message: String?) async throws {
        let error = try await failure(try OCRFixtures.data(name))
        if let code {
            #expect(error?.code == code, "\(name): \(String(describing: error))")
        } else {
            // A truncated JPEG may decode partly (libjpeg fills the rest); either way no crash and, if it fails, a typed error.
            if let error { #expect(["unreadable", "no_text"].contains(error.code)) }
        }
        if let message { #expect(error?.message == message) }
        if let error { #expect(!error.message.contains("/"), "no paths in messages") }
    }

    @Test func overTheByteLimitIsTooLargeBeforeAnythingElse() async throws {
        let big = Data(count: 25 * 1024 * 1024 + 1)
        let error = try await failure(big)
        #expect(error?.code == "too_large")
        #expect(error?.category == .tooLarge)
    }

    @Test func categoriesDriveTheWebStatus() {
        #expect(OCRError.unsupportedType("a PDF").category == .badInput)
        #expect(OCRError.noText.category == .nothingFound)
        #expect(OCRError.engineFailure("x").category == .internal)
        #expect(!OCRError.engineFailure("/secret/path").message.contains("/secret"))
    }

    @Test func sniffsRealTypesWhateverTheName() throws {
        #expect(FileSniffer.shared.sniff(try OCRFixtures.data("page.heic")) == .photo(.heif))
        #expect(FileSniffer.shared.sniff(try OCRFixtures.data("page.webp")) == .photo(.webp))
        #expect(FileSniffer.shared.sniff(try OCRFixtures.data("exif6.jpg")) == .photo(.jpeg))
        #expect(FileSniffer.shared.sniff(try OCRFixtures.data("animated.gif")) == .photo(.gif))
        if case .other(let mime, _) = FileSniffer.shared.sniff(try OCRFixtures.data("doc.pdf")) {
            #expect(mime == "application/pdf")
        } else {
            Issue.record("a PDF sniffed as a photo")
        }
    }

    @Test func readsEXIFOrientation() throws {
        #expect(ExifOrientation.read(from: try OCRFixtures.data("exif6.jpg")) == 6)
        #expect(ExifOrientation.read(from: try OCRFixtures.data("exif5.jpg")) == 5)
        #expect(ExifOrientation.read(from: try OCRFixtures.data("clean.png")) == 1)
        #expect(ExifOrientation.read(from: Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00])) == 1)
        #expect(ExifOrientation.read(from: Data()) == 1)
    }

    @Test func homographiesRoundTrip() throws {
        let h = try #require(Homography.mapping(from: [(10, 20), (500, 5), (520, 700), (0, 680)], to: [(0, 0), (499, 0), (499, 699), (0, 699)]))
        let p = h.apply(520, 700)
        #expect(abs(p.x - 499) < 1e-6 && abs(p.y - 699) < 1e-6)
        let back = try #require(h.inverse()).apply(p.x, p.y)
        #expect(abs(back.x - 520) < 1e-6 && abs(back.y - 700) < 1e-6)
        // A quarter turn clockwise of a 100 × 50 image sends the top-left corner to the top-right.
        let q = Homography.quarterTurns(1, width: 100, height: 50).apply(0, 0)
        #expect(q.x == 50 && q.y == 0)
    }
}
