// Step "debris": words that are not text never reach it. Ink that is not print and survived the surface step
// (grain at a receipt's edge, a speck beside a line, a picture's corner) reads as unsure words that sit on no row
// of letters or mix their letters as no language does; they are trimmed from the ends of lines, and a line made
// of nothing else is dropped.
import Foundation
import Imaging
import Support

struct DebrisStep: PageStep {
    let name = "debris"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let filter = DebrisFilter(rows: state.inkLines)
        let cleaned = filter.clean(state.lines)
        if traceLevel >= 1 {
            let before = state.lines.map(\.text), after = Set(cleaned.map(\.text))
            for text in before where !after.contains(text) { trace("debris: '\(text)'") }
        }
        state.lines = cleaned
    }
}

struct DebrisFilter: Sendable {
    /// Rows of letters found from the page's ink (nil: unknown, only the letters are judged).
    var rows: [InkLine]?
    /// Words the engine is at least this sure of are never debris.
    var sure = 0.5
    /// Below this, a word whose letters no language mixes so is debris wherever it lies.
    var hardlySure = 0.2
    /// A word sits on a row of letters when this share of its box lies on one.
    var onRow = 0.4

    /// Whether `word` of a line lying on `span` (the columns its rows of letters cover; nil when it lies on none)
    /// is debris rather than text.
    func isDebris(_ word: TextWord, span: Range<Int>?) -> Bool {
        guard word.confidence < sure, !Self.isNumber(word.text) else { return false }
        // Beyond the row of letters it was read with, or on no row at all, an unsure word is ink that is not print.
        guard rows != nil, let box = word.box else {
            return word.confidence < hardlySure && !Self.plausibleLetters(word.text) && Self.isLoneSymbols(word.text)
        }
        guard let span else { return true }
        let outside = box.width - max(0, min(box.maxX, span.upperBound) - max(box.x, span.lowerBound))
        if Double(outside) > (1 - onRow) * Double(box.width) { return true }
        return word.confidence < hardlySure && !Self.plausibleLetters(word.text) && Self.isLoneSymbols(word.text)
    }

    /// The columns covered by the rows of letters that `line` was read from, widened by a letter height; nil when it
    /// lies on none.
    func span(of line: RecognizedLine) -> Range<Int>? {
        guard let rows else { return nil }
        let on = rows.filter { row in
            let overlap = min(row.box.maxY, line.box.maxY) - max(row.box.y, line.box.y)
            return Double(overlap) >= 0.5 * Double(row.box.height) && min(row.box.maxX, line.box.maxX) > max(row.box.x, line.box.x)
        }
        guard let first = on.first else { return nil }
        let pad = Int(on.map(\.letterHeight).max() ?? 0)
        let lo = on.map(\.box.x).min() ?? first.box.x, hi = on.map(\.box.maxX).max() ?? first.box.maxX
        return (lo - pad)..<(hi + pad)
    }

    /// The lines with debris trimmed from their ends; lines left without text are dropped.
    func clean(_ lines: [RecognizedLine]) -> [RecognizedLine] {
        lines.compactMap { line in
            guard !line.words.isEmpty else { return line }
            let span = span(of: line)
            let debris = line.words.map { isDebris($0, span: span) }
            guard let first = debris.firstIndex(of: false), let last = debris.lastIndex(of: false) else { return nil }
            if first == 0 && last == line.words.count - 1 { return line }
            var words = Array(line.words[first...last])
            var trimmed = line
            trimmed.text = words.map(\.text).joined(separator: " ")
            let boxes = words.compactMap(\.box)
            if boxes.count == words.count {
                let box = boxes.dropFirst().reduce(boxes[0]) { $0.union($1) }
                trimmed.box = box
                // The kept words' spans are re-measured across the trimmed line.
                words = words.map {
                    var word = TextWord(
                        text: $0.text, box: $0.box ?? box, line: box, confidence: $0.confidence, rival: $0.rival, inDictionary: $0.inDictionary)
                    word.parts = $0.parts
                    return word
                }
            }
            trimmed.words = words
            trimmed.confidence = words.map(\.confidence).reduce(0, +) / Double(words.count)
            return trimmed
        }
    }

    /// Symbols and letter crumbs with no letter-digit structure: "\\", "«/", "~)".
    static func isLoneSymbols(_ text: String) -> Bool {
        text.filter { $0.isLetter || $0.isNumber }.count <= 1
    }

    /// Digits with the separators of prices, dates, times and codes: "3,98", "07/05/2024", "-0,25".
    static func isNumber(_ text: String) -> Bool {
        let core = text.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        let digits = core.filter(\.isNumber).count
        return digits >= 1 && Double(digits) >= 0.5 * Double(core.count)
    }

    /// Letters mixed as a language mixes them: mostly letters, capitals only at the start or throughout, and a
    /// vowel in any word of three letters or more.
    static func plausibleLetters(_ text: String) -> Bool {
        let core = text.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        let letters = core.filter(\.isLetter)
        guard !letters.isEmpty, Double(letters.count) >= 0.6 * Double(core.count) else { return false }
        let tail = letters.dropFirst()
        let mixedCase = tail.contains(where: \.isUppercase) && tail.contains(where: \.isLowercase)
        if mixedCase { return false }
        if letters.count >= 3 {
            let vowels = Set("aeiouyAEIOUYàâäáãåèéêëìíîïòóôöõùúûüÿæœÀÂÄÁÃÅÈÉÊËÌÍÎÏÒÓÔÖÕÙÚÛÜŸÆŒąęĄĘ")
            if !letters.contains(where: { vowels.contains($0) }) { return false }
        }
        return true
    }
}
