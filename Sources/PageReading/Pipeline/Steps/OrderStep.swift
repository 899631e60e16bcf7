// Step "order": put the kept lines in reading order; lines read apart (sideways margin text) come last.
import Foundation
import Imaging
import Support

struct OrderStep: PageStep {
    let name = "order"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        // Rows within about half a line height share a row, however large the print came out.
        let heights = state.lines.map(\.box.height).sorted()
        let tolerance = max(state.config.yTolerancePixels, heights.isEmpty ? 0 : 0.5 * Double(heights[heights.count / 2]))
        state.lines = LineOrderer(yTolerance: tolerance).order(state.lines, frames: state.frames) + state.trailingLines
        state.trailingLines = []
    }
}
