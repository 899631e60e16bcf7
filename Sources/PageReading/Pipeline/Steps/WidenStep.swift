// Step "widen": print foreshortened where the page curled away from the camera is widened back (`Foreshortening`).
import Foundation
import Imaging
import Support

struct WidenStep: PageStep {
    let name = "widen"
    let drawsPage = true

    /// Only a flattened page has curled, and its letters are measured on the binarised page.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.runs(name) && config.binarises }

    /// What the step did: nothing, sorted the page's ink and left the page as it was, or widened it.
    private enum Outcome: Sendable {
        case untouched
        case measured(InkComponents)
        case widened(binary: LeptonicaImage, grey: LeptonicaImage, columns: WidenedColumns)
    }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let map = state.flatToPage, let page = state.page, let grey = state.unbinarised else { return }
        let measure = Foreshortening(xHeight: state.xHeightOrTarget)
        let outcome = await offload { () -> Outcome in
            guard let binary = page.grayImage() else { return .untouched }
            let slopes = measure.slopes(map, ink: binary)
            // A page whose lines all ran nearly level had no curl to foreshorten it.
            guard slopes.contains(where: { ($0 ?? 0) >= measure.steepSlope }) else { return .untouched }
            let components = InkComponents(binary)
            guard let stretch = measure.stretch(letters: measure.letters(components), slopes: slopes, width: binary.width) else {
                return .measured(components)
            }
            trace("widen: up to \(String(format: "%.2f", stretch.max() ?? 1))x, \(binary.width) columns")
            let columns = WidenedColumns(stretch: stretch)
            guard let greyPixels = grey.grayImage(), let wideBinary = LeptonicaImage(gray: columns.apply(to: binary, binary: true)),
                let wideGrey = LeptonicaImage(gray: columns.apply(to: greyPixels, binary: false))
            else { return .measured(components) }
            return .widened(binary: wideBinary, grey: wideGrey, columns: columns)
        }
        switch outcome {
        case .untouched: break
        // The surface step sorts this same page's ink: it takes these components instead of labelling it again.
        case .measured(let components): state.ink = components
        case .widened(let binary, let greyPage, let columns):
            state.page = binary
            state.unbinarised = greyPage
            state.flatToPage = ChainedPageMap(outer: columns, inner: map)
        }
    }
}
