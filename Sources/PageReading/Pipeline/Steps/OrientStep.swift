// Step "orient": turn the page upright (OSD, confirmed by reading samples when unsure).
import Foundation
import Imaging
import Support

struct OrientStep: PageStep {
    let name = "orient"
    let drawsPage = true

    /// A turn the person chose replaces the guess.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.runs(name) && options.quarterTurns == nil }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let page = try state.currentPage()
        var corrector = OrientationCorrector(
            engine: engine, languages: state.languages, confidenceThreshold: state.config.orientationConfidenceThreshold,
            xHeight: state.xHeightOrTarget)
        corrector.printMeasuredSideways = state.printMeasuredSideways
        let turns = try await corrector.quarterTurns(for: page)
        if turns != 0 {
            guard let turned = await offload({ page.rotatedQuarterTurns(turns) }) else { throw ImagingError.unreadable }
            state.toPage = state.toPage.followed(by: .quarterTurns(turns, width: page.width, height: page.height))
            state.page = turned
            state.turns = turns
        }
    }
}
