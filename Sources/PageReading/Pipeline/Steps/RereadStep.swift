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
        // Letters of the page's rows that layout analysis left out just before a line's start or after its end (a bold
        // item number before a tab: "2." dropped from "2. Give a word …"): the line is read again with them.
        let rows = (state.inkLines ?? []) + state.shortInkLines
        let unread = state.ink.map { UnreadEnds(xHeight: x).find(lines: state.lines, rows: rows, ink: $0) } ?? [:]
        let unsure = state.lines.indices.filter { i in
            let box = state.lines[i].box
            return Self.weakest(state.lines[i]) < unsureBelow && Double(box.width) >= 3 * x
                && (Double(box.height) <= 4 * x || Self.spansRows(box, rowHeight: rowHeight))
                && state.lines[i].text.contains(where: \.isLetter)
        }
        guard !unsure.isEmpty || !unread.isEmpty, let greyBytes = await offload({ grey.grayImage() }) else { return }
        let pad = Int(padding * x)
        // A box two or three rows tall is rows the layout analysis ran together (a fanned receipt's rows drift into
        // each other): it is read again as a block, whose rows may replace it. A line with letters left out at an end
        // is read again over them too (`widened`); that reading is taken only when it adds them.
        let jobs =
            unsure.map { (index: $0, box: state.lines[$0].box, widened: false) }
            + unread.keys.sorted().map { (index: $0, box: unread[$0]!, widened: true) }
        let crops: [(index: Int, region: PixelBox, image: GrayImage, asBlock: Bool, widened: Bool)] = jobs.compactMap { job in
            let b = job.box
            let region = PixelBox(x: b.x - pad / 2, y: b.y - pad, width: b.width + pad, height: b.height + 2 * pad)
            let x0 = max(0, region.x), y0 = max(0, region.y)
            let asBlock = !job.widened && Self.spansRows(b, rowHeight: rowHeight)
            return MissedTextRecovery.crop(greyBytes, to: region).map {
                (job.index, PixelBox(x: x0, y: y0, width: $0.width, height: $0.height), $0, asBlock, job.widened)
            }
        }
        let line = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 7)
        let block = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        let results = try await engine.recognizeAll(crops.map { ($0.image, $0.asBlock ? block : line) })
        var replacements: [Int: [RecognizedLine]] = [:]
        // The widened readings come last (as `jobs` lists them): one that adds the left-out letters wins over the
        // line's other reading.
        for ((i, region, _, asBlock, widened), result) in zip(crops, results) {
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
            } else if widened {
                guard let whole = Self.chooseWithEnds(result.lines, replacing: old, at: region) else {
                    if traceLevel >= 3 { trace("reread: '\(old.text)' kept; widened over its left-out letters it read \(result.lines.map(\.text))") }
                    continue
                }
                best = [whole]
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
        trace("reread: \(unsure.count) unsure line(s), \(unread.count) with letters left out at an end, \(replacements.count) replaced")
    }

    /// The reading of a line's crop widened over letters left out at its ends, in page pixels with the old line's
    /// block and paragraph, when it is one line, reads the old text plus something at its start or end (a letter or a
    /// digit: "2." before ". Give a word …"), and is about as sure as the old line; else nil.
    static func chooseWithEnds(_ read: [RecognizedLine], replacing old: RecognizedLine, at region: PixelBox) -> RecognizedLine? {
        guard read.count == 1, var line = read.first?.moved(dx: region.x, dy: region.y),
            line.confidence >= max(minimumConfidence, old.confidence - 0.1)
        else { return nil }
        let new = Array(line.text.unicodeScalars), was = Array(old.text.unicodeScalars)
        guard new.count > was.count else { return nil }
        let added = new.count - was.count
        // The old text at the new one's end (letters added at the start) or at its start (added at the end), whichever
        // matches it better, give or take a misread letter in ten.
        let atEnd = OCRScorer.levenshtein(Array(new.suffix(was.count)), was)
        let atStart = OCRScorer.levenshtein(Array(new.prefix(was.count)), was)
        guard atEnd != atStart, 10 * min(atEnd, atStart) <= was.count else { return nil }
        let extra = atEnd < atStart ? new.prefix(added) : new.suffix(added)
        guard extra.contains(where: { CharacterSet.alphanumerics.contains($0) }) else { return nil }
        line.block = old.block
        line.paragraph = old.paragraph
        return line
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

/// Letters of the page's rows of ink (`InkLine`) that no recognised line holds, just before a line's start or after its
/// end on its row: layout analysis can leave a bold item number before a tab out of its line ("2." of "2. Give a word
/// …" read as ". Give a word …", or lost whole), on a part of the page too short to show it a column of them.
struct UnreadEnds: Sendable {
    /// x-height of the print in page pixels.
    var xHeight: Double
    /// The left-out letters start within this many x-heights of the line's end (a tab after an item number)...
    var reach = 2.5
    /// ...and span at most this many (a number or a short word: more is the recover step's work).
    var span = 4.0

    /// For each line with letters left out at an end: its box widened over them.
    func find(lines: [RecognizedLine], rows: [InkLine], ink: InkComponents) -> [Int: PixelBox] {
        let slack = Int(0.25 * xHeight)
        let letters = Set(rows.flatMap(\.letters)).sorted().map { ink.components[$0].box }
        // A letter is read when its centre lies in a recognised line's box.
        let unread = letters.filter { letter in
            let midX = Double(letter.x) + Double(letter.width) / 2
            return !lines.contains { line in
                let b = line.box
                return midX >= Double(b.x - slack) && midX <= Double(b.maxX + slack) && letter.midY >= Double(b.y) && letter.midY <= Double(b.maxY)
            }
        }
        guard !unread.isEmpty else { return [:] }
        var found: [Int: PixelBox] = [:]
        for (i, line) in lines.enumerated() where line.text.contains(where: { $0.isLetter || $0.isNumber }) {
            let b = line.box
            let onRow = unread.filter { $0.midY >= Double(b.y) && $0.midY <= Double(b.maxY) }
            guard !onRow.isEmpty else { continue }
            let before = onRow.filter { Double($0.maxX) <= Double(b.x) + 0.25 * xHeight && Double($0.x) >= Double(b.x) - span * xHeight }
            let after = onRow.filter { Double($0.x) >= Double(b.maxX) - 0.25 * xHeight && Double($0.maxX) <= Double(b.maxX) + span * xHeight }
            var box = b
            // Letters that reach the line (the nearest within `reach`) and hold a letter's height (not a speck alone).
            for (side, isBefore) in [(before, true), (after, false)] where !side.isEmpty {
                let nearest = isBefore ? Double(b.x) - Double(side.map(\.maxX).max()!) : Double(side.map(\.x).min()!) - Double(b.maxX)
                guard nearest <= reach * xHeight, side.contains(where: { Double($0.height) >= 0.8 * xHeight }) else { continue }
                box = side.reduce(box) { $0.union($1) }
            }
            if box != b { found[i] = box }
        }
        return found
    }
}
