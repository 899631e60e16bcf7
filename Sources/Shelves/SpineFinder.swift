// The one Swift file that calls the OpenCV shim's shelf functions: spines found and cut out as plain grey images.
import Imaging
import OpenCVShim
import Support

/// A spine's outline in photo pixels: corners top-left, top-right, bottom-right, bottom-left.
public struct SpineOutline: Sendable, Equatable, Codable {
    public var corners: [PixelPoint]
    /// Shelf row, 0 = top.
    public var row: Int

    public init(corners: [PixelPoint], row: Int) {
        self.corners = corners
        self.row = row
    }

    /// Mean width across the spine and mean length along it, in pixels.
    public var width: Double { (corners[0].distance(to: corners[1]) + corners[3].distance(to: corners[2])) / 2 }
    public var length: Double { (corners[0].distance(to: corners[3]) + corners[1].distance(to: corners[2])) / 2 }

    /// The outline with each side moved in by `fraction` of its width.
    public func narrowed(by fraction: Double) -> SpineOutline {
        let o = corners
        func lerp(_ a: PixelPoint, _ b: PixelPoint, _ t: Double) -> PixelPoint { PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        return SpineOutline(
            corners: [lerp(o[0], o[1], fraction), lerp(o[1], o[0], fraction), lerp(o[2], o[3], fraction), lerp(o[3], o[2], fraction)], row: row)
    }

    /// The axis-aligned box around the outline, for the page's spine boxes.
    public var bounds: PixelBox {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = Int(xs.min()!.rounded(.down)), y0 = Int(ys.min()!.rounded(.down))
        return PixelBox(x: x0, y: y0, width: Int(xs.max()!.rounded(.up)) - x0, height: Int(ys.max()!.rounded(.up)) - y0)
    }
}

extension PixelPoint {
    func distance(to other: PixelPoint) -> Double { ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot() }
}

/// Finds spines and cuts them out; the real one is OpenCV, tests may pass a fake.
public protocol SpineFinding: Sendable {
    func findSpines(in photo: GrayImage) throws(ShelfError) -> [SpineOutline]
    /// The spine straightened upright (long side vertical), `width` × `height`, contrast boosted.
    func cut(_ spine: SpineOutline, from photo: GrayImage, width: Int, height: Int) throws(ShelfError) -> GrayImage
}

/// Edges and near-vertical lines through OpenCV (Sources/OpenCVShim/ShelfVision.cpp).
public struct OpenCVSpineFinder: SpineFinding {
    public struct Parameters: Sendable, Equatable {
        public var workingLongSide = 1400
        public var cannyLow = 40.0
        public var cannyHigh = 120.0
        public var maxTiltDegrees = 25.0
        public var minEdgeCoverage = 0.3
        public var minSpineWidth = 0.04
        public var minRowHeight = 0.12
        /// Each side of a cut moves in by this fraction of the spine's width.
        public var cutInset = 0.04
        public init() {}
    }

    public var parameters: Parameters
    /// Photos with more spines than this are cut off (a hostile or absurd photo must not allocate without bound).
    public var maxSpines = 400

    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    public func findSpines(in photo: GrayImage) throws(ShelfError) -> [SpineOutline] {
        var p = snappost_shelf_params()
        snappost_shelf_default_params(&p)
        p.working_long_side = Int32(parameters.workingLongSide)
        p.canny_low = parameters.cannyLow
        p.canny_high = parameters.cannyHigh
        p.max_tilt_degrees = parameters.maxTiltDegrees
        p.min_edge_coverage = parameters.minEdgeCoverage
        p.min_spine_width = parameters.minSpineWidth
        p.min_row_height = parameters.minRowHeight
        var found = [snappost_spine](repeating: snappost_spine(), count: maxSpines)
        let count = photo.bytes.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { out in
                snappost_shelf_find_spines(pixels.baseAddress, Int32(photo.width), Int32(photo.height), &p, out.baseAddress, Int32(maxSpines))
            }
        }
        guard count >= 0 else { throw ShelfError.visionFailure }
        return found.prefix(Int(min(count, Int32(maxSpines)))).map { s in
            let xs = [s.x.0, s.x.1, s.x.2, s.x.3], ys = [s.y.0, s.y.1, s.y.2, s.y.3]
            return SpineOutline(corners: (0..<4).map { PixelPoint(x: Double(xs[$0]), y: Double(ys[$0])) }, row: Int(s.row))
        }
    }

    public func cut(_ spine: SpineOutline, from photo: GrayImage, width: Int, height: Int) throws(ShelfError) -> GrayImage {
        guard width > 0, height > 0, width * height <= 64_000_000, spine.corners.count == 4 else { throw ShelfError.visionFailure }
        var s = snappost_spine()
        // Pull the sides in a little: a neighbour's edge along the text confuses Tesseract more than a lost margin.
        let inset = parameters.cutInset
        let o = spine.corners
        let c = [
            PixelPoint(x: o[0].x + (o[1].x - o[0].x) * inset, y: o[0].y + (o[1].y - o[0].y) * inset),
            PixelPoint(x: o[1].x - (o[1].x - o[0].x) * inset, y: o[1].y - (o[1].y - o[0].y) * inset),
            PixelPoint(x: o[2].x - (o[2].x - o[3].x) * inset, y: o[2].y - (o[2].y - o[3].y) * inset),
            PixelPoint(x: o[3].x + (o[2].x - o[3].x) * inset, y: o[3].y + (o[2].y - o[3].y) * inset),
        ]
        s.x = (Float(c[0].x), Float(c[1].x), Float(c[2].x), Float(c[3].x))
        s.y = (Float(c[0].y), Float(c[1].y), Float(c[2].y), Float(c[3].y))
        s.row = Int32(spine.row)
        var out = [UInt8](repeating: 0, count: width * height)
        let status = photo.bytes.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { dst in
                snappost_shelf_cut_spine(
                    pixels.baseAddress, Int32(photo.width), Int32(photo.height), &s, dst.baseAddress, Int32(width), Int32(height))
            }
        }
        guard status == 0 else { throw ShelfError.visionFailure }
        return GrayImage(width: width, height: height, bytes: out)
    }
}
