// What a smooth page model leaves bent, straightened line by line: each line of print is followed along its own
// centre, and the page's columns are moved so every line runs level, with the rows between lines following the
// lines around them.
import Foundation
import Imaging
import Support

/// A page model (`TextLineDewarper`) is one smooth field over the whole page. It cannot follow a curl that tightens
/// near the gutter, the two pages of an open book tilted apart, or a corner lifted on its own: there the lines stay
/// bent, and a bent line is read as fragments or not at all. Here every line is followed on its own: its centre is
/// traced column by column (a local straight-line fit over a few letters, so one tall letter does not lift it), and
/// each column of the page is shifted up or down so that every line lies level (at the row it has nearest the middle
/// of the print, see `levelled`). Between two lines the shift is interpolated; beyond a line's ends it goes on along
/// the line's slope for an x-height or two, and above the first or below the last line it holds for an x-height
/// (ascenders, descenders) and then fades out, so margins, pictures and white space keep their shape.
struct LineStraightener: Sendable {
    /// x-height on the working copy, in its pixels.
    var xHeight: Double
    /// How far along the line the centre is averaged: the standard deviation of the local fit, in x-heights.
    var smoothing = 4.0
    /// The page is straightened only when at least two lines still leave their row by this many x-heights, each
    /// with a neighbour bending the same way.
    var minimumBend = 0.5
    /// How far beyond its ends a line's own shift still holds, in x-heights (its first and last letters).
    var reach = 1.5
    /// A line with more than this share of other ink (not letters) around it lies in a picture (see `onPaper`).
    var maximumOtherInk = 0.1
    /// Lines whose centre jumps about more than this (x-heights, root mean square) are not lines of print.
    var maximumRoughness = 0.6
    /// Grid step of the shift map, in working pixels.
    var step = 2

    /// One line of print on the working copy: its centre row in each column from `minX` on, and the row it is
    /// straightened to.
    struct Line: Sendable, Equatable {
        var minX: Int
        var centre: [Double]
        var row: Double
        /// Bent, and a line beside it bends the same way (set by `corroborated`).
        var bendsWithNeighbour = false

        var maxX: Int { minX + centre.count - 1 }

        /// How far the line is from its row at column `x`; beyond its ends, carried on along its slope over the last
        /// x-height (`reach` pixels), since a curl goes on rising past the last letters found.
        func offset(at x: Int, reach: Int = 0) -> Double {
            let i = x - minX, last = centre.count - 1
            if i < 0, reach > 0 {
                let back = min(last, reach)
                return centre[0] - row + (centre[0] - centre[back]) / Double(max(1, back)) * Double(-i)
            }
            if i > last, reach > 0 {
                let back = max(0, last - reach)
                return centre[last] - row + (centre[last] - centre[back]) / Double(max(1, last - back)) * Double(i - last)
            }
            return centre[min(max(i, 0), last)] - row
        }

        /// The largest departure from its row.
        var bend: Double { centre.map { abs($0 - row) }.max() ?? 0 }

        /// Whether `other` is a neighbouring line: within four x-heights above or below, beside it for at least three.
        func isBeside(_ other: Line, xHeight: Double) -> Bool {
            other != self && abs(other.row - row) <= 4 * xHeight && Double(min(maxX, other.maxX) - max(minX, other.minX)) >= 3 * xHeight
        }

        /// Whether `other` is a neighbouring line that departs from its row as this one does where they share columns:
        /// what is left of this line's departure after taking the other's away is at most half of it (root mean square).
        func bendsWith(_ other: Line, xHeight: Double) -> Bool {
            guard isBeside(other, xHeight: xHeight) else { return false }
            let from = max(minX, other.minX), to = min(maxX, other.maxX)
            var own = 0.0, left = 0.0
            for x in from...to {
                let a = offset(at: x), d = a - other.offset(at: x)
                own += a * a
                left += d * d
            }
            return own > 0 && left <= 0.25 * own
        }
    }

    /// Each blob's centre traced along it; blobs too ragged to be a line of print are left out, and so is a bent one
    /// that has neighbours and none of them bends with it (grain, a drawn curve: a page's curl bends neighbouring
    /// lines alike; a heading or a last line on its own keeps its bend).
    func lines(_ blobs: [LineBlob]) -> [Line] { corroborated(traced(blobs)) }

