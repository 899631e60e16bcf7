// The connected pieces of ink of a binarised page, found from runs of ink along its rows, with their boxes and ink.
import Foundation
import Imaging
import Support

/// 8-connected components of ink (bytes under 128) of a binarised page. Each keeps its box, its ink and the runs
/// it is made of, so a component can be painted out of the page later without labelling the page again.
struct InkComponents: Sendable {
    struct Component: Sendable, Equatable {
        var box: PixelBox
        /// Ink pixels.
        var ink: Int
        /// Its runs: `runs[firstRun..<firstRun + runCount]` of the whole page's runs, ordered by component.
        var firstRun: Int
        var runCount: Int

        /// Share of its box that is ink.
        var fill: Double { Double(ink) / Double(max(1, box.width * box.height)) }
    }

    /// One horizontal run of ink: row `y`, columns `x0..<x1`.
    struct Run: Sendable, Equatable {
        var y: Int32
        var x0: Int32
        var x1: Int32
    }

    let width: Int
    let height: Int
    private(set) var components: [Component] = []
    /// Every run of the page, grouped by component.
    private(set) var runs: [Run] = []

    /// The components of `other` turned a quarter (`clockwise` or not) by their boxes alone, for finding rows of
    /// letters that run down the page; they keep no runs, so they cannot be painted.
    init(turning other: InkComponents, clockwise: Bool) {
        width = other.height
        height = other.width
        components = other.components.map { c in
            let b = c.box
            let x = clockwise ? other.height - b.maxY : b.y
            let y = clockwise ? b.x : other.width - b.maxX
            return Component(box: PixelBox(x: x, y: y, width: b.height, height: b.width), ink: c.ink, firstRun: 0, runCount: 0)
        }
    }

    init(_ image: GrayImage) {
        width = image.width
        height = image.height
        var rawRuns: [Run] = []
        var parent: [Int32] = []
        rawRuns.reserveCapacity(image.height * 8)
        parent.reserveCapacity(image.height * 8)
        func find(_ i: Int32) -> Int32 {
            var r = i
            while parent[Int(r)] != r { r = parent[Int(r)] }
            var c = i
            while parent[Int(c)] != r {
                let next = parent[Int(c)]
                parent[Int(c)] = r
                c = next
            }
            return r
        }
        var previous = 0..<0
        image.bytes.withUnsafeBufferPointer { px in
            let w = image.width
            for y in 0..<image.height {
                let row = y * w
                let start = rawRuns.count
                var x = 0
                while x < w {
                    if px[row + x] >= 128 {
                        x += 1
                        continue
                    }
                    let x0 = x
                    while x < w && px[row + x] < 128 { x += 1 }
                    rawRuns.append(Run(y: Int32(y), x0: Int32(x0), x1: Int32(x)))
                    parent.append(Int32(rawRuns.count - 1))
                }
                // Join each new run to the runs of the row above that touch it (diagonals too).
                var p = previous.lowerBound
                for i in start..<rawRuns.count {
                    let run = rawRuns[i]
                    while p < previous.upperBound && rawRuns[p].x1 < run.x0 { p += 1 }
                    var q = p
                    while q < previous.upperBound && rawRuns[q].x0 <= run.x1 {
                        let a = find(Int32(i)), b = find(Int32(q))
                        if a != b { parent[Int(max(a, b))] = min(a, b) }
                        q += 1
                    }
                }
                previous = start..<rawRuns.count
            }
        }
        // Roots to component indices, then the runs grouped by component (a counting sort).
        var index = [Int32](repeating: -1, count: rawRuns.count)
        var label = [Int32](repeating: 0, count: rawRuns.count)
        var counts: [Int] = []
        var boxes: [(x0: Int32, y0: Int32, x1: Int32, y1: Int32, ink: Int)] = []
        for i in 0..<rawRuns.count {
            let root = Int(find(Int32(i)))
            if index[root] < 0 {
                index[root] = Int32(counts.count)
                counts.append(0)
                boxes.append((Int32.max, Int32.max, Int32.min, Int32.min, 0))
            }
            let c = Int(index[root])
            label[i] = Int32(c)
            counts[c] += 1
            let run = rawRuns[i]
            boxes[c].x0 = min(boxes[c].x0, run.x0)
            boxes[c].x1 = max(boxes[c].x1, run.x1)
            boxes[c].y0 = min(boxes[c].y0, run.y)
            boxes[c].y1 = max(boxes[c].y1, run.y + 1)
            boxes[c].ink += Int(run.x1 - run.x0)
        }
        var offsets = [Int](repeating: 0, count: counts.count + 1)
        for c in 0..<counts.count { offsets[c + 1] = offsets[c] + counts[c] }
        components = (0..<counts.count).map { c in
            let b = boxes[c]
            return Component(
                box: PixelBox(x: Int(b.x0), y: Int(b.y0), width: Int(b.x1 - b.x0), height: Int(b.y1 - b.y0)), ink: b.ink,
                firstRun: offsets[c], runCount: counts[c])
        }
        var next = offsets
        var grouped = [Run](repeating: Run(y: 0, x0: 0, x1: 0), count: rawRuns.count)
        for i in 0..<rawRuns.count {
            let c = Int(label[i])
            grouped[next[c]] = rawRuns[i]
            next[c] += 1
        }
        runs = grouped
    }

