// Step "facing": on an open book, drop the cut-off line ends of the facing page at the edge of the frame.
import Foundation
import Imaging
import Support

struct FacingPageStep: PageStep {
    let name = "facing"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let page = state.page else { return }
        let kept = FacingPageFilter(xHeight: state.xHeightOrTarget).keep(state.lines, pageWidth: page.width)
        if kept.count != state.lines.count { trace("facing: dropped \(state.lines.count - kept.count) line(s)") }
        state.lines = kept
    }
}

/// The facing page shows as a narrow strip of text against one side of the frame, its lines cut by the edge, with
/// an empty band (its margin, the gutter, ours) between it and the page that was photographed.
struct FacingPageFilter: Sendable {
    /// x-height of the print in page pixels.
    var xHeight: Double
    /// The empty band must be at least this many x-heights wide.
    var minimumGap = 3.0
    /// Lines within this many x-heights of the frame edge count as cut by it.
    var edgeMargin = 2.0

    func keep(_ lines: [RecognizedLine], pageWidth: Int) -> [RecognizedLine] {
        guard lines.count >= 6, pageWidth > 0 else { return lines }
        var kept = lines
        // A facing page can hold more than one strip (margin notes, then its text): peel up to three per side.
        for side in [Side.left, .right] {
            for _ in 0..<3 {
                // An empty band first; failing that, one that a single line crosses (a running head, or a
                // fragment read together with its neighbour across the gutter).
                guard
                    let strip = fragmentStrip(kept, pageWidth: pageWidth, side: side, crossing: 0)
                        ?? fragmentStrip(kept, pageWidth: pageWidth, side: side, crossing: 1)
                else { break }
                kept.removeAll { strip.contains($0.box) }
            }
        }
        return kept
    }

    enum Side { case left, right }

    /// The boxes of the facing page's strip on `side`, or nil when there is none.
    /// `crossing`: how many lines may run through the empty band.
    func fragmentStrip(_ lines: [RecognizedLine], pageWidth: Int, side: Side, crossing: Int = 0) -> Set<PixelBox>? {
        // Empty vertical bands between line boxes, from the frame edge inwards.
        var count = [Int](repeating: 0, count: pageWidth + 1)
        for line in lines {
            for x in max(0, line.box.x)..<min(pageWidth + 1, max(line.box.x, line.box.maxX)) { count[x] += 1 }
        }
        let coverage = count.map { $0 > crossing }
        let gap = Int(minimumGap * xHeight)
        // The first empty band at least `gap` wide, met walking in from `side`, after some text.
        let xs: [Int] = side == .left ? Array(0...pageWidth) : Array((0...pageWidth).reversed())
        var seenText = false, run = 0, cut: Int? = nil
        for x in xs {
            if coverage[x] {
                if seenText, run >= gap {
                    cut = side == .left ? x - run / 2 : x + run / 2
                    break
                }
                seenText = true
                run = 0
            } else if seenText {
                run += 1
            }
        }
        guard let cut else { return nil }
        let strip = lines.filter { side == .left ? $0.box.maxX <= cut : $0.box.x >= cut }
        let rest = lines.filter { side == .left ? $0.box.x > cut : $0.box.maxX < cut }
        guard !strip.isEmpty, rest.count >= 3 else { return nil }
        // Cut by the frame: most of the strip's lines reach the edge.
        let margin = Int(edgeMargin * xHeight)
        let atEdge = strip.filter { side == .left ? $0.box.x <= margin : $0.box.maxX >= pageWidth - margin }.count
        guard Double(atEdge) >= 0.5 * Double(strip.count) else { return nil }
        // Narrower than the page beside it, and holding less text.
        let stripWidth = (strip.map(\.box.maxX).max() ?? 0) - (strip.map(\.box.x).min() ?? 0)
        let restWidth = (rest.map(\.box.maxX).max() ?? 0) - (rest.map(\.box.x).min() ?? 0)
        let stripLetters = strip.reduce(0) { $0 + $1.text.count }, restLetters = rest.reduce(0) { $0 + $1.text.count }
        guard Double(stripWidth) < 0.5 * Double(restWidth), stripLetters < restLetters else { return nil }
        return Set(strip.map(\.box))
    }
}
