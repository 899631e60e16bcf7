// A traced wire's whole cross-section: the dark (or bright) core, its soft edge, the camera's sharpening halo, and
// parallel strands a few pixels away, measured across the wire along its length.

/// What a wire occupies across its centre line: the extent on each side where the picture still differs from the
/// sky around it. A wire photographed by a phone is more than its core: the lens and the demosaicing soften its edges,
/// and the camera's sharpening draws a bright line along each side (a dark line on a bright wire). A mask that stops at
/// the core's half contrast leaves those halos, which the fill then carries along the whole wire as a ghost.
struct WireCrossSection {
    struct Settings: Sendable, Equatable {
        /// The profile reaches this far across (plus twice the core width), so the background is read beyond any halo.
        var baseReach = 16.0
        var maximumReach = 60.0
        /// The background on each side is the median of the outer part of the profile, from this share of the reach.
        var outerShare = 0.65
        /// A sample still belongs to the wire while it differs from the background by more than the largest of:
        /// `noiseFactor` × the background's own noise, `peakShare` × the core's contrast, `floor` grey levels.
        var noiseFactor: Float = 3
        var peakShare: Float = 0.04
        var floor: Float = 2.5
        /// The walk outwards ends after this many pixels within the background's noise.
        var quietRun = 1.5
        /// Another core of the same polarity within this gap (at least `strandGapMinimum` px, or one core width) and at
        /// least `strandShare` of the contrast is a strand of the same wire.
        var strandGapMinimum = 4.0
        var strandShare: Float = 0.4
        /// Strands count for a side when they are seen in at least this share of the cross-sections.
        var strandPresence = 0.4
        /// Added on each side beyond the last differing sample.
        var margin = 0.5
        /// The mask is centred on the whole cross-section only when its middle lies at least this far from the core's.
        var minimumShift = 1.0

        init() {}
    }

    /// One side's extent in a cross-section: to the end of the tapped core's halo, and to the end of a strand beside it.
    private struct Side {
        var own: Double
        var withStrand: Double?
    }

    let settings: Settings

    init(settings: Settings = .init()) {
        self.settings = settings
    }

