// Step "dewarp": flatten curled or keystoned text lines, kept only when the rows get sharper.
import Foundation
import Imaging
import Support

struct DewarpStep: ImageStep {
    let name = "dewarp"

    func apply(_ state: inout PageState) throws {
        let page = try state.currentPage()
        switch state.config.dewarpMethod {
        case .textLines:
            state.page = TextLineDewarper(xHeight: state.xHeightOrTarget).dewarp(page) ?? page
        case .leptonica:
            let dewarper = Dewarper(minLines: state.config.dewarpMinLines, minimumGain: state.config.dewarpMinimumGain)
            state.page = dewarper.dewarp(page) ?? page
        }
    }
}
