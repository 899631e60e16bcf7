// Step "reread": an unsure line is read again on its own from the grey page, and the surer reading of the two is kept.
import Foundation
import Imaging
import Support

/// Our threshold keeps vignetted paper and faint paragraphs, but on a soft photo it thins some strokes until a line
/// reads as crumbs ("ior" for "for", "sAl" for "(A)"), while Tesseract's own threshold of the grey crop keeps them
/// whole; on other lines it is the other way round. So the choice is made line by line: each line of the page's
/// reading that is unsure, or holds an unsure word, is cut from the grey page (with a little paper round it), read as
/// one line, and replaced when that reading is clearly surer (as a line, or in its weakest word without being less
/// sure as a line), covers the same stretch of the row and mostly says the same. A box two or three rows tall (rows
/// that layout analysis ran together) is read as a block instead, and its sure rows replace it.
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
        let rowHeight = Self.rowHeight(state.lines)
        let chosen = state.lines.indices.filter { i in
            let box = state.lines[i].box
            return Self.weakest(state.lines[i]) < unsureBelow && Double(box.width) >= 3 * x
                && (Double(box.height) <= 4 * x || Self.spansRows(box, rowHeight: rowHeight))
                && state.lines[i].text.contains(where: \.isLetter)
        }
        guard !chosen.isEmpty, let greyBytes = await offload({ grey.grayImage() }) else { return }
        let pad = Int(padding * x)
        // A box two or three rows tall is rows the layout analysis ran together (a fanned receipt's rows drift into
        // each other): it is read again as a block, whose rows may replace it.
        let crops: [(index: Int, region: PixelBox, image: GrayImage, asBlock: Bool)] = chosen.compactMap { i in
            let b = state.lines[i].box
            let region = PixelBox(x: b.x - pad / 2, y: b.y - pad, width: b.width + pad, height: b.height + 2 * pad)
            let x0 = max(0, region.x), y0 = max(0, region.y)
            let asBlock = Self.spansRows(b, rowHeight: rowHeight)
            return MissedTextRecovery.crop(greyBytes, to: region).map {
                (i, PixelBox(x: x0, y: y0, width: $0.width, height: $0.height), $0, asBlock)
            }
        }
        let line = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 7)
        let block = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        let results = try await engine.recognizeAll(crops.map { ($0.image, $0.asBlock ? block : line) })
        var replacements: [Int: [RecognizedLine]] = [:]
        for ((i, region, _, asBlock), result) in zip(crops, results) {
            let old = state.lines[i]
            let best: [RecognizedLine]
            // A block that reads as one row was one line of larger print (a heading): it is judged as a line.
            if asBlock && result.lines.count != 1 {
                let others = state.lines.indices.filter { $0 != i }.map { state.lines[$0].box }
                guard let rows = Self.chooseRows(result.lines, replacing: old, others: others, at: region, rowHeight: rowHeight) else {
                    if traceLevel >= 3 { trace("reread: rows of '\(old.text)' kept; the block read \(result.lines.map(\.text))") }
                    continue
                }
                best = rows
            } else {
                guard let one = Self.choose(result.lines, replacing: old, at: region, gain: gain) else { continue }
                best = [one]
            }
            if traceLevel >= 3 { trace("reread: '\(old.text)' -> \(best.map(\.text))") }
            trace("reread: line at \(old.box) \(String(format: "%.2f", old.confidence)) -> \(best.map { String(format: "%.2f", $0.confidence) })")
            replacements[i] = best
        }
        if !replacements.isEmpty {
            state.lines = state.lines.indices.flatMap { replacements[$0] ?? [state.lines[$0]] }
        }
        trace("reread: \(chosen.count) unsure line(s), \(replacements.count) replaced")
    }

    /// The page's usual row height: the median height of its lines that hold letters.
    static func rowHeight(_ lines: [RecognizedLine]) -> Double {
        let heights = lines.filter { $0.text.contains(where: \.isLetter) }.map(\.box.height).sorted()
        return heights.isEmpty ? 0 : Double(heights[heights.count / 2])
    }

    /// Whether `box` is as tall as two or three of the page's rows.
    static func spansRows(_ box: PixelBox, rowHeight: Double) -> Bool {
        rowHeight > 0 && Double(box.height) >= 1.6 * rowHeight && Double(box.height) <= 3.5 * rowHeight
    }

    /// The block reading of a box that spans rows, as its rows in page pixels (each with the old line's block and
    /// paragraph): those read surely and no less surely than the old line, of the usual height and on no other line
    /// of the page (`others`: a crop reaches into its neighbours' rows), when they hold clearly more sure text than
    /// the old line and most of its letters; else nil.
    static func chooseRows(
        _ read: [RecognizedLine], replacing old: RecognizedLine, others: [PixelBox], at region: PixelBox, rowHeight: Double
    ) -> [RecognizedLine]? {
        let rows = read.map { $0.moved(dx: region.x, dy: region.y) }.filter { row in
            row.confidence >= max(minimumConfidence, old.confidence) && row.text.contains(where: \.isLetter)
                && Double(row.box.height) < 1.5 * rowHeight
                && !others.contains { other in
                    other.x < row.box.maxX && other.maxX > row.box.x
                        && 2 * (min(other.maxY, row.box.maxY) - max(other.y, row.box.y)) > row.box.height
                }
        }
        func letters(_ lines: [RecognizedLine]) -> Int { lines.reduce(0) { $0 + $1.text.filter(\.isLetter).count } }
        guard !rows.isEmpty, RecogniseStep.sureText(rows) > rowsGain * RecogniseStep.sureText([old]),
            Double(letters(rows)) >= rowsLetterShare * Double(letters([old]))
        else { return nil }
        return rows.map { row in
            var row = row
            row.block = old.block
            row.paragraph = old.paragraph
            return row
        }
    }

    /// The rows read as a block replace a box that spans rows when they hold this much more sure text...
    static let rowsGain = 1.25
    /// ...and at least this share of its letters (rows that lost words are not surer).
    static let rowsLetterShare = 0.9

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
