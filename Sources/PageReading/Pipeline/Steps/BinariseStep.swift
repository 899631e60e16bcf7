// Step "binarise": our own threshold beats Tesseract's global Otsu on photos with uneven paper.
import Foundation
import Imaging
import Support

struct BinariseStep: PageStep {
    let name = "binarise"
    let drawsPage = true

    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.binarises }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let page = try state.currentPage()
        state.unbinarised = page
        let binary: LeptonicaImage?
        switch state.config.binarisation {
        case .sauvola: binary = await PageSauvola(halfWindow: Int(state.config.targetXHeight), factor: 0.3).binarise(page)
        case .otsu:
            binary = await offload {
                let threshold = page.grayImage().map { PageDetector.otsuThreshold($0.bytes) } ?? 128
                return page.thresholded(threshold)?.grayscale()
            }
        case .none: binary = nil
        }
        state.page = binary ?? page
    }
}

/// Sauvola's threshold over a whole page, a band of rows on each core (`SauvolaThreshold`: Leptonica's pixels).
struct PageSauvola: Sendable {
    var halfWindow: Int
    var factor: Double

    /// The page as 8-bit black (0) and white (255).
    func binarise(_ page: LeptonicaImage) async -> LeptonicaImage? {
        let threshold = SauvolaThreshold(halfWindow: halfWindow, factor: factor)
        return await offload { page.grayImage().flatMap { threshold.binarise($0) }.flatMap { LeptonicaImage(gray: $0) } }
    }
}
