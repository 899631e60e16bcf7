// Reading order on synthetic boxes: rows, tilted rows, two columns with a spanning title, tables.
import Imaging
import Support
import Testing

@testable import PageReading

@Suite struct LineOrderTests {
    func line(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int = 30, para: Int = 0) -> RecognizedLine {
        RecognizedLine(text: text, box: PixelBox(x: x, y: y, width: w, height: h), confidence: 0.9, paragraph: para)
    }

    @Test func groupsRowsByYThenSortsByX() {
        let lines = [line("world", 400, 102, 200), line("hello", 100, 100, 200), line("second row", 100, 160, 500)]
        let ordered = orderAndExtractLines(from: lines, yTolerance: 12).map(\.text)
        #expect(ordered == ["hello", "world", "second row"])
    }

    @Test func slightlyTiltedRowsStayTogether() {
        // Pieces of one tilted row drift by a few pixels each; the next row is a line-height below.
        let lines = [
            line("c", 700, 110, 150), line("a", 100, 100, 150), line("b", 400, 105, 150), line("d", 100, 150, 150), line("e", 400, 156, 150),
        ]
        #expect(orderAndExtractLines(from: lines, yTolerance: 12).map(\.text) == ["a", "b", "c", "d", "e"])
    }

    @Test func readsTwoColumnsOneAfterTheOtherUnderASpanningTitle() {
        var lines = [line("A Title Across Both Columns Of The Page", 100, 20, 1500)]
        for i in 0..<5 {
            lines.append(line("left column words number \(i)", 100, 100 + i * 45, 650))
            lines.append(line("right column words number \(i)", 900, 100 + i * 45, 650))
        }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered.first == "A Title Across Both Columns Of The Page")
        #expect(Array(ordered[1...5]) == (0..<5).map { "left column words number \($0)" })
        #expect(Array(ordered[6...10]) == (0..<5).map { "right column words number \($0)" })
    }

    @Test("Two columns of Chinese, whose lines Tesseract leaves unspaced, are read one after the other")
    func unspacedColumnsAreReadOneAfterTheOther() {
        let left = (0..<8).map { "左栏第\($0)行的文字没有空格一直写到栏边" }
        let right = (0..<8).map { "右栏第\($0)行的文字也没有空格写到边上" }
        var lines = [line("第五章", 600, 20, 120)]
        for i in 0..<8 {
            lines.append(line(left[i], 100, 100 + i * 50, 620))
            lines.append(line(right[i], 780, 100 + i * 50, 620))
        }
        #expect(LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text) == ["第五章"] + left + right)
    }

    @Test("A heading at the body's size centred over the gutter, and a page number under it, do not hide the gutter")
    func aCentredHeadingOverTheGutterDoesNotHideIt() {
        var lines = [
            line("CHAPTER TWO", 700, 20, 200), line("An opening paragraph set across the whole page from one margin to the other", 100, 60, 1400),
        ]
        for i in 0..<10 {
            lines.append(line("left column words number \(i)", 100, 110 + i * 40, 650))
            lines.append(line("right column words number \(i)", 850, 110 + i * 40, 650))
        }
        lines.append(line("12", 780, 520, 40))
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(Array(ordered[2...11]) == (0..<10).map { "left column words number \($0)" }, "\(ordered)")
        #expect(Array(ordered[12...21]) == (0..<10).map { "right column words number \($0)" })
        #expect(ordered.first == "CHAPTER TWO" && ordered.last == "12")
    }

    @Test("A sidebar beside a wide column: the gutter is at the column's edge, not inside it, and the sidebar's short lines are no notes")
    func aSidebarBesideAWideColumnIsReadAfterIt() {
        // The column runs from x 100 to 1030, most of the page's width; its paragraphs end in short lines. The sidebar,
        // from x 1120, stands level with the column's rows 4 to 11; its heading and last line are short.
        var main: [RecognizedLine] = []
        for i in 0..<16 {
            let end = [5, 11, 15].contains(i)
            main.append(line("the column's running text line \(i)", 100, 100 + 50 * i, end ? 600 : 930))
        }
        let side = [
            "Try This at Home", "the sidebar holds its own words here", "and runs on for a few more lines",
            "each of them beside the column's", "rows and the gutter between", "ending with a short line", "at last.",
        ]
        let sidebar = side.enumerated().map { line($1, 1120, 300 + 50 * $0, $1.count < 18 ? 200 : 380) }
        let ordered = LineOrderer(yTolerance: 12).order((main + sidebar).shuffled()).map(\.text)
        #expect(ordered == main.map(\.text) + side, "\(ordered)")
    }

    @Test("Columns of prose a little more than a line's height apart are read one after the other, on a page of any width")
    func narrowGuttersOnAWidePageStillSplitTheColumns() {
        // Three columns of 640 px, 40 px apart (1.3 lines of 30 px; under 2 % of the 2,000 px the text spans):
        // prose lines never cross the gap, so it is a gutter, not a word space, whatever the page's width.
        var lines: [RecognizedLine] = []
        for i in 0..<6 {
            for c in 0..<3 { lines.append(line("column \(c) has running words on line \(i)", 100 + c * 680, 100 + i * 42, 640)) }
        }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == (0..<3).flatMap { c in (0..<6).map { "column \(c) has running words on line \($0)" } })
        // A gap narrower than a line is a word space of a row split in two: read in rows.
        var rows: [RecognizedLine] = []
        for i in 0..<6 { for c in 0..<2 { rows.append(line("half \(c) of a row of words \(i)", 100 + c * 660, 100 + i * 42, 640)) } }
        #expect(
            LineOrderer(yTolerance: 12).order(rows.shuffled()).map(\.text)
                == (0..<6).flatMap { i in (0..<2).map { "half \($0) of a row of words \(i)" } })
    }

    @Test("A row read across the gutter is split where its left part's last word runs past the middle of the band")
    func aMergedRowWhoseLeftPartRunsPastTheBandsMiddleIsSplit() {
        // Two columns of questions; the engine read the lower rows across both as one line. The left part of the
        // first of them is longer than the column's other lines: it ends past the middle of the white band.
        let left =
            (0..<6).map { "L\($0) name the largest ocean" } + ["L6 which is heavier a kilo of iron or a kilo of wool"]
            + (7..<10).map { "L\($0) what is half of it" }
        let right = (0..<10).map { "R\($0) what do bees make from nectar" }
        var lines: [RecognizedLine] = []
        for i in 0..<6 {
            lines.append(set(left[i], 100, 100 + 50 * i))
            lines.append(set(right[i], 800, 100 + 50 * i))
        }
        for i in 6..<10 { lines.append(worded(spaced(left[i], from: 100) + spaced(right[i], from: 800), y: 100 + 50 * i)) }
        #expect(LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text) == left + right)
    }

    /// A line of `text` from x, its words set 10 px a letter with 8 px spaces.
    func set(_ text: String, _ x: Int, _ y: Int) -> RecognizedLine { worded(spaced(text, from: x), y: y) }

    /// `text`'s words set from `x`, 10 px a letter and `space` px between words: `[(text, x0, x1)]`.
    func spaced(_ text: String, from x: Int, space: Int = 8) -> [(String, Int, Int)] {
        var words: [(String, Int, Int)] = []
        for word in text.split(separator: " ").map(String.init) {
            let start = words.last.map { $0.2 + space } ?? x
            words.append((word, start, start + 10 * word.count))
        }
        return words
    }

    /// `text` set justified from `start` across `width` px: its words' spans, the spaces widened evenly.
    func justified(_ text: String, from start: Int, width: Int) -> [(String, Int, Int)] {
        let natural = set(text, start, 0)
        let count = natural.words.count, extra = width - natural.box.width, w = Double(natural.box.width)
        return natural.words.enumerated().map { k, word in
            (word.text, start + Int(word.start * w) + extra * k / (count - 1), start + Int(word.end * w) + extra * k / (count - 1))
        }
    }

    /// Twelve lines of running text in each of two columns ("col0 line3 …"), their words drawn from one list by `step`.
    func columnTexts(step: Int) -> [[String]] {
        let vocabulary = ["a", "stone", "of", "lighthouse", "the", "sea", "keeper", "we", "climbed", "narrow"]
        return (0..<2).map { c in
            (0..<12).map { i in
                "col\(c) line\(i) " + (0..<5).map { k in vocabulary[(step * c + 3 * i + k * k) % vocabulary.count] }.joined(separator: " ")
            }
        }
    }

    @Test(
        "Columns set closer than a line is high are read one after another; the rows read across a gutter are split",
        arguments: [20, 60])
    func guttersNarrowerThanALine(gap: Int) {
        // Three justified columns `gap` px apart (20: two thirds of a 30-px line); the engine read the last row across
        // all three as one line.
        let vocabulary = ["a", "stone", "of", "lighthouse", "the", "sea", "keeper", "we", "climbed", "narrow"]
        let texts = (0..<3).map { c in
            (0..<8).map { i in
                "col\(c) line\(i) " + (0..<5).map { k in vocabulary[(7 * c + 3 * i + k * k) % vocabulary.count] }.joined(separator: " ")
            }
        }
        let starts = (0..<3).map { 100 + $0 * (380 + gap) }
        func justified(_ c: Int, _ i: Int) -> RecognizedLine {
            // The words spread over the column's 380 px, the spaces widened alike.
            let natural = set(texts[c][i], starts[c], 100 + 40 * i)
            let count = natural.words.count, extra = 380 - natural.box.width, w = Double(natural.box.width)
            let spread = natural.words.enumerated().map { k, word in
                let shift = extra * k / (count - 1)
                return (word.text, starts[c] + Int(word.start * w) + shift, starts[c] + Int(word.end * w) + shift)
            }
            return worded(spread, y: 100 + 40 * i)
        }
        var lines = (0..<3).flatMap { c in (0..<7).map { justified(c, $0) } }
        let lastRow = (0..<3).flatMap { c in
            let piece = justified(c, 7)
            return piece.words.map { w in
                (w.text, piece.box.x + Int(w.start * Double(piece.box.width)), piece.box.x + Int(w.end * Double(piece.box.width)))
            }
        }
        lines.append(worded(lastRow, y: 380))
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == texts.flatMap { $0 }, "\(ordered)")
    }

    @Test("Ragged columns closer than a line is high are read one after another: each line stops where the next word would not fit")
    func raggedColumnsNarrowerThanALine() {
        // Two columns set ragged right in 380 px, 20 px apart; the engine read every row across both as one line.
        let vocabulary = ["the", "keeper", "extraordinary", "climbed", "a", "lighthouse", "of", "unremarkable", "stone", "we"]
        func column(_ seed: Int) -> [String] {
            var lines: [String] = [], current = ""
            for k in 0..<70 {
                let word = vocabulary[(seed + 3 * k + k * k / 5) % vocabulary.count]
                let longer = current.isEmpty ? word : current + " " + word
                // Set 10 px a letter, 8 px a space: a word that would pass 380 px starts the next line.
                if 10 * longer.filter { $0 != " " }.count + 8 * longer.filter { $0 == " " }.count > 380 {
                    lines.append(current)
                    current = word
                } else {
                    current = longer
                }
            }
            return Array(lines.prefix(10))
        }
        let left = column(0), right = column(5)
        let ends = left.map { set($0, 100, 0).box.maxX }
        #expect(ends.filter { 480 - $0 > 60 }.count * 5 > 2 * ends.count, "ragged: most lines end more than two lines short")
        let rows = (0..<10).map { i in
            let a = set(left[i], 100, 100 + 40 * i), b = set(right[i], 500, 100 + 40 * i)
            let words = [a, b].flatMap { piece in
                piece.words.map { w in
                    (w.text, piece.box.x + Int(w.start * Double(piece.box.width)), piece.box.x + Int(w.end * Double(piece.box.width)))
                }
            }
            return worded(words, y: 100 + 40 * i)
        }
        let ordered = LineOrderer(yTolerance: 12).order(rows.shuffled()).map(\.text)
        #expect(ordered == left + right, "\(ordered)")
    }

    @Test("Columns closer than a line is high, their paragraphs indented, under them a line across both: read column by column, then the line")
    func narrowGutterWithIndentsAndALineAcross() {
        let texts = columnTexts(step: 7)
        // Two justified columns of 380 px, 20 px apart; in the right one, every fourth line starts a paragraph, 30 px in.
        var lines = (0..<2).flatMap { c in
            (0..<12).map { i in
                let indent = c == 1 && i % 4 == 0 ? 30 : 0
                return worded(justified(texts[c][i], from: 100 + c * 400 + indent, width: 380 - indent), y: 100 + 40 * i)
            }
        }
        let across = "continued on page fourteen with the maps of the old river beds and the new"
        lines.append(set(across, 100, 100 + 40 * 12))
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == texts[0] + texts[1] + [across], "\(ordered)")
    }

    @Test("Justified columns a word space and a half apart are read column by column; a footer's word spaces do not split it")
    func justifiedColumnsAWordSpaceAndAHalfApart() {
        let texts = columnTexts(step: 5)
        // Two justified columns of 380 px, 14 px apart (a line is 30 px high, a word space 8 px); the engine read the
        // first four rows across both columns as one line each.
        func cell(_ c: Int, _ i: Int) -> [(String, Int, Int)] { justified(texts[c][i], from: 100 + c * 394, width: 380) }
        var lines = (0..<12).flatMap { i in
            i < 4 ? [worded(cell(0, i) + cell(1, i), y: 100 + 40 * i)] : (0..<2).map { worded(cell($0, i), y: 100 + 40 * i) }
        }
        // Under them, a footer set a little looser (10 px word spaces), running across the gutter.
        let across = "continued on page fourteen with the map of the old river beds and the new ones"
        let footer = spaced(across, from: 100, space: 10)
        lines.append(worded(footer, y: 100 + 40 * 12))
        #expect(zip(footer, footer.dropFirst()).contains { abs(($0.2 + $1.1) / 2 - 487) <= 10 }, "a word space of the footer's lies by the gutter")
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == texts[0] + texts[1] + [across], "\(ordered)")
    }

    @Test("Columns a line apart whose short paragraphs open with an indent of two lines are columns, under a running head across them")
    func columnsWithDeepParagraphIndentsUnderARunningHead() {
        let texts = columnTexts(step: 3)
        // Two justified columns of 380 px, 30 px apart (a line is 30 px high); paragraphs of two lines, each opening
        // with an indent of 60 px (two lines; a 1.5 em indent in a book), so half the right column's lines start an
        // indent in. A centred running head crosses the gutter above them.
        func cell(_ c: Int, _ i: Int) -> [(String, Int, Int)] {
            let indent = i % 2 == 0 ? 60 : 0
            return justified(texts[c][i], from: 100 + c * 410 + indent, width: 380 - indent)
        }
        let head = "The Winter Harbour"
        var lines = [worded(spaced(head, from: 400), y: 40)]
        lines += (0..<12).flatMap { i in (0..<2).map { worded(cell($0, i), y: 100 + 40 * i) } }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == [head] + texts[0] + texts[1], "\(ordered)")
    }

    @Test(
        "Rows of items, each a capitalised start and a note that continues it across a gap, are read row by row",
        arguments: [20, 80])
    func itemsWithNotesAcrossAGapAreReadInRows(gap: Int) {
        let items = ["Carrots", "Onions", "Eggs", "Apples", "Cheese", "Butter", "Herbs", "Flour"]
        let notes = [
            "washed and cut into thin strips", "peeled and chopped very finely", "beaten lightly with a fork",
            "cored and sliced into rings", "grated coarsely and kept cold", "softened at room temperature",
            "picked from the garden that morning", "sifted twice with some salt",
        ]
        let lefts = items.map { "\($0) from the market stall" }
        let widest = lefts.map { set($0, 100, 0).box.maxX }.max()!
        let lines = (0..<8).flatMap { i in [set(lefts[i], 100, 100 + 40 * i), set(notes[i], widest + gap, 100 + 40 * i)] }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == (0..<8).flatMap { [lefts[$0], notes[$0]] }, "\(ordered)")
    }

    @Test("A heading set in one column's width, with white across the page beside it, closes the columns above it")
    func aHeadingInOneColumnStartsANewSection() {
        func column(_ c: Int, _ section: Int, from y: Int) -> [RecognizedLine] {
            (0..<6).map { i in line("s\(section) c\(c) line \(i) of the running text here", 100 + 500 * c, y + 40 * i, 420) }
        }
        let first = column(0, 1, from: 100) + column(1, 1, from: 100)
        let heading = line("A Second Flood Years Later", 100, 370, 380, 45)
        let second = column(0, 2, from: 450) + column(1, 2, from: 450)
        let ordered = LineOrderer(yTolerance: 12).order((first + [heading] + second).shuffled()).map(\.text)
        #expect(ordered == (first + [heading] + second).map(\.text), "\(ordered)")
        // Beside a line of the other column, a taller line is a heading within its column.
        let within = line("A Heading In Its Column", 100, 220, 380, 45)
        let page = column(0, 1, from: 100).prefix(3) + [within] + column(0, 1, from: 280).suffix(3) + column(1, 1, from: 100)
        let read = LineOrderer(yTolerance: 12).order(Array(page).shuffled()).map(\.text)
        #expect(Array(read.prefix(7)) == (Array(page.prefix(7))).map(\.text), "\(read)")
    }

    @Test("A table's two columns of cells are no narrow gutter: its left cells do not run up to the gap")
    func aTableOfCellsHasNoNarrowGutter() {
        let items = ["a b c d", "an item of four", "a much longer item of words", "one two three four"]
        let lines = (0..<8).flatMap { i in [set(items[i % 4], 100, 100 + 40 * i), set("costs this much per unit \(i)", 600, 100 + 40 * i)] }
        #expect(LineOrderer.narrowGutters(in: lines) == nil)
    }

    @Test func tablesOfShortCellsReadRowByRow() {
        var lines: [RecognizedLine] = []
        for i in 0..<5 {
            lines.append(line("/word\(i)/", 100, 100 + i * 60, 200))
            lines.append(line("‘gloss\(i)’", 900, 102 + i * 60, 200))
        }
        let ordered = orderAndExtractLines(from: lines, yTolerance: 12).map(\.text)
        #expect(ordered == (0..<5).flatMap { ["/word\($0)/", "‘gloss\($0)’"] })
    }

    /// One column of running text: ten lines 40 px apart from y = 100, starting at `x`, and their texts in order.
    func runningColumn(x: Int = 300) -> (lines: [RecognizedLine], texts: [String]) {
        let texts = (0..<10).map { "running text of the column line \($0)" }
        return (texts.enumerated().map { i, text in line(text, x, 100 + i * 40, 900) }, texts)
    }

    @Test func marginNotesAreReadWholeBesideTheirLineNotThreadedThroughTheColumn() {
        // One column of running text, lines 40 px apart; two side headings in the left margin, 20 px clear of the
        // column, their lines close together, the second note a little further below the first than its own lines.
        let (columnLines, column) = runningColumn()
        let lines =
            columnLines + [
                line("First", 100, 140, 120), line("side note", 100, 172, 180),
                line("Second", 100, 222, 120), line("note here", 100, 254, 180),
            ]
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == [column[0], "First", "side note", column[1], column[2], "Second", "note here"] + column[3...])
        // A price column beside the text is not notes: it stays in rows.
        let priced = runningColumn(x: 100).lines + [line("12,50", 1100, 140, 100), line("3,99", 1100, 180, 100)]
        let rows = LineOrderer(yTolerance: 12).order(priced.shuffled()).map(\.text)
        #expect(
            rows[0...4] == [
                "running text of the column line 0", "running text of the column line 1", "12,50", "running text of the column line 2", "3,99",
            ])
    }

    @Test("Side notes of up to six small words, and a note wrapped onto one short word, are notes too")
    func longerNotesAndAWrappedLastWordAreNotes() {
        // One column of running text, lines 40 px apart, beside two side notes in the left margin set small: the first
        // six words and five long, the second wrapped onto "on" (two letters, too little to look like a note alone).
        let (columnLines, column) = runningColumn()
        let lines =
            columnLines + [
                line("The recipe calls for three eggs,", 60, 140, 220), line("a pinch of salt and", 100, 172, 180),
                line("The weather station", 100, 262, 180), line("on", 260, 294, 20),
            ]
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        let notes = [["The recipe calls for three eggs,", "a pinch of salt and"], ["The weather station", "on"]]
        #expect(ordered == [column[0]] + notes[0] + column[1...3] + notes[1] + column[4...], "\(ordered)")
    }

    @Test("A short line level with every row of a column is the row's first cell (a term and its description), not a margin note")
    func aTableOfTermsIsReadInRows() {
        let terms = ["Carrots", "Onions", "Butter", "Apples", "Cheese", "Herbs", "Milk", "Sugar"]
        var lines = terms.indices.map { i in line("washed and cut into strips number \(i)", 300, 100 + i * 40, 500) }
        lines += terms.enumerated().map { i, term in line(term, 100, 100 + i * 40, 120) }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == terms.enumerated().flatMap { i, term in [term, "washed and cut into strips number \(i)"] })
        // Four side headings level with four of the ten rows are still notes, each read whole before its row.
        let noted = runningColumn().lines + [0, 3, 6, 9].map { i in line("Note \(i)", 100, 100 + i * 40, 120) }
        #expect(LineOrderer.marginNotes(noted)?.notes.count == 4)
    }

    @Test("A list of terms whose descriptions wrap onto a short second line: each term is read before its own description")
    func termsBesideWrappedDescriptionsAreNotOneNote() {
        // Six entries, each a description of two lines 40 px apart (the second line short) with a term level with its
        // first line; the entries 120 px apart. The lines of four words or more are each entry's first: from one to
        // the next lies a whole entry, far more than the leading between a description's two lines.
        let terms = ["Bleed", "Colophon", "Kerning", "Leading", "Verso", "Widow"]
        var lines: [RecognizedLine] = []
        var expected: [String] = []
        for (i, term) in terms.enumerated() {
            let first = "the description of \(term) runs on", second = "to its end."
            lines += [line(term, 100, 100 + i * 120, 120), line(first, 600, 100 + i * 120, 1000), line(second, 600, 140 + i * 120, 300)]
            expected += [term, first, second]
        }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == expected, "\(ordered)")
    }

    @Test("Terms beside one-line descriptions at the text's leading are read each with its row; a note running on in small letters stays whole")
    func termsBesideOneLineDescriptionsAreEachTheirRows() {
        // A title, one entry read with its term on one line, then six terms each level with a one-line description,
        // 40 px apart, each description a sentence (one has lost its full stop to the recogniser). Not every row has
        // a term beside it (the title, the joined entry), so the terms are no table's first column; and they stand at
        // the text's leading, as one note's lines would.
        let terms = ["Verso", "Widow", "Serif", "Signature", "Ligature", "Proof"]
        let rows = terms.map { "A description of the word \($0) set here." }.enumerated().map { $0 == 3 ? String($1.dropLast()) : $1 }
        var lines = [line("Glossary of printing terms", 100, 20, 700), line("Colophon A note at the end of a book.", 100, 60, 1200)]
        lines += terms.indices.flatMap { i in [line(terms[i], 100, 100 + i * 40, 150), line(rows[i], 600, 100 + i * 40, 900)] }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(
            ordered == ["Glossary of printing terms", "Colophon A note at the end of a book."] + zip(terms, rows).flatMap { [$0, $1] }, "\(ordered)")
        // Beside rows that are each a sentence, a note's second line in small letters is that note's.
        let sentences = (0..<10).map { "Line \($0) of the column is a sentence." }
        let column = sentences.enumerated().map { i, text in line(text, 300, 100 + i * 40, 900) }
        let noted = column + [line("The new telescope allowed", 60, 140, 220), line("astronomers to see", 100, 180, 180)]
        let read = LineOrderer(yTolerance: 12).order(noted.shuffled()).map(\.text)
        #expect(read == [sentences[0], "The new telescope allowed", "astronomers to see"] + sentences[1...], "\(read)")
    }

    @Test("Comments trailing lines of code across a wide band are read on their lines; two columns of running text are not")
    func trailingCommentsAreReadOnTheirRows() {
        // Code: lines of ragged length, most ending far short of the comments' band; each comment level with its line.
        let code: [(String, Int)] = [
            ("def load ( path ) :", 420), ("rows = [ ]", 260), ("with open ( path ) as f :", 560), ("for line in f :", 400),
            ("return rows", 300), ("def total ( rows ) :", 440), ("s = 0", 160), ("for r in rows :", 380), ("return s", 230),
        ]
        let comments: [Int: String] = [
            0: "# open the data file", 1: "# collected rows", 3: "# one record per line", 5: "# sum the amounts", 6: "# running total",
            8: "# in euros",
        ]
        /// `text` set from `x`, its words `width` pixels apart in all, as the engine reads a line.
        func spaced(_ text: String, _ x: Int, _ y: Int, _ width: Int) -> RecognizedLine {
            let words = text.split(separator: " ").map(String.init)
            let pitch = width / words.count
            return worded(words.enumerated().map { k, word in (word, x + k * pitch, x + (k + 1) * pitch - 8) }, y: y)
        }
        var lines = code.enumerated().map { i, c in spaced(c.0, 100, 100 + i * 40, c.1) }
        lines += comments.map { i, text in spaced(text, 800, 100 + i * 40, 420) }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        let expected = code.indices.flatMap { i in [code[i].0] + (comments[i].map { [$0] } ?? []) }
        #expect(ordered == expected)
        // Two columns of running text whose left lines run up to the band are read column by column.
        var columns = (0..<9).map { i in spaced("left column running text line \(i)", 100, 100 + i * 40, 560 + (i % 3) * 20) }
        columns += (0..<9).map { i in spaced("right column running text line \(i)", 800, 100 + i * 40, 600) }
        let read = LineOrderer(yTolerance: 12).order(columns.shuffled()).map(\.text)
        #expect(read == (0..<9).map { "left column running text line \($0)" } + (0..<9).map { "right column running text line \($0)" })
        // A list of short items beside a column of running text that fills every row: two columns, not trailing fields.
        var listed = (0..<9).map { i in spaced("item of the list number \(i)", 100, 100 + i * 40, 300 + (i % 4) * 60) }
        listed += (0..<9).map { i in spaced("right column running text line \(i)", 800, 100 + i * 40, 600) }
        let list = LineOrderer(yTolerance: 12).order(listed.shuffled()).map(\.text)
        #expect(list == (0..<9).map { "item of the list number \($0)" } + (0..<9).map { "right column running text line \($0)" })
    }

    @Test("A list numbered down its columns is read column by column, a line read across them too; numbered across, in rows")
    func aListNumberedDownItsColumnsIsReadColumnByColumn() {
        let goods = ["butter", "matches", "salt", "carrots", "cheese", "yogurt", "eggs", "flour", "coffee", "bread", "rice", "tea"]
        func item(_ n: Int) -> String { "\(n). \(goods[n - 1])" }
        // Three columns of four items under a heading; the first row was read as one line across the three columns.
        var lines = [worded([("Shopping", 100, 260), ("list", 270, 330)], y: 40)]
        lines.append(
            worded([("1.", 100, 130), ("butter", 140, 240), ("5.", 500, 530), ("cheese", 540, 650), ("9.", 900, 930), ("coffee", 940, 1050)], y: 100))
        for row in 1..<4 {
            for col in 0..<3 {
                let n = col * 4 + row + 1, x = 100 + 400 * col
                lines.append(worded([("\(n).", x, x + 30 + (n >= 10 ? 15 : 0)), (goods[n - 1], x + 50, x + 160)], y: 100 + 50 * row))
            }
        }
        lines.append(worded([("Thank", 100, 200), ("you", 210, 270)], y: 330))
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == ["Shopping list"] + (1...12).map(item) + ["Thank you"])
        // Numbered across the rows, the same list stays in rows.
        var across: [RecognizedLine] = []
        for row in 0..<4 {
            for col in 0..<3 {
                let n = row * 3 + col + 1, x = 100 + 400 * col
                across.append(worded([("\(n).", x, x + 30), (goods[n - 1], x + 50, x + 160)], y: 100 + 50 * row))
            }
        }
        #expect(LineOrderer(yTolerance: 12).order(across.shuffled()).map(\.text) == (1...12).map(item))
        #expect(LineOrderer.numberedColumns(across) == nil)
    }

    @Test("Two columns of three numbered items, each row read as one line across both, the third item wrapped: column by column")
    func numberedItemsReadAsOneLinePerRow() {
        let goods = ["butter", "matches", "salt", "carrots", "cheese", "yogurt"]
        // Items 1-3 down the left column, 4-6 down the right; item 3 runs on to a second line.
        var lines = (0..<3).map { row in
            let a = row + 1, b = row + 4
            return worded(
                [
                    ("\(a).", 100, 130), ("fetch", 140, 200), (goods[a - 1], 210, 320), ("\(b).", 600, 630), ("fetch", 640, 700),
                    (goods[b - 1], 710, 820),
                ],
                y: 100 + 60 * row)
        }
        lines.append(worded([("and", 140, 180), ("bread", 190, 250)], y: 100 + 60 * 2 + 36))
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        let items = (1...6).map { "\($0). fetch \(goods[$0 - 1])" }
        #expect(ordered == Array(items[0..<3]) + ["and bread"] + Array(items[3...]), "\(ordered)")
    }

    @Test("Exercises numbered across two columns, some running on, each row read as one line across: each item whole, in order")
    func itemsNumberedAcrossAreReadWhole() {
        // Items 1|2, 3|4, 5|6 side by side under a heading; items 1, 2 and 3 run on to a second line, and layout
        // analysis read each row (first lines, then second lines) across both columns.
        let first = [
            "1. Write three quarters as a", "2. Order these numbers from", "3. A recipe needs two cups", "4. Round seven to tens.",
            "5. Explain why it is so.", "6. Convert one eighth.",
        ]
        let second = [1: "decimal.", 2: "smallest to largest.", 3: "of flour for each loaf."]
        var lines = [worded(spaced("Worksheet seven", from: 100), y: 40)]
        for row in 0..<3 {
            let y = 120 + 120 * row, a = 2 * row + 1, b = 2 * row + 2
            lines.append(worded(spaced(first[a - 1], from: 100) + spaced(first[b - 1], from: 700), y: y))
            let left = second[a].map { spaced($0, from: 100) } ?? [], right = second[b].map { spaced($0, from: 700) } ?? []
            if !(left + right).isEmpty { lines.append(worded(left + right, y: y + 40)) }
        }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        let expected = ["Worksheet seven"] + (1...6).flatMap { n in [first[n - 1]] + (second[n].map { [$0] } ?? []) }
        #expect(ordered == expected, "\(ordered)")
    }

    @Test("Questions numbered across two columns a gutter parts are read in their numbers' order, a comma for a full stop too")
    func questionsNumberedAcrossAGutterAreReadInOrder() {
        // A worksheet: questions 1 | 2, 3 | 4 … 15 | 16 side by side, a clear gutter between the columns; each question
        // one line; the recogniser read "9." as "9,".
        let questions = [
            "How many days are there in a leap year?", "What is the capital of Norway?", "Which planet is closest to the sun?",
            "Write the plural of mouse.", "What is the opposite of ancient?", "Which is heavier, iron or wool?",
            "Name two instruments with strings.", "Round 347 to the nearest hundred.", "What do bees make from nectar?",
            "How many minutes are in two hours?", "What shape has six equal sides?", "Name the largest ocean on Earth.",
            "Spell the number eleven in words.", "Name a bird that cannot fly.", "Name three rivers that flow.",
            "Which month comes after September?",
        ]
        func mark(_ n: Int) -> String { n == 9 ? "9," : "\(n)." }
        var lines = [worded(spaced("Worksheet 8: Mixed Practice", from: 100), y: 40)]
        for row in 0..<8 {
            for (n, x) in [(2 * row + 1, 100), (2 * row + 2, 900)] {
                // The right column's rows lie two pixels higher (a page levelled to a pixel or two).
                lines.append(worded(spaced("\(mark(n)) \(questions[n - 1])", from: x), y: 110 + 60 * row - (x > 100 ? 2 : 0)))
            }
        }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        #expect(ordered == ["Worksheet 8: Mixed Practice"] + (1...16).map { "\(mark($0)) \(questions[$0 - 1])" }, "\(ordered)")
        // Numbered down the columns (1-8 on the left, 9-16 on the right), they are read column by column, as before.
        var down = [worded(spaced("Worksheet 8: Mixed Practice", from: 100), y: 40)]
        for row in 0..<8 {
            for (n, x) in [(row + 1, 100), (row + 9, 900)] {
                down.append(worded(spaced("\(n). \(questions[n - 1])", from: x), y: 110 + 60 * row))
            }
        }
        let columns = LineOrderer(yTolerance: 12).order(down.shuffled()).map(\.text)
        #expect(columns == ["Worksheet 8: Mixed Practice"] + (1...16).map { "\($0). \(questions[$0 - 1])" }, "\(columns)")
    }

    /// A line with its words spread over `[(text, x0, x1)]` (page pixels), boxed from the first word to the last.
    func worded(_ words: [(String, Int, Int)], y: Int, h: Int = 30) -> RecognizedLine {
        let x0 = words[0].1, width = words.last!.2 - x0
        return RecognizedLine(
            text: words.map(\.0).joined(separator: " "), box: PixelBox(x: x0, y: y, width: width, height: h), confidence: 0.9,
            words: words.map { word in
                TextWord(
                    text: word.0, start: Double(word.1 - x0) / Double(width), end: Double(word.2 - x0) / Double(width), confidence: 0.9,
                    rival: 0, inDictionary: true)
            })
    }

    /// Two columns of boxed exercises in two rows of boxes, each box's first row read on one line with its
    /// neighbour's; `label(row, column)` is what a box's rows end with (its exercise's number when `numbered`).
    func boxedGrid(numbered: Bool, mark: (Int) -> String = { "\($0)." }, label: (Int, Int) -> Int) -> (
        lines: [RecognizedLine], frames: [PixelBox]
    ) {
        let frames = [0, 1].flatMap { r in [0, 1].map { c in PixelBox(x: 100 + 600 * c, y: 200 + 300 * r, width: 560, height: 250) } }
        var lines = [worded([("Exercises", 100, 400)], y: 100, h: 40)]
        for r in 0..<2 {
            let y = 240 + 300 * r, a = label(r, 0), b = label(r, 1)
            func first(_ n: Int, _ x: Int) -> [(String, Int, Int)] {
                (numbered ? [(mark(n), x, x + 30)] : []) + [
                    ("first", x + 40, x + 130), ("row", x + 140, x + 200), ("of", x + 210, x + 240), ("\(n)", x + 250, x + 280),
                ]
            }
            lines.append(worded(first(a, 130) + first(b, 730), y: y))
            lines.append(worded([("second", 130, 250), ("row", 260, 320), ("\(a)", 330, 360)], y: y + 50))
            lines.append(worded([("second", 730, 850), ("row", 860, 920), ("\(b)", 930, 960)], y: y + 50))
        }
        return (lines, frames)
    }

    @Test("An item's number: digits, then a full stop, a bracket or a comma read for one; a measure or a thousand is none")
    func itemNumbers() {
        #expect(["3. Maps", "12) Spelling", "9, Fractions", "3.Measure", "7."].map { LineOrderer.itemNumber($0) } == [3, 12, 9, 3, 7])
        #expect(["3.5 cm of ribbon", "1,500 people", "1234. Year", "No. 3", "3 apples", ""].allSatisfy { LineOrderer.itemNumber($0) == nil })
    }

    @Test("Print in drawn boxes is read box by box, a grid of boxes row by row, even where one line ran across two boxes")
    func boxesAreReadAsBlocks() {
        let orderer = LineOrderer(yTolerance: 12)
        func expected(_ numbered: Bool) -> [String] {
            ["Exercises"] + (1...4).flatMap { [(numbered ? "\($0). " : "") + "first row of \($0)", "second row \($0)"] }
        }
        let across = boxedGrid(numbered: false) { r, c in 2 * r + c + 1 }
        #expect(orderer.order(across.lines.shuffled(), frames: across.frames).map(\.text) == expected(false))
        // Numbered down the columns, the boxes are read in their numbers' order.
        let down = boxedGrid(numbered: true) { r, c in 2 * c + r + 1 }
        #expect(orderer.order(down.lines.shuffled(), frames: down.frames).map(\.text) == expected(true))
        // Also where the recogniser read one box's full stop as a comma ("4, Fractions").
        let comma = boxedGrid(numbered: true, mark: { $0 == 4 ? "4," : "\($0)." }) { r, c in 2 * c + r + 1 }
        #expect(
            orderer.order(comma.lines.shuffled(), frames: comma.frames).map(\.text)
                == expected(true).map { $0.hasPrefix("4. ") ? "4, " + $0.dropFirst(3) : $0 })
        // One box is no grid: the lines are ordered as without it.
        #expect(orderer.order(across.lines, frames: [across.frames[0]]) == orderer.order(across.lines))
    }

    @Test("A form's field boxes, two to a row, are read row by row though each holds words enough to look like a column")
    func formBoxesAreReadInRows() {
        let frames = (0..<4).flatMap { r in [0, 1].map { c in PixelBox(x: 100 + 600 * c, y: 100 + 150 * r, width: 560, height: 120) } }
        var lines: [RecognizedLine] = []
        for (k, f) in frames.enumerated() {
            lines.append(worded([("Field", f.x + 20, f.x + 100), ("\(k)", f.x + 110, f.x + 140)], y: f.y + 15))
            lines.append(
                worded(
                    [("value", f.x + 20, f.x + 110), ("of", f.x + 120, f.x + 150), ("field", f.x + 160, f.x + 240), ("\(k)", f.x + 250, f.x + 280)],
                    y: f.y + 60))
        }
        // Rows of tick boxes' labels under the boxes, two to a row.
        for r in 0..<5 {
            lines.append(worded([("Student", 120, 250), ("Senior", 270, 380), ("Other\(r)", 520, 640)], y: 720 + 50 * r))
            lines.append(worded([("Friend", 720, 830), ("Poster", 850, 960), ("More\(r)", 1130, 1240)], y: 720 + 50 * r))
        }
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled(), frames: frames).map(\.text)
        let ticks = (0..<5).flatMap { ["Student Senior Other\($0)", "Friend Poster More\($0)"] }
        #expect(ordered == (0..<8).flatMap { ["Field \($0)", "value of field \($0)"] } + ticks, "\(ordered)")
    }

    @Test func aNoteReadOnOneLineWithTheColumnBesideItIsSplitAtTheColumnsEdge() {
        // The column's lines start at x 300; a side heading's lines end at 280, and two of them were read on one line
        // with the column's row beside them.
        func row(_ i: Int) -> [(String, Int, Int)] {
            [("running", 300, 420), ("text", 440, 500), ("of", 520, 550), ("line", 570, 640), ("\(i)", 660, 700)]
        }
        var lines = (0..<10).filter { ![1, 2].contains($0) }.map { worded(row($0), y: 100 + $0 * 40) }
        lines.append(worded([("First", 160, 280)] + row(1), y: 140))
        lines.append(worded([("side", 150, 230), ("note", 240, 280)] + row(2), y: 180))
        let ordered = LineOrderer(yTolerance: 12).order(lines.shuffled()).map(\.text)
        let column = (0..<10).map { "running text of line \($0)" }
        #expect(ordered == [column[0], "First", "side note"] + column[1...])
        // The pieces keep their words over the same pixels.
        let split = LineOrderer.splitAtColumnEdge(lines).first { $0.text == "side note" }
        #expect(split?.box == PixelBox(x: 150, y: 180, width: 130, height: 30))
        let second = LineOrderer.splitAtColumnEdge(lines).first { $0.text == "running text of line 2" }
        #expect(second?.box == PixelBox(x: 300, y: 180, width: 400, height: 30))
        #expect(second?.words.first?.start == 0 && second?.words.last?.end == 1)
        // A line that starts outside the column with no word ending short of its edge (a heading wider than the
        // column) is not split.
        let heading = worded([("A", 150, 170), ("heading", 185, 310), ("across", 330, 450)], y: 60)
        #expect(LineOrderer.splitAtColumnEdge(lines + [heading]).contains(heading))
        // One line alone crossing the edge is left whole (a stray reading more likely than a strip of notes).
        let one = lines.filter { !$0.text.hasPrefix("side") }
        #expect(LineOrderer.splitAtColumnEdge(one) == one)
        // A ragged edge is no edge: with the column's lines starting anywhere, nothing is split.
        let ragged = lines.enumerated().map { i, line in
            i % 2 == 0 || line.text.hasPrefix("First") || line.text.hasPrefix("side") ? line : line.moved(dx: 40 + 30 * i, dy: 0)
        }
        #expect(LineOrderer.splitAtColumnEdge(ragged) == ragged)
    }

    @Test(
        "Notes in the right margin: the column's edge is kept by the column's own lines, and a narrow note of five words read on a row's line is split off"
    )
    func notesInTheRightMarginDoNotHideTheColumnsEdge() {
        // A column of running text from x 100 to its edge at 1300, lines 40 px apart: eight rows reach the edge, two
        // end a paragraph short of it, two were read on one line with a note beside them (from x 1360). Three notes of
        // four words stand alone in the margin: counted as the column's lines, only 8 of 15 would keep its edge.
        func words(_ text: String, from x0: Int, to x1: Int) -> [(String, Int, Int)] {
            let parts = text.split(separator: " ").map(String.init)
            let step = (x1 - x0) / parts.count
            return parts.enumerated().map { ($1, x0 + $0 * step, x0 + ($0 + 1) * step - 20) }
        }
        func page(joined notes: [String], to end: Int = 1720) -> [RecognizedLine] {
            var lines: [RecognizedLine] = []
            for i in 0..<12 {
                let row = "running text of the column row \(i)"
                switch i {
                case 3, 7: lines.append(worded(words("end of paragraph \(i)", from: 100, to: 700), y: 100 + i * 40))
                case 1, 9: lines.append(worded(words(row, from: 100, to: 1320) + words(notes[i / 8], from: 1360, to: end), y: 100 + i * 40))
                default: lines.append(worded(words(row, from: 100, to: 1320), y: 100 + i * 40))
                }
            }
            return lines + [4, 5, 11].map { worded(words("a note of four \($0)", from: 1360, to: 1720), y: 100 + $0 * 40) }
        }
        func notes(_ lines: [RecognizedLine]) -> [String] {
            LineOrderer.splitAtColumnEdge(lines).map(\.text).filter { $0.hasPrefix("The") }.sorted()
        }
        #expect(notes(page(joined: ["The train left", "The ship carried"])) == ["The ship carried", "The train left"])
        // Five words, the piece no wider than a third of the column, as a note alone in the margin may hold.
        #expect(
            notes(page(joined: ["The train left the station", "The ship carried tea, silk"])) == [
                "The ship carried tea, silk", "The train left the station",
            ])
        // Wider than that, five words are more likely a row's own words: the lines stay whole.
        #expect(notes(page(joined: ["The train left the station", "The ship carried tea, silk"], to: 1900)).isEmpty)
    }

    @Test func paragraphBreaksFollowGapsAndIndents() {
        let lines = [
            line("First paragraph line one goes on", 100, 100, 900, para: 0),
            line("and ends here.", 100, 140, 300, para: 0),
            line("Second paragraph is indented and", 160, 180, 840, para: 1),
            line("continues.", 100, 220, 200, para: 1),
            line("Third after a wide gap.", 100, 330, 600, para: 1),
        ]
        #expect(LineOrderer.paragraphBreaks(lines) == [false, false, true, false, true])
    }
}

