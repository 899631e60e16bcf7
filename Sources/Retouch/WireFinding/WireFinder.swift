// From a tap to a wire: seed on the strongest line nearby, trace it both ways, measure its width across.
import Foundation
import Imaging
import Support

/// A wire found from a tap: its centre line, the width that covers all of it (soft edges, halos, strands beside it),
/// and the width of its core alone (at half contrast, plus the anti-aliased edge).
public struct WireTrace: Sendable, Equatable, Codable {
    public var points: [PixelPoint]
    public var width: Double
    public var coreWidth: Double
    public var polarity: LinePolarity

    func scaled(by factor: Double) -> WireTrace {
        WireTrace(points: points.map { $0.scaled(by: factor) }, width: width * factor, coreWidth: coreWidth * factor, polarity: polarity)
    }
}

/// Finds a wire near a tap on a grey picture:
/// 1. line response: multi-scale Hessian (σ 1–6), dark and bright lines apart;
/// 2. seed: the strongest response within `seedRadius` of the tap, nearer pixels favoured;
/// 3. trace both ways: step along the tangent, re-centre on the strongest response across it, keep the turn
///    small and the normals aligned; walk straight over weak stretches up to `maxGap`;
/// 4. core: the median full width at half contrast of cross-sections; a cross-section whose two sides differ (an edge
///    between two areas, not a line) counts against the find;
/// 5. whole cross-section (`WireCrossSection`): how far on each side the picture still differs from the sky (soft
///    edges, the sharpening halo, a strand a few pixels beside it); the mask is that wide and centred on it.
public struct WireFinder: Sendable {
    public struct Settings: Sendable, Equatable {
        public var seedRadius = 20.0
        public var seedFalloff = 12.0
        /// Weakest seed response accepted (scale-normalised grey levels).
        public var minimumStrength: Float = 4
        public var step = 3.0
        /// How far across the line a step may re-centre.
        public var recentre = 3.0
        /// A step keeps the line while its response is at least this share of the recent median.
        public var keepRatio: Float = 0.3
        public var maxGap = 40.0
        /// Share of each step's direction that bends the tangent.
        public var turn = 0.3
        /// |cos| between the line's normal and the trace's normal required to stay on the same line.
        public var alignment: Float = 0.94
        /// Added to the core's width when the whole cross-section cannot be read: the anti-aliased edge pixels.
        public var edgeAllowance = 1.5
        /// Cross-section half-length (wires up to about 20 px wide).
        public var profileReach = 14.0
        /// Weakest contrast, in grey levels, a cross-section must show.
        public var minimumContrast: Float = 5
        public var minimumLength = 30.0

        public init() {}
    }

    public var settings: Settings
    let crossSection = WireCrossSection()

    public init(settings: Settings = .init()) {
        self.settings = settings
    }

    public func find(in picture: GrayImage, near tap: PixelPoint) throws(RetouchError) -> WireTrace {
        // A tap that is not on (or just beside) the picture finds nothing, whatever its number.
        let reach = settings.seedRadius
        guard tap.x.isFinite, tap.y.isFinite, tap.x >= -reach, tap.y >= -reach, tap.x <= Double(picture.width) + reach,
            tap.y <= Double(picture.height) + reach
        else { throw .noWire }
        guard
            let lines = LineResponse.measure(
                gray: picture.bytes, width: picture.width, height: picture.height, sigmas: LineResponse.wireSigmas, withGeometry: true)
        else { throw .engineFailure("line response \(picture.width)×\(picture.height)") }
        return try find(in: picture, lines: lines, near: tap)
    }

