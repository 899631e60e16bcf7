// Step "dewarp": flatten curled text lines (Leptonica's line model), kept only when the rows get sharper.
import Foundation
import Imaging
import Support

struct DewarpStep: ImageStep {
    let name = "dewarp"

    func apply(_ state: inout PageState) throws {
        let page = try state.currentPage()
        let dewarper = Dewarper(minLines: state.config.dewarpMinLines, minimumGain: state.config.dewarpMinimumGain)
        guard let (flat, map) = dewarper.dewarpWithMap(page) else { return }
        state.page = flat
        state.flatToPage = map
    }
}
