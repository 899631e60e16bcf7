// Text running down a margin, found from the page's ink before recognition: letters chained into a row when the page
// is turned a quarter, few of which belong to the rows that run across.
import Foundation
import Imaging
import Support

struct SidewaysInk: Sendable {
    /// x-height of the print in the page's pixels.
    var xHeight: Double
    /// A strip holds at least this many letters...
    var minimumLetters = 8
    /// ...runs at least this many x-heights down the page...
    var minimumLength = 12.0
    /// ...and at most this share of its letters belong to rows running across (a column of figures stacked over the
    /// rows of a table chains turned too, but its figures are in those rows).
    var maximumAcross = 0.3

    /// A strip of text running down: its box on the page and its letters (indices into the page's components).
    struct Strip: Sendable, Equatable {
        var box: PixelBox
        var letters: [Int]
    }

    /// The strips of `ink` running down the page; `across` are the rows of letters found running across (and the
    /// short pieces of two letters side by side), whose letters a strip may hardly share. A letter standing alone
    /// runs no way, and the letters of text running down stand alone when the page is seen across.
    func strips(in ink: InkComponents, across: [InkLine]) -> [Strip] {
        let inRows = Set(across.flatMap(\.letters))
        let acrossBoxes = inRows.map { ink.components[$0].box }
        // A letter belongs to a row running across when it is one of its letters, or stands beside one of them on
        // its height, as close as a row's letters stand (a price's digit that the decimal point cut off its row).
        let reach = TextLineFinder(xHeight: xHeight).maximumGap * xHeight
        func acrossRow(_ i: Int) -> Bool {
            if inRows.contains(i) { return true }
            let a = ink.components[i].box
            return acrossBoxes.contains { b in
                let overlap = min(a.maxY, b.maxY) - max(a.y, b.y), gap = max(b.x - a.maxX, a.x - b.maxX)
                return 2 * overlap >= min(a.height, b.height) && Double(gap) <= reach
            }
        }
        var found: [Strip] = []
        var taken = Set<Int>()
        // Text running down reads upright turned anticlockwise, text running up turned clockwise; a row found both
        // ways is one strip.
        for clockwise in [false, true] {
            let turned = InkComponents(turning: ink, clockwise: clockwise)
            for row in TextLineFinder(xHeight: xHeight).lines(in: turned) {
                guard row.letters.count >= minimumLetters, Double(row.box.width) >= minimumLength * xHeight else { continue }
                let attached = Set(row.letters.filter(acrossRow))
                if traceLevel >= 3 {
                    trace(
                        "margin: turned \(clockwise ? "clockwise" : "anticlockwise") row of \(row.letters.count) letters, \(attached.count) across, \(row.box)"
                    )
                }
                guard Double(attached.count) <= maximumAcross * Double(row.letters.count), taken.isDisjoint(with: row.letters) else { continue }
                let letters = row.letters.filter { !attached.contains($0) }.sorted()
                guard let first = letters.first else { continue }
                let box = letters.dropFirst().reduce(ink.components[first].box) { $0.union(ink.components[$1].box) }
                // Standing upright on the page: far taller than wide.
                guard box.height >= 3 * box.width else { continue }
                taken.formUnion(letters)
                found.append(Strip(box: box, letters: letters))
            }
        }
        return found.sorted { ($0.box.x, $0.box.y) < ($1.box.x, $1.box.y) }
    }
}
