// Turns edit shapes into pixels: round-capped polylines of a width, filled outlines, and growing a mask.
import Imaging
import Support

/// Paints into a mask at any scale; shapes are given in full-size picture pixels and scaled by `scale`.
public enum MaskPainter {
    /// Selects every pixel whose centre lies within `width / 2` of the polyline (round caps and joins).
    public static func paintLine(_ points: [PixelPoint], width: Double, scale: Double = 1, into mask: inout Mask) {
        // A point that is not a finite number paints nothing (a stored edit from an older version may hold one).
        let pts = points.map { $0.scaled(by: scale) }.filter { $0.x.isFinite && $0.y.isFinite }
        guard width.isFinite, scale.isFinite, let first = pts.first else { return }
        let r = max(0.5, width * scale / 2)
        let segments = pts.count == 1 ? [(first, first)] : Array(zip(pts, pts.dropFirst()))
        let w = mask.width
        mask.bytes.withUnsafeMutableBufferPointer { bytes in
            for (a, b) in segments {
                // Clamped conversions: a segment far outside the picture gives an empty range, never a trap.
                let y0 = Int(clamping: (min(a.y, b.y) - r).rounded(.down), to: 0...mask.height)
                let y1 = Int(clamping: (max(a.y, b.y) + r).rounded(.up), to: -1...(mask.height - 1))
                guard y0 <= y1 else { continue }
                let capsule = Capsule(a: a, b: b, r: r)
                for y in y0...y1 {
                    // The capsule is convex: each row crosses it in one run, found from its outline and checked at
                    // both ends pixel by pixel, so a long wide stroke costs its rows, not its bounding box.
                    guard let run = capsule.run(atRow: y, width: w) else { continue }
                    (bytes.baseAddress! + y * w + run.lowerBound).update(repeating: 1, count: run.count)
                }
            }
        }
    }

    /// The pixels within `r` of the segment from `a` to `b`.
    struct Capsule {
        let a: PixelPoint, b: PixelPoint, r: Double
        let dx: Double, dy: Double, len2: Double

        init(a: PixelPoint, b: PixelPoint, r: Double) {
            self.a = a
            self.b = b
            self.r = r
            dx = b.x - a.x
            dy = b.y - a.y
            len2 = dx * dx + dy * dy
        }

        /// Whether the pixel centre (x, y) lies within `r` of the segment.
        func contains(_ x: Int, _ y: Int) -> Bool {
            let px = Double(x) - a.x, py = Double(y) - a.y
            let t = len2 > 0 ? max(0, min(1, (px * dx + py * dy) / len2)) : 0
            let ex = px - t * dx, ey = py - t * dy
            return ex * ex + ey * ey <= r * r
        }

        /// The run of pixels of row `y` (within 0..<width) inside the capsule, nil when none.
        func run(atRow y: Int, width: Int) -> ClosedRange<Int>? {
            let fy = Double(y)
            var low = Double.infinity, high = -Double.infinity
            func add(_ lo: Double, _ hi: Double) {
                guard lo <= hi else { return }
                low = min(low, lo)
                high = max(high, hi)
            }
            for end in [a, b] where abs(fy - end.y) <= r {
                let half = (r * r - (fy - end.y) * (fy - end.y)).squareRoot()
                add(end.x - half, end.x + half)
            }
            if len2 > 0 {
                // The band beside the segment: 0 ≤ along ≤ length and |across| ≤ r, both linear in x.
                let len = len2.squareRoot(), ux = dx / len, uy = dy / len, qy = fy - a.y
                var lo = -Double.infinity, hi = Double.infinity
                func limit(_ coefficient: Double, _ offset: Double, _ from: Double, _ to: Double) {
                    // from ≤ coefficient · qx + offset ≤ to
                    if abs(coefficient) < 1e-12 {
                        if offset < from || offset > to { hi = -Double.infinity }
                        return
                    }
                    let p = (from - offset) / coefficient, q = (to - offset) / coefficient
                    lo = max(lo, min(p, q))
                    hi = min(hi, max(p, q))
                }
                limit(ux, qy * uy, 0, len)
                limit(uy, -qy * ux, -r, r)
                add(a.x + lo, a.x + hi)
            }
            guard low <= high else { return nil }
            // A hair wider than the outline, then trimmed and grown by the exact test at both ends.
            let slack = 1e-7 * max(1, r)
            var first = Int(clamping: (low - slack).rounded(.up), to: 0...width)
            var last = Int(clamping: (high + slack).rounded(.down), to: -1...(width - 1))
            while first <= last, !contains(first, y) { first += 1 }
            while last >= first, !contains(last, y) { last -= 1 }
            guard first <= last else { return nil }
            while first > 0, contains(first - 1, y) { first -= 1 }
            while last < width - 1, contains(last + 1, y) { last += 1 }
            return first...last
        }
    }

