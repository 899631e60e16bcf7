// Step "perspective": rows that converge toward a point beside the page (the photo taken from one side) are made
// parallel again (`RowPerspective`), before the dewarp straightens what bends.
import Foundation
import Imaging
import Support

struct PerspectiveStep: ImageStep {
    let name = "perspective"

    func apply(_ state: inout PageState) throws {
        let page = try state.currentPage()
        var leftAlone: TextLineDewarper.WorkingCopy?
        guard let (straight, transform) = RowPerspective(xHeight: state.xHeightOrTarget).straighten(page, leftAlone: &leftAlone) else {
            state.dewarpWorkingCopy = leftAlone
            return
        }
        if traceLevel >= 1, let back = transform.inverse() {
            let corners = [(0.0, 0.0), (Double(straight.width), 0), (Double(straight.width), Double(straight.height)), (0, Double(straight.height))]
            let quad = corners.map { back.apply($0.0, $0.1) }.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" }
            trace("perspective: \(page.width)x\(page.height) -> \(straight.width)x\(straight.height), the page's quad \(quad)")
        }
        state.toPage = state.toPage.followed(by: transform)
        state.page = straight
    }
}