    func find(in picture: GrayImage, lines: LineResponse, near tap: PixelPoint) throws(RetouchError) -> WireTrace {
        let field = Field(picture: picture, lines: lines)
        guard let seed = seed(in: field, near: tap) else { throw .noWire }
        let polarity = seed.polarity
        let normal = (lines.normalX[seed.index], lines.normalY[seed.index])
        let start = recentre(
            field, polarity, at: (Double(seed.index % field.width), Double(seed.index / field.width)),
            normal: (Double(normal.0), Double(normal.1)))
        guard let start else { throw .noWire }
        var strengths = [start.strength]
        let tangent = (-Double(normal.1), Double(normal.0))
        let forward = trace(field, polarity, from: start.point, tangent: tangent, strengths: &strengths)
        let backward = trace(field, polarity, from: start.point, tangent: (-tangent.0, -tangent.1), strengths: &strengths)
        var centre = backward.reversed() + [start.point] + forward
        guard length(centre) >= settings.minimumLength, let core = width(field, polarity, along: centre) else { throw .noWire }
        // The mask covers the whole cross-section (soft edges, halos, strands beside the core), centred on it.
        var width = core + settings.edgeAllowance
        if let whole = crossSection.measure(sample: { field.sample(field.gray, $0) }, polarity: polarity, centre: centre, coreWidth: core) {
            width = max(width, whole.width)
            centre = centre.indices.map { i in
                let a = centre[max(0, i - 1)], b = centre[min(centre.count - 1, i + 1)]
                let dx = b.0 - a.0, dy = b.1 - a.1, len = max((dx * dx + dy * dy).squareRoot(), 1e-9)
                return (centre[i].0 - dy / len * whole.shifts[i], centre[i].1 + dx / len * whole.shifts[i])
            }
        }
        let simplified = Self.simplify(centre, tolerance: 0.5)
        return WireTrace(
            points: simplified.map { PixelPoint(x: $0.0, y: $0.1) }, width: width, coreWidth: core + settings.edgeAllowance, polarity: polarity)
    }

    // MARK: Steps

    private struct Field {
        let width: Int
        let height: Int
        let gray: [Float]
        let lines: LineResponse

        init(picture: GrayImage, lines: LineResponse) {
            width = picture.width
            height = picture.height
            gray = picture.bytes.map(Float.init)
            self.lines = lines
        }

        func inside(_ p: (Double, Double)) -> Bool { p.0 >= 0 && p.1 >= 0 && p.0 <= Double(width - 1) && p.1 <= Double(height - 1) }

        /// Bilinear sample of `values` at `p`, nil outside.
        func sample(_ values: [Float], _ p: (Double, Double)) -> Float? {
            guard inside(p) else { return nil }
            let x0 = Int(p.0), y0 = Int(p.1), x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
            let fx = Float(p.0 - Double(x0)), fy = Float(p.1 - Double(y0))
            let top = values[y0 * width + x0] * (1 - fx) + values[y0 * width + x1] * fx
            let bottom = values[y1 * width + x0] * (1 - fx) + values[y1 * width + x1] * fx
            return top * (1 - fy) + bottom * fy
        }

        func strengths(_ polarity: LinePolarity) -> [Float] { polarity == .dark ? lines.dark : lines.bright }
    }

    private func seed(in field: Field, near tap: PixelPoint) -> (index: Int, polarity: LinePolarity)? {
        let r = settings.seedRadius
        var best: Float = 0
        var found: (Int, LinePolarity)?
        let x0 = max(0, Int(tap.x - r)), x1 = min(field.width - 1, Int(tap.x + r))
        let y0 = max(0, Int(tap.y - r)), y1 = min(field.height - 1, Int(tap.y + r))
        guard x0 <= x1, y0 <= y1 else { return nil }
        for y in y0...y1 {
            for x in x0...x1 {
                let d2 = (Double(x) - tap.x) * (Double(x) - tap.x) + (Double(y) - tap.y) * (Double(y) - tap.y)
                guard d2 <= r * r else { continue }
                let near = Float(Foundation.exp(-d2 / (2 * settings.seedFalloff * settings.seedFalloff)))
                let i = y * field.width + x
                for polarity in [LinePolarity.dark, .bright] {
                    let v = field.lines.strength(polarity, at: i) * near
                    if v > best {
                        best = v
                        found = (i, polarity)
                    }
                }
            }
        }
        guard let found, field.lines.strength(found.1, at: found.0) >= settings.minimumStrength else { return nil }
        return found
    }

