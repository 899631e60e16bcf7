// Step "page": straighten the outline the person drew, or find the sheet of paper; keep the whole frame when unsure.
import Foundation
import Imaging
import Support

struct FindPageStep: ImageStep {
    let name = "page"

    /// An outline the person drew is straightened even when page finding is off.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.runs(name) || options.outline != nil }

    func apply(_ state: inout PageState) throws {
        let page = try state.currentPage()
        guard let decoded = state.decoded else { return }
        if let outline = state.options.outline, outline.count == 4 {
            // The outline is in the upright frame; the page so far is the EXIF photo, scaled and turned.
            let exifSize = decoded.fullSize
            let fromUpright = Homography.quarterTurns(state.turns, width: exifSize.width, height: exifSize.height).inverse() ?? .identity
            let inPhoto = outline.map { fromUpright.apply($0.x, $0.y) }
            let corners = inPhoto.map { state.toPage.apply($0.x, $0.y) }
            if let (rectified, transform) = PageDetector.rectify(page, corners: corners) {
                state.page = rectified
                state.toPage = state.toPage.followed(by: transform)
                state.outlineInPhoto = inPhoto.map { PixelPoint(x: $0.x, y: $0.y) }
            }
            return
        }
        let config = state.config
        let detector = PageDetector(
            minAspectRatio: config.rectangleMinAspectRatio, minimumSize: config.rectangleMinimumSize,
            quadratureTolerance: config.rectangleQuadratureTolerance, minimumConfidence: config.rectangleMinimumConfidence)
        var edges: [PageDetector.Edge] = []
        let pageToPhoto = state.toPage.inverse() ?? .identity
        func inPhoto(_ x: Double, _ y: Double) -> PixelPoint {
            let q = pageToPhoto.apply(x, y)
            return PixelPoint(x: q.x, y: q.y)
        }
        if let (rectified, transform, corners) = detector.straighten(page, edgesThroughPrint: &edges) {
            state.outlineInPhoto = corners.map { inPhoto($0.x, $0.y) }
            state.page = rectified
            state.toPage = state.toPage.followed(by: transform)
        }
        state.sheetEdgesInPhoto = edges.map { PageDetector.Edge(from: inPhoto($0.from.x, $0.from.y), to: inPhoto($0.to.x, $0.to.y)) }
    }
}
