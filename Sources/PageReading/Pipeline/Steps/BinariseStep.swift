// Step "binarise": our own threshold beats Tesseract's global Otsu on photos with uneven paper.
import Foundation
import Imaging
import Support

struct BinariseStep: PageStep {
    let name = "binarise"
    let drawsPage = true

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let page = try state.currentPage()
        state.unbinarised = page
        let binary: LeptonicaImage?
        switch state.config.binarisation {
        case .sauvola: binary = await HalvedSauvola(halfWindow: Int(state.config.targetXHeight), factor: 0.3).binarise(page)
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

/// Sauvola's threshold on the top and bottom halves of a page at once (one worker each): the same pixels as one
/// call over the page (`SauvolaThreshold` makes any band of rows on its own), in about half the time.
struct HalvedSauvola: Sendable {
    var halfWindow: Int
    var factor: Double
    /// Pages shorter than this are done in one piece.
    var minimumHeight = 800

    /// The page as 8-bit black (0) and white (255).
    func binarise(_ page: LeptonicaImage) async -> LeptonicaImage? {
        let threshold = SauvolaThreshold(halfWindow: halfWindow, factor: factor)
        guard let gray = await offload({ page.grayImage() }) else { return nil }
        let w = gray.width, h = gray.height
        guard h >= minimumHeight else {
            return await offload { threshold.binarise(gray).flatMap { LeptonicaImage(gray: $0) } }
        }
        let middle = h / 2
        async let top = offload { threshold.binarise(gray, rows: 0..<middle) }
        async let bottom = offload { threshold.binarise(gray, rows: middle..<h) }
        guard let upper = await top, let lower = await bottom else { return nil }
        return await offload { LeptonicaImage(gray: GrayImage(width: w, height: h, bytes: upper + lower)) }
    }
}
