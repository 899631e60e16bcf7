// How soft a photo's print is, and an unsharp mask to take some of the softness back.
import Foundation

/// The spread of the print's edges: a step from ink to paper blurred by a Gaussian of width σ rises with a steepest
/// slope of contrast / (σ·√(2π)), so σ is read off the strongest edges as their local contrast over their slope. On a
/// sharp photo at the reading size (x-height about 20 px) it comes out near 1 px; a photo out of focus or shaken gives
/// 2–4 px, and letters blur into each other for the threshold.
public struct EdgeSpread: Sendable {
    /// Contrast is measured this far either side of an edge, across it.
    public var reach: Int
    /// The share of pixels taken as the strongest edges.
    public var strongest = 0.01
    /// Edges with less contrast than this (grey levels) are paper texture or noise.
    public var minimumContrast = 40
    /// At most this many edges are measured.
    public var samples = 20_000

    public init(reach: Int) { self.reach = max(2, reach) }

    /// The edges' σ in pixels, or nil when the image holds too few edges to tell. Every second row and column is
    /// looked at, which is plenty to rank a page's edges.
    public func sigma(of image: GrayImage) -> Double? {
        let w = image.width, h = image.height, r = reach
        guard w > 2 * r + 2, h > 2 * r + 2 else { return nil }
        // The slope at every sampled pixel, once, in the order both passes below visit them; a histogram of them
        // finds the strongest share.
        var sampled: [UInt8] = []
        sampled.reserveCapacity(((h - 2 * r + 1) / 2) * ((w - 2 * r + 1) / 2))
        var histogram = [Int](repeating: 0, count: 256)
        image.bytes.withUnsafeBufferPointer { px in
            for y in stride(from: r, to: h - r, by: 2) {
                for x in stride(from: r, to: w - r, by: 2) {
                    let g = Self.slopes[Self.squaredDifference(px, x, y, w)]
                    sampled.append(g)
                    histogram[Int(g)] += 1
                }
            }
        }
        let counted = sampled.count
        // The least slope among the strongest share (a whole bin of equal slopes counts in when it reaches it).
        var cut = 255, above = histogram[255]
        while cut > 8, Double(above) < strongest * Double(counted) {
            cut -= 1
            above += histogram[cut]
        }
        let step = max(1, above / samples)
        var ratios: [Double] = []
        var seen = 0, index = 0
        image.bytes.withUnsafeBufferPointer { px in
            for y in stride(from: r, to: h - r, by: 2) {
                for x in stride(from: r, to: w - r, by: 2) {
                    let g = Int(sampled[index])
                    index += 1
                    guard g >= cut else { continue }
                    seen += 1
                    guard seen % step == 0 else { continue }
                    // Contrast across the edge: along the row when the slope runs mostly along it, else the column.
                    let gx = abs(Int(px[y * w + x + 1]) - Int(px[y * w + x - 1]))
                    let gy = abs(Int(px[(y + 1) * w + x]) - Int(px[(y - 1) * w + x]))
                    var lo = 255, hi = 0
                    for d in -r...r {
                        let v = Int(gx >= gy ? px[y * w + x + d] : px[(y + d) * w + x])
                        lo = min(lo, v)
                        hi = max(hi, v)
                    }
                    guard hi - lo >= minimumContrast else { continue }
                    ratios.append(Double(g) / Double(hi - lo))
                }
            }
        }
        guard ratios.count >= 100 else { return nil }
        ratios.sort()
        return 1 / ((2 * Double.pi).squareRoot() * ratios[ratios.count / 2])
    }

    /// dx² + dy² of the central differences at (x, y), each difference taken across two pixels (0...130050).
    @inline(__always)
    static func squaredDifference(_ px: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int, _ w: Int) -> Int {
        let dx = Int(px[y * w + x + 1]) - Int(px[y * w + x - 1])
        let dy = Int(px[(y + 1) * w + x]) - Int(px[(y - 1) * w + x])
        return dx * dx + dy * dy
    }

