// One edit: a shape in full-size photo pixels, the tool that made it, and how its area is filled.

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
        case line(points: [ImagePoint], width: Double)
        /// Filled outlines (even-odd): an object's region.
        case outline(polygons: [[ImagePoint]])
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

    /// Bounding box in photo pixels (for a quick look at where the edit is).
    public var extent: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        let points: [ImagePoint]
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
