// Step "polarity": light print on a dark ground is turned into dark print on light before anything measures it.
import Foundation
import Imaging
import Support

struct PolarityStep: ImageStep {
    let name = "polarity"
    /// The negative is what the scale step draws next; the debug folder needs no copy of the photo as decoded.
    let drawsPage = false

    func apply(_ state: inout PageState) throws {
        guard var decoded = state.decoded else { return }
        guard let gray = state.decodedGray ?? decoded.image.grayscale() else { return }
        guard PolarityCheck.isLightOnDark(gray) else {
            // The scale step measures the print on this same grey picture.
            state.decodedGray = gray
            return
        }
        guard let negative = decoded.image.inverted() else { return }
        trace("polarity: light print on a dark ground: read as its negative")
        // The person's pictures (the preview, the crops of unsure words) stay as the photo was.
        decoded.previewSource = decoded.previewSource ?? decoded.image
        decoded.image = negative
        state.decoded = decoded
        state.page = negative
        // What the decoder measured was the dark ground's pieces, not the print.
        state.decodedGray = nil
        state.decodedPrint = nil
        state.halfSizeXHeight = nil
    }
}