    /// The runs of component `index`.
    func runs(of index: Int) -> ArraySlice<Run> {
        let c = components[index]
        return runs[c.firstRun..<(c.firstRun + c.runCount)]
    }

    /// The letters of `lines` and every smaller mark whose centre lies within half a letter height of one of them.
    func components(near lines: [InkLine]) -> [Int] {
        Array(Set(marks(of: lines, reach: 0.5).joined()))
    }

    /// For each of `lines`, its letters and every smaller mark (under one and a half of its letter heights) whose
    /// centre lies within `reach` of its letter heights of its box: commas, dots, accents. A mark within reach of two
    /// lines goes to the one whose middle row is nearer, a letter to the first line that holds it; no component
    /// belongs to two lines.
    func marks(of lines: [InkLine], reach: Double) -> [[Int]] {
        var owner = [Int](repeating: -1, count: components.count)
        for (k, line) in lines.enumerated() {
            for i in line.letters where owner[i] < 0 { owner[i] = k }
        }
        // Lines by their top, to look only at those that can reach a mark.
        let byTop = lines.indices.sorted { lines[$0].box.y < lines[$1].box.y }
        let tallest = lines.map { max($0.box.height, Int($0.letterHeight.rounded(.up))) }.max() ?? 0
        let farthest = Int((reach * Double(tallest)).rounded(.up))
        for i in components.indices where owner[i] < 0 {
            let c = components[i].box
            let cx = c.x + c.width / 2, cy = c.y + c.height / 2
            var best: (line: Int, distance: Int)?
            // The first line whose top lies no further above the mark than any line's height and reach.
            var lo = 0, hi = byTop.count
            let earliest = cy - tallest - farthest
            while lo < hi {
                let mid = (lo + hi) / 2
                if lines[byTop[mid]].box.y < earliest { lo = mid + 1 } else { hi = mid }
            }
            for k in byTop[lo...] {
                let line = lines[k]
                let pad = Int(reach * line.letterHeight)
                if line.box.y - farthest > cy { break }
                guard Double(c.height) < 1.5 * line.letterHeight, cx >= line.box.x - pad, cx <= line.box.maxX + pad,
                    cy >= line.box.y - pad, cy <= line.box.maxY + pad
                else { continue }
                let distance = abs(cy - (line.box.y + line.box.height / 2))
                if best == nil || distance < best!.distance { best = (k, distance) }
            }
            if let best { owner[i] = best.line }
        }
        var marks = [[Int]](repeating: [], count: lines.count)
        for (i, k) in owner.enumerated() where k >= 0 { marks[k].append(i) }
        return marks
    }

    /// `image` with the ink of the components at `indices` painted `value`, each run widened by `grow` pixels on
    /// every side (grey halos around binarised ink go with it).
    func painting(_ indices: some Sequence<Int>, value: UInt8, grow: Int = 0, on image: GrayImage) -> GrayImage {
        precondition(image.width == width && image.height == height, "painting a page of another size")
        var out = image
        out.bytes.withUnsafeMutableBufferPointer { px in
            for i in indices {
                for run in runs(of: i) {
                    let x0 = max(0, Int(run.x0) - grow), x1 = min(width, Int(run.x1) + grow)
                    for y in max(0, Int(run.y) - grow)...min(height - 1, Int(run.y) + grow) {
                        let row = y * width
                        for x in x0..<x1 { px[row + x] = value }
                    }
                }
            }
        }
        return out
    }
}
