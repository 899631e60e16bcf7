// Step "recognise": choose the layout mode, then read the page (two halves on two workers when it is tall).
import Foundation
import Imaging
import Support

struct RecogniseStep: EssentialStep {
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
        let result = try await Self.read(gray, mode: mode, xHeight: xHeight, state: state, engine: engine)
        state.recognised = gray
        state.segmentationMode = mode
        state.lines = result.lines
        state.layout = result.layout
    }

    /// A page's reading: its lines, and the blocks layout analysis read them in, in its order.
    struct Reading {
        var lines: [RecognizedLine]
        var layout: LayoutBlocks
    }

    /// The page read in `mode`: as two halves on two workers when it is tall and a blank band allows (both cores
    /// busy, about half the wall time), else whole. The cut is found on `cutOn` (the binarised page, whose ink is
    /// plain) when given, else on `gray` itself.
    static func read(
        _ gray: GrayImage, cutOn: GrayImage? = nil, mode: Int, xHeight: Double, state: PageState, engine: any OCREngine
    ) async throws -> Reading {
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: mode)
        let halves = await offload { () -> (GrayImage, GrayImage, Int)? in
            guard state.config.splitsForParallelRecognition,
                let cut = PageSplitter(xHeight: xHeight).cut(cutOn ?? gray)
            else { return nil }
            return PageSplitter.apply(cut, to: gray)
        }
        if let (top, bottom, offset) = halves {
            trace("recognise: split at row \(offset) of \(gray.height)")
            async let upper = engine.recognize(top, request: request)
            async let lower = engine.recognize(bottom, request: request)
            let (above, below) = (try await upper, try await lower)
            let merged = PageSplitter.merge(above, below, offset: offset)
            let lowerFrom = (above.lines.map(\.block).max() ?? -1) + 1
            return Reading(lines: merged.lines, layout: LayoutBlocks(lines: merged.lines, lowerFrom: lowerFrom))
        }
        trace("recognise: read whole (\(gray.width)x\(gray.height))")
        let lines = try await engine.recognize(gray, request: request).lines
        return Reading(lines: lines, layout: LayoutBlocks(lines: lines))
    }

    /// Letters weighted by the square of their line's confidence: how much believable text a reading holds.
    static func sureText(_ lines: [RecognizedLine]) -> Double {
        lines.reduce(0) { $0 + Double($1.text.filter(\.isLetter).count) * $1.confidence * $1.confidence }
    }
}
