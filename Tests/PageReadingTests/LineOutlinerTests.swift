// Step "outline lines": a line box on the read page becomes an outline on the photo that follows the page's tilt (the
// straightening homography) and curl (the dewarp's disparity), inside the photo.
import Foundation
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct LineOutlinerTests {
    let size = PixelSize(width: 1000, height: 800)

    @Test func withoutDewarpOrTurnTheOutlineIsTheBox() throws {
        let outliner = LineOutliner(flatToPage: nil, pageToUpright: .identity, imageSize: size)
        let outline = outliner.outline(of: PixelBox(x: 100, y: 200, width: 300, height: 40))
        #expect(outline.first == PixelPoint(x: 100, y: 200) && outline.last == PixelPoint(x: 100, y: 240))
        #expect(outline.count == 2 * 8, "one point per 48 px along each edge, both corners included")
        #expect(Set(outline.map(\.y)) == [200, 240])
        #expect(LineOutliner.box(around: outline) == PixelBox(x: 100, y: 200, width: 300, height: 40))
    }

    @Test func aTiltedPageGivesATiltedOutline() throws {
        let tilt = Homography.rotation(degrees: 5, cx: 500, cy: 400)
        let outliner = LineOutliner(flatToPage: nil, pageToUpright: tilt, imageSize: size)
        let outline = outliner.outline(of: PixelBox(x: 100, y: 300, width: 600, height: 40))
        let top = outline.prefix(outline.count / 2)
        #expect(abs(top.first!.y - top.last!.y) > 40, "the top edge climbs or falls with the 5° turn")
    }

    @Test func aCurledLineIsFollowed() throws {
        // The dewarp lifted the middle of the page by 30 px: a flat line there was lower in the photo.
        let step = 10, width = 1000, height = 800
        let columns = width / step, rows = height / step
        var vertical = [Float](repeating: 0, count: columns * rows)
        for r in 0..<rows {
            for c in 0..<columns {
                let x = Double(c * step) / Double(width)
                vertical[r * columns + c] = Float(-30 * sin(x * .pi))
            }
        }
        let map = try #require(DisparityMap(width: width, height: height, step: step, vertical: vertical, horizontal: nil))
        let outliner = LineOutliner(flatToPage: map, pageToUpright: .identity, imageSize: size)
        let outline = outliner.outline(of: PixelBox(x: 0, y: 300, width: 1000, height: 40))
        let top = Array(outline.prefix(outline.count / 2))
        let middle = top[top.count / 2]
        #expect(abs(top.first!.y - 300) <= 1 && abs(top.last!.y - 300) <= 2, "the ends did not move")
        #expect(middle.y > 325, "the middle of the line bows down as it was on the curled page: \(middle.y)")
        let box = try #require(LineOutliner.box(around: outline))
        #expect(box.height > 60, "the box around the curved line is taller than the flat one")
    }

    @Test func outlinesStayInsideThePhoto() throws {
        let outliner = LineOutliner(flatToPage: nil, pageToUpright: .translation(-50, 790), imageSize: size)
        let outline = outliner.outline(of: PixelBox(x: 0, y: 0, width: 200, height: 40))
        #expect(outline.allSatisfy { $0.x >= 0 && $0.x <= 1000 && $0.y >= 0 && $0.y <= 800 })
    }

    @Test func disparityMapsRefuseSampleCountsThatDoNotFit() throws {
        #expect(DisparityMap(width: 100, height: 100, step: 10, vertical: [0], horizontal: nil) == nil)
        #expect(DisparityMap(width: 100, height: 100, step: 10, vertical: .init(repeating: 0, count: 100), horizontal: [1]) == nil)
        let flat = DisparityMap(width: 100, height: 100, step: 10, vertical: .init(repeating: 0, count: 100), horizontal: nil)
        let point = try #require(flat).source(x: 42, y: 17)
        #expect(point.x == 42 && point.y == 17)
    }
}