    /// The slope for each `squaredDifference`: the gradient's length in grey levels per pixel, √(dx² + dy²) / 2.
    static let slopes: [UInt8] = (0...(2 * 255 * 255)).map { UInt8(min(255, Int(Double($0).squareRoot() / 2))) }
}

/// The unsharp mask: the image plus `amount` times its difference from a blur of width `sigma`, which steepens edges
/// about that wide. The blur is three box blurs of the same variance (within a box's rounding), each a running sum,
/// so its cost does not grow with `sigma`; a band of rows on each core.
public struct UnsharpMask: Sendable {
    public var sigma: Double
    public var amount: Double

    public init(sigma: Double, amount: Double) {
        self.sigma = sigma
        self.amount = amount
    }

    /// Half the width of each of the three boxes: three boxes of 2r + 1 pixels have the variance (2r + 1)² − 1) / 4.
    var boxRadius: Int { max(1, Int((((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded())) }

    public func apply(to image: GrayImage) -> GrayImage {
        let w = image.width, h = image.height, r = boxRadius
        var blurred = image.bytes.map(Float.init)
        var spare = [Float](repeating: 0, count: w * h)
        for _ in 0..<3 {
            Self.boxAlongRows(blurred, into: &spare, width: w, height: h, radius: r)
            swap(&blurred, &spare)
        }
        for _ in 0..<3 {
            Self.boxDownColumns(blurred, into: &spare, width: w, height: h, radius: r)
            swap(&blurred, &spare)
        }
        let gain = Float(amount)
        var result = [UInt8](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            let v = Float(image.bytes[i])
            result[i] = UInt8(max(0, min(255, (v + gain * (v - blurred[i])).rounded())))
        }
        return GrayImage(width: w, height: h, bytes: result)
    }

    /// The mean of each pixel's 2r + 1 neighbours along its row (the row's end pixels repeated beyond it).
    static func boxAlongRows(_ source: [Float], into out: inout [Float], width w: Int, height h: Int, radius r: Int) {
        let scale = 1 / Double(2 * r + 1)
        inBands(source, into: &out, height: h) { src, dst, rows in
            for y in rows {
                let row = y * w
                var sum = 0.0
                for k in -r...r { sum += Double(src[row + min(w - 1, max(0, k))]) }
                for x in 0..<w {
                    dst[row + x] = Float(sum * scale)
                    sum += Double(src[row + min(w - 1, x + r + 1)]) - Double(src[row + max(0, x - r)])
                }
            }
        }
    }

    /// The mean of each pixel's 2r + 1 neighbours down its column (the first and last rows repeated beyond them).
    static func boxDownColumns(_ source: [Float], into out: inout [Float], width w: Int, height h: Int, radius r: Int) {
        let scale = 1 / Double(2 * r + 1)
        inBands(source, into: &out, height: h) { src, dst, rows in
            var sums = [Double](repeating: 0, count: w)
            for k in -r...r {
                let row = min(h - 1, max(0, rows.lowerBound + k)) * w
                for x in 0..<w { sums[x] += Double(src[row + x]) }
            }
            for y in rows {
                let add = min(h - 1, y + r + 1) * w, drop = max(0, y - r) * w
                for x in 0..<w {
                    dst[y * w + x] = Float(sums[x] * scale)
                    sums[x] += Double(src[add + x]) - Double(src[drop + x])
                }
            }
        }
    }

    /// `body` on a band of output rows on each core, reading `source` and writing its own rows of `out`.
    static func inBands(
        _ source: [Float], into out: inout [Float], height h: Int,
        _ body: (UnsafeBufferPointer<Float>, UnsafeMutableBufferPointer<Float>, Range<Int>) -> Void
    ) {
        source.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                nonisolated(unsafe) let dst = dst
                forEachRowBand(h) { rows in body(src, dst, rows) }
            }
        }
    }
}