    /// The strongest response across the line within `recentre` of `p` (half-pixel steps).
    private func recentre(_ field: Field, _ polarity: LinePolarity, at p: (Double, Double), normal n: (Double, Double))
        -> (point: (Double, Double), strength: Float)?
    {
        let values = field.strengths(polarity)
        var best: (point: (Double, Double), strength: Float)?
        var u = -settings.recentre
        while u <= settings.recentre + 1e-9 {
            let q = (p.0 + u * n.0, p.1 + u * n.1)
            if let v = field.sample(values, q), v > (best?.strength ?? -1) { best = (q, v) }
            u += 0.5
        }
        return best
    }

    private func trace(
        _ field: Field, _ polarity: LinePolarity, from start: (Double, Double), tangent: (Double, Double),
        strengths: inout [Float]
    ) -> [(Double, Double)] {
        var points: [(Double, Double)] = []
        var pending: [(Double, Double)] = []
        var p = start, t = tangent, gap = 0.0
        let limit = 4 * (field.width + field.height) / max(1, Int(settings.step))
        for _ in 0..<limit {
            let q = (p.0 + settings.step * t.0, p.1 + settings.step * t.1)
            if !field.inside(q) {
                // Off the picture: finish at its border when the line was still held.
                if gap == 0 {
                    let sx = abs(t.0) > 1e-6 ? ((t.0 < 0 ? 0 : Double(field.width - 1)) - p.0) / t.0 : .infinity
                    let sy = abs(t.1) > 1e-6 ? ((t.1 < 0 ? 0 : Double(field.height - 1)) - p.1) / t.1 : .infinity
                    let s = max(0, min(sx, sy))
                    points.append((p.0 + s * t.0, p.1 + s * t.1))
                }
                break
            }
            let n = (-t.1, t.0)
            let centred = recentre(field, polarity, at: q, normal: n)
            let qi = Int(q.1.rounded()) * field.width + Int(q.0.rounded())
            let aligned = abs(field.lines.normalX[qi] * Float(n.0) + field.lines.normalY[qi] * Float(n.1))
            let recent = strengths.suffix(20).sorted()
            let median = recent[recent.count / 2]
            if let centred, centred.strength >= settings.keepRatio * median, aligned > settings.alignment {
                points += pending
                pending.removeAll()
                let dx = centred.point.0 - p.0, dy = centred.point.1 - p.1, len = (dx * dx + dy * dy).squareRoot()
                if len > 1e-9 {
                    t = (t.0 * (1 - settings.turn) + dx / len * settings.turn, t.1 * (1 - settings.turn) + dy / len * settings.turn)
                    let tl = (t.0 * t.0 + t.1 * t.1).squareRoot()
                    t = (t.0 / tl, t.1 / tl)
                }
                p = centred.point
                points.append(p)
                strengths.append(centred.strength)
                gap = 0
            } else {
                gap += settings.step
                if gap > settings.maxGap { break }
                p = q
                pending.append(q)
            }
        }
        return points
    }

