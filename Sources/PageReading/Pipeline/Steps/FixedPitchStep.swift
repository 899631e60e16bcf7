// Step "pitch": receipts, tickets and forms are printed in a fixed pitch, every character in a cell of the same
// width, and a space is a blank cell. The engine judges spaces by the gap between inks, which a narrow letter beside
// a blank cell fools: "2 Stk x 1,99" comes out "2Stkx 1,99" and "0,25" as "0, 25". On a page whose lines sit on a
// character grid, each such line's words are cut again where a cell is blank, and only there.
import Foundation
import Support

struct FixedPitchStep: PageStep {
    let name = "pitch"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let grid = FixedPitch()
        guard let pitch = grid.pagePitch(state.lines) else { return }
        var changed = 0
        state.lines = state.lines.map { line in
            guard let spaced = grid.respaced(line, pitch: pitch) else { return line }
            changed += 1
            trace("pitch: '\(line.text)' -> '\(spaced.text)'")
            return spaced
        }
        trace("pitch: \(String(format: "%.1f", pitch)) px cells, \(changed) line(s) re-spaced")
    }
}

/// Finds a page printed in a fixed pitch from its letters' centres, and re-spaces its lines by the blank cells.
struct FixedPitch: Sendable {
    /// A page is in fixed pitch when its median line has this share of its letters' centres within a fifth of a cell
    /// of one grid; a line is re-spaced only when nearly all of its letters (`lineOnGrid`) are: the engine's letter
    /// boxes are approximate, and a line of display type (a shop's name) sits on no grid.
    var onGrid = 0.85
    var lineOnGrid = 0.95
    /// Fewest letters a line needs to tell; fewest such lines a page needs.
    var minimumLetters = 6
    var minimumLines = 3
    /// Letters this many cells apart or more have a blank cell between them; this many or fewer, none.
    var blankCell = 1.75
    var adjacentCell = 1.25

    /// The page's cell width when most of its lines (the median line) sit on one character grid; nil for print
    /// in proportional type, where letters' centres drift off any grid within a word or two.
    func pagePitch(_ lines: [RecognizedLine]) -> Double? {
        let lettered = lines.compactMap(Self.letters(of:)).filter { $0.count >= minimumLetters }
        guard lettered.count >= minimumLines else { return nil }
        // Neighbouring letters of one word are one cell apart in fixed-pitch print: their median spacing is the cell.
        var steps: [Double] = []
        for line in lines {
            for word in line.words {
                guard let letters = word.letters else { continue }
                for (a, b) in zip(letters, letters.dropFirst()) where b.centre > a.centre { steps.append(b.centre - a.centre) }
            }
        }
        guard steps.count >= 20 else { return nil }
        let median = steps.sorted()[steps.count / 2]
        guard median >= 3 else { return nil }
        let fits = lettered.map { Self.bestFit($0.map(\.centre), near: median).share }.sorted()
        guard fits[fits.count / 2] >= onGrid else { return nil }
        return median
    }

    /// The line with its words cut where its letters leave a blank cell, and joined where they do not; nil when
    /// the line is not on a grid of `pitch` or its words stay as they were.
    func respaced(_ line: RecognizedLine, pitch: Double) -> RecognizedLine? {
        guard let letters = Self.letters(of: line), letters.count >= minimumLetters else { return nil }
        let fit = Self.bestFit(letters.map(\.centre), near: pitch)
        guard fit.share >= lineOnGrid else { return nil }
        // Which engine word each letter came from, to keep its box's rows and its dictionary verdict.
        let owners = line.words.enumerated().flatMap { index, word in Array(repeating: index, count: word.letters?.count ?? 0) }
        var groups: [[Int]] = [[0]]
        for i in 1..<letters.count {
            // Two cells apart or more is a blank cell between, one apart none; in between (a letter's ink off its
            // cell's middle) the engine's own spacing stands.
            let cells = (letters[i].centre - letters[i - 1].centre) / fit.pitch
            let space = cells >= blankCell ? true : cells <= adjacentCell ? false : owners[i] != owners[i - 1]
            if space { groups.append([i]) } else { groups[groups.count - 1].append(i) }
        }
        let old = line.words.map { $0.letters?.count ?? 0 }
        guard groups.map(\.count) != old else { return nil }
        var words: [TextWord] = []
        for group in groups {
            let own = group.map { letters[$0] }
            let text = own.map(\.text).joined()
            let sources = Set(group.map { owners[$0] }).sorted().map { line.words[$0] }
            let boxes = sources.compactMap(\.box)
            let top = boxes.map(\.y).min() ?? line.box.y, bottom = boxes.map(\.maxY).max() ?? line.box.maxY
            let minX = own.map(\.minX).min()!, maxX = own.map(\.maxX).max()!
            let box = PixelBox(x: minX, y: top, width: max(1, maxX - minX), height: max(1, bottom - top))
            words.append(
                WordLetters.word(
                    text, box: box, line: line.box, confidence: own.map(\.confidence).min()!,
                    inDictionary: sources.count == 1 && sources[0].text == text && sources[0].inDictionary, letters: own))
        }
        var spaced = line
        spaced.words = words
        spaced.text = words.map(\.text).joined(separator: " ")
        return spaced
    }

    /// The line's letters in reading order, when every word of it has them.
    static func letters(of line: RecognizedLine) -> [ReadLetter]? {
        guard !line.words.isEmpty else { return nil }
        var all: [ReadLetter] = []
        for word in line.words {
            guard let letters = word.letters, !letters.isEmpty else { return nil }
            all += letters
        }
        return all
    }

    /// The cell width near `pitch` (within a tenth) on whose grid the most centres lie, and that share.
    static func bestFit(_ centres: [Double], near pitch: Double) -> (pitch: Double, share: Double) {
        var best = (pitch: pitch, share: 0.0)
        for step in -10...10 {
            let p = pitch * (1 + Double(step) / 100)
            let share = onGridShare(centres, pitch: p)
            if share > best.share { best = (p, share) }
        }
        return best
    }

    /// The share of `centres` within a fifth of a cell of the grid of cell width `pitch` that fits them best (its
    /// phase is the centres' circular mean).
    static func onGridShare(_ centres: [Double], pitch: Double) -> Double {
        guard !centres.isEmpty, pitch > 0 else { return 0 }
        var sx = 0.0, sy = 0.0
        for c in centres {
            let angle = 2 * Double.pi * c / pitch
            sx += cos(angle)
            sy += sin(angle)
        }
        let phase = atan2(sy, sx) * pitch / (2 * Double.pi)
        let near = centres.filter { c in
            let r = (c - phase).truncatingRemainder(dividingBy: pitch)
            let off = min(abs(r), pitch - abs(r))
            return off < 0.2 * pitch
        }
        return Double(near.count) / Double(centres.count)
    }
}
