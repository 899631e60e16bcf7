// Where the picture inside a photo file ends, when a flat margin of one colour surrounds it.
import Foundation
import Imaging

/// The edges of the picture inside a photo file: the file's own edges, except where a flat margin of one colour
/// (`FlatFillRuns`) runs along a side in a straight edge, as it does around a picture turned, warped or letterboxed
/// in an editor or a viewer. Text cut by the picture's edge (a facing page's line ends) ends at that straight edge,
/// not at the file's. A margin that does not run straight is not an edge: on a white scan the white runs in to the
/// first letter of each line and across the blank rows between them, a stretch a line high at most.
struct PictureFrame: Sendable {
    /// The size of the grid the runs were counted on.
    var width: Int
    var height: Int
    /// Photo pixels per grid step (the runs are counted on every few pixels of what may be a reduced copy).
    var scale: Double
    /// Per row: where the picture begins from the left and from the right (0: at the file's edge).
    var left: [Int]
    var right: [Int]
    /// Per column: the same from the top and from the bottom.
    var top: [Int]
    var bottom: [Int]

    /// A side's margin counts only along straight stretches: consecutive runs (smoothed by their median over
    /// `medianRadius` either side) that step by at most `maximumStep` pixels (a JPEG's blocks jag a flat margin's
    /// edge by up to a block), each at least `minimumPiece` of the side, `minimumInliers` of it within
    /// `maximumResidual` pixels of the line fitted to it (`straightInliers`; only those count) and `minimumRun`
    /// pixels deep on average, and together at least `minimumSpan` of the side: a margin runs along the whole side
    /// but for the corners.
    static let maximumStep = 8
    static let minimumPiece = 1.0 / 16
    static let minimumSpan = 0.5
    static let maximumResidual = 6.0
    static let minimumInliers = 0.9
    static let minimumRun = 3.0
    static let medianRadius = 4

    /// The frame the runs show, measured on an image `scale` times smaller than the photo; nil when no side has a
    /// straight margin (the picture is the whole file).
    init?(_ runs: FlatFillRuns, scale: Double = 1) {
        width = runs.width
        height = runs.height
        self.scale = scale * Double(runs.sampling)
        left = Self.straightStretches(runs.left, across: runs.width)
        right = Self.straightStretches(runs.right, across: runs.width)
        top = Self.straightStretches(runs.top, across: runs.height)
        bottom = Self.straightStretches(runs.bottom, across: runs.height)
        guard [left, right, top, bottom].contains(where: { $0.contains { $0 > 0 } }) else { return nil }
    }

    /// `runs` kept along straight stretches and zeroed elsewhere; `across` is the length of each row (or column):
    /// a run of all of it is a row of nothing but margin (a letterbox's bar), an edge for the sides across it.
    static func straightStretches(_ measured: [Int], across: Int) -> [Int] {
        var out = [Int](repeating: 0, count: measured.count)
        let piece = max(8, Int(minimumPiece * Double(measured.count)))
        func inMargin(_ i: Int) -> Bool { measured[i] > 0 && measured[i] < across }
        // Rows with no margin, or nothing but margin, end a stretch before anything is smoothed: a median across
        // them would bridge the gaps between letters that the paper runs into.
        var kept = 0, start = 0
        while start < measured.count {
            guard inMargin(start) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < measured.count, inMargin(end) { end += 1 }
            // A few rows where the picture's own pixels match the margin's colour at its edge stick out of the run.
            let runs = runningMedian(Array(measured[start..<end]), radius: medianRadius)
            // The smoothed margin's pieces, each ending where it steps by more than `maximumStep`.
            var first = 0
            while first < runs.count {
                var last = first + 1
                while last < runs.count, abs(runs[last] - runs[last - 1]) <= maximumStep { last += 1 }
                let stretch = Array(runs[first..<last])
                if stretch.count >= piece, Double(stretch.reduce(0, +)) / Double(stretch.count) >= minimumRun,
                    let inliers = straightInliers(stretch)
                {
                    for (k, i) in (first..<last).enumerated() where inliers[k] { out[start + i] = runs[i] }
                    kept += inliers.filter { $0 }.count
                }
                first = last
            }
            start = end
        }
        return Double(kept) >= minimumSpan * Double(measured.count) ? out : [Int](repeating: 0, count: measured.count)
    }

    /// Each value replaced by the median of the values up to `radius` either side of it.
    static func runningMedian(_ values: [Int], radius: Int) -> [Int] {
        values.indices.map { i in
            let window = values[max(0, i - radius)...min(values.count - 1, i + radius)].sorted()
            return window[window.count / 2]
        }
    }

    /// Which of the values lie within `maximumResidual` of the line fitted to them (a least-squares line, fitted
    /// again to the values near the first): nil unless at least `minimumInliers` of them do. The corner where a
    /// side's margin turns, and the odd row the picture's pixels prolong, fall outside.
    static func straightInliers(_ values: [Int]) -> [Bool]? {
        guard values.count >= 2 else { return nil }
        func fit(_ use: [Bool]) -> (Double) -> Double {
            let points = values.indices.filter { use[$0] }
            let n = Double(points.count)
            guard n >= 2 else { return { _ in 0 } }
            let meanI = Double(points.reduce(0, +)) / n, meanV = Double(points.reduce(0) { $0 + values[$1] }) / n
            var sxy = 0.0, sxx = 0.0
            for i in points {
                sxy += (Double(i) - meanI) * (Double(values[i]) - meanV)
                sxx += (Double(i) - meanI) * (Double(i) - meanI)
            }
            let slope = sxx > 0 ? sxy / sxx : 0
            return { meanV + slope * ($0 - meanI) }
        }
        func near(_ line: (Double) -> Double) -> [Bool] {
            values.indices.map { abs(Double(values[$0]) - line(Double($0))) <= maximumResidual }
        }
        let inliers = near(fit(near(fit([Bool](repeating: true, count: values.count)))))
        return Double(inliers.filter { $0 }.count) >= minimumInliers * Double(values.count) ? inliers : nil
    }

    /// How far (photo pixels) the photo point lies inside the picture's nearest edge; negative in the margin.
    func distance(x: Double, y: Double) -> Double {
        let px = x / scale, py = y / scale
        let row = min(max(Int(py), 0), height - 1), column = min(max(Int(px), 0), width - 1)
        let inside = min(
            px - Double(left[row]), Double(width - right[row]) - px, py - Double(top[column]), Double(height - bottom[column]) - py)
        return inside * scale
    }
}
