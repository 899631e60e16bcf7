// Step "sharpen": a soft photo (out of focus, shaken) has its print's edges steepened before the threshold.
import Foundation
import Imaging
import Support

/// On a soft photo the threshold joins letters into blots and breaks thin strokes, and recognition loses whole words.
/// The step measures how far the print's edges spread at the reading size (`EdgeSpread`) and, when they spread more
/// than a sharp photo's do, applies an unsharp mask half as wide again as the spread, stronger the softer the page.
/// A sharp photo is left alone: sharpening it only adds halos and noise.
struct SharpenStep: PageStep {
    let name = "sharpen"
    let drawsPage = true

    /// The unsharp mask's blur is this many times the measured spread.
    static let widthFactor = 1.5
    /// The mask's strength once the spread is a pixel or more past `Config.softEdgeSpread`; less before that.
    static let fullAmount = 3.0

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let page = try state.currentPage()
        let reach = Int(state.xHeightOrTarget / 2), softerThan = state.config.softEdgeSpread
        let measured: (sigma: Double, sharpened: LeptonicaImage?)? = await offload {
            guard let gray = page.grayImage(), let sigma = EdgeSpread(reach: reach).sigma(of: gray) else { return nil }
            guard let mask = Self.mask(forSpread: sigma, softerThan: softerThan) else { return (sigma, nil) }
            return (sigma, LeptonicaImage(gray: mask.apply(to: gray)))
        }
        guard let measured else {
            trace("sharpen: too few edges to tell")
            return
        }
        trace("sharpen: edges spread \(String(format: "%.2f", measured.sigma)) px\(measured.sharpened == nil ? ", left alone" : ", sharpened")")
        if let sharpened = measured.sharpened { state.page = sharpened }
    }

    /// The mask for a page whose edges spread `sigma` pixels, or nil when that is no softer than `softerThan`.
    static func mask(forSpread sigma: Double, softerThan: Double) -> UnsharpMask? {
        guard sigma > softerThan else { return nil }
        return UnsharpMask(sigma: widthFactor * sigma, amount: fullAmount * min(1, sigma - softerThan))
    }
}
