// Step "filter": drop lines that are almost surely noise (edges, shadows, texture read as letters).
import Foundation
import Imaging
import Support

struct LineFilterStep: EssentialStep {
    let name = "filter"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let minimum = state.config.minimumLineConfidence
        var kept = state.lines.filter { LineFilter.keeps($0, minimumConfidence: minimum) }
        if traceLevel >= 2 {
            for line in state.lines {
                let mark = LineFilter.keeps(line, minimumConfidence: minimum) ? "keep" : "drop"
                trace("filter: \(mark) \(String(format: "%.2f", line.confidence)) \(line.box) \(line.text)")
                if traceLevel >= 3 {
                    trace(
                        "filter:   words \(line.words.map { "\($0.text)/\(Int($0.confidence * 100))\($0.inDictionary ? "d" : "")" }.joined(separator: " "))"
                    )
                }
            }
        }
        kept = LineFilter.rescuingAligned(state.lines, kept: kept, minimumConfidence: minimum)
        kept = LineFilter.rescuingDigitCells(state.lines, kept: kept)
        // A page the engine is unsure of overall is mostly texture read as letters: keep only its sure lines.
        let meanKept = kept.isEmpty ? 0 : kept.map(\.confidence).reduce(0, +) / Double(kept.count)
        if meanKept < 0.45 {
            trace("filter: unsure page (mean \(meanKept)), keeping \(kept.filter { $0.confidence >= 0.6 }.count) of \(kept.count) lines")
            kept = kept.filter { $0.confidence >= 0.6 }
        }
        // A picture's own small text (a screenshot's labels, a figure's captions inside its frame) is kept only when
        // it reads surely; the page's text is not inside pictures.
        if !state.pictures.isEmpty {
            let inside = kept.filter { line in
                line.confidence < LineFilter.surePictureText
                    && state.pictures.contains { $0.x < line.box.x && $0.maxX > line.box.maxX && $0.y < line.box.y && $0.maxY > line.box.maxY }
            }
            if !inside.isEmpty {
                trace("filter: \(inside.count) unsure line(s) inside pictures: \(inside.map(\.text))")
                let drop = Set(inside.map(\.box))
                kept.removeAll { drop.contains($0.box) }
            }
        }
        // Fragments of the facing page that were read all the same (its rows painted out before reading miss a
        // few): a strip cut by the frame's edge beyond an empty band.
        let cuts = state.facingCuts
        kept.removeAll { line in cuts.contains { $0.isBeyond(line.box) } }
        // A line the layout analysis ran across the cut (the grey page, read when our threshold lost the print, keeps
        // the facing page's faint words) loses the words that lie wholly beyond it.
        if !cuts.isEmpty { kept = Self.trimming(kept, at: "the facing page") { LineFilter.trimmed($0, beyond: cuts) } }
        // Letters of text running down a margin, read turned by the margin step, that layout analysis joined to the
        // ends of the rows beside them ("SubTotal 17.25 &"), or read as lines of their own.
        // The engine's boxes may stand a few pixels beyond the strip's ink: a quarter of an x-height is allowed.
        let strips = state.marginStrips.map(\.box), slack = 0.25 * state.xHeightOrTarget
        if !strips.isEmpty {
            kept = Self.trimming(kept, at: "a margin's text") { line in
                LineFilter.trimmed(line) { minX, maxX, y in
                    strips.contains {
                        Double($0.x) - slack <= minX && maxX <= Double($0.maxX) + slack && Double($0.y) - slack <= y && y <= Double($0.maxY) + slack
                    }
                }
            }
        }
        // A ruled table's grid stays on the page, and the recogniser reads some of its upright rules as bars ("29 |
        // $287.68"): inside a table, a word of bars alone is a rule.
        let tables = state.tables
        if !tables.isEmpty { kept = Self.trimming(kept, at: "a table's rule") { LineFilter.trimmed($0, rulesIn: tables) } }
        // Dot leaders the surface step did not paint out (dots too small to tell at the print's size) are read as
        // runs of dots and of dot-like letters ("PAPER TOWELS ..... weeee 9.44").
        kept = Self.trimming(kept, at: "a dot leader") { LineFilter.withoutLeaders($0) }
        if state.config.dropsFacingPage, let page = state.page {
            let facing = FacingPageFilter(xHeight: state.xHeightOrTarget).keep(kept, pageWidth: page.width)
            if facing.count != kept.count { trace("filter: dropped \(kept.count - facing.count) line(s) of the facing page") }
            kept = facing
        }
        state.lines = kept
    }
}

