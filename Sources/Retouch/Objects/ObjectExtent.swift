// What grab-cut leaves of a thing: the thin parts attached to its body and, on request, the shadow it casts.
import Imaging
import Support

/// Corrects an object's region (a body found by grab-cut): grab-cut keeps a cast shadow with the thing when the shadow
/// differs from the lit ground around it, so the pixels that are the ground in shade are taken out first (the thing is
/// what is left around the tap); then it grows the body by what belongs to it but grab-cut's smoothness cuts off:
/// - thin parts: pixels that look like no part of the ground around the thing (far from every colour of the ring
///   around it), thinner than `thinRadius` (what a disc of that radius cannot sweep), and joined to the body;
/// - its cast shadow (when asked): pixels that are the ground under less light, each channel dimmed by about the same
///   factor, joined to the body; a sure core (dimmed to `shadowStrong` or less) grows into its soft edge (`shadowWeak`).
struct ObjectExtent {
    struct Settings: Sendable, Equatable {
        /// Ring around the body the ground's colours are read from.
        var ringInner: Float = 3
        var ringOuter: Float = 16
        var groundColours = 3
        /// A pixel is not ground when its distance to the nearest ground colour exceeds this many times the ring's own
        /// spread (the 80th percentile of the ring's distances), and at least `minimumDistance`.
        var spreadFactor: Float = 3
        var minimumDistance: Float = 28
        /// Thin parts are what a disc of this radius (a share of the body's size, within the bounds) cannot sweep.
        var thinShare = 0.05
        var thinMinimum: Float = 3
        var thinMaximum: Float = 8
        /// Pixels this close to a thin part go with it.
        var thinEdge: Float = 2.5
        /// How far from the body thin parts and shadows are looked for, as a share of the body's larger side.
        var partReach = 0.8
        var shadowReach = 1.5
        /// Shadow: every channel at most this share of a ground colour (sure), or of the soft edge; channels dimmed alike
        /// (the largest ratio at most `shadowEvenness` times the smallest); never darker than `shadowDarkest`.
        var shadowStrong: Float = 0.8
        var shadowWeak: Float = 0.93
        var shadowEvenness: Float = 1.35
        var shadowDarkest: Float = 0.15

        init() {}
    }

    let settings: Settings

    init(settings: Settings = .init()) {
        self.settings = settings
    }

    /// The body (`region`, 0/1 over `crop` of `picture`; `tap` in picture pixels) with its thin parts and, when asked,
    /// its shadow, as a region over the box returned (the body's box grown by the reach, within the picture).
    func extend(_ region: [UInt8], crop: PixelBox, of picture: RasterImage, tap: (Int, Int), shadow: Bool) -> (region: [UInt8], box: PixelBox) {
        guard let body = Self.box(of: region, width: crop.width, in: crop) else { return (region, crop) }
        let side = Double(max(body.width, body.height))
        let reach = Int((side * (shadow ? settings.shadowReach : settings.partReach)).rounded(.up))
        let box = body.grown(by: reach, within: picture.width, picture.height).union(crop)
        let w = box.width, h = box.height
        var mask = [UInt8](repeating: 0, count: box.area)
        for y in 0..<crop.height {
            for x in 0..<crop.width where region[y * crop.width + x] != 0 {
                mask[(y + crop.y - box.y) * w + (x + crop.x - box.x)] = 1
            }
        }
        let colours = (0..<box.area).map { i -> (Float, Float, Float) in
            let j = ((box.y + i / w) * picture.width + box.x + i % w) * 3
            return (Float(picture.bytes[j]), Float(picture.bytes[j + 1]), Float(picture.bytes[j + 2]))
        }
        let outside = Chamfer.depth(of: mask.map { $0 != 0 ? 0 : 1 }, width: w, height: h)
        let ring = (0..<box.area).filter { outside[$0] > settings.ringInner && outside[$0] <= settings.ringOuter }
        guard ring.count >= 16 else { return (mask, box) }
        let ground = Self.clusters(ring.map { colours[$0] }, count: settings.groundColours)
        func distance(_ c: (Float, Float, Float)) -> Float {
            ground.map { g in ((c.0 - g.0) * (c.0 - g.0) + (c.1 - g.1) * (c.1 - g.1) + (c.2 - g.2) * (c.2 - g.2)).squareRoot() }.min() ?? 0
        }
        let spread = ring.map { distance(colours[$0]) }.sorted()[ring.count * 8 / 10]
        let limit = max(settings.minimumDistance, settings.spreadFactor * spread)
        // How much each pixel looks like the ground in shade: the strongest dimming that is even across channels.
        func shade(_ c: (Float, Float, Float)) -> Float {
            var best: Float = 1
            for g in ground where g.0 > 8 && g.1 > 8 && g.2 > 8 {
                let r = (c.0 / g.0, c.1 / g.1, c.2 / g.2)
                let lo = min(r.0, r.1, r.2), hi = max(r.0, r.1, r.2)
                guard lo >= settings.shadowDarkest, hi <= settings.shadowEvenness * lo else { continue }
                best = min(best, hi)
            }
            return best
        }
        let shading = colours.map(shade)

        // The thing without the shade grab-cut kept with it: the part around the tap (unless the tap is in shade too:
        // a dark thing on plain ground looks like shade, and stays whole).
        let t = (tap.1 - box.y) * w + (tap.0 - box.x)
        if t >= 0, t < box.area, mask[t] != 0, shading[t] > settings.shadowStrong {
            var lit = mask
            for i in 0..<box.area where shading[i] <= settings.shadowStrong { lit[i] = 0 }
            if let part = MaskPart.parts(of: Mask(width: w, height: h, bytes: lit)).first(where: { $0.pixels.contains(t) }) {
                mask = [UInt8](repeating: 0, count: box.area)
                for i in part.pixels { mask[i] = 1 }
            }
        }

        // Thin parts: not ground, not shade, thinner than the disc, joined to the body.
        let side2 = Float(side)
        let radius = min(settings.thinMaximum, max(settings.thinMinimum, Float(settings.thinShare) * side2))
        var foreign = [UInt8](repeating: 0, count: box.area)
        for i in 0..<box.area where mask[i] == 0 && shading[i] > settings.shadowWeak && distance(colours[i]) > limit { foreign[i] = 1 }
        var thin = Self.thinParts(of: foreign, radius: radius, width: w, height: h)
        Self.keepJoined(&thin, to: mask, width: w, height: h)
        for i in 0..<box.area where thin[i] != 0 { mask[i] = 1 }
        // Thin parts, these and those grab-cut kept (often only their darkest middle), take their anti-aliased edges:
        // only a thin part's middle is far enough from the ground's colours.
        let edges = Chamfer.depth(of: Self.thinParts(of: mask, radius: radius, width: w, height: h).map { $0 != 0 ? 0 : 1 }, width: w, height: h)
        for i in 0..<box.area where edges[i] > 0 && edges[i] <= settings.thinEdge { mask[i] = 1 }

        if shadow {
            var strong = [UInt8](repeating: 0, count: box.area), weak = strong
            for i in 0..<box.area where mask[i] == 0 {
                if shading[i] <= settings.shadowStrong { strong[i] = 1 }
                if shading[i] <= settings.shadowWeak { weak[i] = 1 }
            }
            Self.keepJoined(&strong, to: mask, width: w, height: h)
            Self.keepJoined(&weak, to: strong, width: w, height: h)
            for i in 0..<box.area where strong[i] != 0 || weak[i] != 0 { mask[i] = 1 }
        }
        return (mask, box)
    }

