// Cuts a page between two text lines near its middle of ink, so two Tesseract workers can read the halves at once.
import Foundation
import Imaging
import Support

/// Where a page is cut in two: each column strip is cut at its own blank band (a stepped cut), because the
/// facing page's line ends, a margin note or a page edge beside the text rarely leave a row blank across the frame.
struct PageCut: Sendable, Equatable {
    /// A run of image columns and the row where its lower half starts.
    struct Strip: Sendable, Equatable {
        var columns: Range<Int>
        var row: Int
    }
    var strips: [Strip]

    /// The first row of the lower part (where its image starts) and the last row of the upper part.
    var lowest: Int { strips.map(\.row).min() ?? 0 }
    var highest: Int { strips.map(\.row).max() ?? 0 }
}

struct PageSplitter: Sendable {
    /// Print size in pixels: gaps, strips and bands are measured in it.
    var xHeight: Double = 20
    /// Pages shorter than this are read whole.
    var minimumHeight = 1200
    /// The blank band must be at least this many x-heights tall (and 5 rows): more than the gap between an
    /// accent or an i's dot and its letter.
    var minimumGap = 0.3
    /// Vertical ink runs taller than this many x-heights are rules, edges or shadows, not letters.
    var tallestLetter = 3.0
    /// Column strips are separated by vertical white runs at least this many x-heights wide.
    var stripGap = 2.0
    /// Strips narrower than this many x-heights (page edges, rules, shadows) are cut anywhere.
    var narrowStrip = 2.0
    /// A strip holding at least this share of the page's ink must be cut at its own blank band.
    var majorInk = 0.04
    /// How far from the middle of the ink the cut may lie, as a fraction of the height.
    var reach = 0.2
    /// Ink is any pixel darker than this.
    var inkLevel: UInt8 = 110

    /// The top and bottom halves and the row where the bottom one starts, or nil to read the page whole.
    func split(_ image: GrayImage) -> (GrayImage, GrayImage, Int)? {
        guard let cut = cut(image) else { return nil }
        return Self.apply(cut, to: image)
    }

    /// Where to cut `image`, or nil when some strip of text has no blank band near the middle of its letters.
    func cut(_ image: GrayImage) -> PageCut? {
        let w = image.width, h = image.height
        guard h >= minimumHeight, w >= 16 else { return nil }
        let ink = Self.letterInk(image, level: inkLevel, tallest: max(8, Int(tallestLetter * xHeight)))
        // Ink per column (every second row is enough to find white runs).
        var columnInk = [Int](repeating: 0, count: w)
        for y in stride(from: 0, to: h, by: 2) {
            let row = y * w
            for x in 0..<w where ink[row + x] { columnInk[x] += 1 }
        }
        let strips = Self.strips(columnInk, rows: h / 2, gap: max(4, Int(stripGap * xHeight)))
        // Strips of text and their ink; shadows, the table beside the page and anything narrow count as no text.
        let inks: [Int] = strips.map { columns in
            let sum = columns.reduce(0) { $0 + columnInk[$1] }
            let solid = Double(sum) > 0.4 * Double(columns.count * h / 2)
            return Double(columns.count) < narrowStrip * xHeight || solid ? 0 : sum
        }
        let totalInk = inks.reduce(0, +)
        guard totalInk > 0 else { return nil }
        let middle = Self.middleOfLetters(ink, width: w, height: h, strips: zip(strips, inks).filter { $0.1 > 0 }.map(\.0))
        let lo = max(0, middle - Int(reach * Double(h))), hi = min(h - 1, middle + Int(reach * Double(h)))
        let gapRows = max(5, Int(minimumGap * xHeight))
        trace("split: strips \(zip(strips, inks).map { "\($0.0.lowerBound)-\($0.0.upperBound):\($0.1)" }) middle \(middle)")
        // The strip with the most ink sets the row; every other strip is cut at its own band nearest that row, and a
        // minor strip with none (a figure, a line of numbers) is cut at that row too.
        guard let mainIndex = inks.indices.max(by: { inks[$0] < inks[$1] }), inks[mainIndex] > 0,
            let mainRow = blankRow(ink, width: w, columns: strips[mainIndex], rows: lo...hi, near: middle, gap: gapRows)
        else { return nil }
        var result: [PageCut.Strip] = []
        var last = 0
        for (i, columns) in strips.enumerated() {
            if columns.lowerBound > last { result.append(.init(columns: last..<columns.lowerBound, row: mainRow)) }
            let row = i == mainIndex ? mainRow : blankRow(ink, width: w, columns: columns, rows: lo...hi, near: mainRow, gap: gapRows)
            if let row {
                result.append(.init(columns: columns, row: row))
            } else if Double(inks[i]) >= majorInk * Double(totalInk) {
                trace("split: no band in \(columns)")
                return nil  // a real column of text with no line gap here: do not cut through its letters
            } else {
                result.append(.init(columns: columns, row: mainRow))
            }
            last = columns.upperBound
        }
        if last < w { result.append(.init(columns: last..<w, row: mainRow)) }
        trace("split: cut \(result.map { "\($0.columns.lowerBound)-\($0.columns.upperBound)@\($0.row)" })")
        return PageCut(strips: result)
    }

