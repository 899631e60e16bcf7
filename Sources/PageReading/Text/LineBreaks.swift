// Which line ends inside a paragraph are the print's own (a receipt's rows, code, a list, a verse) and which are
// only where the column wrapped (running text, reflowed).
import Foundation
import Support

/// A wrapped line reaches the column's right edge, or stops short of it only because the next line's first word would
/// not have fitted there. A line that stops short although that word would have fitted was ended on purpose: an item
/// of a list, a line of code, a heading run into its paragraph, a receipt's quantity row. A row with a tab stop in it
/// (a gap between two words wider than any space of running text: an item and its price) is a row of a table. Such
/// line ends are kept as line breaks, and so is the end of a row followed by one that carries on its count ("11",
/// "12" down a listing of code; "a)", "b)" down a list of exercises); the others are reflowed. Where most line ends
/// of a paragraph are kept, the paragraph is a block of rows (code, a list, a receipt) and all of them are kept, its
/// longest lines too.
enum LineBreaks {
    /// A gap between two words of a row is a tab stop when it is this many times the paragraph's plain space (the
    /// lower quartile of its gaps, at most a character's width: justified text stretches its spaces, but not this
    /// far)...
    static let tabStop = 4.0
    /// ...and at least this many times the row's height.
    static let tabStopHeights = 1.5
    /// A line that stops short by the next word's width and this many characters more was ended on purpose (a space,
    /// and slack for a column's ragged or stretched line ends).
    static let slackCharacters = 2.0
    /// A paragraph whose kept line ends are at least this share of all of them is a block of rows.
    static let rowsShare = 0.6

    /// For each line, whether a line break the print made is kept before it: true only where the line starts a
    /// printed row inside a paragraph (`paragraphBreaks` false there) and the row before it ended on purpose.
    /// - Parameters:
    ///   - rows: the printed rows in order, each the range of its lines (a line and the pieces of its row read apart).
    ///   - paragraphBreaks: whether a paragraph starts at each line.
    static func kept(_ lines: [RecognizedLine], rows ranges: [Range<Int>], paragraphBreaks: [Bool]) -> [Bool] {
        var kept = [Bool](repeating: false, count: lines.count)
        guard lines.count >= 2, paragraphBreaks.count == lines.count, ranges.last?.upperBound == lines.count else { return kept }
        let rows = ranges.map { range in
            var row = Row(
                first: range.lowerBound, line: lines[range.lowerBound], startsParagraph: range.lowerBound == 0 || paragraphBreaks[range.lowerBound])
            for i in range.dropFirst() { row.add(lines[i]) }
            return row
        }
        var start = 0
        while start < rows.count {
            var end = start + 1
            while end < rows.count, !rows[end].startsParagraph { end += 1 }
            for (row, keep) in keptInParagraph(Array(rows[start..<end])) where keep { kept[row.first] = true }
            start = end
        }
        return kept
    }

    /// One paragraph's rows after the first, each with whether the break before it is kept.
    static func keptInParagraph(_ rows: [Row]) -> [(Row, Bool)] {
        guard rows.count >= 2 else { return [] }
        // The column's right edge: where most rows end; one row that reaches further (a mark in the margin, a
        // hanging bracket) does not set it.
        let ends = rows.map(\.box.maxX).sorted(by: >)
        let edge = Double(rows.count >= 4 ? ends[1] : ends[0])
        let widths = rows.compactMap(\.characterWidth).sorted()
        guard !widths.isEmpty else { return [] }
        let character = widths[widths.count / 2]
        let spaces = rows.flatMap(\.gaps).sorted()
        let space = spaces.count < 4 ? character : min(character, spaces[spaces.count / 4])
        // Where half the rows or more have a tab stop (two at least), the paragraph is a table and each of its line
        // ends is kept; elsewhere a tab stop keeps a line end unless the next row carries on a sentence in lower
        // case (a margin note read on one row with the running text beside it).
        let tabbed = rows.map { $0.hasTabStop(space: space) }
        let table = tabbed.filter { $0 }.count >= max(2, (rows.count + 1) / 2)
        var breaks: [(Row, Bool)] = []
        var wraps = 0
        for k in 1..<rows.count {
            let before = rows[k - 1], row = rows[k]
            guard !before.endsInHyphen else {
                wraps += 1
                breaks.append((row, false))
                continue
            }
            // Chinese and Japanese text wraps between any two characters: the next row's first "word" is its first.
            let cjk = CJKText.joinsWithoutSpace(before.text.last, row.text.first)
            let room = edge - Double(before.box.maxX)
            let next = cjk ? character : row.firstWordWidth(character: character)
            let short = room > next + slackCharacters * character
            // A word in lower case ("pondía"), not a list's mark ("c)").
            let carriesOn = row.text.prefix(2).count == 2 && row.text.prefix(2).allSatisfy { $0.isLetter && $0.isLowercase }
            let tab = (tabbed[k - 1] || tabbed[k]) && (table || !carriesOn)
            let numbered = row.isNumbered(after: before)
            if traceLevel >= 3 {
                trace(
                    "clean: row at \(row.box.x),\(row.box.y) before ends \(before.box.maxX) of \(Int(edge)), room \(Int(room)), next word \(Int(next)), character \(String(format: "%.1f", character)), tab \(tab), numbered \(numbered): \(short || tab || numbered ? "kept" : "wrapped") '\(before.text.suffix(20))' | '\(row.text.prefix(20))'"
                )
            }
            breaks.append((row, short || tab || numbered))
        }
        let keptCount = breaks.filter(\.1).count
        let centred = isCentred(rows, character: character)
        if traceLevel >= 3, centred { trace("clean: \(rows.count) centred rows from '\(rows[0].text.prefix(20))'") }
        let mostlyKept = rows.count >= 3 && breaks.count > wraps && Double(keptCount) >= rowsShare * Double(breaks.count - wraps)
        guard centred || mostlyKept else { return breaks }
        // A block of rows: every line end is its own, but a word hyphenated across two rows is still one word.
        return breaks.enumerated().map { k, pair in (pair.0, !rows[k].endsInHyphen) }
    }

