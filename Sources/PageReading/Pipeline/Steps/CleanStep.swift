// Step "clean": page furniture set apart, paragraphs found, hyphenation joined, lines reflowed.
import Foundation
import Imaging
import Support

struct CleanStep: EssentialStep {
    let name = "clean"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        // Lines read apart come last, also when the order step is switched off.
        var lines = state.lines + state.trailingLines
        state.trailingLines = []
        if state.languages.contains("eng") {
            lines = lines.map { line in
                var l = line
                l.text = TextCleaner.barsReadAsI(l.text)
                return l
            }
        }
        var isFurniture = TextCleaner.pageFurnitureMask(lines).map { !$0 }
        if state.config.pageFurniture == .removed {
            lines = zip(lines, isFurniture).filter { !$0.1 }.map(\.0)
            isFurniture = lines.map { _ in false }
        }
        // Pieces of one printed row read apart (an item and its price, a number and its exercise) are one line.
        let rows = Self.printedRows(lines)
        var paragraphs = Self.paragraphBreaks(lines, rows: rows)
        // A page number or running head is a paragraph of its own, never joined to the text it sits above or below.
        for i in lines.indices where isFurniture[i] {
            paragraphs[i] = true
            if i + 1 < lines.count { paragraphs[i + 1] = true }
        }
        // Rows, lists and code keep the line ends the print gave them; running text is reflowed.
        let keptBreaks = LineBreaks.kept(lines, rows: rows, paragraphBreaks: paragraphs)
        let printed: [(text: String, join: TextCleaner.LineJoin)] = rows.map { row in
            let first = row.lowerBound
            return (row.map { lines[$0].text }.joined(separator: " "), paragraphs[first] ? .newParagraph : keptBreaks[first] ? .newLine : .wrapped)
        }
        if traceLevel >= 1, keptBreaks.contains(true) {
            trace("clean: \(keptBreaks.filter { $0 }.count) line end(s) kept of \(lines.count) lines")
        }
        state.lines = lines
        state.text = TextCleaner.clean(lines: printed, words: state.words)
        // A few stray letters are not a page of text; a short word or number read surely ("The", "12.50") is.
        let sure = !lines.isEmpty && lines.allSatisfy { $0.confidence >= Self.sureShortText }
        let word = state.text.split(whereSeparator: \.isWhitespace).contains { $0.filter { $0.isLetter || $0.isNumber }.count >= 2 }
        guard state.text.filter(\.isLetter).count >= 4 || (sure && word) else { throw OCRError.noText }
    }

    /// A text of fewer than four letters is kept when every line of it reads at least this surely and it holds a word
    /// of two letters or digits or more (not "a b": crumbs).
    static let sureShortText = 0.9

    /// The printed rows, in order, each as the range of its lines: a line and the pieces of its row read apart after
    /// it (`sharesRow`).
    static func printedRows(_ lines: [RecognizedLine]) -> [Range<Int>] {
        var rows: [Range<Int>] = []
        for i in lines.indices {
            if let last = rows.last, i > 0, sharesRow(lines[i - 1].box, lines[i].box) {
                rows[rows.count - 1] = last.lowerBound..<(i + 1)
            } else {
                rows.append(i..<(i + 1))
            }
        }
        return rows
    }

    /// `LineOrderer.paragraphBreaks`, where a row follows one read in pieces, only where it holds both against that
    /// row's last piece and against the whole row: against a price at the far right alone, the next item looks like
    /// a jump to another column; against the whole row alone, with a note in the margin at its start, the column's
    /// next row looks indented.
    static func paragraphBreaks(_ lines: [RecognizedLine], rows: [Range<Int>]) -> [Bool] {
        var breaks = LineOrderer.paragraphBreaks(lines)
        let whole = rows.map { row in
            var line = lines[row.lowerBound]
            line.box = row.dropFirst().reduce(line.box) { $0.union(lines[$1].box) }
            return line
        }
        for (k, starts) in LineOrderer.paragraphBreaks(whole).enumerated() where k > 0 && rows[k - 1].count > 1 {
            breaks[rows[k].lowerBound] = breaks[rows[k].lowerBound] && starts
        }
        return breaks
    }

    /// `next` continues the printed row of `previous`: to its right, overlapping it by half the smaller height. Text
    /// standing upright in a margin (a box at least three times taller than wide) continues no row.
    static func sharesRow(_ previous: PixelBox, _ next: PixelBox) -> Bool {
        guard previous.height < 3 * previous.width, next.height < 3 * next.width else { return false }
        let overlap = min(previous.maxY, next.maxY) - max(previous.y, next.y)
        return next.x >= previous.maxX - min(previous.height, next.height) && 2 * overlap >= min(previous.height, next.height)
    }
}