@Suite struct ImagingLayoutTests {
    @Test func gutterFoundOnlyBetweenRealColumns() {
        // Two columns of ink with an empty band in the middle.
        let twoColumns = (0..<1000).map { x in (x >= 470 && x < 530) ? 0 : 40 }
        #expect(ColumnDetector.hasGutter(columnInk: twoColumns, minimumWidth: 20))
        // A narrow gap near the edge (a table's last column) is not a gutter.
        let table = (0..<1000).map { x in (x >= 820 && x < 880) ? 0 : 40 }
        #expect(!ColumnDetector.hasGutter(columnInk: table, minimumWidth: 20))
        #expect(!ColumnDetector.hasGutter(columnInk: [], minimumWidth: 20))
    }

    @Test("An open book whose gutter's shadow parts the paper is found whole; a facing page's strip cut by the frame is not added")
    func pageDetectorFindsBothPagesOfASpread() throws {
        let w = 400, h = 300
        func spread(from left: Int) -> GrayImage {
            var bytes = [UInt8](repeating: 40, count: w * h)
            for y in 30..<270 {
                // The paper, with the gutter's shadow down the middle: the two pages are two bright regions.
                for x in left..<380 { bytes[y * w + x] = abs(x - 200) < 8 ? 90 : 230 }
            }
            return GrayImage(width: w, height: h, bytes: bytes)
        }
        let detector = PageDetector(minAspectRatio: 0.3, minimumSize: 0.25, quadratureTolerance: 25, minimumConfidence: 0.8)
        let whole = try #require(detector.detect(in: spread(from: 20)))
        #expect(whole.corners[0].x < 30 && whole.corners[1].x > 370, "\(whole.corners)")
        // The left page cut by the photo's edge: no spread is put together from a page the frame cuts.
        let cut = try #require(detector.detect(in: spread(from: 0)))
        #expect(cut.corners[1].x < 215, "\(cut.corners)")
    }

