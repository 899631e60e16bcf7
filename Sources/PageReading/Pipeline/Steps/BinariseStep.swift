// Step "binarise": our own threshold beats Tesseract's global Otsu on photos with uneven paper.
import Foundation
import Imaging
import Support

struct BinariseStep: ImageStep {
    let name = "binarise"

    func apply(_ state: inout PageState) throws {
        let page = try state.currentPage()
        let binary: LeptonicaImage?
        switch state.config.binarisation {
        case .sauvola: binary = page.sauvolaBinarised(halfWindow: Int(state.config.targetXHeight), factor: 0.3)
        case .otsu:
            let threshold = page.grayImage().map { PageDetector.otsuThreshold($0.bytes) } ?? 128
            binary = page.thresholded(threshold)
        case .none: binary = nil
        }
        state.page = binary?.grayscale() ?? page
    }
}