    /// `traced` without the bent lines that have neighbours none of which bends with them.
    func corroborated(_ traced: [Line]) -> [Line] {
        traced.compactMap { line in
            guard line.bend >= minimumBend * xHeight else { return line }
            let neighbours = traced.filter { line.isBeside($0, xHeight: xHeight) }
            var kept = line
            kept.bendsWithNeighbour = neighbours.contains { line.bendsWith($0, xHeight: xHeight) }
            return neighbours.isEmpty || kept.bendsWithNeighbour ? kept : nil
        }
    }

    /// Each blob's centre traced along it; blobs too ragged to be a line of print are left out.
    func traced(_ blobs: [LineBlob]) -> [Line] {
        let lines = blobs.compactMap { whole -> Line? in
            // Where the blob is much thicker than the line (a neighbouring line's letters touch it there), its centre
            // lies between the two lines: those columns are left out of the trace.
            var blob = whole
            let typical = blob.count.filter { $0 > 0 }.sorted()
            guard !typical.isEmpty else { return nil }
            let limit = Double(typical[typical.count / 2]) * 1.6
            for i in 0..<blob.count.count where Double(blob.count[i]) > limit {
                blob.count[i] = 0
                blob.rowSum[i] = 0
            }
            let centre = Self.localFit(blob, sigma: smoothing * xHeight)
            var squares = 0.0, n = 0
            for i in 0..<blob.count.count where blob.count[i] > 0 {
                let d = blob.rowSum[i] / Double(blob.count[i]) - centre[i]
                squares += d * d
                n += 1
            }
            guard n > 0, (squares / Double(n)).squareRoot() <= maximumRoughness * xHeight else { return nil }
            return Line(minX: blob.minX, centre: centre, row: 0)
        }
        return Self.levelled(lines, xHeight: xHeight)
    }

    /// The row each line is levelled to. Where it lies at the column nearest the middle of the print: a curl grows
    /// towards the page's edges and the gutter, so a line is least bent there. A piece of a line off to one side (a
    /// word gap or a column gap wider than the letters' spacing cut it from the rest) continues the piece beside it
    /// on the middle's side, when that piece ends within six x-heights and at its height: it takes on that piece's
    /// shift there, carried across the gap along the piece's end slope, so a line cut in two is levelled as one.
    /// A piece with nothing to continue keeps the row of its end nearest the middle.
    static func levelled(_ traced: [Line], xHeight: Double) -> [Line] {
        guard let left = traced.map(\.minX).min(), let right = traced.map(\.maxX).max() else { return [] }
        let middle = (left + right) / 2, near = max(1, Int(xHeight))
        func mean(_ line: Line, around x: Int) -> Double {
            let at = min(max(x, line.minX), line.maxX) - line.minX
            let part = line.centre[max(0, at - near)...min(line.centre.count - 1, at + near)]
            return part.reduce(0, +) / Double(part.count)
        }
        // Nearest the middle first, so a piece's neighbour on the middle's side is levelled before it.
        let distance = traced.map { line in line.minX > middle ? line.minX - middle : (line.maxX < middle ? middle - line.maxX : 0) }
        var lines = traced
        var done = [Bool](repeating: false, count: lines.count)
        for i in lines.indices.sorted(by: { distance[$0] < distance[$1] }) {
            var line = lines[i]
            let rightSide = line.minX > middle, inner = rightSide ? line.minX : line.maxX
            line.row = mean(line, around: min(max(middle, line.minX), line.maxX))
            if distance[i] > 0 {
                let innerRow = line.centre[inner - line.minX]
                var best: (gap: Int, offset: Double)?
                for j in lines.indices where done[j] {
                    let other = lines[j]
                    let end = rightSide ? other.maxX : other.minX
                    let gap = rightSide ? inner - end : end - inner
                    guard gap > 0, Double(gap) <= 6 * xHeight else { continue }
                    // The other piece's centre carried across the gap along its slope over its last x-height.
                    let back = rightSide ? max(other.minX, end - near) : min(other.maxX, end + near)
                    let slope = (other.centre[end - other.minX] - other.centre[back - other.minX]) / Double(max(1, abs(end - back)))
                    let carried = other.centre[end - other.minX] + slope * Double(gap)
                    guard abs(carried - innerRow) <= xHeight else { continue }
                    let offset = other.offset(at: end) + slope * Double(gap)
                    if best == nil || gap < best!.gap { best = (gap, offset) }
                }
                line.row = best.map { innerRow - $0.offset } ?? mean(line, around: inner)
            }
            lines[i] = line
            done[i] = true
        }
        return lines
    }

