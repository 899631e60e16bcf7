// Step "order": put recognised lines in reading order — columns left to right, rows top to bottom.
import Foundation
import Imaging
import Support

/// Orders lines by rows (centres within `yTolerance` share a row, then left to right), column by column.
/// Lines that span a gutter (titles, headers) split the page into sections that are read top to bottom.
public struct LineOrderer: Sendable {
    public var yTolerance: Double
    /// The dot leaders painted out of the page: a line that holds one is a list's entry (an item and its price), and
    /// a list of entries stands as a column as running text does (`gutters(in:entries:)`).
    var leaders: [LeaderLinks.Leader] = []

    public init(yTolerance: Double) {
        self.yTolerance = yTolerance
    }

    public func order(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        guard lines.count > 1 else { return lines }
        if let vertical = Self.verticalColumns(lines) { return vertical }
        let split = Self.splitAtColumnEdge(lines)
        if let margin = Self.marginNotes(split) ?? (split.count == lines.count ? nil : Self.marginNotes(lines)) {
            return Self.insert(margin.notes, into: columnsAndRows(margin.column))
        }
        return columnsAndRows(lines)
    }

    /// Lines in reading order when boxes are drawn around some of the print (boxed exercises, a sidebar's frame): the
    /// print inside each box is one block, read whole in its own order, and each block takes its place among the
    /// other lines as one piece the size of its box (so a grid of boxes is read row by row). Layout analysis may read
    /// a row of two boxes side by side as one line: such a line is first split between its words where they pass
    /// from one box to another. Lines are ordered as usual unless two boxes or more hold print.
    public func order(_ lines: [RecognizedLine], frames: [PixelBox]) -> [RecognizedLine] {
        let pieces = Self.pieces(of: lines, in: frames)
        let held = Set(pieces.compactMap(\.frame)).sorted()
        guard held.count >= 2 else { return order(lines) }
        // Each box as one line: its box, its print's words (for the tests of running text), and the engine's block.
        let blocks = held.map { k in
            let inside = pieces.filter { $0.frame == k }.map(\.line)
            let text = inside.map(\.text).joined(separator: " ")
            let confidence = inside.map(\.confidence).reduce(0, +) / Double(inside.count)
            return (stand: RecognizedLine(text: text, box: frames[k], confidence: confidence, block: inside[0].block), lines: inside)
        }
        trace("order: \(blocks.count) boxes of print read as blocks")
        let free = pieces.filter { $0.frame == nil }.map(\.line)
        // Boxes side by side are no columns of running text: a form's field boxes or a worksheet's grid is read row by
        // row. Only the print outside the boxes may show columns (a sidebar's frame beside two columns of prose).
        let units = Self.gutters(in: free, entries: leaders).isEmpty ? rows(free + blocks.map(\.stand)) : order(free + blocks.map(\.stand))
        var ordered = units.map { line in
            blocks.first { $0.stand == line }.map { (lines: order($0.lines), isBox: true) } ?? (lines: [line], isBox: false)
        }
        // Boxes numbered as a run (1., 2., 3. …) are read in their numbers' order, down or across as the sheet set them.
        let boxed = ordered.indices.filter { ordered[$0].isBox }
        let numbers = boxed.compactMap { Self.itemNumber(ordered[$0].lines[0].text) }
        if numbers.count == boxed.count, let first = numbers.min(), numbers.sorted() == Array(first..<(first + numbers.count)) {
            let byNumber = zip(numbers, boxed.map { ordered[$0] }).sorted { $0.0 < $1.0 }.map(\.1)
            for (slot, unit) in zip(boxed, byNumber) { ordered[slot] = unit }
        }
        return ordered.flatMap(\.lines)
    }