    /// The full width and, per centre point, the shift along the normal (towards +normal) that centres the mask on the
    /// whole cross-section; nil when too few cross-sections read as a line rather than an edge.
    func measure(
        sample: ((Double, Double)) -> Float?, polarity: LinePolarity, centre: [(Double, Double)], coreWidth: Double
    ) -> (width: Double, shifts: [Double])? {
        let reach = min(settings.maximumReach, settings.baseReach + 2 * coreWidth)
        let offsets = Array(stride(from: -reach, through: reach, by: 0.5))
        let mid = offsets.count / 2
        let outerStart = Int((settings.outerShare * reach / 0.5).rounded())
        let sign: Float = polarity == .dark ? -1 : 1
        let strandGap = max(settings.strandGapMinimum, coreWidth)
        var sections: [(index: Int, negative: Side, positive: Side)] = []
        for i in stride(from: 0, to: centre.count, by: 2) {
            guard let n = Self.normal(centre, at: i) else { continue }
            var profile: [Float] = []
            profile.reserveCapacity(offsets.count)
            for u in offsets {
                guard let v = sample((centre[i].0 + u * n.0, centre[i].1 + u * n.1)) else { break }
                profile.append(v)
            }
            guard profile.count == offsets.count else { continue }
            let leftOuter = Array(profile[0...(mid - outerStart)]), rightOuter = Array(profile[(mid + outerStart)...])
            let left = Self.median(leftOuter), right = Self.median(rightOuter)
            // The core: the strongest deviation near the centre line, against the mean of both backgrounds.
            let near = max(2, Int((coreWidth / 2 + 2) / 0.5))
            var k = mid
            for j in (mid - near)...(mid + near) where sign * (profile[j] - (left + right) / 2) > sign * (profile[k] - (left + right) / 2) {
                k = j
            }
            let peak = sign * (profile[k] - (left + right) / 2)
            // An edge between two areas (a roof line) is not a wire's cross-section.
            guard peak > settings.floor, abs(left - right) <= 0.5 * peak else { continue }
            let negative = side(
                profile, from: k, step: -1, limit: mid - outerStart, background: left, outer: leftOuter, peak: peak,
                sign: sign, gap: strandGap, offsets: offsets)
            let positive = side(
                profile, from: k, step: 1, limit: mid + outerStart, background: right, outer: rightOuter, peak: peak,
                sign: sign, gap: strandGap, offsets: offsets)
            sections.append((i, negative, positive))
        }
        guard sections.count >= 3 else { return nil }
        let useNegative = Double(sections.filter { $0.negative.withStrand != nil }.count) >= settings.strandPresence * Double(sections.count)
        let usePositive = Double(sections.filter { $0.positive.withStrand != nil }.count) >= settings.strandPresence * Double(sections.count)
        let extents = sections.map { s in
            (
                useNegative ? (s.negative.withStrand ?? s.negative.own) : s.negative.own,
                usePositive ? (s.positive.withStrand ?? s.positive.own) : s.positive.own
            )
        }
        let width = Self.median(extents.map { $0.0 + $0.1 }) + 2 * settings.margin
        // Each section's middle, smoothed along the wire (a running median over five sections), spread to every point.
        // A halo a little wider on one side (noise, a lit side) moves nothing; a strand beside the core does.
        let raw = extents.map { abs($0.1 - $0.0) / 2 < settings.minimumShift ? 0 : ($0.1 - $0.0) / 2 }
        let smooth = raw.indices.map { j in Self.median(Array(raw[max(0, j - 2)...min(raw.count - 1, j + 2)])) }
        var shifts = [Double](repeating: 0, count: centre.count)
        var s = 0
        for p in centre.indices {
            while s + 1 < sections.count && abs(sections[s + 1].index - p) <= abs(sections[s].index - p) { s += 1 }
            shifts[p] = smooth[s]
        }
        return (width, shifts)
    }

    /// Walks from the core outwards while the profile differs from this side's background; then looks one strand gap
    /// further for a second core and, when there is one, walks on past it.
    private func side(
        _ profile: [Float], from start: Int, step: Int, limit: Int, background: Float, outer: [Float], peak: Float, sign: Float,
        gap: Double, offsets: [Double]
    ) -> Side {
        let noise = 1.4826 * Self.median(outer.map { abs($0 - background) })
        let threshold = max(settings.noiseFactor * noise, settings.peakShare * peak, settings.floor)
        let quiet = Int((settings.quietRun / 0.5).rounded())
        func walk(from j0: Int) -> Int {
            var last = j0, j = j0
            while j != limit && abs(j - last) <= quiet {
                j += step
                if abs(profile[j] - background) > threshold { last = j }
            }
            return last
        }
        let own = walk(from: start)
        var strand: Int?
        var j = own
        let steps = Int((gap / 0.5).rounded())
        for _ in 0..<steps {
            guard j != limit else { break }
            j += step
            if sign * (profile[j] - background) >= settings.strandShare * peak {
                strand = walk(from: j)
                break
            }
        }
        let extent = { (index: Int) in abs(offsets[index]) + 0.25 }
        return Side(own: extent(own), withStrand: strand.map(extent))
    }

    private static func normal(_ centre: [(Double, Double)], at i: Int) -> (Double, Double)? {
        let a = centre[max(0, i - 1)], b = centre[min(centre.count - 1, i + 1)]
        let dx = b.0 - a.0, dy = b.1 - a.1, len = (dx * dx + dy * dy).squareRoot()
        guard len > 1e-6 else { return nil }
        return (-dy / len, dx / len)
    }

    static func median(_ values: [Float]) -> Float { values.sorted()[values.count / 2] }
    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