    /// The centre row of the blob in each of its columns: a straight line fitted locally (Gaussian weights of
    /// `sigma` pixels along the row, each column weighted by its ink), which follows a curl yet does not bias the
    /// line's ends towards their neighbours as a moving mean would.
    static func localFit(_ blob: LineBlob, sigma: Double) -> [Double] {
        let n = blob.count.count
        let radius = max(1, Int(3 * sigma))
        let kernel = (0...radius).map { exp(-0.5 * Double($0 * $0) / (sigma * sigma)) }
        var out = [Double](repeating: 0, count: n)
        for i in 0..<n {
            var s0 = 0.0, s1 = 0.0, s2 = 0.0, t0 = 0.0, t1 = 0.0
            for j in max(0, i - radius)...min(n - 1, i + radius) where blob.count[j] > 0 {
                let d = Double(j - i), weight = kernel[abs(j - i)] * Double(blob.count[j])
                let y = blob.rowSum[j] / Double(blob.count[j])
                s0 += weight
                s1 += weight * d
                s2 += weight * d * d
                t0 += weight * y
                t1 += weight * d * y
            }
            let det = s0 * s2 - s1 * s1
            out[i] = det > 1e-9 * max(1, s0 * s2) ? (s2 * t0 - s1 * t1) / det : (s0 > 0 ? t0 / s0 : (i > 0 ? out[i - 1] : 0))
        }
        return out
    }

    /// The shift map that levels `lines` on a working copy of `width` × `height`: for each output point, the row of
    /// the input it comes from. Nil when fewer than two lines are bent by `minimumBend` together with a neighbour:
    /// the page is left alone (one bent line on its own is more often grain or a drawing than print).
    func map(_ lines: [Line], width: Int, height: Int) -> DisplacementMap? {
        guard lines.filter(\.bendsWithNeighbour).count >= 2 else { return nil }
        let columns = width / step + 2, rows = height / step + 2
        var shift = [Double](repeating: 0, count: columns * rows)
        var covered = [Bool](repeating: false, count: columns)
        let extra = Int(reach * xHeight), fade = 3 * xHeight
        var here: [(row: Double, offset: Double)] = []
        for c in 0..<columns {
            let x = c * step
            here.removeAll(keepingCapacity: true)
            // A line's shift reaches a little beyond its ends, but never onto the row of a line that is there.
            for line in lines where line.minX <= x && x <= line.maxX { here.append((line.row, line.offset(at: x))) }
            let inPlace = here.count
            for line in lines where (line.minX - extra <= x && x < line.minX) || (line.maxX < x && x <= line.maxX + extra) {
                let offset = line.offset(at: x, reach: Int(xHeight))
                if !here[..<inPlace].contains(where: { abs($0.row + $0.offset - line.row - offset) < 2 * xHeight }) {
                    here.append((line.row, offset))
                }
            }
            here.sort { $0.row < $1.row }
            // Lines must keep their order down the column after the shift (a crossing would fold the page).
            var kept: [(row: Double, offset: Double)] = []
            for p in here {
                if let last = kept.last, p.row <= last.row + 1 || p.row + p.offset <= last.row + last.offset + 1 { continue }
                kept.append(p)
            }
            guard let first = kept.first, let last = kept.last else { continue }
            covered[c] = true
            var k = 0
            for r in 0..<rows {
                let v = Double(r * step)
                let value: Double
                if v <= first.row {
                    value = first.offset * min(1, max(0, 1 - (first.row - v - xHeight) / fade))
                } else if v >= last.row {
                    value = last.offset * min(1, max(0, 1 - (v - last.row - xHeight) / fade))
                } else {
                    while k + 1 < kept.count, kept[k + 1].row < v { k += 1 }
                    let a = kept[k], b = kept[k + 1]
                    let f = (v - a.row) / (b.row - a.row)
                    value = a.offset + (b.offset - a.offset) * f
                }
                shift[r * columns + c] = value
            }
        }
        // Columns no line reaches: between two lines' columns close by, the shift of both blended; further off, the
        // nearest one's fading out.
        let coveredColumns = (0..<columns).filter { covered[$0] }
        guard !coveredColumns.isEmpty else { return nil }
        let bridge = 6 * xHeight / Double(step), fadeColumns = 4 * xHeight / Double(step)
        var nextIndex = 0
        for c in 0..<columns where !covered[c] {
            while nextIndex < coveredColumns.count, coveredColumns[nextIndex] < c { nextIndex += 1 }
            let left = nextIndex > 0 ? coveredColumns[nextIndex - 1] : nil
            let right = nextIndex < coveredColumns.count ? coveredColumns[nextIndex] : nil
            for r in 0..<rows {
                var value = 0.0
                if let left, let right, Double(right - left) <= bridge {
                    let f = Double(c - left) / Double(right - left)
                    value = shift[r * columns + left] * (1 - f) + shift[r * columns + right] * f
                } else if let nearest = [left, right].compactMap({ $0 }).min(by: { abs($0 - c) < abs($1 - c) }) {
                    value = shift[r * columns + nearest] * max(0, 1 - Double(abs(nearest - c)) / fadeColumns)
                }
                shift[r * columns + c] = value
            }
        }
        // A little smoothing across columns, so a line's end does not leave a step in the rows around it.
        let half = max(1, Int(0.5 * xHeight / Double(step)))
        var smooth = shift
        for r in 0..<rows {
            var sum = 0.0
            var window = 0
            for c in 0..<min(columns, half) {
                sum += shift[r * columns + c]
                window += 1
            }
            for c in 0..<columns {
                if c + half < columns {
                    sum += shift[r * columns + c + half]
                    window += 1
                }
                if c - half - 1 >= 0 {
                    sum -= shift[r * columns + c - half - 1]
                    window -= 1
                }
                smooth[r * columns + c] = sum / Double(window)
            }
        }
        var grid = smooth
        for r in 0..<rows {
            for c in 0..<columns { grid[r * columns + c] = Double(r * step) + smooth[r * columns + c] }
        }
        return DisplacementMap(grid: grid, columns: columns, rows: rows, step: step)
    }
}