    /// The pixels of `set` a disc of `radius` inside it cannot sweep (the set less its morphological opening).
    static func thinParts(of set: [UInt8], radius: Float, width w: Int, height h: Int) -> [UInt8] {
        let notCore = Chamfer.depth(of: set, width: w, height: h).map { $0 > radius ? UInt8(0) : 1 }
        let swept = Chamfer.depth(of: notCore, width: w, height: h)
        return set.indices.map { set[$0] != 0 && swept[$0] > radius + 1 ? 1 : 0 }
    }

    /// Keeps the parts of `set` that touch `anchor` (8-neighbours).
    static func keepJoined(_ set: inout [UInt8], to anchor: [UInt8], width w: Int, height h: Int) {
        var keep = [UInt8](repeating: 0, count: set.count)
        var stack: [Int] = []
        for i in set.indices where set[i] != 0 {
            let x = i % w, y = i / w
            var touches = false
            for dy in -1...1 where !touches {
                for dx in -1...1 {
                    let nx = x + dx, ny = y + dy
                    if nx >= 0, ny >= 0, nx < w, ny < h, anchor[ny * w + nx] != 0 {
                        touches = true
                        break
                    }
                }
            }
            if touches {
                keep[i] = 1
                stack.append(i)
            }
        }
        while let i = stack.popLast() {
            let x = i % w, y = i / w
            for dy in -1...1 {
                for dx in -1...1 {
                    let nx = x + dx, ny = y + dy
                    guard nx >= 0, ny >= 0, nx < w, ny < h else { continue }
                    let j = ny * w + nx
                    if set[j] != 0 && keep[j] == 0 {
                        keep[j] = 1
                        stack.append(j)
                    }
                }
            }
        }
        set = keep
    }

    /// The selected pixels' box, in picture pixels.
    static func box(of region: [UInt8], width w: Int, in crop: PixelBox) -> PixelBox? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for i in region.indices where region[i] != 0 {
            x0 = min(x0, i % w)
            x1 = max(x1, i % w)
            y0 = min(y0, i / w)
            y1 = max(y1, i / w)
        }
        guard x1 >= 0 else { return nil }
        return PixelBox(x: crop.x + x0, y: crop.y + y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// k-means (Lloyd, a few rounds) over colours, started from the darkest, middle and brightest by luma.
    static func clusters(_ colours: [(Float, Float, Float)], count: Int) -> [(Float, Float, Float)] {
        let sorted = colours.sorted { ($0.0 + $0.1 + $0.2) < ($1.0 + $1.1 + $1.2) }
        var centres = (0..<count).map { k in sorted[min(sorted.count - 1, (2 * k + 1) * sorted.count / (2 * count))] }
        let step = max(1, colours.count / 4000)
        for _ in 0..<8 {
            var sums = [(Float, Float, Float, Float)](repeating: (0, 0, 0, 0), count: count)
            for i in stride(from: 0, to: colours.count, by: step) {
                let c = colours[i]
                var best = 0, bestD = Float.infinity
                for (k, m) in centres.enumerated() {
                    let d = (c.0 - m.0) * (c.0 - m.0) + (c.1 - m.1) * (c.1 - m.1) + (c.2 - m.2) * (c.2 - m.2)
                    if d < bestD {
                        bestD = d
                        best = k
                    }
                }
                sums[best] = (sums[best].0 + c.0, sums[best].1 + c.1, sums[best].2 + c.2, sums[best].3 + 1)
            }
            for k in 0..<count where sums[k].3 > 0 { centres[k] = (sums[k].0 / sums[k].3, sums[k].1 / sums[k].3, sums[k].2 / sums[k].3) }
        }
        return centres
    }
}