    /// Ink that can belong to letters: dark pixels, less any vertical run taller than `tallest` rows (page edges,
    /// the gutter's shadow line, box sides and table rules run through every row and would leave no row blank).
    static func letterInk(_ image: GrayImage, level: UInt8, tallest: Int) -> [Bool] {
        let w = image.width, h = image.height
        var ink = [Bool](repeating: false, count: w * h)
        var run = [Int](repeating: 0, count: w)
        image.bytes.withUnsafeBufferPointer { px in
            ink.withUnsafeMutableBufferPointer { out in
                func close(_ x: Int, endingAt y: Int) {
                    if run[x] > tallest {
                        for yy in (y - run[x])..<y { out[yy * w + x] = false }
                    }
                    run[x] = 0
                }
                for y in 0..<h {
                    let row = y * w
                    for x in 0..<w {
                        if px[row + x] < level {
                            out[row + x] = true
                            run[x] += 1
                        } else if run[x] > 0 {
                            close(x, endingAt: y)
                        }
                    }
                }
                for x in 0..<w where run[x] > 0 { close(x, endingAt: h) }
            }
        }
        return ink
    }

    /// The row with half the letters of `strips` above it: recognition time follows the letters, not the height.
    /// Letters are counted as strokes (white-to-ink steps along a row), so a dark patch weighs little.
    static func middleOfLetters(_ ink: [Bool], width w: Int, height h: Int, strips: [Range<Int>]) -> Int {
        var rowStrokes = [Int](repeating: 0, count: h)
        for columns in strips {
            for y in stride(from: 0, to: h, by: 2) {
                let row = y * w
                var wasInk = true
                for x in columns {
                    let isInk = ink[row + x]
                    if isInk, !wasInk { rowStrokes[y] += 1 }
                    wasInk = isInk
                }
            }
        }
        let total = rowStrokes.reduce(0, +)
        var running = 0
        for y in 0..<h {
            running += rowStrokes[y]
            if running * 2 >= total, total > 0 { return y }
        }
        return h / 2
    }

    /// Runs of columns holding ink, separated by white runs at least `gap` wide (a column is white when fewer than
    /// 1 in 100 of its sampled rows is inked: a curved page edge or a slanting line crosses each column in a few
    /// rows only, while a column of text, even a sparse margin note, is inked in far more).
    static func strips(_ columnInk: [Int], rows: Int, gap: Int) -> [Range<Int>] {
        let threshold = max(1, rows / 100)
        var strips: [Range<Int>] = []
        var start: Int?, lastInk = -1
        for x in 0..<columnInk.count where columnInk[x] >= threshold {
            if let s = start, x - lastInk > gap {
                strips.append(s..<(lastInk + 1))
                start = x
            } else if start == nil {
                start = x
            }
            lastInk = x
        }
        if let s = start { strips.append(s..<(lastInk + 1)) }
        return strips
    }

    /// The middle row of the blank band (at least `gap` rows with no ink in `columns`) nearest `near`; nil when
    /// there is none in `rows`.
    func blankRow(_ ink: [Bool], width w: Int, columns: Range<Int>, rows: ClosedRange<Int>, near: Int, gap: Int) -> Int? {
        var best: Int?, bestScore = -Double.infinity, runStart = -1
        for y in rows {
            let row = y * w
            var blank = true
            for x in columns where ink[row + x] {
                blank = false
                break
            }
            if blank, runStart < 0 { runStart = y }
            if !blank || y == rows.upperBound, runStart >= 0 {
                let length = (blank ? y + 1 : y) - runStart
                let centre = runStart + length / 2
                // Taller bands are safer up to twice the least gap; beyond that only the distance counts (each
                // x-height from the middle costs one row of band).
                let score = Double(min(length, 2 * gap)) - Double(abs(centre - near)) / xHeight
                if length >= gap, score > bestScore {
                    bestScore = score
                    best = centre
                }
                runStart = -1
            }
        }
        return best
    }

    /// The upper part (rows above each strip's cut, the rest white) and the lower part (from the lowest cut down,
    /// rows above each strip's cut white), and the row where the lower part starts.
    static func apply(_ cut: PageCut, to image: GrayImage) -> (GrayImage, GrayImage, Int) {
        let w = image.width
        let top = cut.highest, start = cut.lowest
        var upper = Array(image.bytes[0..<(top * w)])
        var lower = Array(image.bytes[(start * w)...])
        for strip in cut.strips {
            for y in strip.row..<top {
                let row = y * w
                for x in strip.columns { upper[row + x] = 255 }
            }
            for y in start..<strip.row {
                let row = (y - start) * w
                for x in strip.columns { lower[row + x] = 255 }
            }
        }
        return (
            GrayImage(width: w, height: top, bytes: upper),
            GrayImage(width: w, height: image.height - start, bytes: lower), start
        )
    }

    /// The two halves' lines as one page: bottom boxes moved down, block and paragraph numbers continued.
    static func merge(_ top: RecognitionResult, _ bottom: RecognitionResult, offset: Int) -> RecognitionResult {
        let blocks = (top.lines.map(\.block).max() ?? -1) + 1
        let paragraphs = (top.lines.map(\.paragraph).max() ?? -1) + 1
        let moved = bottom.lines.map { line in
            var l = line.moved(dx: 0, dy: offset)
            l.block += blocks
            l.paragraph += paragraphs
            return l
        }
        let n1 = Double(top.lines.count), n2 = Double(bottom.lines.count)
        let mean = n1 + n2 > 0 ? (top.meanConfidence * n1 + bottom.meanConfidence * n2) / (n1 + n2) : 0
        return RecognitionResult(lines: top.lines + moved, meanConfidence: mean)
    }
}
