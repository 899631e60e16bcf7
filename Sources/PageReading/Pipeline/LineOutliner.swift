// Line outlines for the Lines view: a line's box on the page that was read, carried back to the upright photo
// through the dewarp (so it bends with a curled line) and the page's straightening (so it tilts with it).
import Foundation
import Imaging
import Support

struct LineOutliner: Sendable {
    /// From the dewarped page to the page before it; nil when the page was not dewarped.
    var flatToPage: DisparityMap?
    /// From the page (before the dewarp) to the upright photo.
    var pageToUpright: Homography
    var imageSize: PixelSize
    /// About one point per this many page pixels along each long edge (at least the two corners).
    var spacing: Double = 48
    /// Most points along one edge, so a stored outline stays small.
    var maxPointsPerEdge = 12

    /// Top edge left to right, then bottom edge right to left, in whole photo pixels inside the photo.
    func outline(of box: PixelBox) -> [PixelPoint] {
        let count = min(maxPointsPerEdge, max(2, Int((Double(box.width) / spacing).rounded(.up)) + 1))
        let xs = (0..<count).map { Double(box.x) + Double(box.width) * Double($0) / Double(count - 1) }
        let top = xs.map { map($0, Double(box.y)) }
        let bottom = xs.reversed().map { map($0, Double(box.maxY)) }
        return top + bottom
    }

    /// The axis-aligned box around an outline.
    static func box(around outline: [PixelPoint]) -> PixelBox? {
        guard let minX = outline.map(\.x).min(), let maxX = outline.map(\.x).max(), let minY = outline.map(\.y).min(),
            let maxY = outline.map(\.y).max()
        else { return nil }
        return PixelBox(x: Int(minX), y: Int(minY), width: Int(maxX - minX), height: Int(maxY - minY))
    }

    private func map(_ x: Double, _ y: Double) -> PixelPoint {
        let page: (x: Double, y: Double) = flatToPage?.source(x: x, y: y) ?? (x, y)
        let upright = pageToUpright.apply(page.x, page.y)
        return PixelPoint(
            x: min(max(0, upright.x.rounded()), Double(imageSize.width)), y: min(max(0, upright.y.rounded()), Double(imageSize.height)))
    }
}
