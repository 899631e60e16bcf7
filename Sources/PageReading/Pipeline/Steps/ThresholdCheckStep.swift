// Step "threshold": our Sauvola threshold steps back when Tesseract's own threshold reads the page better.
import Foundation
import Imaging
import Support

/// Sauvola keeps vignetted paper from losing whole paragraphs, but on a blurred photo its local threshold cuts the
/// soft letters into crumbs that Tesseract's own (Otsu on the grey page) keeps whole. When the reading of the
/// binarised page is unsure, the grey page is read too, cut the same way, and the reading with more sure text wins.
struct ThresholdCheckStep: PageStep {
    let name = "threshold"

    /// Only when there is a threshold of ours to check.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool {
        config.runs(name) && config.binarises && config.thresholdCheckBelow > 0
    }

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let grey = state.unbinarised, let binary = state.recognised else { return }
        let sureness = Self.sureness(state.lines)
        guard sureness < state.config.thresholdCheckBelow else { return }
        guard let greyPixels = await offload({ grey.grayImage() }) else { return }
        // Two bands of the page's lines first, one on each worker: when the grey page reads them no better, the
        // whole page is not read again (most unsure pages are receipts, textures or curls, not blur).
        if let probe = Self.probeBands(state.lines, height: greyPixels.height) {
            let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: state.segmentationMode)
            async let first = engine.recognize(
                MissedTextRecovery.crop(greyPixels, to: Self.band(probe[0], width: greyPixels.width))!, request: request)
            async let second = engine.recognize(
                MissedTextRecovery.crop(greyPixels, to: Self.band(probe[1], width: greyPixels.width))!, request: request)
            let greyProbe = RecogniseStep.sureText(try await first.lines) + RecogniseStep.sureText(try await second.lines)
            let binaryProbe = RecogniseStep.sureText(state.lines.filter { line in probe.contains { $0.contains(Int(line.box.midY)) } })
            trace(
                "threshold: unsure reading (\(String(format: "%.2f", sureness))), probe sure text \(Int(binaryProbe)) binarised, \(Int(greyProbe)) grey"
            )
            guard Self.greyWins(binarised: binaryProbe, grey: greyProbe) else { return }
        }
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
        state.layout = again.layout
    }

    /// Two bands of rows (page rows), each about a sixth of the page's lines, around its first and third quarters;
    /// nil when the page has too few lines for a probe to say much less than the whole.
    static func probeBands(_ lines: [RecognizedLine], height: Int) -> [Range<Int>]? {
        guard lines.count >= 12 else { return nil }
        let sorted = lines.sorted { $0.box.midY < $1.box.midY }
        let n = sorted.count, k = max(2, n / 6)
        let bands = [n / 4, 3 * n / 4 - k].map { start -> Range<Int> in
            let slice = sorted[start..<min(n, start + k)]
            let pad = slice.map(\.box.height).max() ?? 0
            return max(0, slice.map(\.box.y).min()! - pad / 2)..<min(height, slice.map(\.box.maxY).max()! + pad / 2)
        }
        guard bands.allSatisfy({ $0.count >= 8 }), bands[0].upperBound <= bands[1].lowerBound else { return nil }
        return bands
    }

    /// A band of rows as a box across the page.
    static func band(_ rows: Range<Int>, width: Int) -> PixelBox {
        PixelBox(x: 0, y: rows.lowerBound, width: width, height: rows.count)
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
