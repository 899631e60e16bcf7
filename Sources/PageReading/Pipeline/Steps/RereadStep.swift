// Step "reread": an unsure line is read again on its own from the grey page, and the surer reading of the two is kept.
import Foundation
import Imaging
import Support

/// Our threshold keeps vignetted paper and faint paragraphs, but on a soft photo it thins some strokes until a line
/// reads as crumbs ("ior" for "for", "sAl" for "(A)"), while Tesseract's own threshold of the grey crop keeps them
/// whole; on other lines it is the other way round. So the choice is made line by line: each line of the page's
/// reading that is unsure, or holds an unsure word, is cut from the grey page (with a little paper round it), read as
/// one line, and replaced when that reading is clearly surer (as a line, or in its weakest word without being less
/// sure as a line), covers the same stretch of the row and mostly says the same.
struct RereadStep: PageStep {
    let name = "reread"

    /// The grey page is only there when the page was binarised.
    func runs(_ config: ImageProcessor.Config, _ options: ReadOptions) -> Bool { config.runs(name) && config.binarises }

    /// Lines read with less confidence than this, or holding a word of three letters or more read so, are read again.
    var unsureBelow = 0.8
    /// The grey reading replaces the line when its confidence, or its weakest word's, is at least this much higher.
    var gain = 0.1
    /// ...and reaches at least this (a line so unsure that the filter drops it is not raised to one it keeps).
    static let minimumConfidence = 0.6
    /// ...and spans at least this share of the old line's width (a reading that lost words is not surer).
    static let widthShare = 0.9
    /// ...and needs fewer edits than this share of the longer text to become the old one (a crop that a neighbouring
    /// row reached into is read as that row).
    static let mostlyTheSame = 0.5
    /// Paper kept above and below the line's box, in x-heights (half that on each side along the row: more would
    /// take in the next cell of a receipt's row).
    var padding = 0.5

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let grey = state.unbinarised, !state.lines.isEmpty else { return }
        let x = state.xHeightOrTarget
        let chosen = state.lines.indices.filter { i in
            let box = state.lines[i].box
            return Self.weakest(state.lines[i]) < unsureBelow && Double(box.width) >= 3 * x && Double(box.height) <= 4 * x
                && state.lines[i].text.contains(where: \.isLetter)
        }
        guard !chosen.isEmpty, let greyBytes = await offload({ grey.grayImage() }) else { return }
        let pad = Int(padding * x)
        let crops: [(Int, PixelBox, GrayImage)] = chosen.compactMap { i in
            let b = state.lines[i].box
            let region = PixelBox(x: b.x - pad / 2, y: b.y - pad, width: b.width + pad, height: b.height + 2 * pad)
            let x0 = max(0, region.x), y0 = max(0, region.y)
            return MissedTextRecovery.crop(greyBytes, to: region).map { (i, PixelBox(x: x0, y: y0, width: $0.width, height: $0.height), $0) }
        }
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 7)
        let results = try await engine.recognizeAll(crops.map { ($0.2, request) })
        var replaced = 0
        for ((i, region, _), result) in zip(crops, results) {
            let old = state.lines[i]
            guard let best = Self.choose(result.lines, replacing: old, at: region, gain: gain) else { continue }
            if traceLevel >= 3 { trace("reread: '\(old.text)' -> '\(best.text)'") }
            trace("reread: line at \(old.box) \(String(format: "%.2f", old.confidence)) -> \(String(format: "%.2f", best.confidence))")
            state.lines[i] = best
            replaced += 1
        }
        trace("reread: \(chosen.count) unsure line(s), \(replaced) replaced")
    }

    /// The confidence of the line's least sure word of three letters or more, or of the line itself when it is less
    /// sure (or has no such word).
    static func weakest(_ line: RecognizedLine) -> Double {
        line.words.filter { $0.text.filter(\.isLetter).count >= 3 }.map(\.confidence).reduce(line.confidence, min)
    }

    /// The grey crop's reading of the line at `region`, in page pixels with the old line's place, block and paragraph,
    /// when it is one line, clearly surer than `old` (as a line, or in its weakest word and no less as a line), as wide
    /// as most of it and mostly the same text; else nil.
    static func choose(_ read: [RecognizedLine], replacing old: RecognizedLine, at region: PixelBox, gain: Double) -> RecognizedLine? {
        guard read.count == 1, var line = read.first?.moved(dx: region.x, dy: region.y),
            line.confidence >= old.confidence + gain || (line.confidence >= old.confidence && weakest(line) >= weakest(old) + gain),
            line.confidence >= minimumConfidence, line.text.contains(where: \.isLetter),
            Double(line.box.width) >= widthShare * Double(old.box.width)
        else { return nil }
        let new = Array(line.text.unicodeScalars), was = Array(old.text.unicodeScalars)
        guard Double(OCRScorer.levenshtein(new, was)) < mostlyTheSame * Double(max(new.count, was.count)) else { return nil }
        // The line keeps its place: the crop's reading may reach into a neighbour's ascenders, and later steps
        // order rows and find paragraphs by the boxes. Its words stay over the columns the crop read them at.
        line = line.placed(in: old.box)
        line.block = old.block
        line.paragraph = old.paragraph
        return line
    }
}
