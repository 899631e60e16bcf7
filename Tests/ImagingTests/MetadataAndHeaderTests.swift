// Nothing an uploader writes into a file's metadata survives into the JPEGs we make; a photo's size is read from its
// header without decoding it (what admission control weighs a photo by).
import Foundation
import Support
import Testing

@testable import Imaging

@Suite struct MetadataAndHeaderTests {
    func grey(width: Int, height: Int) throws -> LeptonicaImage {
        try #require(
            LeptonicaImage(raster: RasterImage(width: width, height: height, channels: 1, bytes: [UInt8](repeating: 180, count: width * height))))
    }

    /// `jpeg` with a COM (comment) segment holding `comment` right after its SOI marker.
    func withComment(_ jpeg: Data, _ comment: String) -> Data {
        let text = Data(comment.utf8)
        let length = UInt16(text.count + 2)
        return jpeg.prefix(2) + Data([0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)]) + text + jpeg.dropFirst(2)
    }

    @Test func aJPEGCommentNeverReachesAJPEGWeMake() throws {
        let html = "<html><script>alert('stored')</script></html>"
        let upload = withComment(try #require(try grey(width: 64, height: 48).jpegData()), html)
        #expect(upload.range(of: Data(html.utf8)) != nil)
        let decoded = try #require(LeptonicaImage(encoded: upload))
        let remade = try #require(decoded.scaled(by: 0.5)?.colour()?.jpegData())
        #expect(remade.range(of: Data("<script>".utf8)) == nil)
        #expect(try #require(decoded.jpegData()).range(of: Data("alert".utf8)) == nil)
    }

    @Test func pixelCountComesFromTheHeaderAlone() throws {
        #expect(PhotoDecoder.pixelCount(of: try #require(try grey(width: 300, height: 200).pngData())) == 60_000)
        #expect(PhotoDecoder.pixelCount(of: try #require(try grey(width: 30, height: 20).jpegData())) == 600)
        #expect(PhotoDecoder.pixelCount(of: Data("not a photo".utf8)) == nil)
    }
}
