// The smart brush: a stroke snaps to the strong edges inside it, so painting over a thing does not take the wall
// beside it.
import Imaging
import Support

/// Refines a brush stroke with grab-cut on the stroke alone: its centre line is surely selected, what lies outside the
/// stroke surely not, the middle of its width probably selected and the rest of it probably not. Where the stroke
/// crosses a strong edge, the far side's colours match the outside better and are dropped; where it crosses none (what
/// would be dropped looks like what is kept), the stroke stays as painted (nil: keep the plain stroke).
public struct SmartBrush: Sendable {
    public struct Settings: Sendable, Equatable {
        /// The cut works on a copy at most this wide.
        public var cutLongSide = 512
        public var iterations = 3
        /// Share of the width around the centre line that is surely selected, and probably selected.
        public var sureShare = 0.2
        public var likelyShare = 0.35
        /// A refinement keeping less than this share of the stroke (or more than `unchangedShare`) is not used.
        public var minimumShare = 0.15
        public var unchangedShare = 0.97
        /// Nor one whose dropped part is within this colour distance of the kept part (no strong edge between them).
        public var minimumContrast = 40.0
        public var outlineTolerance = 1.0

        public init() {}
    }

    public var settings: Settings

    public init(settings: Settings = .init()) {
        self.settings = settings
    }

    /// The refined stroke's outlines (picture pixels), or nil when the plain stroke should stay.
    public func refine(_ points: [PixelPoint], width: Double, on picture: RasterImage) -> [[PixelPoint]]? {
        // Numbers past a few pictures' size cannot be a stroke on this one (and would trap converting to pixels).
        let reach = 4 * Double(max(picture.width, picture.height))
        guard picture.channels == 3, !points.isEmpty, width >= 4, width <= reach,
            points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) <= reach && abs($0.y) <= reach })
        else { return nil }
        let pad = Int((width / 2).rounded(.up)) + 8
        let xs = points.map(\.x), ys = points.map(\.y)
        let x0 = max(0, Int(xs.min()!) - pad), y0 = max(0, Int(ys.min()!) - pad)
        let x1 = min(picture.width, Int(xs.max()!) + pad + 1), y1 = min(picture.height, Int(ys.max()!) + pad + 1)
        guard x1 - x0 >= 4, y1 - y0 >= 4 else { return nil }
        let crop = PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        let factor = max(1, Int((Double(max(crop.width, crop.height)) / Double(settings.cutLongSide)).rounded(.up)))
        let small = Resample.shrink(picture, crop: crop, by: factor)
        let local = points.map { PixelPoint(x: ($0.x - Double(crop.x)) / Double(factor), y: ($0.y - Double(crop.y)) / Double(factor)) }
        let scaled = width / Double(factor)
        var stroke = Mask(width: small.width, height: small.height), likely = stroke, sure = stroke
        MaskPainter.paintLine(local, width: scaled, into: &stroke)
        MaskPainter.paintLine(local, width: max(2, 2 * settings.likelyShare * scaled), into: &likely)
        MaskPainter.paintLine(local, width: max(1, 2 * settings.sureShare * scaled), into: &sure)
        let hints = stroke.bytes.indices.map { i -> UInt8 in
            if sure.bytes[i] != 0 { return 1 }
            if likely.bytes[i] != 0 { return 4 }
            return stroke.bytes[i] != 0 ? 3 : 2
        }
        guard
            let labels = OpenCVRetouch.grabCut(
                rgb: small.bytes, width: small.width, height: small.height, rect: PixelBox(x: 0, y: 0, width: small.width, height: small.height),
                hints: hints, iterations: settings.iterations)
        else { return nil }
        let kept = labels.indices.map { labels[$0] != 0 && stroke.bytes[$0] != 0 ? UInt8(1) : 0 }
        let share = Double(kept.reduce(0) { $0 + Int($1) }) / Double(max(1, stroke.selectedCount))
        guard share >= settings.minimumShare, share <= settings.unchangedShare else { return nil }
        var kept3 = (0.0, 0.0, 0.0, 0.0), dropped3 = (0.0, 0.0, 0.0, 0.0)
        for i in kept.indices where stroke.bytes[i] != 0 {
            let c = (Double(small.bytes[3 * i]), Double(small.bytes[3 * i + 1]), Double(small.bytes[3 * i + 2]))
            if kept[i] != 0 {
                kept3 = (kept3.0 + c.0, kept3.1 + c.1, kept3.2 + c.2, kept3.3 + 1)
            } else {
                dropped3 = (dropped3.0 + c.0, dropped3.1 + c.1, dropped3.2 + c.2, dropped3.3 + 1)
            }
        }
        let dr = kept3.0 / kept3.3 - dropped3.0 / dropped3.3, dg = kept3.1 / kept3.3 - dropped3.1 / dropped3.3
        let db = kept3.2 / kept3.3 - dropped3.2 / dropped3.3
        guard (dr * dr + dg * dg + db * db).squareRoot() >= settings.minimumContrast else { return nil }
        let full = Resample.enlarge(kept, width: small.width, height: small.height, to: crop, by: factor)
        guard let outlines = OpenCVRetouch.outlines(mask: full, width: crop.width, height: crop.height, tolerance: settings.outlineTolerance),
            !outlines.isEmpty
        else { return nil }
        return outlines.map { $0.map { PixelPoint(x: Double($0.x + crop.x), y: Double($0.y + crop.y)) } }
    }
}