    /// Median full width at half contrast over cross-sections; nil when most cross-sections look like edges.
    private func width(_ field: Field, _ polarity: LinePolarity, along centre: [(Double, Double)]) -> Double? {
        var widths: [Double] = []
        var edges = 0
        let reach = settings.profileReach
        let offsets = Array(stride(from: -reach, through: reach, by: 0.5))
        let outer = 8, mid = offsets.count / 2
        for i in stride(from: 0, to: centre.count, by: 2) {
            let a = centre[max(0, i - 1)], b = centre[min(centre.count - 1, i + 1)]
            let dx = b.0 - a.0, dy = b.1 - a.1, len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-6 else { continue }
            let n = (-dy / len, dx / len)
            var profile: [Float] = []
            for u in offsets {
                guard let v = field.sample(field.gray, (centre[i].0 + u * n.0, centre[i].1 + u * n.1)) else { break }
                profile.append(v)
            }
            guard profile.count == offsets.count else { continue }
            let left = Self.median(Array(profile.prefix(outer))), right = Self.median(Array(profile.suffix(outer)))
            let background = (left + right) / 2
            let contrast = profile.map { polarity == .dark ? background - $0 : $0 - background }
            var k = mid - 6
            for j in (mid - 6)...(mid + 6) where contrast[j] > contrast[k] { k = j }
            let peak = contrast[k]
            guard peak >= settings.minimumContrast else { continue }
            if abs(left - right) > 0.5 * peak {
                edges += 1
                continue
            }
            let half = peak / 2
            var l = k, r = k
            while l > 0 && contrast[l] > half { l -= 1 }
            while r < contrast.count - 1 && contrast[r] > half { r += 1 }
            func crossing(_ inner: Int, _ outer: Int) -> Double {
                let v0 = contrast[inner], v1 = contrast[outer]
                let f = v0 == v1 ? 0 : Double((v0 - half) / (v0 - v1))
                return offsets[inner] + f * (offsets[outer] - offsets[inner])
            }
            guard l < k, r > k else { continue }
            widths.append(crossing(r - 1, r) - crossing(l + 1, l))
        }
        guard widths.count >= max(3, edges) else { return nil }
        return widths.sorted()[widths.count / 2]
    }

    private func length(_ points: [(Double, Double)]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { sum, pair in
            let dx = pair.1.0 - pair.0.0, dy = pair.1.1 - pair.0.1
            return sum + (dx * dx + dy * dy).squareRoot()
        }
    }

    private static func median(_ values: [Float]) -> Float { values.sorted()[values.count / 2] }

    /// Douglas–Peucker: drops points within `tolerance` of the line through their neighbours.
    static func simplify(_ points: [(Double, Double)], tolerance: Double) -> [(Double, Double)] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stack = [(0, points.count - 1)]
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            let (ax, ay) = points[a], (bx, by) = points[b]
            let dx = bx - ax, dy = by - ay, len = max((dx * dx + dy * dy).squareRoot(), 1e-9)
            var farthest = a, distance = 0.0
            for i in (a + 1)..<b {
                let d = abs((points[i].0 - ax) * dy - (points[i].1 - ay) * dx) / len
                if d > distance {
                    distance = d
                    farthest = i
                }
            }
            if distance > tolerance {
                keep[farthest] = true
                stack.append((a, farthest))
                stack.append((farthest, b))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }
}

extension WireFinder {
    /// Finds the wire near `tap` (full-size pixels) on a picture that may be a reduced copy of a photo
    /// `fullWidth` pixels wide; the trace comes back in full-size pixels.
    public func find(in picture: RasterImage, fullWidth: Int, near tap: PixelPoint) throws(RetouchError) -> WireTrace {
        guard fullWidth > 0, picture.width > 0 else { throw .noWire }
        let scale = Double(picture.width) / Double(fullWidth)
        let found = try find(in: picture.luma, near: tap.scaled(by: scale))
        return found.scaled(by: 1 / scale)
    }
}

extension RasterImage {
    /// Rec. 601 luma of an RGB (or grey) raster.
    public var luma: GrayImage {
        guard channels >= 3 else { return GrayImage(width: width, height: height, bytes: bytes) }
        var out = [UInt8](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let r = Int(bytes[i * channels]), g = Int(bytes[i * channels + 1]), b = Int(bytes[i * channels + 2])
            out[i] = UInt8((299 * r + 587 * g + 114 * b + 500) / 1000)
        }
        return GrayImage(width: width, height: height, bytes: out)
    }
}
