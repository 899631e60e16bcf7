// From a tap inside a thing to its outline: grab-cut grown from the tap until the region stops at edges.
import Imaging
import Support

/// Finds the region under a tap:
/// 1. a square around the tap is "maybe the object", a small disc at the tap "surely", the rest "surely not";
/// 2. grab-cut (OpenCV) on a crop around the square decides;
/// 3. the part holding the tap is kept; when it runs into the square's sides the square grows and we try again;
/// 4. what grab-cut's smoothness cut off is added back: thin parts attached to the body and, on request, its shadow
///    (`ObjectExtent`);
/// 5. its outline, simplified, is the result. Regions no different from their surroundings, or filling most of
///    the picture, are refused.
public struct ObjectFinder: Sendable {
    public struct Settings: Sendable, Equatable {
        /// First square's side as a share of the picture's short side, and how much it grows per try.
        public var startShare = 0.25
        public var growth = 1.6
        public var tries = 3
        public var iterations = 4
        /// Regions below this share of the picture are noise; above the other, not one thing.
        public var minimumShare = 0.0004
        public var maximumShare = 0.5
        public var outlineTolerance = 1.0
        /// Mean colour distance between the region and the ring around it below which it is not a thing.
        public var minimumContrast = 20.0

        public init() {}
    }

    public var settings: Settings

    public init(settings: Settings = .init()) {
        self.settings = settings
    }

    /// Outlines (picture pixels) of the thing under `tap`: its body, the thin parts attached to it and, when `shadow`
    /// is asked for, the shadow it casts (see `ObjectExtent`).
    public func find(in picture: RasterImage, near tap: PixelPoint, shadow: Bool = false) throws(RetouchError) -> [[PixelPoint]] {
        let w = picture.width, h = picture.height
        // A tap off the picture (or not a number at all) finds nothing; checked before any conversion to pixels.
        guard tap.x.isFinite, tap.y.isFinite, tap.x >= 0, tap.y >= 0, tap.x < Double(w), tap.y < Double(h) else { throw .noObject }
        let tx = Int(tap.x.rounded()), ty = Int(tap.y.rounded())
        guard tx >= 0, ty >= 0, tx < w, ty < h, picture.channels == 3 else { throw .noObject }
        var side = max(24.0, settings.startShare * Double(min(w, h)))
        for _ in 0..<settings.tries {
            let half = Int(side / 2)
            let square = PixelBox(x: tx - half, y: ty - half, width: 2 * half + 1, height: 2 * half + 1).grown(by: 0, within: w, h)
            let crop = square.grown(by: max(8, half / 2), within: w, h)
            // Grab-cut needs some "surely not" around the square.
            guard crop.area > square.area else { break }
            let region = try cut(picture, crop: crop, square: square, tap: (tx - crop.x, ty - crop.y), disc: max(2, half / 12))
            // A region cut off by the square, or a crumb (grab-cut's answer when the thing is bigger than the
            // square), asks for a bigger square.
            let crumb = region.reduce(0) { $0 + Int($1) } < max(64, Int(settings.minimumShare * Double(w * h)))
            if !crumb && sidesTouched(region, crop: crop, square: square, picture: (w, h)) < 2 {
                return try outline(region, of: picture, crop: crop, tap: (tx, ty), shadow: shadow)
            }
            side *= settings.growth
        }
        throw .noObject
    }

