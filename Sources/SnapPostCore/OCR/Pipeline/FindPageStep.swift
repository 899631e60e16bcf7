// Step "page": find the sheet of paper in the photo and straighten it; keep the whole frame when unsure.
import Foundation

struct FindPageStep: ImageStep {
    let name = "page"

    func apply(_ state: inout PageState) throws {
        let config = state.config
        let detector = PageDetector(
            minAspectRatio: config.rectangleMinAspectRatio, minimumSize: config.rectangleMinimumSize,
            quadratureTolerance: config.rectangleQuadratureTolerance, minimumConfidence: config.rectangleMinimumConfidence)
        if let (rectified, transform) = detector.straighten(try state.currentPage()) {
            state.page = rectified
            state.toPage = state.toPage.followed(by: transform)
        }
    }
}
