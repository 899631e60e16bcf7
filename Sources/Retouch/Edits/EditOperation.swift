// One edit: a shape in full-size photo pixels, the tool that made it, and how its area is filled.
import Support

/// An edit the person made. Shapes are in full-size photo pixels, so one edit replays at any size.
public struct EditOperation: Sendable, Codable, Equatable {
    public enum Tool: String, Sendable, Codable, CaseIterable {
        case wire
        case object
        case person
        case brush
        case lineBrush = "line-brush"
    }

    public enum Shape: Sendable, Codable, Equatable {
        /// A polyline of constant width with round caps: wire, brush stroke, line-brush stroke.
        case line(points: [PixelPoint], width: Double)
        /// Filled outlines (even-odd): an object's region.
        case outline(polygons: [[PixelPoint]])
    }

    public var tool: Tool
    public var shape: Shape
    /// Pixels added around the shape before filling (Refine widens this).
    public var grow: Double
    /// Width of the soft edge outside the filled area, blended from the fill to the photo.
    public var feather: Double
    /// True when this edit replaces the edit before it (a Refine), so undo brings that one back.
    public var replacesPrevious: Bool

    public init(tool: Tool, shape: Shape, grow: Double = 0, feather: Double = 0, replacesPrevious: Bool = false) {
        self.tool = tool
        self.shape = shape
        self.grow = max(0, grow)
        self.feather = max(0, feather)
        self.replacesPrevious = replacesPrevious
    }

    /// The pixels to fill on a picture `width` × `height` showing the photo at `scale` (picture px per photo px):
    /// the shape grown by `grow`, then by `feather`. `core` is the part before the feather ring.
    public func masks(width: Int, height: Int, scale: Double) -> (core: Mask, hole: Mask) {
        var core = Mask(width: width, height: height)
        switch shape {
        case .line(let points, let lineWidth):
            MaskPainter.paintLine(points, width: lineWidth + 2 * grow, scale: scale, into: &core)
        case .outline(let polygons):
            for polygon in polygons { MaskPainter.paintPolygon(polygon, scale: scale, into: &core) }
            MaskPainter.grow(&core, by: grow * scale)
        }
        var hole = core
        MaskPainter.grow(&hole, by: feather * scale)
        return (core, hole)
    }

    /// Where the edit's hole lies on a picture `width` × `height` showing the photo at `scale`, and a bound on how
    /// deep it is (the distance from its deepest pixel to its edge, as the fill measures it), without painting it:
    /// a line is as deep as half its width plus grow and feather, an outline at most half its box's short side.
    /// Outlines whose boxes (grown and feathered) do not meet are separate parts of the hole and get one footprint
    /// each; those that meet are taken together. Empty when it covers nothing of the picture.
    public func footprints(scale: Double, width: Int, height: Int) -> [(depth: Float, box: PixelBox)] {
        guard scale.isFinite, scale > 0 else { return [] }
        let pad = grow + feather
        var boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        var lineDepth: Double?
        switch shape {
        case .line(_, let lineWidth):
            guard let extent else { return [] }
            boxes = [extent]
            lineDepth = lineWidth / 2 + pad
        case .outline(let polygons):
            boxes = polygons.filter { !$0.isEmpty }.map { polygon in
                (polygon.map(\.x).min()! - pad, polygon.map(\.y).min()! - pad, polygon.map(\.x).max()! + pad, polygon.map(\.y).max()! + pad)
            }
            // Boxes that meet are merged until none do.
            var merged = true
            while merged {
                merged = false
                outer: for i in boxes.indices {
                    for j in boxes.indices where j > i {
                        let a = boxes[i], b = boxes[j]
                        if a.minX <= b.maxX + 1 && b.minX <= a.maxX + 1 && a.minY <= b.maxY + 1 && b.minY <= a.maxY + 1 {
                            boxes[i] = (min(a.minX, b.minX), min(a.minY, b.minY), max(a.maxX, b.maxX), max(a.maxY, b.maxY))
                            boxes.remove(at: j)
                            merged = true
                            break outer
                        }
                    }
                }
            }
        }
        return boxes.compactMap { extent in
            let x0 = Int(clamping: (extent.minX * scale).rounded(.down), to: 0...width)
            let y0 = Int(clamping: (extent.minY * scale).rounded(.down), to: 0...height)
            let x1 = Int(clamping: (extent.maxX * scale).rounded(.up), to: 0...width)
            let y1 = Int(clamping: (extent.maxY * scale).rounded(.up), to: 0...height)
            guard x1 > x0, y1 > y0 else { return nil }
            // The fill measures depth inside the picture only, so a hole cut by the picture's edge is as deep as it is
            // wide there; a stroke folding back on itself (a sharp turn) is up to twice its half-width deep.
            let atEdge = x0 == 0 || y0 == 0 || x1 == width || y1 == height
            var radius = Double(min(x1 - x0, y1 - y0)) / (atEdge ? 1 : 2)
            if let lineDepth { radius = min(radius, 2 * lineDepth * scale) }
            // The fill's chamfer distance reads up to 8 % long, and counts from the pixel outside the edge.
            return (Float(radius * 1.09 + 2), PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
    }

    /// Paints what the editor's overlay shows of this edit (the shape grown, without the feather) into `mask`, a
    /// picture showing the photo at `scale`. Other edits already in `mask` are kept.
    public func paintOverlay(into mask: inout Mask, scale: Double) {
        switch shape {
        case .line(let points, let lineWidth):
            MaskPainter.paintLine(points, width: lineWidth + 2 * grow, scale: scale, into: &mask)
        case .outline(let polygons):
            var own = Mask(width: mask.width, height: mask.height)
            for polygon in polygons { MaskPainter.paintPolygon(polygon, scale: scale, into: &own) }
            MaskPainter.grow(&own, by: grow * scale)
            guard let box = own.selectedBox else { return }
            for y in box.y..<box.maxY {
                for x in box.x..<box.maxX where own.bytes[y * mask.width + x] != 0 { mask.bytes[y * mask.width + x] = 1 }
            }
        }
    }

    /// Bounding box in photo pixels (for a quick look at where the edit is).
    public var extent: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        let points: [PixelPoint]
        var pad = grow + feather
        switch shape {
        case .line(let p, let w):
            points = p
            pad += w / 2
        case .outline(let polygons): points = polygons.flatMap { $0 }
        }
        guard !points.isEmpty else { return nil }
        return (points.map(\.x).min()! - pad, points.map(\.y).min()! - pad, points.map(\.x).max()! + pad, points.map(\.y).max()! + pad)
    }
}
