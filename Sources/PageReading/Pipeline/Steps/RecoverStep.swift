// Step "recover": read again, as uniform blocks, regions of letters that no recognised line covers.
import Foundation
import Imaging
import Support

struct RecoverStep: PageStep {
    let name = "recover"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let gray = state.recognised else { return }
        let page = try state.currentPage()
        let recovery = MissedTextRecovery(xHeight: state.xHeightOrTarget)
        let found = state.lines
        let regions = await offload { recovery.missedRegions(in: page, lines: found) }
        guard !regions.isEmpty else { return }
        trace("recover: \(regions)")
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        var nextBlock = (state.lines.map(\.block).max() ?? -1) + 1
        var nextParagraph = (state.lines.map(\.paragraph).max() ?? -1) + 1
        for region in regions {
            guard let crop = MissedTextRecovery.crop(gray, to: region) else { continue }
            let extra = try await engine.recognize(crop, request: request)
            for var line in extra.lines {
                line.box.x += region.x
                line.box.y += region.y
                line.block = nextBlock
                line.paragraph += nextParagraph
                state.lines.append(line)
            }
            nextBlock += 1
            nextParagraph += (extra.lines.map(\.paragraph).max() ?? 0) + 1
        }
    }
}
