// Step "dewarp": flatten page curl with Leptonica's disparity model; the flat page is kept when no model builds,
// or when the model makes the text lines less straight than before.
import Foundation
import Imaging
import Support

struct Dewarper: Sendable {
    /// Fewest long text lines the model needs (Leptonica's default of 15 is too strict for photos).
    var minLines: Int
    /// The dewarped page must make the row profile at least this much sharper to be kept.
    var minimumGain: Double = 1.02

    func dewarp(_ page: LeptonicaImage) -> LeptonicaImage? { dewarpWithMap(page)?.image }

    /// The flat page and, when the dewarp can say, where each of its points was on `page`.
    func dewarpWithMap(_ page: LeptonicaImage) -> (image: LeptonicaImage, map: DisparityMap?)? {
        guard let binary = page.sauvolaBinarised(halfWindow: 12, factor: 0.34) else { return nil }
        guard let (flat, map) = page.dewarpedWithMap(using: binary, minLines: minLines) else {
            trace("dewarp: no model")
            return nil
        }
        guard let flatBinary = flat.sauvolaBinarised(halfWindow: 12, factor: 0.34)
        else { return nil }
        let before = Self.lineSharpness(binary.rowInkCounts())
        let after = Self.lineSharpness(flatBinary.rowInkCounts())
        trace("dewarp: sharpness \(before) -> \(after)")
        return after >= before * minimumGain ? (flat, map) : nil
    }

    /// How crisply text rows stand out in a row profile: the sum of squared differences between neighbouring
    /// rows, relative to the ink. Straight lines give tall narrow peaks; curved or tilted ones smear them.
    static func lineSharpness(_ rows: [Int]) -> Double {
        guard rows.count > 2 else { return 0 }
        var sum = 0.0, ink = 0.0
        for i in 1..<rows.count {
            let d = Double(rows[i] - rows[i - 1])
            sum += d * d
            ink += Double(rows[i])
        }
        return ink > 0 ? sum / ink : 0
    }
}
