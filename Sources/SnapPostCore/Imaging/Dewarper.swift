// Step "dewarp": flatten page curl with Leptonica's disparity model; the flat page is kept when no model builds.
import Foundation

struct Dewarper: Sendable {
    /// Fewest long text lines the model needs (Leptonica's default of 15 is too strict for photos).
    var minLines: Int

    func dewarp(_ page: LeptonicaImage) -> LeptonicaImage? {
        guard let binary = page.sauvolaBinarised(halfWindow: 12, factor: 0.34) else { return nil }
        return page.dewarped(using: binary, minLines: minLines)
    }
}
