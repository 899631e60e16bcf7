// Step "preview": once the orientation is known, make the upright preview JPEG on the side while the page is read.
import Foundation
import Imaging
import Support

struct PreviewStep: EssentialStep {
    let name = "preview"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let decoded = state.decoded else { return }
        let side = state.config.previewMaxSide, turns = state.turns
        state.preview = Task {
            await offload { () -> Data? in
                let picture = decoded.previewSource ?? decoded.image
                let long = Double(max(picture.width, picture.height))
                let small = picture.scaled(by: min(1, Double(side) / long), sharpened: false)
                return small?.colour()?.rotatedQuarterTurns(turns)?.jpegData(quality: 80)
            }
        }
    }
}
