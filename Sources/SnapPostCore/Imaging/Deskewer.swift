// Step "deskew": measure the tilt of the text lines and rotate the page level.
import Foundation

struct Deskewer: Sendable {
    /// Tilts smaller than this are left alone (rotating costs a little sharpness).
    var minimumDegrees: Double = 0.15
    /// Leptonica's skew confidence below this means "no clear lines".
    var minimumConfidence: Double = 2.5

    /// The levelled page and the clockwise rotation applied, or nil when nothing was done.
    func deskew(_ page: LeptonicaImage) -> (LeptonicaImage, Double)? {
        guard let binary = page.sauvolaBinarised(halfWindow: 12, factor: 0.34), let skew = binary.skew() else { return nil }
        guard skew.confidence >= minimumConfidence, abs(skew.degrees) >= minimumDegrees else { return nil }
        guard let rotated = page.rotated(degrees: skew.degrees) else { return nil }
        return (rotated, skew.degrees)
    }
}
