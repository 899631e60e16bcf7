// The core functions take any number without trapping: huge, infinite or NaN coordinates paint nothing or find
// nothing, with a typed error where there is one.
import Foundation
import Imaging
import Support
import Testing

@testable import Retouch

@Suite("Hostile numbers in the retouch core")
struct HostileNumberTests {
    static let extremes: [Double] = [1e300, -1e300, 9.3e18, -9.3e18, .infinity, -.infinity, .nan, Double.greatestFiniteMagnitude]

    @Test("Mask painting clips any coordinate, width and grow to the mask without trapping")
    func maskPainting() {
        for value in Self.extremes {
            var mask = Mask(width: 40, height: 30)
            MaskPainter.paintLine([PixelPoint(x: value, y: 10)], width: 20, into: &mask)
            MaskPainter.paintLine([PixelPoint(x: 10, y: 10), PixelPoint(x: 20, y: value)], width: 4, into: &mask)
            MaskPainter.paintLine([PixelPoint(x: 10, y: 10)], width: value, into: &mask)
            MaskPainter.paintPolygon([PixelPoint(x: 0, y: 0), PixelPoint(x: value, y: 0), PixelPoint(x: 5, y: 20)], into: &mask)
            MaskPainter.grow(&mask, by: value)
            _ = EditOperation(tool: .brush, shape: .line(points: [PixelPoint(x: value, y: value)], width: 10), feather: 3).masks(
                width: 40, height: 30, scale: 0.5)
        }
        // An ordinary stroke still paints where it should, clipped at the edge.
        var mask = Mask(width: 40, height: 30)
        MaskPainter.paintLine([PixelPoint(x: -100, y: 15), PixelPoint(x: 20, y: 15)], width: 4, into: &mask)
        #expect(mask.selectedBox == PixelBox(x: 0, y: 13, width: 23, height: 5))
    }

    @Test("A wire or object tap anywhere off the picture finds nothing (a typed error, no trap)")
    func taps() {
        let picture = Scene.sky(width: 64, height: 48).image
        for value in Self.extremes {
            #expect(throws: RetouchError.noWire) { try WireFinder().find(in: picture, fullWidth: 640, near: PixelPoint(x: value, y: 20)) }
            #expect(throws: RetouchError.noWire) { try WireFinder().find(in: picture.luma, near: PixelPoint(x: 20, y: value)) }
            #expect(throws: RetouchError.noObject) { try ObjectFinder().find(in: picture, near: PixelPoint(x: value, y: 20)) }
            #expect(throws: RetouchError.noObject) { try ObjectFinder().find(in: picture, near: PixelPoint(x: 20, y: value)) }
        }
        #expect(throws: RetouchError.noWire) { try WireFinder().find(in: picture, fullWidth: 0, near: PixelPoint(x: 1, y: 1)) }
        for value in Self.extremes {
            #expect(throws: RetouchError.noPerson) { try PersonFinder().find(in: picture, near: PixelPoint(x: value, y: 20)) }
            #expect(SmartBrush().refine([PixelPoint(x: value, y: 20), PixelPoint(x: 30, y: 20)], width: 12, on: picture) == nil)
            #expect(SmartBrush().refine([PixelPoint(x: 20, y: 20)], width: value, on: picture) == nil)
        }
    }

    @Test("Replaying keeps going past an edit that cannot be drawn, and says which it was")
    func replaySkips() {
        var picture = Scene.sky(width: 64, height: 48).image
        var filler = HoleFiller()
        filler.settings.maxCropPixels = 100
        let small = EditOperation(tool: .brush, shape: .line(points: [PixelPoint(x: 30, y: 20)], width: 4))
        let skipped = EditReplayer(filler: filler).replayAll([small, small], on: &picture, scale: 1)
        #expect(skipped == [0, 1])
        #expect(EditReplayer().replayAll([small], on: &picture, scale: 1).isEmpty)
    }

    @Test("Int(clamping:to:) never traps")
    func clampedConversion() {
        #expect(Int(clamping: 1e300, to: 0...10) == 10)
        #expect(Int(clamping: -1e300, to: 0...10) == 0)
        #expect(Int(clamping: .nan, to: -1...10) == -1)
        #expect(Int(clamping: .infinity, to: 0...Int.max) == Int.max)
        #expect(Int(clamping: 9.3e18, to: Int.min...Int.max) == Int.max)
        #expect(Int(clamping: 4.7, to: 0...10) == 4)
    }
}

@Suite("Photos too small or too narrow for the retouch tool")
struct ThinPhotoTests {
    func png(width: Int, height: Int) throws -> Data {
        try #require(
            PhotoRasters.pngData(RasterImage(width: width, height: height, channels: 3, bytes: [UInt8](repeating: 200, count: width * height * 3))))
    }

    @Test(
        "A sliver or a crumb is refused by its size with a clear message, before its preview (a pixel wide) is made",
        arguments: [(20, 50_000), (1, 50_000), (50_000, 1), (31, 31), (40, 2_600)])
    func refused(width: Int, height: Int) throws {
        let data = try png(width: width, height: height)
        #expect(throws: RetouchError.photoTooThin(width: width, height: height)) {
            _ = try RetouchLimits().decode(data, longSide: RetouchLimits().previewLongSide)
        }
        let error = RetouchError.photoTooThin(width: width, height: height)
        #expect(error.message.key == "error.photo_too_thin" && error.code == "photo_too_thin" && error.category == .badInput)
    }

    @Test func aNarrowButWorkablePhotoIsTaken() throws {
        let decoded = try RetouchLimits().decode(try png(width: 40, height: 2_560), longSide: 2048)
        #expect(decoded.fullSize == PixelSize(width: 40, height: 2_560))
        #expect(min(decoded.image.width, decoded.image.height) >= 32)
    }
}
