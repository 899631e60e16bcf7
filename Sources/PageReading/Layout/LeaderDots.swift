// Dot leaders: the rows of dots that lead the eye from an item to its price or page number ("RYE BREAD ....... 10.22",
// "Chapter 3 ........ 41", "Name: ..........."). They are not text, and the recogniser reads a long run of them as
// letters ("soanocacgaucodnc") and garbles the words beside it; an orientation sample full of them reads worse upright
// than turned.
import Foundation
import Imaging
import Support

/// Finds dot leaders among a binarised page's ink.
struct LeaderDots: Sendable {
    /// x-height of the print in the page's pixels.
    var xHeight: Double
    /// A leader has at least this many dots in a row (an ellipsis has three).
    var minimumDots = 5
    /// A dot is at most this many x-heights wide and tall, and roughly round.
    var dotSize = 0.5
    /// Dots follow one another at most this many x-heights apart (centre to centre)...
    var maximumSpacing = 1.6
    /// ...evenly: each step within this share of the leader's median step.
    var spacingTolerance = 0.35
    /// Each dot lies on the chord through the dots this many places before and after it (see `find`).
    var chordReach = 4

    /// The indices of the components that are dots of a leader: an even row of dots that starts where a row of
    /// letters ends, or ends where one starts, level with it (specks of grain or a halftone's dots lead nowhere).
    func find(in components: InkComponents, lines: [InkLine]) -> [Int] {
        runs(in: components, lines: lines).flatMap { $0 }
    }

    /// The leaders themselves: each an even row of dots (component indices, left to right), as `find` finds them.
    func runs(in components: InkComponents, lines: [InkLine]) -> [[Int]] {
        let all = components.components
        let largest = max(2, Int((dotSize * xHeight).rounded())), smallest = max(2, Int(0.12 * xHeight))
        let dots = all.indices.filter { i in
            let b = all[i].box
            guard b.width <= largest, b.height <= largest, b.width >= smallest, b.height >= smallest else { return false }
            let aspect = Double(b.width) / Double(b.height)
            return aspect >= 0.4 && aspect <= 2.5 && all[i].fill >= 0.4
        }
        guard dots.count >= minimumDots else { return [] }
        func centre(_ i: Int) -> (x: Double, y: Double) {
            let b = all[i].box
            return (Double(b.x) + Double(b.width) / 2, Double(b.y) + Double(b.height) / 2)
        }
        // Rows of dots: each dot's nearest dot to the right on its line (centres level within a quarter x-height).
        let sorted = dots.sorted { centre($0).x < centre($1).x }
        let level = max(2, 0.25 * xHeight), reach = maximumSpacing * xHeight
        var next = [Int: Int](), hasPrevious = Set<Int>()
        let byRow = Dictionary(grouping: sorted) { Int(centre($0).y / level) }
        for i in sorted {
            let c = centre(i)
            let band = Int(c.y / level)
            var best: (index: Int, distance: Double)?
            for row in (band - 1)...(band + 1) {
                for j in byRow[row] ?? [] where j != i {
                    let d = centre(j)
                    let dx = d.x - c.x
                    guard dx > 0, dx <= reach, abs(d.y - c.y) <= level else { continue }
                    if best == nil || dx < best!.distance { best = (j, dx) }
                }
            }
            if let best, !hasPrevious.contains(best.index) {
                next[i] = best.index
                hasPrevious.insert(best.index)
            }
        }
        var found: [[Int]] = []
        let gap = 2.5 * xHeight
        func leads(_ run: [Int]) -> Bool {
            let first = all[run[0]].box, last = all[run[run.count - 1]].box
            let y = centre(run[0]).y
            return lines.contains { line in
                guard y >= Double(line.box.y), y <= Double(line.box.maxY) + 0.3 * line.letterHeight else { return false }
                let before = Double(first.x - line.box.maxX), after = Double(line.box.x - last.maxX)
                return before >= -1 && before <= gap || after >= -1 && after <= gap
            }
        }
        // Printed dots are alike: the same size, on one line (grain's specks are not). The line may bend gently over a
        // long leader (a curled page, flattened to a pixel or two): each dot lies on the chord through the dots
        // `chordReach` places either side of it.
        func alike(_ run: [Int]) -> Bool {
            let inks = run.map { all[$0].ink }.sorted()
            let ink = Double(inks[inks.count / 2])
            return run.indices.allSatisfy { k in
                let i = run[k], c = centre(i)
                let a = centre(run[max(0, k - chordReach)]), b = centre(run[min(run.count - 1, k + chordReach)])
                let slope = (b.y - a.y) / max(1, b.x - a.x)
                return Double(all[i].ink) >= 0.5 * ink && Double(all[i].ink) <= 2 * ink
                    && abs(c.y - a.y - slope * (c.x - a.x)) <= max(1.5, 0.15 * xHeight)
            }
        }
        func keep(_ run: [Int]) {
            guard run.count >= minimumDots, alike(run), leads(run) else { return }
            if traceLevel >= 3 { trace("leaders: \(run.count) dots from \(all[run[0]].box) to \(all[run[run.count - 1]].box)") }
            found.append(run)
        }
        for start in sorted where !hasPrevious.contains(start) && next[start] != nil {
            var chain = [start]
            while let n = next[chain[chain.count - 1]] { chain.append(n) }
            guard chain.count >= minimumDots else { continue }
            // The chain is cut where a step strays from its median (a full stop after the leader); the even runs
            // of enough dots are leaders.
            let steps = zip(chain, chain.dropFirst()).map { centre($1).x - centre($0).x }
            let median = steps.sorted()[steps.count / 2]
            var run = [chain[0]]
            for (k, step) in steps.enumerated() {
                if abs(step - median) <= spacingTolerance * median {
                    run.append(chain[k + 1])
                } else {
                    keep(run)
                    run = [chain[k + 1]]
                }
            }
            keep(run)
        }
        return found
    }
}
