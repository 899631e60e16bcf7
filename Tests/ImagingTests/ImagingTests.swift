// Sniffing real types, EXIF orientation, decoding limits and homographies, on files made at test time.
import Foundation
import Support
import Testing

@testable import Imaging

@Suite struct ImagingTests {
    /// A small grey PNG encoded by Leptonica itself.
    func png(width: Int, height: Int, value: UInt8 = 200) throws -> Data {
        let image = try #require(
            LeptonicaImage(
                raster: RasterImage(
                    width: width, height: height, channels: 1,
                    bytes: [UInt8](repeating: value, count: width * height))))
        return try #require(image.pngData())
    }

    @Test func sniffsRealTypesWhateverTheName() throws {
        #expect(FileSniffer.shared.sniff(try png(width: 8, height: 8)) == .photo(.png))
        #expect(FileSniffer.shared.sniff(Data("%PDF-1.4\n%âãÏÓ\n1 0 obj\n".utf8)) != .photo(.png))
        if case .other(let mime, let what) = FileSniffer.shared.sniff(Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n".utf8)) {
            #expect(mime == "application/pdf")
            #expect(what == "pdf")
            #expect(LocalizedMessage("fileType.\(what)").english == "a PDF")
        } else {
            Issue.record("a PDF sniffed as a photo")
        }
        #expect(FileSniffer.shared.sniff(Data()) == .other(mime: "application/x-empty", what: "empty"))
    }

    @Test func decodesAndRefusesOverTheLimits() throws {
        let data = try png(width: 40, height: 30)
        let decoded = try PhotoDecoder(limits: ImageLimits()).decode(data)
        #expect(decoded.fullSize == PixelSize(width: 40, height: 30))
        #expect(decoded.exifOrientation == 1)

        let tight = ImageLimits(maxBytes: 25 * 1024 * 1024, maxPixels: 1000)
        #expect(throws: ImagingError.self) { try PhotoDecoder(limits: tight).decode(data) }
        do {
            _ = try PhotoDecoder(limits: tight).decode(data)
        } catch {
            #expect(error.code == "too_large")
            // The message names the configured limits, not a number written elsewhere.
            #expect(error.message.english.contains("under 1 megapixels and 25 MB"), "\(error.message.english)")
        }
        let bytesLimit = ImageLimits(maxBytes: 10, maxPixels: 50_000_000)
        do {
            _ = try PhotoDecoder(limits: bytesLimit).decode(data)
            Issue.record("a file over the byte limit decoded")
        } catch {
            #expect(error.code == "too_large")
        }
    }

    @Test func brokenBytesAreUnreadableOrUnsupported() throws {
        var truncated = try png(width: 64, height: 64)
        truncated.removeLast(truncated.count / 2)
        do {
            _ = try PhotoDecoder(limits: ImageLimits()).decode(truncated)
            Issue.record("half a PNG decoded")
        } catch {
            #expect(["unreadable", "unsupported_type"].contains(error.code), "\(error.code)")
            #expect(!error.message.english.contains("/"))
        }
    }

    @Test func readsEXIFOrientation() throws {
        #expect(ExifOrientation.read(from: Data([0xFF, 0xD8, 0xFF, 0xE1, 0x00])) == 1)
        #expect(ExifOrientation.read(from: Data()) == 1)
        #expect(ExifOrientation.read(from: try png(width: 4, height: 4)) == 1)
        for orientation in 1...8 {
            #expect(ExifOrientation.read(from: Self.jpegHeader(exifOrientation: orientation)) == orientation)
        }
    }

    @Test("One pixel's brightness, in colour or grey; none outside the image")
    func onePixelsBrightness() throws {
        // Two pixels side by side: pure red, then white.
        let colour = try #require(LeptonicaImage(raster: RasterImage(width: 2, height: 1, channels: 3, bytes: [255, 0, 0, 255, 255, 255])))
        #expect(colour.brightness(x: 0, y: 0) == 76)
        #expect(colour.brightness(x: 1, y: 0) == 255)
        let grey = try #require(LeptonicaImage(gray: GrayImage(width: 2, height: 2, bytes: [10, 20, 30, 40])))
        #expect(grey.brightness(x: 1, y: 1) == 40)
        #expect(grey.brightness(x: 2, y: 0) == nil && grey.brightness(x: 0, y: -1) == nil)
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

    /// SOI + an APP1 Exif segment (big-endian TIFF) holding one Orientation entry.
    static func jpegHeader(exifOrientation: Int) -> Data {
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]  // MM, 42, IFD at 8
        tiff += [0x00, 0x01]  // one entry
        tiff += [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(exifOrientation), 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]  // no next IFD
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + [0xFF, 0xD9])
    }
}
