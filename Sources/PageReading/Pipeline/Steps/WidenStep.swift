// Step "widen": print foreshortened where the page curled away from the camera is widened back (`Foreshortening`).
import Foundation
import Imaging
import Support

struct WidenStep: PageStep {
    let name = "widen"
    let drawsPage = true

    /// Only a flattened page has curled, and its letters are measured on the binarised page.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.runs(name) && config.binarises }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let map = state.flatToPage, let page = state.page, let grey = state.unbinarised else { return }
        let measure = Foreshortening(xHeight: state.xHeightOrTarget)
        let widened = await offload { () -> (LeptonicaImage, LeptonicaImage, WidenedColumns)? in
            guard let binary = page.grayImage() else { return nil }
            let slopes = measure.slopes(map, ink: binary)
            // A page whose lines all ran nearly level had no curl to foreshorten it.
            guard slopes.contains(where: { ($0 ?? 0) >= measure.steepSlope }) else { return nil }
            let letters = measure.letters(InkComponents(binary))
            guard let stretch = measure.stretch(letters: letters, slopes: slopes, width: binary.width) else { return nil }
            trace("widen: up to \(String(format: "%.2f", stretch.max() ?? 1))x, \(binary.width) columns")
            let columns = WidenedColumns(stretch: stretch)
            guard let greyPixels = grey.grayImage(), let wideBinary = LeptonicaImage(gray: columns.apply(to: binary, binary: true)),
                let wideGrey = LeptonicaImage(gray: columns.apply(to: greyPixels, binary: false))
            else { return nil }
            return (wideBinary, wideGrey, columns)
        }
        guard let (binary, greyPage, columns) = widened else { return }
        state.page = binary
        state.unbinarised = greyPage
        state.flatToPage = ChainedPageMap(outer: columns, inner: map)
    }
}
