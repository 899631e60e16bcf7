// Step "turn": the quarter turn the person chose replaces the orientation guess, and applies before their outline.
import Foundation
import Imaging
import Support

struct GivenTurnStep: ImageStep {
    let name = "turn"

    /// Only when the person chose a turn.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { options.quarterTurns != nil }
    /// It runs when the person chose a turn, and only then.
    var switchable: Bool { false }

    func apply(_ state: inout PageState) throws {
        guard let given = state.options.quarterTurns else { return }
        let turns = ((given % 4) + 4) % 4
        guard turns != 0 else { return }
        let page = try state.currentPage()
        guard let turned = page.rotatedQuarterTurns(turns) else { throw ImagingError.unreadable }
        state.toPage = state.toPage.followed(by: .quarterTurns(turns, width: page.width, height: page.height))
        state.page = turned
        state.turns = turns
    }
}