extension LineFilterStep {
    /// `lines` each as `trim` leaves it (nil: gone), each change traced as trimmed at `what`.
    static func trimming(_ lines: [RecognizedLine], at what: String, _ trim: (RecognizedLine) -> RecognizedLine?) -> [RecognizedLine] {
        lines.compactMap { line in
            let trimmed = trim(line)
            if traceLevel >= 2, trimmed != line { trace("filter: trimmed at \(what) '\(line.text)' -> '\(trimmed?.text ?? "")'") }
            return trimmed
        }
    }
}

/// Drops lines that are almost surely noise: low confidence and hardly any letters (edges, shadows, spine), or
/// unsure lines made of letter crumbs (what texture such as sky, wires or a keyboard reads as).
enum LineFilter {
    /// Text inside a picture is kept from this confidence up.
    static let surePictureText = 0.9

    /// `line` without its words that lie wholly beyond one of `cuts` (its box narrowed to the words left, its
    /// confidence as read); nil when every word does. Unchanged when no word does, or its words have no places.
    static func trimmed(_ line: RecognizedLine, beyond cuts: [FacingPageFilter.Cut]) -> RecognizedLine? {
        trimmed(line) { minX, maxX, y in cuts.contains { $0.isBeyond(minX: minX, maxX: maxX, y: y) } }
    }

    /// `line` without its words of bars alone ("|") that lie inside one of `tables` (a ruled table's upright rules),
    /// as `trimmed(_:beyond:)`.
    static func trimmed(_ line: RecognizedLine, rulesIn tables: [PixelBox]) -> RecognizedLine? {
        trimmed(line, dropsWords: { !$0.isEmpty && $0.allSatisfy { $0 == "|" } }) { minX, maxX, y in
            tables.contains { Double($0.x) <= minX && maxX <= Double($0.maxX) && Double($0.y) <= y && y <= Double($0.maxY) }
        }
    }

    /// `line` without the words `drops` (given a word's left and right ends and the line's middle height) among those
    /// whose text `dropsWords` takes (all, unless told), as `trimmed(_:beyond:)`; a line without word places goes whole
    /// when both take it.
    static func trimmed(
        _ line: RecognizedLine, dropsWords: (String) -> Bool = { _ in true }, drops: (Double, Double, Double) -> Bool
    ) -> RecognizedLine? {
        let y = line.box.midY
        guard !line.words.isEmpty, line.box.width > 0 else {
            return dropsWords(line.text) && drops(Double(line.box.x), Double(line.box.maxX), y) ? nil : line
        }
        let x = Double(line.box.x), w = Double(line.box.width)
        return trimmed(line, keeping: line.words.map { !(dropsWords($0.text) && drops(x + $0.start * w, x + $0.end * w, y)) })
    }

    /// `line` with only the words `keep` marks (one flag a word; the line has words and a width), its box narrowed to
    /// them; nil when none is kept, unchanged when all are.
    static func trimmed(_ line: RecognizedLine, keeping keep: [Bool]) -> RecognizedLine? {
        guard keep.contains(false) else { return line }
        guard keep.contains(true) else { return nil }
        let x = Double(line.box.x), w = Double(line.box.width)
        let spans = line.words.map { (x + $0.start * w, x + $0.end * w) }
        let kept = line.words.indices.filter { keep[$0] }
        let x0 = kept.map { spans[$0].0 }.min()!, x1 = kept.map { spans[$0].1 }.max()!
        var out = line
        out.box.x = Int(x0.rounded(.down))
        out.box.width = max(1, Int(x1.rounded(.up)) - out.box.x)
        let nx = Double(out.box.x), nw = Double(out.box.width)
        out.words = kept.map { i in
            var word = line.words[i]
            word.start = max(0, min(1, (spans[i].0 - nx) / nw))
            word.end = max(0, min(1, (spans[i].1 - nx) / nw))
            return word
        }
        out.text = out.words.map(\.text).joined(separator: " ")
        return out
    }