    /// Selects the pixels whose centres lie inside the polygon (even-odd rule).
    public static func paintPolygon(_ polygon: [PixelPoint], scale: Double = 1, into mask: inout Mask) {
        let pts = polygon.map { $0.scaled(by: scale) }
        guard pts.count >= 3, pts.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return }
        let y0 = Int(clamping: pts.map(\.y).min()!.rounded(.down), to: 0...mask.height)
        let y1 = Int(clamping: pts.map(\.y).max()!.rounded(.up), to: -1...(mask.height - 1))
        guard y0 <= y1 else { return }
        for y in y0...y1 {
            let fy = Double(y)
            var crossings: [Double] = []
            for i in pts.indices {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if (a.y <= fy && b.y > fy) || (b.y <= fy && a.y > fy) {
                    crossings.append(a.x + (fy - a.y) / (b.y - a.y) * (b.x - a.x))
                }
            }
            crossings.sort()
            var k = 0
            while k + 1 < crossings.count {
                let from = Int(clamping: crossings[k].rounded(.up), to: 0...mask.width)
                let to = Int(clamping: crossings[k + 1].rounded(.down), to: -1...(mask.width - 1))
                if from <= to { for x in from...to { mask.bytes[y * mask.width + x] = 1 } }
                k += 2
            }
        }
    }

    /// Grows the selection by `radius` pixels (a disc around every selected pixel).
    public static func grow(_ mask: inout Mask, by radius: Double) {
        guard radius > 0, let box = mask.selectedBox else { return }
        // No disc is wider than the mask itself.
        let margin = Int(clamping: radius.rounded(.up), to: 0...max(mask.width, mask.height)) + 1
        let area = box.grown(by: margin, within: mask.width, mask.height)
        // Distance from each unselected pixel to the selection = depth of the complement.
        var outside = [UInt8](repeating: 0, count: area.area)
        for y in 0..<area.height {
            for x in 0..<area.width where mask.bytes[(area.y + y) * mask.width + area.x + x] == 0 {
                outside[y * area.width + x] = 1
            }
        }
        let distance = Chamfer.depth(of: outside, width: area.width, height: area.height)
        for y in 0..<area.height {
            for x in 0..<area.width where outside[y * area.width + x] != 0 && Double(distance[y * area.width + x]) <= radius {
                mask.bytes[(area.y + y) * mask.width + area.x + x] = 1
            }
        }
    }
}

extension Mask {
    /// Bounding box of the selected pixels, nil when none are.
    public var selectedBox: PixelBox? {
        var x0 = width, y0 = height, x1 = -1, y1 = -1
        for y in 0..<height {
            let row = y * width
            for x in 0..<width where bytes[row + x] != 0 {
                x0 = Swift.min(x0, x)
                x1 = Swift.max(x1, x)
                y0 = Swift.min(y0, y)
                y1 = Swift.max(y1, y)
            }
        }
        return x1 < 0 ? nil : PixelBox(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}
