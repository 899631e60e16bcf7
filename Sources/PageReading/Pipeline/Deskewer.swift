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
        var xs: [Double] = [], ys: [Double] = []
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
        let diag = Int(hypot(Double(w), Double(h))) + 4
        func sharpness(_ degrees: Double) -> Double {
            // Row of each ink pixel after rotating the page clockwise by `degrees` about the centre.
            let a = degrees * .pi / 180, s = sin(a), c = cos(a)
            var bins = [Double](repeating: 0, count: diag)
            let offset = Double(diag) / 2
            for i in 0..<xs.count {
                let r = Int(xs[i] * s + ys[i] * c + offset)
                if r >= 0 && r < diag { bins[r] += 1 }
            }
            var sum = 0.0
            for i in 1..<diag {
                let d = bins[i] - bins[i - 1]
                sum += d * d
            }
            return sum
        }
        var best = 0.0, bestScore = sharpness(0)
        let level = bestScore
        var step = 1.0
        var lo = -range, hi = range
        while step >= 0.1 {
            var a = lo
            while a <= hi + 1e-9 {
                let score = sharpness(a)
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
        return (best, level > 0 ? bestScore / level : 1)
    }
}