    /// `line` without its dot leaders, read as text: a word of four dots or more, and the words after it that are
    /// dots or small letters the recogniser makes of dots ("e", "a", "s", "o", "c", "w": "eeeee", "seaae"), up to the
    /// next word that is neither (the price, the page number). Three dots are an ellipsis and stay.
    static func withoutLeaders(_ line: RecognizedLine) -> RecognizedLine? {
        func dots(_ word: String) -> Int { word.reduce(0) { $0 + ($1 == "." || $1 == "·" ? 1 : $1 == "…" ? 3 : 0) } }
        func isDots(_ word: String) -> Bool { !word.isEmpty && word.allSatisfy { ".·…".contains($0) } }
        func isDotLetters(_ word: String) -> Bool { !word.isEmpty && word.allSatisfy { "eaoscw.·".contains($0) } }
        var drop = Set<Int>(), k = 0
        let words = line.words.map(\.text)
        while k < words.count {
            guard isDots(words[k]), dots(words[k]) >= 4 else {
                k += 1
                continue
            }
            while k < words.count, isDots(words[k]) || isDotLetters(words[k]) {
                drop.insert(k)
                k += 1
            }
        }
        guard !drop.isEmpty, line.box.width > 0 else { return line }
        return trimmed(line, keeping: line.words.indices.map { !drop.contains($0) })
    }

