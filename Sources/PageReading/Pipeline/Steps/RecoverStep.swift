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
        for region in regions {
            guard let crop = MissedTextRecovery.crop(gray, to: region) else { continue }
            state.appendBlock(try await engine.recognize(crop, request: request).lines, readAt: region)
        }
    }
}
