// Step "order": put the kept lines in reading order; lines read apart (sideways margin text) come last.
import Foundation
import Imaging
import Support

struct OrderStep: PageStep {
    let name = "order"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        // Rows within about half a line height share a row, however large the print came out.
        let tolerance = max(state.config.yTolerancePixels, state.lines.isEmpty ? 0 : 0.5 * LineOrderer.medianHeight(state.lines))
        var orderer = LineOrderer(yTolerance: tolerance)
        orderer.leaders = state.leaders
        // An item and its price, read apart once their dot leader was painted out, are one row again.
        let lines = LeaderLinks(xHeight: state.xHeightOrTarget).join(state.lines, across: state.leaders)
        var ordered = orderer.order(lines, frames: state.frames)
        // Layout analysis's blocks are the second opinion: where they read the lines otherwise, the reading that
        // breaks clearly fewer sentences at its seams is kept (`ReadingCoherence`).
        if let layout = state.layout {
            let theirs = layout.order(ordered, rows: orderer.rows)
            if ReadingCoherence(words: state.words).prefersLayout(ours: ordered, layout: theirs) {
                trace("order: layout analysis's order kept")
                ordered = theirs
            }
        }
        state.lines = ordered + state.trailingLines
        state.trailingLines = []
    }
}
