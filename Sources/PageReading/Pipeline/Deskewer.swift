// Step "deskew": measure the tilt of the text lines and rotate the page level.
import Foundation
import Imaging
import Support

struct Deskewer: Sendable {
    /// Half-range of the search in degrees.
    var rangeDegrees: Double = 15
    /// x-height of the print in the page's pixels.
    var xHeight: Double = 24
    /// Tilts smaller than this are left alone (rotating costs a little sharpness).
    var minimumDegrees: Double = 0.2
    /// The best angle's row-profile sharpness must beat the level page's by this factor.
    var minimumGain: Double = 1.05

    /// The Sauvola window and factor the measurement is made on.
    static let binarisation = (halfWindow: 12, factor: 0.34)

    /// The levelled page and the clockwise rotation applied, or nil when nothing was done.
    /// `binary` is the page binarised with `binarisation` when the caller has it already (1 = ink).
    func deskew(_ page: LeptonicaImage, binary given: LeptonicaImage? = nil) -> (LeptonicaImage, Double)? {
        // Measure on letter-sized components only: rules, pictures and whatever lies beside the page mislead it.
        let x = max(4, Int(xHeight.rounded()))
        guard
            let binary = (given ?? page.sauvolaBinarised(halfWindow: Self.binarisation.halfWindow, factor: Self.binarisation.factor))?
                .keepingComponents(heights: max(2, x / 3)...(3 * x), maxWidth: 4 * x),
            let small = binary.scaled(by: min(1, 8 / Double(x)))?.grayImage()
        else { return nil }
        guard let (degrees, gain) = Self.estimate(small, range: rangeDegrees) else { return nil }
        trace("deskew: \(degrees)° gain \(gain)")
        guard gain >= minimumGain, abs(degrees) >= minimumDegrees, let rotated = page.rotated(degrees: degrees) else { return nil }
        return (rotated, degrees)
    }

    /// The clockwise rotation that makes the rows of ink sharpest, searched coarse to fine, and how much sharper
    /// than the unrotated page it is. Ink is any pixel darker than mid-grey.
    static func estimate(_ image: GrayImage, range: Double) -> (Double, Double)? {
        guard let ink = InkPoints(image) else { return nil }
        let level = ink.sharpness(0)
        let best = ink.sharpestAngle(around: 0, range: range)
        return (best.degrees, level > 0 ? best.score / level : 1)
    }
}

/// The ink pixels of a small binarised page, as offsets from its centre: how sharp its rows of ink are when the
/// page is turned by some angle (text lines give tall, narrow peaks only when they run along the rows).
struct InkPoints: Sendable {
    var xs: [Double] = []
    var ys: [Double] = []
    let diagonal: Int

    /// Nil when there are fewer than 200 ink pixels.
    init?(_ image: GrayImage) {
        let w = image.width, h = image.height
        let cx = Double(w) / 2, cy = Double(h) / 2
        for y in 0..<h {
            let row = y * w
            for x in 0..<w where image.bytes[row + x] < 128 {
                xs.append(Double(x) - cx)
                ys.append(Double(y) - cy)
            }
        }
        guard xs.count >= 200 else { return nil }
        diagonal = Int(hypot(Double(w), Double(h))) + 4
    }

    /// Sum of squared differences between neighbouring rows' ink counts after turning the page clockwise by
    /// `degrees` about its centre; with `smoothing` > 1 the counts are averaged over that many rows first, so
    /// only structure at least that tall counts (text lines, not the gaps between letters of a monospaced face).
    func sharpness(_ degrees: Double, smoothing: Int = 1) -> Double {
        let a = degrees * .pi / 180, s = sin(a), c = cos(a)
        var bins = [Double](repeating: 0, count: diagonal)
        let offset = Double(diagonal) / 2
        for i in 0..<xs.count {
            let r = Int(xs[i] * s + ys[i] * c + offset)
            if r >= 0 && r < diagonal { bins[r] += 1 }
        }
        if smoothing > 1 {
            var smoothed = [Double](repeating: 0, count: diagonal)
            var window = 0.0
            for i in 0..<diagonal {
                window += bins[i]
                if i >= smoothing { window -= bins[i - smoothing] }
                smoothed[i] = window / Double(smoothing)
            }
            bins = smoothed
        }
        var sum = 0.0
        for i in 1..<diagonal {
            let d = bins[i] - bins[i - 1]
            sum += d * d
        }
        return sum
    }

    /// The turn within `range` degrees of `centre` that makes the rows sharpest (steps of 1°, then a quarter,
    /// then a sixteenth around the best), and that sharpness; `centre` itself unless another turn beats it.
    func sharpestAngle(around centre: Double, range: Double, smoothing: Int = 1) -> (degrees: Double, score: Double) {
        var best = centre, bestScore = sharpness(centre, smoothing: smoothing)
        var step = 1.0
        var lo = centre - range, hi = centre + range
        while step >= 0.1 {
            var a = lo
            while a <= hi + 1e-9 {
                let score = sharpness(a, smoothing: smoothing)
                if score > bestScore {
                    bestScore = score
                    best = a
                }
                a += step
            }
            lo = best - step
            hi = best + step
            step /= 4
        }
        return (best, bestScore)
    }
}
