// Step "dewarp": flatten curled or keystoned text lines (a page model, then line by line), kept only when the rows
// get sharper.
import Foundation
import Imaging
import Support

struct DewarpStep: ImageStep {
    let name = "dewarp"

    func apply(_ state: inout PageState) throws {
        let page = try state.currentPage()
        let prepared = state.dewarpWorkingCopy
        state.dewarpWorkingCopy = nil
        switch state.config.dewarpMethod {
        case .textLines:
            var dewarper = TextLineDewarper(xHeight: state.xHeightOrTarget)
            dewarper.straightensLines = state.config.straightensLines
            guard let (flat, map) = dewarper.dewarpWithMap(page, prepared: prepared) else { return }
            state.page = flat
            state.flatToPage = map
        case .leptonica:
            let dewarper = Dewarper(minLines: state.config.dewarpMinLines, minimumGain: state.config.dewarpMinimumGain)
            guard let (flat, map) = dewarper.dewarpWithMap(page) else { return }
            state.page = flat
            state.flatToPage = map
        }
    }
}
