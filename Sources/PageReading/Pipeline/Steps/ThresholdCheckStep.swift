// Step "threshold": our Sauvola threshold steps back when Tesseract's own threshold reads the page better.
import Foundation
import Imaging
import Support

/// Sauvola keeps vignetted paper from losing whole paragraphs, but on a blurred photo its local threshold cuts the
/// soft letters into crumbs that Tesseract's own (Otsu on the grey page) keeps whole. When the reading of the
/// binarised page is unsure, the grey page is read too, cut the same way, and the reading with more sure text wins.
struct ThresholdCheckStep: PageStep {
    let name = "threshold"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let grey = state.unbinarised, let binary = state.recognised else { return }
        let sureness = Self.sureness(state.lines)
        guard sureness < state.config.thresholdCheckBelow else { return }
        guard let greyPixels = await offload({ grey.grayImage() }) else { return }
        let again = try await RecogniseStep.read(
            greyPixels, cutOn: binary, mode: state.segmentationMode, xHeight: state.xHeightOrTarget, state: state, engine: engine)
        let before = RecogniseStep.sureText(state.lines)
        let after = RecogniseStep.sureText(again.lines)
        trace("threshold: unsure reading (\(String(format: "%.2f", sureness))), sure text \(Int(before)) binarised, \(Int(after)) grey")
        guard Self.greyWins(binarised: before, grey: after) else { return }
        // The grey page is what was read now: later steps crop from it, and faint print (looked for where the
        // binarised page lost ink) has nothing to compare against.
        state.page = grey
        state.recognised = greyPixels
        state.unbinarised = nil
        state.lines = again.lines
    }

    /// Mean line confidence weighted by letters: how sure the engine is of the page as a whole.
    static func sureness(_ lines: [RecognizedLine]) -> Double {
        var letters = 0, weighted = 0.0
        for line in lines {
            let n = line.text.filter(\.isLetter).count
            letters += n
            weighted += Double(n) * line.confidence
        }
        return letters == 0 ? 0 : weighted / Double(letters)
    }

    /// The grey reading replaces the binarised one only when it holds clearly more sure text (a quarter more):
    /// on a page both read alike, our threshold's reading is kept.
    static func greyWins(binarised: Double, grey: Double) -> Bool {
        grey > 1.25 * binarised && grey > 0
    }
}