extension LineStraightener {
    /// The shift map that levels the lines of a working copy (`letters`: its letter-sized ink only; `ink`: all of
    /// it), or nil when no two neighbouring lines bend together, or when the rows of letters come out no sharper.
    func map(letters: GrayImage, ink: GrayImage) -> DisplacementMap? {
        let letterInk = letters.bytes.map { $0 < 128 }, allInk = ink.bytes.map { $0 < 128 }
        let w = letters.width, h = letters.height
        let traced = traced(LineBlob.find(ink: letterInk, width: w, height: h, xHeight: xHeight))
        let lines = corroborated(onPaper(traced, ink: allInk, letters: letterInk, width: w, height: h))
        let bent = lines.filter(\.bendsWithNeighbour).count
        guard let map = map(lines, width: w, height: h) else {
            trace("curl: \(lines.count) lines, \(bent) bent together")
            return nil
        }
        let before = Dewarper.lineSharpness(TextLineDewarper.rowInk(letterInk, width: w, height: h))
        let after = Dewarper.lineSharpness(TextLineDewarper.rowInk(map.remap(letters, scale: 1).bytes.map { $0 < 128 }, width: w, height: h))
        trace("curl: \(lines.count) lines, \(bent) bent together; sharpness \(String(format: "%.1f", before)) -> \(String(format: "%.1f", after))")
        return after >= before ? map : nil
    }
}

extension LineStraightener {
    /// Lines among pictures are left out: a line of print sits on clean paper, so little ink other than letters lies
    /// in the band it occupies (a line and an x-height and a half above and below); rows of a picture's details (a
    /// circuit board's pins, a halftone's dots) have the picture's larger shapes all round them.
    func onPaper(_ lines: [Line], ink: [Bool], letters: [Bool], width: Int, height: Int) -> [Line] {
        lines.filter { line in
            let top = max(0, Int(line.centre.min()! - 1.5 * xHeight)), bottom = min(height - 1, Int(line.centre.max()! + 1.5 * xHeight))
            guard top <= bottom else { return false }
            var other = 0, total = 0
            for y in top...bottom {
                for x in line.minX...line.maxX {
                    let i = y * width + x
                    if ink[i] && !letters[i] { other += 1 }
                    total += 1
                }
            }
            return Double(other) <= maximumOtherInk * Double(total)
        }
    }
}
