// Step "deskew": level the text lines.
import Foundation
import Imaging
import Support

struct DeskewStep: PageStep {
    let name = "deskew"
    let drawsPage = true

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let page = try state.currentPage()
        let deskewer = Deskewer(rangeDegrees: state.config.deskewRangeDegrees, xHeight: state.xHeightOrTarget)
        // The page's binarisation, made on both workers at once.
        let settings = Deskewer.binarisation
        let binary = await PageSauvola(halfWindow: settings.halfWindow, factor: settings.factor).binarise(page)
        guard let (straight, degrees) = await offload({ deskewer.deskew(page, binary: binary?.thresholded(128)) }) else { return }
        state.toPage = state.toPage.followed(by: .rotation(degrees: degrees, cx: Double(page.width) / 2, cy: Double(page.height) / 2))
        state.page = straight
    }
}
