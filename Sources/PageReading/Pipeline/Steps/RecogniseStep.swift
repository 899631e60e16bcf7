// Step "recognise": choose the layout mode, then read the page (two halves on two workers when it is tall).
import Foundation
import Imaging
import Support

struct RecogniseStep: PageStep {
    let name = "recognise"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let page = try state.currentPage()
        let config = state.config, xHeight = state.xHeightOrTarget
        guard let gray = await offload({ page.grayImage() }) else { throw ImagingError.unreadable }
        var mode = config.pageSegmentationMode
        if let multi = config.multiColumnPageSegmentationMode {
            let detector = ColumnDetector(xHeight: xHeight)
            if await offload({ detector.hasGutter(page) }) { mode = multi }
        }
        trace("recognise: psm \(mode)")
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: mode)
        let result: RecognitionResult
        if config.splitsForParallelRecognition, let (top, bottom, offset) = await offload({ PageSplitter(xHeight: xHeight).split(gray) }) {
            // Two halves on two workers: both cores busy, about half the wall time.
            trace("recognise: split at row \(offset) of \(gray.height)")
            async let upper = engine.recognize(top, request: request)
            async let lower = engine.recognize(bottom, request: request)
            result = PageSplitter.merge(try await upper, try await lower, offset: offset)
        } else {
            trace("recognise: read whole (\(gray.width)x\(gray.height))")
            result = try await engine.recognize(gray, request: request)
        }
        state.recognised = gray
        state.segmentationMode = mode
        state.lines = result.lines
    }

    /// Letters weighted by the square of their line's confidence: how much believable text a reading holds.
    static func sureText(_ result: RecognitionResult) -> Double {
        result.lines.reduce(0) { $0 + Double($1.text.filter(\.isLetter).count) * $1.confidence * $1.confidence }
    }
}
