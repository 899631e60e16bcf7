// Step "deskew": level the text lines.
import Foundation
import Imaging
import Support

struct DeskewStep: ImageStep {
    let name = "deskew"

    func apply(_ state: inout PageState) throws {
        let page = try state.currentPage()
        let deskewer = Deskewer(rangeDegrees: state.config.deskewRangeDegrees, xHeight: state.xHeightOrTarget)
        if let (straight, degrees) = deskewer.deskew(page) {
            state.toPage = state.toPage.followed(by: .rotation(degrees: degrees, cx: Double(page.width) / 2, cy: Double(page.height) / 2))
            state.page = straight
        }
    }
}
