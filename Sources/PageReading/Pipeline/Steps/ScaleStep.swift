// Step "scale": measure the x-height of the print and resize so it lands where Tesseract reads best.
import Foundation
import Imaging
import Support

struct ScaleStep: ImageStep, EssentialStep {
    let name = "scale"
    /// The shortest side, in the photo's pixels, that can hold a line of print (a line of small print is ~12 px tall).
    static let minimumSide = 16
    /// The shortest side the scaled page may have.
    static let minimumScaledSide = 8

    /// The shortest side, in the photo's pixels, that keeps `minimumScaledSide` once the photo (decoded at 1/`reduction`)
    /// is scaled by `factor`.
    static func minimumSide(toScaleBy factor: Double, reduction: Int) -> Int {
        guard factor > 0 else { return minimumSide }
        let needed = Double(minimumScaledSide) / factor * Double(max(1, reduction))
        return max(minimumSide, Int(min(needed, 1e6).rounded(.up)))
    }

    func apply(_ state: inout PageState) throws {
        guard let decoded = state.decoded, let gray = state.decodedGray ?? decoded.image.grayscale() else { throw ImagingError.unreadable }
        state.decodedGray = nil
        // A whole image a few pixels high or wide decodes well and holds no line of text: say so, not "damaged".
        let (width, height) = (decoded.fullSize.width, decoded.fullSize.height)
        guard min(width, height) >= Self.minimumSide else { throw ImagingError.tooSmall(width: width, height: height, minimum: Self.minimumSide) }
        let config = state.config
        let scaler = TextScaler(targetXHeight: config.targetXHeight, maxLongSide: config.maxImageWidthForProcessing, maxUpscale: config.maxUpscale)
        let print = state.decodedPrint ?? scaler.measurePrint(of: gray)
        var xHeight = print?.xHeight
        state.printMeasuredSideways = print?.liesSideways ?? false
        if state.decodedPrint == nil, let check = state.halfSizeXHeight {
            // Measured on paper alone, the full-size copy counted the letters among specks: the half-size copy,
            // where specks merge into grey, measured them plainly.
            xHeight = print?.onPaperOnly == true ? check : TextScaler.reconciled(xHeight, check)
        }
        let factor = scaler.factor(forXHeight: xHeight, width: gray.width, height: gray.height)
        guard let image = gray.scaled(by: factor), image.width >= Self.minimumScaledSide, image.height >= Self.minimumScaledSide else {
            // A long sliver (or huge print) is scaled below a readable strip: name the short side that would do.
            throw ImagingError.tooSmall(width: width, height: height, minimum: Self.minimumSide(toScaleBy: factor, reduction: decoded.reduction))
        }
        trace(
            "scale: x-height \(xHeight.map { String(format: "%.1f", $0) } ?? "?") factor \(String(format: "%.3f", factor)) -> \(image.width)x\(image.height)"
        )
        state.page = image
        state.xHeight = xHeight.map { $0 * factor }
        state.toPage = Homography.scale(factor / Double(decoded.reduction))
    }
}