    private func cut(_ picture: RasterImage, crop: PixelBox, square: PixelBox, tap: (Int, Int), disc: Int) throws(RetouchError) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: crop.area * 3)
        for y in 0..<crop.height {
            let from = ((crop.y + y) * picture.width + crop.x) * 3
            rgb.replaceSubrange((y * crop.width * 3)..<((y + 1) * crop.width * 3), with: picture.bytes[from..<(from + crop.width * 3)])
        }
        var hints = [UInt8](repeating: 0, count: crop.area)
        for y in max(0, tap.1 - disc)...min(crop.height - 1, tap.1 + disc) {
            for x in max(0, tap.0 - disc)...min(crop.width - 1, tap.0 + disc)
            where (x - tap.0) * (x - tap.0) + (y - tap.1) * (y - tap.1) <= disc * disc {
                hints[y * crop.width + x] = 1
            }
        }
        let rect = PixelBox(x: square.x - crop.x, y: square.y - crop.y, width: square.width, height: square.height)
        guard
            let labels = OpenCVRetouch.grabCut(
                rgb: rgb, width: crop.width, height: crop.height, rect: rect, hints: hints, iterations: settings.iterations)
        else { throw .engineFailure("grab-cut \(crop.width)×\(crop.height)") }
        // Keep the part that holds the tap.
        let part = MaskPart.parts(of: Mask(width: crop.width, height: crop.height, bytes: labels.map { $0 != 0 ? 1 : 0 }))
            .first { $0.pixels.contains(tap.1 * crop.width + tap.0) }
        var region = [UInt8](repeating: 0, count: crop.area)
        for i in part?.pixels ?? [] { region[i] = 1 }
        return region
    }

    /// How many sides of the square the region reaches (sides on the picture's border do not count).
    private func sidesTouched(_ region: [UInt8], crop: PixelBox, square: PixelBox, picture: (Int, Int)) -> Int {
        let x0 = square.x - crop.x, y0 = square.y - crop.y, x1 = x0 + square.width - 1, y1 = y0 + square.height - 1
        func any(_ points: [(Int, Int)]) -> Bool { points.contains { region[$0.1 * crop.width + $0.0] != 0 } }
        var count = 0
        if square.x > 0, any((y0...y1).map { (x0, $0) }) { count += 1 }
        if square.x + square.width < picture.0, any((y0...y1).map { (x1, $0) }) { count += 1 }
        if square.y > 0, any((x0...x1).map { ($0, y0) }) { count += 1 }
        if square.y + square.height < picture.1, any((x0...x1).map { ($0, y1) }) { count += 1 }
        return count
    }

    private func outline(_ region: [UInt8], of picture: RasterImage, crop: PixelBox, tap: (Int, Int), shadow: Bool) throws(RetouchError)
        -> [[PixelPoint]]
    {
        let area = region.reduce(0) { $0 + Int($1) }
        guard Double(area) / Double(picture.width * picture.height) <= settings.maximumShare else { throw .noObject }
        guard standsOut(region, of: picture, crop: crop) else { throw .noObject }
        let whole = ObjectExtent().extend(region, crop: crop, of: picture, tap: tap, shadow: shadow)
        let box = whole.box
        guard let outlines = OpenCVRetouch.outlines(mask: whole.region, width: box.width, height: box.height, tolerance: settings.outlineTolerance),
            !outlines.isEmpty
        else { throw .noObject }
        return outlines.map { $0.map { PixelPoint(x: Double($0.x + box.x), y: Double($0.y + box.y)) } }
    }

    /// A thing differs in colour from the ring just around it; a region of plain ground does not.
    private func standsOut(_ region: [UInt8], of picture: RasterImage, crop: PixelBox) -> Bool {
        var ring = MaskPart.ring(around: region, width: crop.width, height: crop.height, thickness: 6)
        var inside = (0.0, 0.0, 0.0, 0.0), outside = (0.0, 0.0, 0.0, 0.0)
        for y in 0..<crop.height {
            for x in 0..<crop.width {
                let j = y * crop.width + x, i = ((crop.y + y) * picture.width + crop.x + x) * 3
                let r = Double(picture.bytes[i]), g = Double(picture.bytes[i + 1]), b = Double(picture.bytes[i + 2])
                if region[j] != 0 {
                    inside = (inside.0 + r, inside.1 + g, inside.2 + b, inside.3 + 1)
                } else if ring[j] != 0 {
                    outside = (outside.0 + r, outside.1 + g, outside.2 + b, outside.3 + 1)
                }
            }
        }
        ring.removeAll()
        guard inside.3 > 0, outside.3 > 0 else { return false }
        let dr = inside.0 / inside.3 - outside.0 / outside.3, dg = inside.1 / inside.3 - outside.1 / outside.3
        let db = inside.2 / inside.3 - outside.2 / outside.3
        return (dr * dr + dg * dg + db * db).squareRoot() >= settings.minimumContrast
    }
}