    /// A list numbered down its columns (a shopping list, a worksheet's exercises set in columns): lines, or pieces of
    /// lines split before a word that starts with an item's number, that start with "1." … "n." (or "1)" …), six or
    /// more, every number once, in more than one column (their starts more than two line heights apart across).
    /// Read in rows, the numbers jump (1, 7, 13, 2 …); read column by column, they run. Then the lines above the first
    /// item, each column (its items and the lines starting in it), and the lines below the last item, in that order.
    /// Numbered across the rows instead, with items running on to lines of their own: `itemsAcross`. Nil otherwise.
    /// With `acrossOnly`, only items numbered across the rows are read so (beside a gutter, whose columns would read
    /// 1, 3, 5 … 2, 4, 6): each item whole when some run on, else the pieces in rows; nil otherwise.
    static func numberedColumns(_ lines: [RecognizedLine], acrossOnly: Bool = false) -> [[RecognizedLine]]? {
        // Few lines may hold six items: layout analysis can read each row of the columns as one line.
        guard lines.count >= 2 else { return nil }
        let lineHeight = medianHeight(lines)
        // Pieces: a line read across two columns' items is split before the second item's number.
        let pieces = lines.flatMap { line -> [RecognizedLine] in
            guard line.readsAsItsWords else { return [line] }
            let w = Double(line.box.width)
            let cuts = line.words.indices.dropFirst().filter { k in
                Self.itemNumber(line.words[k].text) != nil && (line.words[k].start - line.words[k - 1].end) * w >= 0.5 * lineHeight
            }
            return line.split(before: cuts)
        }
        let items = pieces.compactMap { piece in Self.itemNumber(piece.text).map { (piece: piece, number: $0) } }
        guard items.count >= 6, let first = items.map(\.number).min(), items.map(\.number).sorted() == Array(first..<(first + items.count))
        else { return nil }
        // The columns start where the items' starts are more than two line heights apart.
        let starts = items.map { Double($0.piece.box.x) }.sorted()
        var columnStarts = [starts[0]]
        for (a, b) in zip(starts, starts.dropFirst()) where b - a > 2 * lineHeight { columnStarts.append(b) }
        guard columnStarts.count >= 2 else { return nil }
        func column(_ line: RecognizedLine) -> Int { Self.column(at: Double(line.box.x), starts: columnStarts, lineHeight: lineHeight) }
        func ascending(_ numbers: [Int]) -> Bool { zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 } }
        // Items within half a line height of each other share a row (a page levelled to a pixel or two).
        var itemRows: [[(piece: RecognizedLine, number: Int)]] = []
        for item in items.sorted(by: { $0.piece.box.midY < $1.piece.box.midY }) {
            if let last = itemRows.last?.last, item.piece.box.midY - last.piece.box.midY <= 0.5 * lineHeight {
                itemRows[itemRows.count - 1].append(item)
            } else {
                itemRows.append([item])
            }
        }
        let byRows = itemRows.flatMap { $0.sorted { $0.piece.box.x < $1.piece.box.x } }
        let byColumns = items.sorted { (column($0.piece), $0.piece.box.midY) < (column($1.piece), $1.piece.box.midY) }
        let top = items.map(\.piece.box.y).min()!, bottom = items.map(\.piece.box.maxY).max()!
        if ascending(byRows.map(\.number)), !ascending(byColumns.map(\.number)) {
            let whole = itemsAcross(
                pieces, columnStarts: columnStarts, top: Double(top), bottom: Double(bottom), lineHeight: lineHeight)
            return acrossOnly ? whole ?? [pieces] : whole
        }
        guard !acrossOnly, !ascending(byRows.map(\.number)), ascending(byColumns.map(\.number)) else { return nil }
        var groups = [[RecognizedLine]](repeating: [], count: columnStarts.count + 2)
        for piece in pieces.sorted(by: { $0.box.y < $1.box.y }) {
            let c = column(piece)
            // Below the last item, a line within one column and right under its last line ends that column's item.
            let inColumn = c + 1 == columnStarts.count || Double(piece.box.maxX) < columnStarts[c + 1]
            let continues = groups[1 + c].last.map { inColumn && Double(piece.box.y - $0.box.maxY) <= lineHeight } ?? false
            if Double(piece.box.maxY) <= Double(top) + 0.25 * lineHeight {
                groups[0].append(piece)
            } else if Double(piece.box.y) >= Double(bottom) - 0.25 * lineHeight, !continues {
                groups[groups.count - 1].append(piece)
            } else {
                groups[1 + c].append(piece)
            }
        }
        return groups
    }

    /// Items numbered across the rows of a grid (1 and 2 side by side, 3 and 4 under them), some running on to
    /// lines of their own: read in rows, the second lines of items side by side interleave ("1. Write 3/4 as a
    /// 2. Order these numbers / percentage. largest: 0.45 …"). Each item is read whole instead, in its numbers'
    /// order: its first line and the lines under it in its column, down to the next item there. A line across the
    /// columns, between the first item and the last, is first cut where its words pass from one column to the next
    /// across a gap of half a line. The lines above the first item come first, those below the last and any other
    /// last. Nil when no item runs on (a list of one-line items reads in rows as it is).
    static func itemsAcross(
        _ pieces: [RecognizedLine], columnStarts: [Double], top: Double, bottom: Double, lineHeight: Double
    ) -> [[RecognizedLine]]? {
        func column(_ x: Double) -> Int { Self.column(at: x, starts: columnStarts, lineHeight: lineHeight) }
        let cells = pieces.flatMap { piece -> [RecognizedLine] in
            guard piece.readsAsItsWords, piece.box.midY > top, piece.box.midY < bottom else { return [piece] }
            let w = Double(piece.box.width), x = Double(piece.box.x)
            let cuts = piece.words.indices.dropFirst().filter { k in
                column(x + piece.words[k].start * w) != column(x + piece.words[k - 1].start * w)
                    && (piece.words[k].start - piece.words[k - 1].end) * w >= 0.5 * lineHeight
            }
            return piece.split(before: cuts)
        }
        var header: [RecognizedLine] = [], footer: [RecognizedLine] = []
        var blocks: [(number: Int, lines: [RecognizedLine])] = []
        for c in columnStarts.indices {
            var current: Int? = nil
            let inColumn = cells.enumerated().filter { column(Double($0.element.box.x)) == c }
                .sorted { ($0.element.box.midY, $0.offset) < ($1.element.box.midY, $1.offset) }.map(\.element)
            for cell in inColumn {
                if Double(cell.box.maxY) <= top + 0.25 * lineHeight {
                    header.append(cell)
                } else if let n = Self.itemNumber(cell.text), Double(cell.box.midY) < bottom {
                    blocks.append((n, [cell]))
                    current = blocks.count - 1
                } else if let k = current, Double(cell.box.y - blocks[k].lines.last!.box.maxY) <= lineHeight {
                    blocks[k].lines.append(cell)
                } else {
                    footer.append(cell)
                }
            }
        }
        guard blocks.contains(where: { $0.lines.count > 1 }) else { return nil }
        // Each item's lines are in their order already: one group a line.
        return [header] + blocks.sorted { $0.number < $1.number }.flatMap { $0.lines.map { [$0] } } + [footer]
    }

    /// The column of a numbered list that print starting at `x` lies in: the last whose start it reaches, within a
    /// line height.
    static func column(at x: Double, starts: [Double], lineHeight: Double) -> Int {
        max(0, starts.lastIndex { $0 <= x + lineHeight } ?? 0)
    }

    /// The number a numbered item starts with: one to three digits, then "." or ")" ("3." or "3)"), and not another
    /// digit ("3.5 cm" and "1,500 people" are no items); or nil. The recogniser reads a bold item's full stop as a
    /// comma now and then ("9," for "9."), so a comma counts as one.
    static func itemNumber(_ text: some StringProtocol) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        let rest = text.dropFirst(digits.count)
        guard (1...3).contains(digits.count), let mark = rest.first, mark == "." || mark == ")" || mark == "," else { return nil }
        if let next = rest.dropFirst().first, next.isNumber { return nil }
        return Int(digits)
    }

    /// Each line with the innermost box its centre lies in (nil: none); a line whose words lie in different boxes (or
    /// some in one and some in none) is split between them first.
    static func pieces(of lines: [RecognizedLine], in frames: [PixelBox]) -> [(line: RecognizedLine, frame: Int?)] {
        guard !frames.isEmpty else { return lines.map { ($0, nil) } }
        func contains(_ outer: PixelBox, _ inner: PixelBox) -> Bool {
            outer != inner && outer.x <= inner.x && outer.y <= inner.y && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
        }
        let innermost = frames.indices.filter { k in !frames.contains { contains(frames[k], $0) } }
        func frame(_ x: Double, _ y: Double) -> Int? {
            innermost.first { k in
                let f = frames[k]
                return Double(f.x) < x && x < Double(f.maxX) && Double(f.y) < y && y < Double(f.maxY)
            }
        }
        return lines.flatMap { line -> [(line: RecognizedLine, frame: Int?)] in
            let x0 = Double(line.box.x), w = Double(line.box.width), y = line.box.midY
            guard line.readsAsItsWords else { return [(line, frame(x0 + w / 2, y))] }
            let owners = line.words.map { frame(x0 + ($0.start + $0.end) / 2 * w, y) }
            let cuts = owners.indices.dropFirst().filter { owners[$0] != owners[$0 - 1] }
            return zip(line.split(before: cuts), [0] + cuts).map { ($0, owners[$1]) }
        }
    }

    /// Columns split at gutters, each read in rows; lines across a gutter split the page into sections.
    func columnsAndRows(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        guard lines.count > 1 else { return lines }
        var gutters = Self.gutters(in: lines, entries: leaders)
        var lines = lines
        // Narrow gutters are found where there are no wide ones, and beside them: three columns whose first gutter is
        // narrower than a line is high would otherwise be read as two, the first two interleaved.
        let height = Self.medianHeight(lines)
        if let narrow = Self.narrowGutters(in: lines),
            gutters.isEmpty
                || (narrow.gutters.count > gutters.count && gutters.allSatisfy { g in narrow.gutters.contains { abs($0 - g) <= height } })
        {
            gutters = narrow.gutters
            lines = narrow.lines
        }
        // Items numbered across the rows of two columns (1 | 2, 3 | 4) are read in their numbers' order, not down the
        // columns the gutter shows.
        if !gutters.isEmpty, let groups = Self.numberedColumns(lines, acrossOnly: true) {
            trace("order: items numbered across the columns, read in their numbers' order")
            return groups.flatMap { rows($0) }
        }
        guard !gutters.isEmpty else {
            if let groups = Self.numberedColumns(lines) {
                trace("order: items numbered in columns, read in their numbers' order")
                return groups.flatMap { rows($0) }
            }
            return rows(lines)
        }

        // Split into sections at lines that cross a gutter.
        let byY = lines.sorted { $0.box.midY < $1.box.midY }
        var result: [RecognizedLine] = []
        var section: [RecognizedLine] = []
        func flush() {
            guard !section.isEmpty else { return }
            var columns = [[RecognizedLine]](repeating: [], count: gutters.count + 1)
            for line in section { columns[Self.column(of: line, gutters: gutters)].append(line) }
            for column in columns { result += rows(column) }
            section = []
        }
        let lineHeight = Self.medianHeight(lines)
        func crosses(_ line: RecognizedLine) -> Bool { gutters.contains { Double(line.box.x) < $0 - 1 && Double(line.box.maxX) > $0 + 1 } }
        // The rows that show the columns: from the lowest of the columns' first lines to the highest of their last.
        let inColumns = lines.filter { !crosses($0) }
        let columnRows = (0...gutters.count).compactMap { k -> (top: Double, bottom: Double)? in
            let column = inColumns.filter { Self.column(of: $0, gutters: gutters) == k }
            guard let top = column.map(\.box.midY).min(), let bottom = column.map(\.box.midY).max() else { return nil }
            return (top, bottom)
        }
        let zoneTop = (columnRows.map(\.top).max() ?? 0) - 0.5 * lineHeight, zoneBottom = (columnRows.map(\.bottom).min() ?? 0) + 0.5 * lineHeight
        for line in byY {
            if crosses(line) {
                // Two columns' rows read as one line (the last rows, often) are split at the gutter; a heading's words
                // run over it. Above or below the rows that show the columns, only where the gap stands out among the
                // line's word spaces: a paragraph set across the page is one line however stretched its spaces are.
                if let pieces = Self.split(
                    line, at: gutters, gap: 0.5 * lineHeight, standingOut: line.box.midY < zoneTop || line.box.midY > zoneBottom)
                {
                    section += pieces
                } else {
                    flush()
                    result.append(line)
                }
            } else if Self.isSectionHeading(line, among: byY, gutters: gutters, lineHeight: lineHeight) {
                flush()
                result.append(line)
            } else {
                section.append(line)
            }
        }
        flush()
        return result
    }

    /// The column `line` belongs to: how many of the gutters lie left of its centre.
    static func column(of line: RecognizedLine, gutters: [Double]) -> Int {
        let centre = Double(line.box.x) + Double(line.box.width) / 2
        return gutters.filter { $0 < centre }.count
    }

    /// Whether `line` is a heading that starts a new section of the columns: print taller than the body's, with
    /// nothing in the other columns level with it (half a line of white above and below it, across the page) and
    /// lines above and below it. Set in one column's width, it still closes the columns above: they are read
    /// before it, and those below after it.
    static func isSectionHeading(_ line: RecognizedLine, among lines: [RecognizedLine], gutters: [Double], lineHeight: Double) -> Bool {
        guard Double(line.box.height) >= 1.35 * lineHeight else { return false }
        let own = Self.column(of: line, gutters: gutters)
        let (top, bottom) = (Double(line.box.y) - 0.5 * lineHeight, Double(line.box.maxY) + 0.5 * lineHeight)
        let beside = lines.contains { other in
            other != line && Self.column(of: other, gutters: gutters) != own && Double(other.box.maxY) > top && Double(other.box.y) < bottom
        }
        let above = lines.contains { $0.box.midY < line.box.midY - lineHeight }, below = lines.contains { $0.box.midY > line.box.midY + lineHeight }
        return !beside && above && below
    }

    /// Notes in the margin beside one column of running text (side headings, glosses): short lines of words that lie
    /// wholly outside the column's common edge, in a strip no wider than a third of the column. Read as rows they
    /// would be threaded between the column's lines; instead each note (its lines no further apart than the column's
    /// leading and a quarter line) is read whole, before the column's line level with its first line. Nil when the
    /// page is not one column of running text (at least six lines of four words or more, their edges aligned) with
    /// at least two such notes on one side; a column of prices or numbers is not notes.
    static func marginNotes(_ lines: [RecognizedLine]) -> (notes: [[RecognizedLine]], column: [RecognizedLine])? {
        guard let text = RunningText(lines) else { return nil }
        let (prose, left, right, lineHeight) = (text.prose, text.left, text.right, text.lineHeight)
        let width = right - left
        guard width > 0 else { return nil }
        // The column's edges: most of its lines start (and end) within a line height of them.
        let aligned = prose.filter { abs(Double($0.box.x) - left) <= lineHeight }.count
        guard Double(aligned) >= 0.6 * Double(prose.count) else { return nil }
        func isOutside(_ l: RecognizedLine, onLeft: Bool) -> Bool {
            onLeft ? Double(l.box.maxX) <= left - 0.25 * lineHeight : Double(l.box.x) >= right + 0.25 * lineHeight
        }
        func isNote(_ l: RecognizedLine, onLeft: Bool) -> Bool {
            isOutside(l, onLeft: onLeft) && Double(l.box.width) <= width / 3 && looksLikeNote(l.text, words: 6)
        }
        // One note's lines follow each other at the text's leading; a wider gap starts the next note. The leading is
        // the white under each line of running text down to the next line below it, short or not: where paragraphs
        // are two lines long (a glossary's entries), the next line of four words or more is mostly the next paragraph's.
        let leading = RunningText.median(
            prose.compactMap { line in
                lines.filter { $0.box.midY > Double(line.box.maxY) && Self.sharesWidth($0, line) }
                    .min { $0.box.y < $1.box.y }.map { $0.box.y - line.box.maxY }
            }.filter { $0 >= 0 } + [0])
        /// Whether `line` lies right under `note`, at the text's leading, across part of it.
        func under(_ line: RecognizedLine, _ note: RecognizedLine) -> Bool {
            line.box.midY > Double(note.box.maxY) && Double(line.box.y - note.box.maxY) <= leading + 0.25 * lineHeight
                && Self.sharesWidth(line, note)
        }
        for onLeft in [true, false] {
            var noteIndices = lines.indices.filter { isNote(lines[$0], onLeft: onLeft) }
            // A note's last line may hold one short word ("on", "a"), too little to look like a note: right under one
            // of its lines it is that note's.
            noteIndices += lines.indices.filter { i in
                let line = lines[i]
                return !noteIndices.contains(i) && isOutside(line, onLeft: onLeft) && CJKText.wordCount(line.text) == 1
                    && line.text.contains(where: \.isLetter) && noteIndices.contains { under(line, lines[$0]) }
            }
            let notes = noteIndices.map { lines[$0] }.sorted { ($0.box.midY, $0.box.x) < ($1.box.midY, $1.box.x) }
            guard notes.count >= 2 else { continue }
            // More lines in that margin than notes, wider than a note may be, are a column of their own (a sidebar):
            // its short lines are its lines, not notes.
            let longer = lines.filter { isOutside($0, onLeft: onLeft) && Double($0.box.width) > width / 3 }
            guard longer.count <= notes.count else { continue }
            let column = lines.indices.filter { !noteIndices.contains($0) }.map { lines[$0] }
            // Anything else in that margin (a page number, a figure's label) leaves it to the usual order.
            let strip = (min: notes.map(\.box.x).min()!, max: notes.map(\.box.maxX).max()!)
            let others = column.filter { $0.box.maxX > strip.min && $0.box.x < strip.max }
            let top = notes.first!.box.y, bottom = notes.last!.box.maxY
            guard !others.contains(where: { $0.box.maxY > top && $0.box.y < bottom && !RunningText.isProse($0) }) else { continue }
            // A short line level with nearly every row of the column, one a row, is a table's first cell (a term and
            // its description, an ingredient and what to do with it): the page is read in rows.
            guard !Self.isFirstColumn(notes, beside: column, lineHeight: lineHeight) else { continue }
            /// Whether `note` is an entry's first line beside the column's: both start with a capital or a digit, and
            /// the column's line stands under one that ends a sentence or has a note of its own beside it (or under
            /// none). A list of terms, each beside its description, stands so; a note's next line mostly runs on in
            /// small letters.
            func startsEntry(_ note: RecognizedLine) -> Bool {
                let level = column.filter { !Self.sharesWidth($0, note) && Self.level(note, $0, lineHeight: lineHeight) }
                guard Self.startsItem(note.text), let row = level.min(by: { abs($0.box.midY - note.box.midY) < abs($1.box.midY - note.box.midY) }),
                    Self.startsItem(row.text)
                else { return false }
                let above = column.filter { $0.box.midY < row.box.midY - 0.5 * lineHeight && Self.sharesWidth($0, row) }.max {
                    $0.box.midY < $1.box.midY
                }
                return above.map { up in Self.endsSentence(up.text) || notes.contains { Self.level($0, up, lineHeight: lineHeight) } } ?? true
            }
            var blocks: [[RecognizedLine]] = []
            for note in notes {
                if let last = blocks.last?.last, Double(note.box.y - last.box.maxY) <= leading + 0.25 * lineHeight, !startsEntry(note) {
                    blocks[blocks.count - 1].append(note)
                } else {
                    blocks.append([note])
                }
            }
            return (blocks, column)
        }
        return nil
    }

    /// Whether two lines share some of their width: one stands over part of the other.
    static func sharesWidth(_ a: RecognizedLine, _ b: RecognizedLine) -> Bool { a.box.x < b.box.maxX && a.box.maxX > b.box.x }

    /// Whether two lines stand level with one another: their middles within half a line height.
    static func level(_ a: RecognizedLine, _ b: RecognizedLine, lineHeight: Double) -> Bool {
        abs(a.box.midY - b.box.midY) <= 0.5 * lineHeight
    }

    /// Whether `notes` are a table's first column beside the column's lines `rows`: four notes or more, and both four in
    /// five of the notes and four in five of the rows stand level with one another (their middles within half a line
    /// height). Side headings and glosses stand beside a few of the rows.
    static func isFirstColumn(_ notes: [RecognizedLine], beside rows: [RecognizedLine], lineHeight: Double) -> Bool {
        guard notes.count >= 4 else { return false }
        let levelNotes = notes.filter { n in rows.contains { Self.level(n, $0, lineHeight: lineHeight) } }.count
        let levelRows = rows.filter { r in notes.contains { Self.level(r, $0, lineHeight: lineHeight) } }.count
        return 5 * levelNotes >= 4 * notes.count && 5 * levelRows >= 4 * rows.count
    }

    /// Lines that run from the margin into one column of running text, split where they cross the column's edge: a
    /// margin note set close to the column is sometimes read on one line with the column's row beside it ("Estructura
    /// En la constitución…"), which threads the note through the column. A line is split when it starts (or ends) a
    /// line height or more outside an edge that most of the column's lines keep (within a quarter line height; a
    /// ragged edge is no edge), its words on the far side end a quarter line height short of that edge and read as a
    /// note's words would (see `looksLikeNote`), and its next word starts at the edge or inside, beginning a piece at
    /// least half the column wide (a row of it). Lines are returned as they were when the page is not one column of
    /// running text (six lines of four words or more), or fewer than two of its lines cross the edge so.
    static func splitAtColumnEdge(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        guard let text = RunningText(lines) else { return lines }
        let (prose, left, right, lineHeight) = (text.prose, text.left, text.right, text.lineHeight)
        let slack = 0.25 * lineHeight
        /// Whether most of the column's lines keep the edge at `x`; a note wholly in that margin is none of them.
        func sharp(_ edge: (RecognizedLine) -> Int, at x: Double, onLeft: Bool) -> Bool {
            let own = prose.filter { onLeft ? Double($0.box.maxX) > x + slack : Double($0.box.x) < x - slack }
            return !own.isEmpty && Double(own.filter { abs(Double(edge($0)) - x) <= slack }.count) >= 0.6 * Double(own.count)
        }
        let sharpLeft = sharp(\.box.x, at: left, onLeft: true), sharpRight = sharp(\.box.maxX, at: right, onLeft: false)
        let split = lines.map { line -> [RecognizedLine] in
            let words = line.words
            guard line.readsAsItsWords else { return [line] }
            let w = Double(line.box.width), x0 = Double(line.box.x)
            func start(_ i: Int) -> Double { line.span(of: words[i]).start }
            func end(_ i: Int) -> Double { line.span(of: words[i]).end }
            var cut: (at: Int, noteFirst: Bool)?
            if sharpLeft, x0 <= left - lineHeight, let k = words.indices.first(where: { start($0) >= left - slack }), k > 0,
                end(k - 1) <= left - slack
            {
                cut = (k, true)
            } else if sharpRight, x0 + w >= right + lineHeight, let k = words.indices.last(where: { end($0) <= right + slack }),
                k < words.count - 1, start(k + 1) >= right + slack
            {
                cut = (k + 1, false)
            }
            guard let cut else { return [line] }
            let pieces = line.split(at: cut.at)
            let (note, row) = cut.noteFirst ? (pieces[0], pieces[1]) : (pieces[1], pieces[0])
            // The piece inside is a row of the column: half its width or more. The piece outside may hold six words
            // where it is no wider than a third of the column, as a note in the margin may (`marginNotes`).
            let most = Double(note.box.width) <= (right - left) / 3 ? 6 : 4
            guard looksLikeNote(note.text, words: most), Double(row.box.width) >= 0.5 * (right - left) else { return [line] }
            return pieces
        }
        // Notes stand in a strip beside the column: one line alone crossing its edge is more likely a stray reading.
        guard split.filter({ $0.count == 2 }).count >= 2 else { return lines }
        trace("order: split at the column's edge: \(split.filter { $0.count == 2 }.map { $0.map(\.text) })")
        return split.flatMap { $0 }
    }

    /// One column of running text among a page's lines: its lines of four words or more (six at least), and the
    /// medians of their left edges, right edges and heights. Margin notes are told and split by it.
    struct RunningText {
        let prose: [RecognizedLine]
        let left: Double
        let right: Double
        let lineHeight: Double

        init?(_ lines: [RecognizedLine]) {
            prose = lines.filter(Self.isProse)
            guard prose.count >= 6 else { return nil }
            left = Self.median(prose.map(\.box.x))
            right = Self.median(prose.map(\.box.maxX))
            lineHeight = Self.median(prose.map(\.box.height))
        }

        /// A line of running text: four words or more (`CJKText.wordCount`).
        static func isProse(_ line: RecognizedLine) -> Bool { CJKText.wordCount(line.text) >= 4 }

        static func median(_ values: [Int]) -> Double { Double(values.sorted()[values.count / 2]) }
    }

    /// A few words, mostly letters: what a side heading or gloss holds (not a number, a price or a symbol).
    /// `words`: at most so many (a line in the margin no wider than a third of the column, set small, holds up to
    /// six; a piece of a line read across the column's edge, four).
    static func looksLikeNote(_ text: String, words: Int = 4) -> Bool {
        let letters = text.filter(\.isLetter).count, ink = text.filter { !$0.isWhitespace }.count
        return CJKText.wordCount(text) <= words && letters >= 3 && 2 * letters >= ink
    }

    /// Whether `text` starts as an item, an entry or a sentence does: with a capital or a digit.
    static func startsItem(_ text: String) -> Bool { text.first.map { $0.isUppercase || $0.isNumber } == true }

    /// Whether `text` ends a sentence: a full stop, a question or exclamation mark, before any closing quotes or
    /// brackets.
    static func endsSentence(_ text: String) -> Bool {
        let end = text.reversed().drop { "\"'”’»)]".contains($0) }.first
        return end.map { ".!?。！？".contains($0) } == true
    }

    /// `ordered` with each block of notes put before the first line level with (or below) the block's first line.
    static func insert(_ blocks: [[RecognizedLine]], into ordered: [RecognizedLine]) -> [RecognizedLine] {
        var result = ordered.map { (line: $0, isNote: false) }
        for block in blocks.reversed() {
            let first = block[0].box
            let at = result.firstIndex { !$0.isNote && $0.line.box.midY >= first.midY - 0.5 * Double(first.height) }
            result.insert(contentsOf: block.map { (line: $0, isNote: true) }, at: at ?? result.endIndex)
        }
        return result.map(\.line)
    }

    /// Chinese or Japanese set in columns (most lines CJK text at least twice as tall as wide): the columns are read
    /// right to left, each top to bottom as Tesseract gives it; a heading across the top comes first and anything
    /// below the columns last. Nil for a page of rows.
    static func verticalColumns(_ lines: [RecognizedLine]) -> [RecognizedLine]? {
        func isColumn(_ line: RecognizedLine) -> Bool {
            line.box.height >= 2 * line.box.width && line.text.filter(\.isIdeograph).count * 2 >= line.text.filter { !$0.isWhitespace }.count
                && line.text.contains(where: \.isIdeograph)
        }
        let columns = lines.filter(isColumn)
        guard columns.count >= 2, columns.count * 5 >= lines.count * 3 else { return nil }
        let top = Double(columns.map(\.box.y).min()!), bottom = Double(columns.map(\.box.maxY).max()!)
        let others = lines.filter { !isColumn($0) }
        let above = others.filter { $0.box.midY < top }.sorted { $0.box.midY < $1.box.midY }
        let below = others.filter { $0.box.midY > bottom }.sorted { $0.box.midY < $1.box.midY }
        let inBand = others.filter { $0.box.midY >= top && $0.box.midY <= bottom }
        func centre(_ line: RecognizedLine) -> Double { Double(line.box.x) + Double(line.box.width) / 2 }
        let rightToLeft = (columns + inBand).sorted { (centre($0), -Double($0.box.y)) > (centre($1), -Double($1.box.y)) }
        return above + rightToLeft + below
    }

    /// Rows by y, each row left to right. A piece joins a row when it sits beside the row's nearest piece and
    /// overlaps it vertically (so tilted rows stay together), or when its centre is within `yTolerance`.
    func rows(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        let sorted = lines.sorted { $0.box.midY < $1.box.midY }
        var rows: [[RecognizedLine]] = []
        for line in sorted {
            var best: (row: Int, distance: Int)? = nil
            for (i, row) in rows.enumerated() {
                // Never stack pieces that overlap horizontally into one row.
                if row.contains(where: { min($0.box.maxX, line.box.maxX) - max($0.box.x, line.box.x) > min($0.box.width, line.box.width) / 4 }) {
                    continue
                }
                let neighbour = row.min { horizontalGap($0.box, line.box) < horizontalGap($1.box, line.box) }!
                let overlap = min(neighbour.box.maxY, line.box.maxY) - max(neighbour.box.y, line.box.y)
                let minHeight = Double(min(neighbour.box.height, line.box.height))
                let close = Double(horizontalGap(neighbour.box, line.box)) <= 2 * minHeight
                // Close neighbours of a tilted line overlap less; far pieces must overlap more.
                let joins =
                    Double(overlap) >= (close ? 0.25 : 0.5) * minHeight
                    || abs(neighbour.box.midY - line.box.midY) <= yTolerance
                if joins {
                    let d = horizontalGap(neighbour.box, line.box)
                    if best == nil || d < best!.distance { best = (i, d) }
                }
            }
            if let best { rows[best.row].append(line) } else { rows.append([line]) }
        }
        let centre = { (row: [RecognizedLine]) in row.map(\.box.midY).reduce(0, +) / Double(row.count) }
        return rows.sorted { centre($0) < centre($1) }.flatMap { $0.sorted { $0.box.x < $1.box.x } }
    }

    private func horizontalGap(_ a: PixelBox, _ b: PixelBox) -> Int {
        max(0, max(a.x, b.x) - min(a.maxX, b.maxX))
    }

    /// x positions of vertical gutters: empty bands between narrow lines, with text on both sides. Where there is
    /// none, lines alone in their row may cross one (`loneLinesCross`).
    static func gutters(in lines: [RecognizedLine], entries leaders: [LeaderLinks.Leader] = []) -> [Double] {
        let found = gutters(in: lines, loneLinesCross: false, entries: leaders)
        return found.isEmpty ? gutters(in: lines, loneLinesCross: true, entries: leaders) : found
    }

    /// Whether `line` holds one of `leaders` whole, across its rows: an item and its price, read (or joined) as one
    /// line.
    static func holdsLeader(_ line: RecognizedLine, _ leaders: [LeaderLinks.Leader]) -> Bool {
        leaders.contains { leader in
            leader.from.x >= line.box.x && leader.to.maxX <= line.box.maxX && LeaderLinks.holds(line, leader.from)
        }
    }

    /// x positions of vertical gutters: empty bands between narrow lines, with text on both sides. With
    /// `loneLinesCross`, lines alone in their row (a heading set at the body's size centred over the gutter, a page
    /// number under it) do not fill a band, and lines may run across one where six lines of running text stand on
    /// each side, as long as each is alone in its row and they are fewer than half those lines: they close a section
    /// as a title across the page does. A line across the band with print level with it is a row of a wider column
    /// (a sidebar beside a column of text): no gutter.
    static func gutters(in lines: [RecognizedLine], loneLinesCross: Bool, entries leaders: [LeaderLinks.Leader] = []) -> [Double] {
        guard lines.count >= 6 else { return [] }
        let minX = lines.map(\.box.x).min()!, maxX = lines.map(\.box.maxX).max()!
        let span = maxX - minX
        guard span > 0 else { return [] }
        let lineHeight = Self.medianHeight(lines)
        let narrow = lines.filter { Double($0.box.width) < 0.6 * Double(span) }
        guard narrow.count >= 6 else { return [] }
        var coverage = [Int](repeating: 0, count: span + 1)
        // A heading set larger than the text may run over a gutter into the next column's margin (a section's title
        // at the head of a column): the body's lines alone say where the gutters are.
        let body = narrow.filter { Double($0.box.height) <= 1.35 * lineHeight }
        let lone = loneLinesCross ? body.filter { line in !lines.contains { $0 != line && Self.level($0, line, lineHeight: lineHeight) } } : []
        for line in body where !lone.contains(line) {
            for x in max(0, line.box.x - minX)..<min(span + 1, line.box.maxX - minX) { coverage[x] += 1 }
        }
        // Lines wider than the narrow ones but with print level with them are rows of a wide column beside a narrow
        // one (a column of text and a sidebar, a caption beside it): three of them or more fill a band too (a running
        // head with the page number beside it, one line, does not).
        var rowsAcross = [Int](repeating: 0, count: span + 1)
        for line in lines where Double(line.box.width) >= 0.6 * Double(span) && Double(line.box.height) <= 1.35 * lineHeight {
            guard lines.contains(where: { $0 != line && Self.level($0, line, lineHeight: lineHeight) }) else { continue }
            for x in max(0, line.box.x - minX)..<min(span + 1, line.box.maxX - minX) { rowsAcross[x] += 1 }
        }
        for x in coverage.indices where rowsAcross[x] >= 3 { coverage[x] += rowsAcross[x] }
        let minGap = max(1.0 * lineHeight, 0.01 * Double(span))
        var gutters: [Double] = []
        var runStart: Int? = nil
        for x in 0...span {
            if coverage[x] == 0 {
                if runStart == nil { runStart = x }
            } else if var start = runStart {
                runStart = nil
                // Lone lines reaching into the band from one side narrow it; lines across its middle cross it.
                var end = x
                let middle = Double(minX) + Double(start + x) / 2
                for line in lone where line.box.maxX > minX + start && line.box.x < minX + x {
                    if Double(line.box.maxX) <= middle {
                        start = max(start, line.box.maxX - minX)
                    } else if Double(line.box.x) >= middle {
                        end = min(end, line.box.x - minX)
                    }
                }
                guard end > start else { continue }
                let crossing = loneLinesCross ? lines.filter { Double($0.box.x) < middle && Double($0.box.maxX) > middle } : []
                guard crossing.allSatisfy({ line in !lines.contains { $0 != line && Self.level($0, line, lineHeight: lineHeight) } }) else {
                    continue
                }
                let centre = Double(minX) + Double(start + end) / 2
                // Columns of running text (or of a list's entries, each an item and its price across a dot leader)
                // on both sides; short cells (tables, split fragments) read row by row.
                func isProse(_ l: RecognizedLine) -> Bool { CJKText.wordCount(l.text) >= 4 || Self.holdsLeader(l, leaders) }
                let left = narrow.filter { Double($0.box.maxX) <= centre && isProse($0) }.count
                let right = narrow.filter { Double($0.box.x) >= centre && isProse($0) }.count
                let sides = loneLinesCross ? 6 : 3
                if Double(end - start) >= minGap, left >= sides, right >= sides, 2 * crossing.count < left + right {
                    let from = gutters.last ?? -Double.infinity
                    let before = body.filter { Double($0.box.maxX) <= centre && Double($0.box.x) >= from }
                    let after = body.filter { Double($0.box.x) >= centre }
                    if Self.trailingFields(left: before, right: after, edge: Double(minX + start), lineHeight: lineHeight) {
                        trace("order: the print right of x \(Int(centre)) trails the rows on its left; no gutter")
                    } else if Self.sentenceRows(left: before, right: after, lineHeight: lineHeight) {
                        trace("order: each row across x \(Int(centre)) is one sentence; no gutter")
                    } else {
                        gutters.append(centre)
                    }
                }
            }
        }
        return gutters
    }

    /// Whether the print right of a wide empty band is fields trailing some of the rows on its left (code's comments,
    /// notes after some of a list's items), not a second column: four in five of its lines stand level with a line on
    /// the left (their middles within half a line height), while a fifth or more of the left lines between its first
    /// and last have none beside them (a column beside another fills its rows), and fewer than half of the left lines
    /// run up to the band at `edge` (see `runsUp`).
    static func trailingFields(left: [RecognizedLine], right: [RecognizedLine], edge: Double, lineHeight: Double) -> Bool {
        guard !left.isEmpty, !right.isEmpty else { return false }
        let levelRight = right.filter { r in left.contains { Self.level($0, r, lineHeight: lineHeight) } }.count
        guard 5 * levelRight >= 4 * right.count else { return false }
        let top = right.map(\.box.midY).min()!, bottom = right.map(\.box.midY).max()!
        let rows = left.filter { $0.box.midY >= top - 0.5 * lineHeight && $0.box.midY <= bottom + 0.5 * lineHeight }
        let alone = rows.filter { l in !right.contains { Self.level(l, $0, lineHeight: lineHeight) } }.count
        guard 5 * alone >= rows.count else { return false }
        let byY = left.sorted { $0.box.midY < $1.box.midY }
        var reaching = 0
        for (i, line) in byY.enumerated() {
            let short = edge - Double(line.box.maxX)
            let next = byY.dropFirst(i + 1).first { Double($0.box.y) >= Double(line.box.y) + 0.5 * lineHeight }
            let nextWord = next.flatMap { n -> Double? in
                guard Double(n.box.y) <= Double(line.box.maxY) + 2 * lineHeight else { return nil }
                guard n.readsAsItsWords, let first = n.words.first else { return nil }
                let (a, b) = n.span(of: first)
                return b - a
            }
            if Self.runsUp(short: short, nextWord: nextWord, lineHeight: lineHeight) { reaching += 1 }
        }
        return 2 * reaching < byY.count
    }

    /// Whether each row across a band is one sentence set in two cells (a list of items, each with its note:
    /// "Carrots from the stall | washed and cut into strips"), not two columns of running text: four in five of the
    /// left lines start an item (a capital or a digit), and four in five of the right lines stand level with a left
    /// one and continue it (a small letter). In running text, a column's lines mostly continue the line above, on
    /// either side. `left` and `right`: the lines' texts; `paired`: which right lines stand level with a left one.
    static func sentenceRows(left: [String], right: [String], paired: [Bool]) -> Bool {
        let continued = zip(right, paired).filter { $0.1 && $0.0.first?.isLowercase == true }.count
        let starts = left.filter(Self.startsItem).count
        return left.count >= 4 && right.count >= 4 && 5 * starts >= 4 * left.count && 5 * continued >= 4 * right.count
    }

    static func sentenceRows(left: [RecognizedLine], right: [RecognizedLine], lineHeight: Double) -> Bool {
        let paired = right.map { r in left.contains { Self.level($0, r, lineHeight: lineHeight) } }
        return sentenceRows(left: left.map(\.text), right: right.map(\.text), paired: paired)
    }

    /// Whether a line ending `short` pixels before a band runs up to it as a column's line does: within two line
    /// heights, or short of it by less than the next line's first word (`nextWord` wide, plus half a line for the
    /// space): a ragged column breaks its lines where that word would not fit. A table's cells end where their text
    /// does.
    static func runsUp(short: Double, nextWord: Double?, lineHeight: Double) -> Bool {
        short <= 2 * lineHeight || nextWord.map { short <= $0 + 0.5 * lineHeight } == true
    }

    /// `line` split at each gutter it crosses, where a gap at least `gap` wide between two of its words spans the
    /// gutter or ends within twice `gap` of it; nil when there is no such gap: a heading's words run over it.
    static func split(_ line: RecognizedLine, at gutters: [Double], gap: Double, standingOut: Bool = false) -> [RecognizedLine]? {
        guard line.readsAsItsWords else { return nil }
        var pieces = [line]
        for g in gutters where Double(line.box.x) < g - 1 && Double(line.box.maxX) > g + 1 {
            let last = pieces.removeLast()
            // The widest gap between two words that spans the gutter (a ragged column's short line) or ends within
            // twice `gap` of it: a merged row's last word may run past the middle of the band, where the column's
            // other lines end well short of it. With `standingOut`, it must be half as wide again as the line's
            // median word space (its narrowest, on a line of two or three spaces: a short heading's spaces are alike).
            let spaces = last.words.indices.dropFirst().map { last.span(of: last.words[$0]).start - last.span(of: last.words[$0 - 1]).end }
            let usual = !standingOut || spaces.isEmpty ? 0 : spaces.count >= 3 ? spaces.sorted()[spaces.count / 2] : spaces.min()!
            // spaces[i] lies between words i and i + 1.
            let gaps = spaces.indices.filter { i in
                let a = last.span(of: last.words[i]).end, b = last.span(of: last.words[i + 1]).start
                return spaces[i] >= max(gap, 1.5 * usual) && a - 2 * gap <= g && g <= b + 2 * gap
            }
            guard let i = gaps.max(by: { spaces[$0] < spaces[$1] }) else { return nil }
            pieces += last.split(at: i + 1)
        }
        return pieces
    }

    /// Gutters narrower than a line is high (a third of a line at least: justified columns may stand a word space and
    /// a half apart): an upright band no word of the body's lines covers (one line in twenty may cross it on a long
    /// page), with running text on both sides, six pieces of four words or more each. The left ones run up to the
    /// band: three in five end within two line heights of it, or short of it by less than the next line's first word
    /// (a ragged column's line breaks where that word would not fit; a table's cells end where their text does). The
    /// right ones start at its edge: half of them within half a line height and four in five within an indent of two
    /// lines and a half (a book's 1.5 em paragraph indent is 1.6 line boxes). Layout analysis may read two columns'
    /// rows as one line across such a gutter: those are split there. The gutters' x positions and the lines, split;
    /// nil when there is none.
    static func narrowGutters(in lines: [RecognizedLine]) -> (gutters: [Double], lines: [RecognizedLine])? {
        guard lines.count >= 6 else { return nil }
        let lineHeight = Self.medianHeight(lines)
        let body = lines.filter { Double($0.box.height) <= 1.35 * lineHeight && $0.readsAsItsWords }
        guard body.count >= 6 else { return nil }
        let minX = Int(body.map(\.box.x).min()!), maxX = body.map(\.box.maxX).max()!
        guard maxX > minX else { return nil }
        var covered = [Int](repeating: 0, count: maxX - minX + 1)
        for line in body {
            for word in line.words {
                let (a, b) = line.span(of: word)
                for x in max(0, Int(a) - minX)..<min(covered.count, max(0, Int(b.rounded(.up)) - minX)) { covered[x] += 1 }
            }
        }
        // The bands no word covers, a third of a line wide or more; on a long page, one in twenty lines may cross (a
        // line across both columns under them, a speck read as a word).
        let crossing = body.count / 20
        var bands: [(lo: Double, hi: Double)] = []
        var start: Int? = nil
        for x in 0..<covered.count {
            if covered[x] <= crossing {
                if start == nil { start = x }
            } else if let s = start {
                start = nil
                if Double(x - s) >= 0.3 * lineHeight { bands.append((Double(minX + s), Double(minX + x))) }
            }
        }
        var gutters: [(lo: Double, hi: Double)] = []
        let rows = body.sorted { $0.box.y + $0.box.height / 2 < $1.box.y + $1.box.height / 2 }
        let spans = rows.map { line in line.words.map { line.span(of: $0) } }
        for (k, band) in bands.enumerated() {
            let (lo, hi) = band
            // Running text on both sides, up to the bands beside this one: pieces of four words or more on the
            // left that run up to the band (as a column's lines do, and a table's cells need not), and on the right
            // that start at its edge.
            let from = k > 0 ? bands[k - 1].hi - 1 : -Double.infinity, to = k + 1 < bands.count ? bands[k + 1].lo + 1 : Double.infinity
            var left = 0, reaching = 0, right = 0, aligned = 0, indented = 0
            let pieces = spans.map { $0.filter { $0.0 >= from && $0.1 <= lo + 1 }.sorted { $0.0 < $1.0 } }
            for (i, line) in rows.enumerated() {
                let before = pieces[i], after = spans[i].filter { $0.0 >= hi - 1 && $0.1 <= to }
                if before.count >= 4 {
                    left += 1
                    let short = lo - before.map(\.1).max()!
                    let next = rows.indices.dropFirst(i + 1).first { j in
                        !pieces[j].isEmpty && Double(rows[j].box.y) >= Double(line.box.y) + 0.5 * lineHeight
                    }
                    let nextWord = next.flatMap { j -> Double? in
                        guard Double(rows[j].box.y) <= Double(line.box.maxY) + 2 * lineHeight else { return nil }
                        return pieces[j][0].1 - pieces[j][0].0
                    }
                    if Self.runsUp(short: short, nextWord: nextWord, lineHeight: lineHeight) { reaching += 1 }
                }
                if after.count >= 4 {
                    right += 1
                    let inset = after.map(\.0).min()! - hi
                    if inset <= 0.5 * lineHeight { aligned += 1 } else if inset <= 2.5 * lineHeight { indented += 1 }
                }
            }
            // A paragraph's first line may be indented: most start at the edge, nearly all at it or an indent in.
            if min(left, right) >= 6, 5 * reaching >= 3 * left, 5 * (aligned + indented) >= 4 * right, 2 * aligned >= right {
                // Unless each row is one sentence set in two cells (`sentenceRows`), told from the pieces' words.
                func text(_ line: RecognizedLine, _ spans: [(Double, Double)]) -> String {
                    line.words.filter { w in spans.contains { $0 == line.span(of: w) } }.map(\.text).joined(separator: " ")
                }
                let lefts = rows.indices.filter { !pieces[$0].isEmpty }
                let rights = rows.indices.map { i in (i, text(rows[i], spans[i].filter { $0.0 >= hi - 1 && $0.1 <= to })) }.filter { !$0.1.isEmpty }
                let paired = rights.map { r in lefts.contains { Self.level(rows[$0], rows[r.0], lineHeight: lineHeight) } }
                if Self.sentenceRows(left: lefts.map { text(rows[$0], pieces[$0]) }, right: rights.map(\.1), paired: paired) {
                    trace("order: each row across x \(Int((lo + hi) / 2)) is one sentence; no gutter")
                } else {
                    gutters.append((lo, hi))
                }
            }
        }
        guard !gutters.isEmpty else { return nil }
        // Each line across a gutter split there.
        let centres = gutters.map { ($0.lo + $0.hi) / 2 }
        // Where words stand nearly as far apart as the narrowest gutter is wide, a line across it is two rows read
        // as one; word spaces are narrower. Between the rows that show the columns so (or stand in one), a line
        // across is split at a word space of a third of a line or more too: a ragged column's long line may run into
        // the gutter. Above or below them, it stays whole: a heading or a footer running across the columns.
        let tight = min(0.5 * lineHeight, 0.8 * (gutters.map { $0.hi - $0.lo }.min() ?? 0))
        let crosses = { (line: RecognizedLine) in centres.contains { Double(line.box.x) < $0 - 1 && Double(line.box.maxX) > $0 + 1 } }
        let columnar = body.filter { !crosses($0) || Self.split($0, at: centres, gap: tight) != nil }.map(\.box.midY)
        let (top, bottom) = (columnar.min() ?? 0, columnar.max() ?? 0)
        let split = lines.flatMap { line in
            let between = line.box.midY >= top && line.box.midY <= bottom && Double(line.box.height) <= 1.35 * lineHeight
            return Self.split(line, at: centres, gap: between ? 0.3 * lineHeight : tight) ?? [line]
        }
        trace("order: \(gutters.count) gutter(s) narrower than a line at \(gutters.map { Int(($0.lo + $0.hi) / 2) })")
        return (centres, split)
    }

    /// The median height of `lines`' boxes (at least one line).
    static func medianHeight(_ lines: [RecognizedLine]) -> Double {
        let heights = lines.map(\.box.height).sorted()
        return Double(heights[heights.count / 2])
    }

    /// For each ordered line, whether a paragraph starts there: a wider gap, an indent after a short line, or a
    /// jump to another column.
    public static func paragraphBreaks(_ lines: [RecognizedLine]) -> [Bool] {
        guard !lines.isEmpty else { return [] }
        let lineHeight = Self.medianHeight(lines)
        var breaks = [false]
        for i in 1..<lines.count {
            let prev = lines[i - 1].box, cur = lines[i].box
            let gap = Double(cur.y - prev.maxY)
            if gap < -lineHeight || abs(Double(cur.x - prev.x)) > 12 * lineHeight {
                breaks.append(true)  // went back up or across: a new column or block
            } else if gap > 1.0 * lineHeight {
                breaks.append(true)
            } else if lines[i].paragraph != lines[i - 1].paragraph,
                Double(cur.x - prev.x) > 0.8 * lineHeight || Double(prev.maxX) < Double(cur.maxX) - 4 * lineHeight
            {
                breaks.append(true)  // the engine saw a new paragraph and the layout agrees (indent or short last line)
            } else {
                breaks.append(false)
            }
        }
        return breaks
    }
}

/// Reading order for recognised lines; see `LineOrderer`.
public func orderAndExtractLines(from lines: [RecognizedLine], yTolerance: Double) -> [RecognizedLine] {
    LineOrderer(yTolerance: yTolerance).order(lines)
}

extension RecognizedLine {
    /// Whether the line's text is its words, two or more, joined by spaces: only then can it be split between them.
    var readsAsItsWords: Bool { words.count >= 2 && words.map(\.text).joined(separator: " ") == text }

    /// Where `word` (one of the line's) starts and ends across the page: its start and end are fractions of the box.
    func span(of word: TextWord) -> (start: Double, end: Double) {
        (Double(box.x) + word.start * Double(box.width), Double(box.x) + word.end * Double(box.width))
    }
}
