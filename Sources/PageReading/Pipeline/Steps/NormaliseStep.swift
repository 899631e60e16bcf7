// Step "normalise": flatten uneven lighting so the paper is near-white everywhere.
import Foundation
import Imaging
import Support

struct NormaliseStep: ImageStep {
    let name = "normalise"

    func apply(_ state: inout PageState) throws {
        let page = try state.currentPage()
        switch state.config.illumination {
        case .morphological: state.page = page.backgroundNormalisedMorph() ?? page
        case .tiled: state.page = page.backgroundNormalised() ?? page
        }
    }
}