    @Test("A sheet half in shadow is found whole; a grey board around a sheet and a second sheet beyond a shade are not added")
    func pageDetectorFindsAShadedSheetWhole() throws {
        let w = 300, h = 400
        /// A sheet (x 15..<285, y 20..<380) on a dark desk, lit down to `shadeTop` and in shade below it.
        func sheet(shadeTop: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 40, count: w * h)
            for y in 20..<380 { for x in 15..<285 { bytes[y * w + x] = y < shadeTop ? 230 : 140 } }
            return bytes
        }
        let detector = PageDetector(minAspectRatio: 0.3, minimumSize: 0.25, quadratureTolerance: 25, minimumConfidence: 0.8)
        let image = GrayImage(width: w, height: h, bytes: sheet(shadeTop: 230))
        // The lit region alone ends where the shade begins.
        let litPart = try #require(detector.outline(of: image, above: PageDetector.otsuThreshold(image.bytes)))
        #expect(litPart.corners[2].y < 235, "\(litPart.corners)")
        let shaded = try #require(detector.detect(in: image))
        #expect(shaded.corners[2].y > 370 && shaded.corners[3].y > 370, "the shaded rows are the sheet's: \(shaded.corners)")
        #expect(shaded.corners[0].y < 25 && shaded.corners[0].x < 20 && shaded.corners[1].x > 280, "\(shaded.corners)")
        // Beyond the shade, lit paper again (a facing page past the gutter's shade): the shade is not added.
        var twoSheets = sheet(shadeTop: 230)
        for y in 320..<380 { for x in 15..<285 { twoSheets[y * w + x] = 230 } }
        let first = try #require(detector.detect(in: GrayImage(width: w, height: h, bytes: twoSheets)))
        #expect(first.corners[2].y < 235, "\(first.corners)")
        // A smaller sheet lit throughout on a grey board wider on every side: the board keeps none of the sheet's
        // edges, so it is not taken for the sheet's shade.
        var onBoard = [UInt8](repeating: 40, count: w * h)
        for y in 10..<390 { for x in 8..<292 { onBoard[y * w + x] = 140 } }
        for y in 50..<350 { for x in 50..<250 { onBoard[y * w + x] = 230 } }
        let board = try #require(detector.detect(in: GrayImage(width: w, height: h, bytes: onBoard)))
        #expect(board.corners[0].x > 45 && board.corners[1].x < 255 && board.corners[2].y < 355, "\(board.corners)")
        // Beside a sheet lit throughout (x 40..<285), a strip (x 14..<40) whose region at the shade's threshold joins
        // the sheet's: shaded paper when it is even, a desk's grain (its lighter streaks joined to the sheet, the darker
        // ones between) when half of it is dark, and nothing to add when the region runs to the frame.
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PageDetector.Quad {
            PageDetector.Quad(corners: [.init(x: x0, y: y0), .init(x: x1, y: y0), .init(x: x1, y: y1), .init(x: x0, y: y1)], confidence: 1)
        }
        func strip(_ level: (Int) -> UInt8) -> GrayImage {
            var bytes = [UInt8](repeating: 40, count: w * h)
            for y in 20..<380 {
                for x in 14..<40 { bytes[y * w + x] = level(y) }
                for x in 40..<285 { bytes[y * w + x] = 230 }
            }
            return GrayImage(width: w, height: h, bytes: bytes)
        }
        let litSheet = box(40, 20, 284, 379), levels = (shade: 100, lit: 180)
        let even = PageDetector.isShadedRest(of: litSheet, in: box(14, 20, 284, 379), image: strip { _ in 140 }, between: levels)
        let grain = PageDetector.isShadedRest(of: litSheet, in: box(14, 20, 284, 379), image: strip { ($0 / 4) % 2 == 0 ? 140 : 60 }, between: levels)
        let toFrame = PageDetector.isShadedRest(of: litSheet, in: box(0, 20, 284, 379), image: strip { _ in 140 }, between: levels)
        #expect(even && !grain && !toFrame, "even \(even), grain \(grain), to the frame \(toFrame)")
    }

    @Test("A small sheet far off on a dark desk is found when it is nearly all the bright there is, clear of the frame")
    func pageDetectorFindsASmallSheetAlone() throws {
        let w = 300, h = 400
        /// A dark grainy desk (seeded) with bright rectangles on it.
        func desk(_ sheets: [(x: Int, y: Int, w: Int, h: Int)]) -> GrayImage {
            var seed: UInt64 = 7
            var bytes = (0..<(w * h)).map { _ -> UInt8 in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(40 + Int(seed >> 58))
            }
            for s in sheets { for y in s.y..<(s.y + s.h) { for x in s.x..<(s.x + s.w) { bytes[y * w + x] = 235 } } }
            return GrayImage(width: w, height: h, bytes: bytes)
        }
        let detector = PageDetector(minAspectRatio: 0.3, minimumSize: 0.25, quadratureTolerance: 25, minimumConfidence: 0.8)
        // A receipt of 70 × 120 pixels, 7 % of the frame.
        let receipt = try #require(detector.detect(in: desk([(115, 140, 70, 120)])))
        #expect(abs(receipt.corners[0].x - 115) <= 2 && abs(receipt.corners[2].y - 259) <= 2, "\(receipt.corners)")
        // Two such sheets: neither is nearly all the bright; one cut by the frame; one under 4 % of it: the frame stays.
        #expect(detector.detect(in: desk([(30, 140, 70, 120), (190, 140, 70, 120)])) == nil)
        #expect(detector.detect(in: desk([(0, 140, 70, 120)])) == nil)
        #expect(detector.detect(in: desk([(115, 140, 40, 80)])) == nil)
    }

    @Test("A section's heading that runs over a gutter does not hide it: the columns are still read one after another")
    func aHeadingOverAGutterKeepsTheGutter() {
        func line(_ text: String, _ x: Int, _ y: Int, _ w: Int, _ h: Int = 30) -> RecognizedLine {
            RecognizedLine(text: text, box: PixelBox(x: x, y: y, width: w, height: h), confidence: 0.9, block: 0, paragraph: 0)
        }
        var lines: [RecognizedLine] = []
        for r in 0..<8 {
            lines.append(line("the left column runs on here", 0, 40 * r, 300))
            lines.append(line("the right column runs on there", 340, 40 * r, 300))
        }
        // Set larger, the heading at the head of the left column's second section runs into the right margin.
        lines.append(line("A Second Flood Years Later", 0, 330, 360, 48))
        #expect(LineOrderer.gutters(in: lines).count == 1, "\(LineOrderer.gutters(in: lines))")
    }

    @Test("Two price lists side by side are read one after the other: an item and its price across a dot leader is a list's entry")
    func priceListsSideBySideAreColumns() {
        func line(_ text: String, _ x: Int, _ y: Int, _ w: Int) -> RecognizedLine {
            RecognizedLine(text: text, box: PixelBox(x: x, y: y, width: w, height: 30), confidence: 0.9, block: 0, paragraph: 0)
        }
        /// A leader's first and last dots, on the row at `y`, from `x0` to `x1`.
        func leader(_ x0: Int, _ x1: Int, _ y: Int) -> LeaderLinks.Leader {
            LeaderLinks.Leader(from: PixelBox(x: x0, y: y + 20, width: 5, height: 5), to: PixelBox(x: x1, y: y + 20, width: 5, height: 5))
        }
        // Six entries in each list, "Lemon tart ...... 4.40": three words each, no running text. The lists stand 100
        // px apart; the right one's rows sit 12 px lower.
        var lines: [RecognizedLine] = [], leaders: [LeaderLinks.Leader] = []
        for r in 0..<6 {
            let y = 100 + 40 * r
            lines.append(line("Lemon tart \(r).40", 0, y, 900))
            leaders.append(leader(200, 820, y))
            lines.append(line("Apple pie \(r).30", 1000, y + 12, 900))
            leaders.append(leader(1180, 1820, y + 12))
        }
        #expect(LineOrderer.gutters(in: lines).isEmpty, "without their leaders, short lines are a table's rows")
        #expect(LineOrderer.gutters(in: lines, entries: leaders).count == 1)
        var orderer = LineOrderer(yTolerance: 15)
        orderer.leaders = leaders
        let texts = orderer.order(lines).map(\.text)
        #expect(texts == (0..<6).map { "Lemon tart \($0).40" } + (0..<6).map { "Apple pie \($0).30" }, "\(texts)")
    }

    @Test func pageDetectorFindsABrightSheetAndIgnoresAFullFrame() throws {
        // A bright tilted quadrilateral on a dark desk.
        let w = 400, h = 300
        var bytes = [UInt8](repeating: 40, count: w * h)
        for y in 0..<h {
            for x in 0..<w where x > 60 + y / 10 && x < 340 + y / 10 && y > 40 && y < 260 { bytes[y * w + x] = 230 }
        }
        let detector = PageDetector(minAspectRatio: 0.3, minimumSize: 0.25, quadratureTolerance: 25, minimumConfidence: 0.8)
        let quad = try #require(detector.detect(in: GrayImage(width: w, height: h, bytes: bytes)))
        #expect(abs(quad.corners[0].x - 65) < 6 && abs(quad.corners[0].y - 41) < 6)
        #expect(quad.confidence > 0.8)
        // All paper, no desk: keep the frame.
        #expect(detector.detect(in: GrayImage(width: w, height: h, bytes: [UInt8](repeating: 230, count: w * h))) == nil)
    }

    @Test("A sheet whose side runs through print is not cropped to, and that side is kept for the facing page step")
    func sheetSideThroughPrintIsReported() throws {
        // A sheet (x 100...900, y 80...1120) on a dark desk whose lines of "letters" run off its left side, as a facing
        // page's do where it curls away: 5-px dashes with 3-px gaps, lines 16 px apart, from x = 100 to 800.
        let w = 1000, h = 1200
        var bytes = [UInt8](repeating: 50, count: w * h)
        for y in 80..<1120 { for x in 100..<900 { bytes[y * w + x] = 220 } }
        for top in stride(from: 160, to: 1040, by: 16) {
            for y in top..<(top + 7) { for x in 100..<800 where (x / 4) % 2 == 0 { bytes[y * w + x] = 40 } }
        }
        let image = try #require(LeptonicaImage(gray: GrayImage(width: w, height: h, bytes: bytes)))
        let detector = PageDetector(minAspectRatio: 0.3, minimumSize: 0.25, quadratureTolerance: 25, minimumConfidence: 0.8)
        var edges: [PageDetector.Edge] = []
        #expect(detector.straighten(image, edgesThroughPrint: &edges).map { _ in true } == nil, "the frame is kept")
        #expect(edges.count == 1, "\(edges)")
        let edge = try #require(edges.first)
        #expect(abs(edge.from.x - 100) < 10 && abs(edge.to.x - 100) < 10, "the left side: \(edge)")
        #expect(abs(abs(edge.to.y - edge.from.y) - 1040) < 20, "along the sheet: \(edge)")
        // Both sides of an outline cut across the print are reported: the light fell off at x = 560 and y = 600.
        func quad(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [PixelPoint] {
            [.init(x: x0, y: y0), .init(x: x1, y: y0), .init(x: x1, y: y1), .init(x: x0, y: y1)]
        }
        let grey = try #require(image.grayImage())
        #expect(PageDetector.sidesThroughPrint(grey, corners: quad(100, 80, 560, 600), share: 0.5) == [1, 2, 3])
    }

    @Test("An outline whose side runs through the print is refused; one along the margins is kept")
    func outlineThroughPrintIsRefused() {
        // A sheet (x 100...900, y 80...1120) on a dark desk with lines of "letters" in its text block (x 200...800):
        // 5-px dashes with 3-px gaps, lines 16 px apart.
        let w = 1000, h = 1200
        var bytes = [UInt8](repeating: 50, count: w * h)
        for y in 80..<1120 { for x in 100..<900 { bytes[y * w + x] = 220 } }
        for top in stride(from: 160, to: 1040, by: 16) {
            for y in top..<(top + 7) { for x in 200..<800 where (x / 4) % 2 == 0 { bytes[y * w + x] = 40 } }
        }
        let image = GrayImage(width: w, height: h, bytes: bytes)
        func quad(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [PixelPoint] {
            [.init(x: x0, y: y0), .init(x: x1, y: y0), .init(x: x1, y: y1), .init(x: x0, y: y1)]
        }
        #expect(PageDetector.sideThroughPrint(image, corners: quad(100, 80, 900, 1120), share: 0.5) == nil, "the sheet itself")
        // The light fell off at x = 560: a bright region ending in the middle of every line (its right side, 1).
        #expect(PageDetector.sideThroughPrint(image, corners: quad(100, 80, 560, 1120), share: 0.5) == 1)
        // Cut across the lines at y = 600: the bottom side (2).
        #expect(PageDetector.sideThroughPrint(image, corners: quad(100, 80, 900, 600), share: 0.5) == 2)
        // The desk or a dark object along a side is not paper, so it is neither print nor margin.
        var onDesk = bytes
        for y in 80..<1120 { for x in 860..<900 { onDesk[y * w + x] = 50 } }
        #expect(PageDetector.sideThroughPrint(GrayImage(width: w, height: h, bytes: onDesk), corners: quad(100, 80, 900, 1120), share: 0.5) == nil)
        // A sparse page (a few short lines) with a blot beside its right side: a few inked points are not print.
        var sparse = [UInt8](repeating: 50, count: w * h)
        for y in 80..<1120 { for x in 100..<900 { sparse[y * w + x] = 220 } }
        for top in stride(from: 300, to: 460, by: 16) {
            for y in top..<(top + 7) { for x in 200..<440 where (x / 4) % 2 == 0 { sparse[y * w + x] = 40 } }
        }
        for y in 600..<616 { for x in 532..<548 { sparse[y * w + x] = 40 } }
        let sparsePage = GrayImage(width: w, height: h, bytes: sparse)
        #expect(PageDetector.sideThroughPrint(sparsePage, corners: quad(100, 80, 560, 1120), share: 0.5, minimumBandInk: 0) == 1)
        #expect(PageDetector.sideThroughPrint(sparsePage, corners: quad(100, 80, 560, 1120), share: 0.5) == nil)
        // A blank sheet has nothing to cut.
        let blank = GrayImage(width: w, height: h, bytes: [UInt8](repeating: 220, count: w * h))
        #expect(PageDetector.sideThroughPrint(blank, corners: quad(100, 80, 560, 1120), share: 0.5) == nil)
    }
}

@Suite struct VerticalColumnOrderTests {
    func line(_ text: String, x: Int, y: Int, width: Int, height: Int) -> RecognizedLine {
        RecognizedLine(text: text, box: PixelBox(x: x, y: y, width: width, height: height), confidence: 0.9)
    }

    @Test func chineseColumnsAreReadRightToLeftUnderTheirHeading() {
        let lines = [
            line("第一列文字从这里开始", x: 300, y: 100, width: 40, height: 400),
            line("标题", x: 100, y: 20, width: 240, height: 40),
            line("第三列", x: 100, y: 100, width: 40, height: 150),
            line("第二列接着往下读", x: 200, y: 100, width: 40, height: 320),
            line("页脚 12", x: 100, y: 560, width: 200, height: 30),
        ]
        #expect(LineOrderer(yTolerance: 10).order(lines).map(\.text) == ["标题", "第一列文字从这里开始", "第二列接着往下读", "第三列", "页脚 12"])
    }

    @Test func tallLatinLinesOrRowsOfChineseAreNotColumns() {
        let rows = [
            line("第二行", x: 10, y: 60, width: 300, height: 40),
            line("第一行", x: 10, y: 10, width: 300, height: 40),
        ]
        #expect(LineOrderer(yTolerance: 10).order(rows).map(\.text) == ["第一行", "第二行"])
        #expect(LineOrderer.verticalColumns([line("I", x: 0, y: 0, width: 5, height: 40), line("l", x: 20, y: 0, width: 5, height: 40)]) == nil)
    }
}