    /// The rows are set centred: three or more whose middles line up within `centredWithin` characters while two of
    /// them or more start `raggedBy` characters or more right of the leftmost (a shop's name and address above a
    /// receipt, a title page). Running text shares its start, but for a paragraph's indented first line.
    static func isCentred(_ rows: [Row], character: Double) -> Bool {
        guard rows.count >= 3 else { return false }
        let middles = rows.map { Double($0.box.x) + Double($0.box.width) / 2 }.sorted()
        let middle = middles[middles.count / 2]
        let starts = rows.map(\.box.x), leftmost = starts.min()!
        let indented = starts.filter { Double($0 - leftmost) >= raggedBy * character }.count
        return middles.allSatisfy { abs($0 - middle) <= centredWithin * character } && indented >= 2
    }

    /// Centred rows' middles line up within this many characters...
    static let centredWithin = 1.5
    /// ...and two or more start this many characters or more right of the leftmost.
    static let raggedBy = 4.0

    /// A printed row: one line, or the pieces of one row read apart, left to right.
    struct Row {
        /// The index of its first line.
        var first: Int
        var box: PixelBox
        var text: String
        var startsParagraph: Bool
        /// Where each word starts and ends across the page, left to right.
        var words: [(start: Double, end: Double)]

        init(first: Int, line: RecognizedLine, startsParagraph: Bool) {
            self.first = first
            self.box = line.box
            self.text = line.text
            self.startsParagraph = startsParagraph
            self.words = Self.placed(line)
        }

        mutating func add(_ line: RecognizedLine) {
            box = box.union(line.box)
            text += " " + line.text
            words += Self.placed(line)
        }

        /// A line's words across the page, from their places across the line's box.
        static func placed(_ line: RecognizedLine) -> [(start: Double, end: Double)] {
            let x = Double(line.box.x), w = Double(line.box.width)
            return line.words.map { (x + $0.start * w, x + $0.end * w) }
        }

        /// The row's mean width of a character, or nil when it holds none.
        var characterWidth: Double? {
            let visible = text.filter { !$0.isWhitespace }.count
            guard visible > 0, box.width > 0 else { return nil }
            return Double(box.width) / Double(text.count)
        }

        /// The width of the row's first word: from where the engine placed it, or else its characters at `character`
        /// each.
        func firstWordWidth(character: Double) -> Double {
            if let word = words.first, word.end > word.start { return word.end - word.start }
            let first = text.split(separator: " ").first ?? ""
            return Double(first.count) * character
        }

        /// The row ends in a hyphen after a letter: a word carries on into the next row.
        var endsInHyphen: Bool {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard let last = trimmed.last, "-‐¬\u{00AD}".contains(last) else { return false }
            return trimmed.dropLast().last?.isLetter ?? false
        }

        /// The number (or letter) the row starts with, as a count's mark: "12", "3.", "b)", "(c)".
        var mark: (kind: Character, value: Int)? {
            guard let first = text.split(separator: " ").first else { return nil }
            var core = Substring(first)
            if core.hasPrefix("(") && core.hasSuffix(")") {
                core = core.dropFirst().dropLast()
            } else if core.hasSuffix(")") || core.hasSuffix(".") {
                core = core.dropLast()
            }
            if !core.isEmpty, core.count <= 4, core.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(core) { return ("0", n) }
            // One lower-case letter counts only with its bracket or stop: "a" alone is a word.
            if core.count == 1, core != first, let c = core.first, c.isASCII, c.isLowercase, let v = c.asciiValue { return ("a", Int(v)) }
            return nil
        }

        /// The row carries on the count `previous` started: its mark is the next one.
        func isNumbered(after previous: Row) -> Bool {
            guard let a = previous.mark, let b = mark else { return false }
            return a.kind == b.kind && b.value == a.value + 1
        }

        /// The gaps between the row's words, left to right.
        var gaps: [Double] {
            let sorted = words.sorted { $0.start < $1.start }
            return zip(sorted, sorted.dropFirst()).map { $1.start - $0.end }
        }

        /// Two words of the row stand a tab stop apart, given the paragraph's usual `space`.
        func hasTabStop(space: Double) -> Bool {
            let stop = max(LineBreaks.tabStop * space, LineBreaks.tabStopHeights * Double(box.height))
            return gaps.contains { $0 >= stop }
        }
    }
}