    static func keeps(_ line: RecognizedLine, minimumConfidence: Double) -> Bool {
        let letters = line.text.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
        let visible = line.text.unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) }.count
        guard visible > 0 else { return false }
        if line.confidence < 0.75 && wordShare(line.text) < 0.3 { return false }
        if line.confidence >= minimumConfidence { return letters > 0 || visible >= 2 }
        return Double(letters) / Double(visible) >= 0.6 && letters >= 4 && line.confidence >= minimumConfidence / 2
    }

    /// Where the line's text starts: at its first word holding a letter or a digit, so that a frame's edge or a
    /// speck read in front of it ("“ | rect(100,120,20,50);") does not move the line off its column's edge; the box's
    /// left edge when the words have no places.
    static func textStart(_ line: RecognizedLine) -> Double {
        guard let first = line.words.first(where: { $0.text.contains { $0.isLetter || $0.isNumber } }) else { return Double(line.box.x) }
        return Double(line.box.x) + first.start * Double(line.box.width)
    }

    /// The dropped lines to keep after all, in page order: on a page read with confidence, a line of the usual
    /// height that starts where three or more kept lines start (the left edge of a column; measured at the boxes'
    /// edges and at the words', `textStart`) is a line of that column, abbreviations and all ("LEERG. EW E. ST -0,25
    /// B"), not texture. Such a line between kept lines of the column is kept however unsurely it was read: code
    /// ("rect(100,120,20,50);") scores low for its brackets and commas, and texture does not sit inside a column's
    /// run of lines.
    static func rescuingAligned(_ lines: [RecognizedLine], kept: [RecognizedLine], minimumConfidence: Double) -> [RecognizedLine] {
        guard kept.count >= 3, kept.count < lines.count else { return kept }
        let mean = kept.map(\.confidence).reduce(0, +) / Double(kept.count)
        guard mean >= 0.7 else { return kept }
        let heights = kept.map(\.box.height).sorted()
        let lineHeight = Double(heights[heights.count / 2])
        let keptBoxes = Set(kept.map(\.box))
        let keptStarts = kept.map(textStart)
        let rescued = lines.filter { line in
            guard !keptBoxes.contains(line.box), line.confidence >= minimumConfidence || isBetweenKeptLines(line, kept, lineHeight: lineHeight)
            else { return false }
            let h = Double(line.box.height)
            guard h >= 0.7 * lineHeight, h <= 1.4 * lineHeight, Double(line.box.width) >= 3 * lineHeight else { return false }
            // By the boxes' edges, or by where the words start (a line's box can begin at a frame's edge read in
            // front of it): whichever finds more of the column.
            let start = textStart(line), tolerance = 0.5 * lineHeight
            let aligned = max(
                kept.filter { abs(Double($0.box.x - line.box.x)) <= tolerance }.count,
                keptStarts.filter { abs($0 - start) <= tolerance }.count)
            // At least one real word or number among the crumbs: a figure's halftone reads as symbols alone.
            return aligned >= 3 && line.text.filter { $0.isLetter || $0.isNumber }.count >= 3 && wordShare(line.text) >= 0.15
        }
        guard !rescued.isEmpty else { return kept }
        trace("filter: \(rescued.count) line(s) kept at a column's edge")
        let keep = keptBoxes.union(rescued.map(\.box))
        return lines.filter { keep.contains($0.box) }
    }

    /// The dropped lines that are a table's or a receipt's one-digit cells (a quantity, a count): a lone digit read
    /// surely, of the lines' height, with kept lines on both sides in its row, and in a column (by its left or right
    /// edge) with another such digit or a kept number in another row. A speck read as a digit may sit in a row between
    /// two lines (in a gutter), but not one above another such speck.
    static func rescuingDigitCells(_ lines: [RecognizedLine], kept: [RecognizedLine]) -> [RecognizedLine] {
        guard kept.count >= 3, kept.count < lines.count else { return kept }
        let heights = kept.map(\.box.height).sorted()
        let lineHeight = Double(heights[heights.count / 2])
        let keptBoxes = Set(kept.map(\.box))
        func isNumber(_ line: RecognizedLine) -> Bool {
            line.text.contains(where: \.isNumber) && line.text.allSatisfy { $0.isNumber || " .,".contains($0) }
        }
        let candidates = lines.filter { line in
            let text = line.text.trimmingCharacters(in: .whitespaces)
            let h = Double(line.box.height)
            guard !keptBoxes.contains(line.box), text.count == 1, text.first?.isASCII == true, text.first?.isNumber == true,
                line.confidence >= 0.85, h >= 0.6 * lineHeight, h <= 1.4 * lineHeight
            else { return false }
            let row = kept.filter { TableFinder.shareRow($0.box, line.box) }
            return row.contains { $0.box.maxX <= line.box.x } && row.contains { $0.box.x >= line.box.maxX }
        }
        guard !candidates.isEmpty else { return kept }
        let numbers = kept.filter(isNumber) + candidates
        let tolerance = Int(0.5 * lineHeight)
        let rescued = candidates.filter { cell in
            numbers.contains { other in
                other.box != cell.box && !TableFinder.shareRow(other.box, cell.box)
                    && (abs(other.box.maxX - cell.box.maxX) <= tolerance || abs(other.box.x - cell.box.x) <= tolerance)
            }
        }
        guard !rescued.isEmpty else { return kept }
        trace("filter: \(rescued.count) one-digit cell(s) kept: \(rescued.map(\.text))")
        let keep = keptBoxes.union(rescued.map(\.box))
        return lines.filter { keep.contains($0.box) }
    }

    /// A kept line lies above `line` and another below it, each overlapping it across and within three line heights
    /// of it (two unsure lines in a row are still between the kept ones).
    static func isBetweenKeptLines(_ line: RecognizedLine, _ kept: [RecognizedLine], lineHeight: Double) -> Bool {
        let reach = 3 * lineHeight, slack = Int(0.3 * lineHeight)
        func across(_ other: RecognizedLine) -> Bool { other.box.x < line.box.maxX && other.box.maxX > line.box.x }
        let above = kept.contains { across($0) && $0.box.maxY <= line.box.y + slack && Double(line.box.y - $0.box.maxY) <= reach }
        let below = kept.contains { across($0) && $0.box.y >= line.box.maxY - slack && Double($0.box.y - line.box.maxY) <= reach }
        return above && below
    }

    /// Share of tokens that look like text: words (three or more letters, mostly letters, once outer punctuation is
    /// stripped: "jap.rok", "don't") or numbers (two or more digits: prices, dates, "3,5%"). Crumbs of one or two
    /// characters and letter–digit mixes are what texture reads as. A run of ideographs is a word. A label and its
    /// value joined by a colon ("Approval:052723", "Tel.:02304") is a word when each side is one.
    static func wordShare(_ text: String) -> Double {
        let tokens = text.split(separator: " ")
        guard !tokens.isEmpty else { return 0 }
        let words = tokens.filter { token in
            let parts = token.split(separator: ":")
            return !parts.isEmpty && parts.allSatisfy(isWordOrNumber)
        }
        return Double(words.count) / Double(tokens.count)
    }

    /// A word (three or more letters, mostly letters, once outer punctuation is stripped) or a number (two or more
    /// digits and number punctuation only).
    static func isWordOrNumber(_ token: Substring) -> Bool {
        let core = token.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        // Ideographs that are numerals (一, 七, 万) are words of Chinese text, not digits.
        let letters = core.filter(\.isLetter).count, digits = core.filter { $0.isNumber && !$0.isIdeograph }.count
        if digits == 0 { return letters >= 3 && Double(letters) >= 0.75 * Double(core.count) }
        return letters == 0 && digits >= 2 && core.allSatisfy { $0.isNumber || ",.:/-%".contains($0) }
    }
}
