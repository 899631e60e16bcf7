// Lines of print found from the page's own ink: letter-sized components chained along rows, kept when they sit on
// one baseline at one height. Used to tell print from the surfaces and pictures around it, and to find the short
// lines (prices, form fields) that layout analysis leaves out.
import Foundation
import Imaging
import Support

/// A row of letters found from components, before any recognition.
struct InkLine: Sendable, Equatable {
    var box: PixelBox
    /// Indices of its letters in the page's `InkComponents`.
    var letters: [Int]
    /// Median height of its letters.
    var letterHeight: Double
}

struct TextLineFinder: Sendable {
    /// x-height of the print in the page's pixels.
    var xHeight: Double
    /// Letters are between these many x-heights tall (capitals, ascenders and headings up to about twice the body).
    var letterHeights: ClosedRange<Double> = 0.5...4.5
    /// ...and at most this many times as wide as tall (a few letters run together).
    var maximumAspect = 6.0
    /// Neighbours in a line are at most this many of their letter heights apart (a word space is under one).
    var maximumGap = 1.6
    /// A line holds at least this many letters.
    var minimumLetters = 3
    /// At least this share of its letters rest on the line's baseline (within a quarter of their height).
    var minimumOnBaseline = 0.6

    /// Whether a component could be a letter (or a few letters run together).
    func isLetter(_ c: InkComponents.Component) -> Bool {
        let h = Double(c.box.height), w = Double(c.box.width)
        guard h >= letterHeights.lowerBound * xHeight, h <= letterHeights.upperBound * xHeight else { return false }
        guard w <= maximumAspect * h, w >= 1 else { return false }
        // Solid blocks (a dark patch, a filled box) are not letters; neither are hairline frames.
        let fill = c.fill
        return fill >= 0.06 && (fill <= 0.92 || w < 0.6 * xHeight)
    }

    /// The page's lines of letters, top to bottom.
    func lines(in components: InkComponents) -> [InkLine] { find(in: components).lines }

    /// The page's lines of letters, and its short pieces (one or two letters on their own: a number beside an
    /// exercise, a quantity in a column), top to bottom.
    func find(in components: InkComponents) -> (lines: [InkLine], short: [InkLine]) {
        let all = components.components
        let letters = all.indices.filter { isLetter(all[$0]) }
        guard !letters.isEmpty else { return ([], []) }
        // A grid of buckets (rows of the page) to find neighbours quickly.
        let band = max(4, Int(xHeight))
        var rows = [[Int]](repeating: [], count: components.height / band + 2)
        for i in letters {
            let b = all[i].box
            for r in (b.y / band)...(max(b.y, b.maxY - 1) / band) { rows[r].append(i) }
        }
        for r in rows.indices { rows[r].sort { all[$0].box.x < all[$1].box.x } }
        var parent = [Int](repeating: 0, count: all.count)
        for i in letters { parent[i] = i }
        func find(_ i: Int) -> Int {
            var r = i
            while parent[r] != r { r = parent[r] }
            var c = i
            while parent[c] != r {
                let n = parent[c]
                parent[c] = r
                c = n
            }
            return r
        }
        // Each letter joins its nearest neighbour to the right that shares its row and height.
        for i in letters {
            let a = all[i].box
            let ha = Double(a.height)
            var best: (index: Int, gap: Int)?
            let middle = (a.y + a.maxY) / 2
            let row = rows[min(rows.count - 1, middle / band)]
            // The first letter starting right of this one's start (the row is sorted by x).
            var lo = 0, hi = row.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if all[row[mid]].box.x <= a.x { lo = mid + 1 } else { hi = mid }
            }
            for j in row[lo...] {
                let b = all[j].box
                let gap = b.x - a.maxX
                let hb = Double(b.height)
                guard Double(gap) <= maximumGap * min(ha, hb) + 1 else {
                    if b.x > a.maxX + Int(maximumGap * ha) + 2 { break }
                    continue
                }
                guard max(ha, hb) <= 2.6 * min(ha, hb) else { continue }
                let overlap = min(a.maxY, b.maxY) - max(a.y, b.y)
                guard Double(overlap) >= 0.5 * min(ha, hb) else { continue }
                if best == nil || gap < best!.gap { best = (j, gap) }
            }
            if let best {
                let ra = find(i), rb = find(best.index)
                if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in letters { groups[find(i), default: []].append(i) }
        var found: [InkLine] = [], short: [InkLine] = []
        for (_, members) in groups {
            if members.count >= minimumLetters {
                guard let line = Self.line(of: members, in: all, minimumOnBaseline: minimumOnBaseline) else { continue }
                found.append(line)
            } else if members.allSatisfy({ Double(all[$0].box.height) >= 0.7 * xHeight && Double(all[$0].box.height) <= 3 * xHeight }) {
                let box = members.dropFirst().reduce(all[members[0]].box) { $0.union(all[$1].box) }
                let heights = members.map { Double(all[$0].box.height) }.sorted()
                short.append(InkLine(box: box, letters: members.sorted { all[$0].box.x < all[$1].box.x }, letterHeight: heights[heights.count / 2]))
            }
        }
        let order: (InkLine, InkLine) -> Bool = { ($0.box.y, $0.box.x) < ($1.box.y, $1.box.x) }
        return (found.sorted(by: order), short.sorted(by: order))
    }

    /// The line made of `members`, or nil when too few of them rest on one baseline.
    static func line(of members: [Int], in all: [InkComponents.Component], minimumOnBaseline: Double) -> InkLine? {
        let heights = members.map { Double(all[$0].box.height) }.sorted()
        let h = heights[heights.count / 2]
        let ordered = members.sorted { all[$0].box.x < all[$1].box.x }
        // The baseline near each letter: the middle bottom of the letters of the usual height around it (a curled
        // line's baseline bends; descenders and capitals sit off it).
        let usual = ordered.filter {
            let b = Double(all[$0].box.height)
            return b >= 0.7 * h && b <= 1.35 * h
        }
        let bottoms = (usual.count >= 2 ? usual : ordered).map {
            (x: Double(all[$0].box.x) + Double(all[$0].box.width) / 2, y: Double(all[$0].box.maxY))
        }
        let onBaseline = ordered.filter { i in
            let b = all[i].box
            let cx = Double(b.x) + Double(b.width) / 2
            let near = bottoms.sorted { abs($0.x - cx) < abs($1.x - cx) }.prefix(5).map(\.y).sorted()
            let expected = near[near.count / 2]
            // A letter rests on the baseline, or hangs below it by a descender's length.
            let off = Double(b.maxY) - expected
            return abs(off) <= 0.25 * h || (off > 0 && Double(b.y) <= expected - 0.4 * h && off <= 0.6 * h)
        }.count
        guard Double(onBaseline) >= minimumOnBaseline * Double(members.count) else { return nil }
        let x0 = members.map { all[$0].box.x }.min()!, y0 = members.map { all[$0].box.y }.min()!
        let x1 = members.map { all[$0].box.maxX }.max()!, y1 = members.map { all[$0].box.maxY }.max()!
        return InkLine(
            box: PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0), letters: ordered,
            letterHeight: h)
    }
}
