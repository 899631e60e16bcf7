// A page model fitted to the text lines themselves: find the spans of text on the binarised page, fit each one a
// smooth curve, fit one smooth slope field to all of them (curl, keystone and tilt alike), and remap every column
// so the lines run straight. Used only when the lines bend by a good part of an x-height.
import Foundation
import Imaging
import Support

struct TextLineDewarper: Sendable {
    /// x-height of the print in page pixels.
    var xHeight: Double
    /// The spans are found on a copy whose x-height is about this many pixels.
    var workingXHeight = 8.0
    /// Fewest text spans that make a model.
    var minimumSpans = 4
    /// The lines must depart from where they would lie flat by at least this many x-heights somewhere.
    var minimumBend = 0.4
    /// The remapped page is kept only when its text rows get at least this much sharper. A model that barely
    /// sharpens them has found little to straighten, and its field still reaches into the parts no span covered
    /// (the prices beside a receipt's items, a margin): there it can only guess, and a wrong guess moves print from
    /// one row to the next.
    var minimumGain = 1.05
    /// After the page model, straighten the lines it left bent one by one (`LineStraightener`).
    var straightensLines = true

    /// A text span: where its centre line runs, sampled along it (working-copy pixels).
    struct Span: Sendable, Equatable {
        var x: [Double]
        var y: [Double]
        var slope: [Double]
    }

    func dewarp(_ page: LeptonicaImage) -> LeptonicaImage? { dewarpWithMap(page)?.image }

    /// The flat page and where each of its points was on `page` (for the Lines view's outlines). The page model
    /// flattens the page as a whole; then the lines it left bent are straightened one by one (`LineStraightener`),
    /// and the page is remapped once through both.
    /// `prepared`: the working copy of this very page as the perspective step left it (see `WorkingCopy`).
    func dewarpWithMap(_ page: LeptonicaImage, prepared: WorkingCopy? = nil) -> (image: LeptonicaImage, map: any FlatPageMap)? {
        guard let copy = prepared.flatMap({ $0.page === page ? $0 : nil }) ?? workingCopy(page) else { return nil }
        let small = copy.small, allInk = copy.ink, mask = copy.letters, factor = copy.factor
        let wx = xHeight * factor
        let model = copy.model ?? pageModel(mask, xHeight: wx, spans: copy.spans)
        var map = model
        if straightensLines, let (flatLetters, flatInk) = model == nil ? (mask, allInk) : flatMasks(small, model!, xHeight: wx) {
            if let lines = LineStraightener(xHeight: wx).map(letters: flatLetters, ink: flatInk) {
                map = model.map { lines.followed(by: $0) } ?? lines
            }
        }
        guard let map, let gray = page.grayImage(), let flat = LeptonicaImage(gray: map.remap(gray, scale: 1 / factor)) else { return nil }
        return (flat, ScaledDisplacement(map: map, factor: factor))
    }

    /// A page at the working size, with what has been found on it so far: what the page model is fitted on, and
    /// what the perspective step measures its fan on. The perspective step hands it on when it leaves the page as it
    /// is, so the dewarp step does not make it (and find its spans, and fit its model) again.
    struct WorkingCopy: Sendable {
        /// The page it was made from.
        var page: LeptonicaImage
        /// The page at the working size (an x-height of about `workingXHeight`), scaled by `factor`.
        var small: LeptonicaImage
        /// All its ink, and its letters alone (as `masks` makes them).
        var ink: GrayImage
        var letters: GrayImage
        var factor: Double
        /// The letters' spans, once found.
        var spans: [Span]?
        /// The page model, once fitted (`.some(nil)`: fitted, and nothing worth keeping).
        var model: DisplacementMap??
    }

    /// `page`'s working copy, nothing found on it yet.
    func workingCopy(_ page: LeptonicaImage) -> WorkingCopy? {
        let factor = min(1, workingXHeight / max(1, xHeight))
        guard let small = page.scaled(by: factor), let (letters, ink) = Self.masks(small, xHeight: xHeight * factor) else { return nil }
        return WorkingCopy(page: page, small: small, ink: ink, letters: letters, factor: factor)
    }

    /// A working copy binarised (Sauvola, a window of five x-heights): its letters alone (components 0.4 to 3.5
    /// x-heights tall and at most four wide) and all its ink.
    static func masks(_ image: LeptonicaImage, xHeight wx: Double) -> (letters: GrayImage, ink: GrayImage)? {
        guard let binary = image.sauvolaBinarised(halfWindow: max(6, Int(2.5 * wx)), factor: 0.3),
            let letters = binary.keepingComponents(heights: max(2, Int(0.4 * wx))...Int(3.5 * wx), maxWidth: Int(4 * wx)),
            let mask = letters.grayImage(), let ink = binary.grayImage()
        else { return nil }
        return (mask, ink)
    }

    /// The working copy flattened by the page model and binarised again: its letters and all its ink.
    func flatMasks(_ small: LeptonicaImage, _ model: DisplacementMap, xHeight wx: Double) -> (letters: GrayImage, ink: GrayImage)? {
        guard let gray = small.grayImage(), let flat = LeptonicaImage(gray: model.remap(gray, scale: 1)) else { return nil }
        return Self.masks(flat, xHeight: wx)
    }

    /// The page model on the working copy's letters: one smooth slope field fitted to the spans, kept when the lines
    /// bend enough for it and it makes their rows sharper; nil otherwise.
    /// `spans`: the mask's spans when the caller has found them already.
    func pageModel(_ mask: GrayImage, xHeight wx: Double, spans found: [Span]? = nil) -> DisplacementMap? {
        let ink = mask.bytes.map { $0 < 128 }
        let spans = found ?? Self.spans(ink: ink, width: mask.width, height: mask.height, xHeight: wx)
        guard spans.count >= minimumSpans else {
            trace("line dewarp: \(spans.count) span(s), no model")
            return nil
        }
        guard let field = SlopeField.fit(spans, width: mask.width, height: mask.height) else { return nil }
        let map = DisplacementMap(field: field, width: mask.width, height: mask.height, step: 2)
        let bend = map.largestShift(within: field.bounds) / wx
        trace("line dewarp: \(spans.count) spans, bend \(String(format: "%.2f", bend)) x-heights")
        guard bend >= minimumBend else { return nil }
        let before = Dewarper.lineSharpness(Self.rowInk(ink, width: mask.width, height: mask.height))
        let flatMask = map.remap(mask, scale: 1)
        let after = Dewarper.lineSharpness(Self.rowInk(flatMask.bytes.map { $0 < 128 }, width: mask.width, height: mask.height))
        trace("line dewarp: sharpness \(String(format: "%.1f", before)) -> \(String(format: "%.1f", after))")
        return keeps(sharpnessBefore: before, after: after) ? map : nil
    }

    /// Whether a model that takes the rows' sharpness from `before` to `after` is worth applying.
    func keeps(sharpnessBefore before: Double, after: Double) -> Bool { after >= before * minimumGain }

    static func rowInk(_ ink: [Bool], width: Int, height: Int) -> [Int] {
        (0..<height).map { y in
            var n = 0
            for x in 0..<width where ink[y * width + x] { n += 1 }
            return n
        }
    }

    /// Text spans: each line blob's centre line fitted with a quadratic. Blobs too ragged for one are left out.
    static func spans(ink: [Bool], width w: Int, height h: Int, xHeight: Double) -> [Span] {
        var spans: [Span] = []
        for blob in LineBlob.find(ink: ink, width: w, height: h, xHeight: xHeight) {
            var xs: [Double] = [], ys: [Double] = []
            for i in 0..<blob.count.count where blob.count[i] > 0 {
                xs.append(Double(blob.minX + i))
                ys.append(blob.rowSum[i] / Double(blob.count[i]))
            }
            guard let (a, b, c) = fitQuadratic(xs, ys) else { continue }
            let residual = sqrt(zip(xs, ys).reduce(0) { $0 + pow($1.1 - (a + b * $1.0 + c * $1.0 * $1.0), 2) } / Double(xs.count))
            guard residual <= 0.6 * xHeight else { continue }
            var span = Span(x: [], y: [], slope: [])
            let stride = max(1, 2 * xHeight)
            var x = Double(blob.minX) + stride / 2
            while x < Double(blob.maxX) {
                span.x.append(x)
                span.y.append(a + b * x + c * x * x)
                span.slope.append(b + 2 * c * x)
                x += stride
            }
            if !span.x.isEmpty { spans.append(span) }
        }
        return spans
    }

    /// Least-squares y = a + b·x + c·x², centred for stability.
    static func fitQuadratic(_ xs: [Double], _ ys: [Double]) -> (Double, Double, Double)? {
        guard xs.count >= 3 else { return nil }
        let mx = xs.reduce(0, +) / Double(xs.count)
        var m = [[Double]](repeating: [Double](repeating: 0, count: 3), count: 3), r = [Double](repeating: 0, count: 3)
        for (x0, y) in zip(xs, ys) {
            let x = x0 - mx, t = [1, x, x * x]
            for i in 0..<3 {
                r[i] += t[i] * y
                for j in 0..<3 { m[i][j] += t[i] * t[j] }
            }
        }
        for i in 0..<3 { m[i][i] += 1e-9 * max(1, m[i][i]) }
        guard let s = LinearSolver.solve(m, r) else { return nil }
        // Back to uncentred: a + b(x - mx) + c(x - mx)².
        return (s[0] - s[1] * mx + s[2] * mx * mx, s[1] - 2 * s[2] * mx, s[2])
    }
}

/// The slope of the text lines as one smooth polynomial over the page: dy/dx = Σ c_ij·x^i·y^j on coordinates
/// scaled to [-1, 1], clamped to the area that held text so it never runs wild in the margins.
struct SlopeField: Sendable {
    var coefficients: [Double]
    var xDegree: Int
    var yDegree: Int
    /// The area the spans covered (working pixels).
    var bounds: (minX: Double, maxX: Double, minY: Double, maxY: Double)
    var width: Double
    var height: Double

    func terms(_ x: Double, _ y: Double) -> [Double] {
        let u = 2 * min(max(x, bounds.minX), bounds.maxX) / width - 1
        let v = 2 * min(max(y, bounds.minY), bounds.maxY) / height - 1
        var t: [Double] = []
        var xp = 1.0
        for _ in 0...xDegree {
            var yp = 1.0
            for _ in 0...yDegree {
                t.append(xp * yp)
                yp *= v
            }
            xp *= u
        }
        return t
    }

    func slope(_ x: Double, _ y: Double) -> Double {
        // The same sum as `terms` · `coefficients`, without building the array: this runs for every grid point.
        let u = 2 * min(max(x, bounds.minX), bounds.maxX) / width - 1
        let v = 2 * min(max(y, bounds.minY), bounds.maxY) / height - 1
        var sum = 0.0, xp = 1.0, k = 0
        for _ in 0...xDegree {
            var yp = 1.0
            for _ in 0...yDegree {
                sum += coefficients[k] * xp * yp
                yp *= v
                k += 1
            }
            xp *= u
        }
        return sum
    }

    /// Fits the field to every span's sampled slopes, once more without the samples it explains worst.
    static func fit(_ spans: [TextLineDewarper.Span], width: Int, height: Int) -> SlopeField? {
        var xs: [Double] = [], ys: [Double] = [], ss: [Double] = []
        for span in spans {
            xs += span.x
            ys += span.y
            ss += span.slope
        }
        guard xs.count >= 8 else { return nil }
        // Fewer lines, fewer bends the field may have.
        let xDegree = spans.count >= 12 ? 3 : 2, yDegree = spans.count >= 12 ? 2 : 1
        let bounds = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        var field = SlopeField(coefficients: [], xDegree: xDegree, yDegree: yDegree, bounds: bounds, width: Double(width), height: Double(height))
        var keep = [Bool](repeating: true, count: xs.count)
        for round in 0..<2 {
            let n = (xDegree + 1) * (yDegree + 1)
            var m = [[Double]](repeating: [Double](repeating: 0, count: n), count: n), r = [Double](repeating: 0, count: n)
            for k in 0..<xs.count where keep[k] {
                let t = field.terms(xs[k], ys[k])
                for i in 0..<n {
                    r[i] += t[i] * ss[k]
                    for j in 0..<n { m[i][j] += t[i] * t[j] }
                }
            }
            // A little ridge keeps the terms the data cannot pin down near zero.
            let scale = m[0][0]
            for i in 1..<n { m[i][i] += 1e-3 * scale }
            guard let c = LinearSolver.solve(m, r) else { return nil }
            field.coefficients = c
            guard round == 0 else { break }
            let residuals = (0..<xs.count).map { abs(field.slope(xs[$0], ys[$0]) - ss[$0]) }
            let mad = residuals.sorted()[residuals.count / 2]
            let limit = max(0.004, 4 * mad)
            keep = residuals.map { $0 <= limit }
        }
        return field
    }
}

/// For every column x and output row v, the source row the flattened line through (centre, v) passes at x:
/// the slope field integrated from the page's centre outwards, on a coarse grid interpolated in between.
struct DisplacementMap: Sendable {
    let step: Int
    let columns: Int
    let rows: Int
    /// Source row, by grid row then grid column (working pixels).
    let grid: [Double]

    init(field: SlopeField, width: Int, height: Int, step: Int) {
        self.step = step
        columns = width / step + 2
        rows = height / step + 2
        var grid = [Double](repeating: 0, count: columns * rows)
        let centre = columns / 2
        let h = Double(step)
        for r in 0..<rows {
            let v = Double(r * step)
            grid[r * columns + centre] = v
            // Midpoint steps outwards, right then left.
            var y = v
            for c in (centre + 1)..<columns {
                let x = Double((c - 1) * step)
                let mid = y + 0.5 * h * field.slope(x, y)
                y += h * field.slope(x + 0.5 * h, mid)
                grid[r * columns + c] = y
            }
            y = v
            for c in stride(from: centre - 1, through: 0, by: -1) {
                let x = Double((c + 1) * step)
                let mid = y - 0.5 * h * field.slope(x, y)
                y -= h * field.slope(x - 0.5 * h, mid)
                grid[r * columns + c] = y
            }
        }
        self.grid = grid
    }

    /// A map from its grid: the source row of every grid point, by grid row then grid column.
    init(grid: [Double], columns: Int, rows: Int, step: Int) {
        precondition(grid.count == columns * rows && columns >= 2 && rows >= 2, "DisplacementMap grid size")
        self.grid = grid
        self.columns = columns
        self.rows = rows
        self.step = step
    }

    /// This map, then `inner`: for each output point, the row `inner` takes for the row this map takes (both made on
    /// the same working copy, so one remap does the work of two).
    func followed(by inner: DisplacementMap) -> DisplacementMap {
        var combined = grid
        for r in 0..<rows {
            for c in 0..<columns { combined[r * columns + c] = inner.sourceRow(x: Double(c * step), v: grid[r * columns + c]) }
        }
        return DisplacementMap(grid: combined, columns: columns, rows: rows, step: step)
    }

    /// The source row of output point (x, v), both in working pixels (the grid interpolated as `remap` does).
    func sourceRow(x: Double, v: Double) -> Double {
        let gx = min(max(0, x / Double(step)), Double(columns - 1) - 1e-9)
        let gy = min(max(0, v / Double(step)), Double(rows - 1) - 1e-9)
        let c = Int(gx), r = Int(gy), fx = gx - Double(c), fy = gy - Double(r)
        func at(_ c: Int, _ r: Int) -> Double { grid[r * columns + c] }
        let top = at(c, r) * (1 - fx) + at(c + 1, r) * fx
        let bottom = at(c, r + 1) * (1 - fx) + at(c + 1, r + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    /// The largest vertical shift the map makes inside `bounds` (working pixels).
    func largestShift(within bounds: (minX: Double, maxX: Double, minY: Double, maxY: Double)) -> Double {
        var largest = 0.0
        for r in 0..<rows {
            let v = Double(r * step)
            guard v >= bounds.minY, v <= bounds.maxY else { continue }
            for c in 0..<columns {
                let x = Double(c * step)
                guard x >= bounds.minX, x <= bounds.maxX else { continue }
                largest = max(largest, abs(grid[r * columns + c] - v))
            }
        }
        return largest
    }

    /// `image` remapped: `scale` is image pixels per working pixel. Rows are moved within each column only
    /// (linear between the two nearest source rows); outside the photo is paper white.
    func remap(_ image: GrayImage, scale: Double) -> GrayImage {
        let w = image.width, h = image.height
        var out = [UInt8](repeating: 255, count: w * h)
        let inv = 1 / scale
        // Per image column: the grid column to its left and how far towards the next one it lies.
        var cellColumn = [Int](repeating: 0, count: w), cellFraction = [Float](repeating: 0, count: w)
        for x in 0..<w {
            let gx = min(max(0, Double(x) * inv / Double(step)), Double(columns - 1) - 1e-9)
            cellColumn[x] = Int(gx)
            cellFraction[x] = Float(gx - Double(Int(gx)))
        }
        let lastRow = Float(h - 1)
        let columns = columns, rows = rows, step = step
        // The pixel loop runs on raw buffers (no bounds checks, no overflow traps): every index is in range by
        // construction, and the interpolated value lies between two bytes.
        image.bytes.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                grid.withUnsafeBufferPointer { grid in
                    cellColumn.withUnsafeBufferPointer { cellColumn in
                        cellFraction.withUnsafeBufferPointer { cellFraction in
                            nonisolated(unsafe) let (src, dst, grid, cellColumn, cellFraction) = (src, dst, grid, cellColumn, cellFraction)
                            forEachRowBand(h) { band in
                                var rowAtGrid = [Float](repeating: 0, count: columns)
                                rowAtGrid.withUnsafeMutableBufferPointer { rowAtGrid in
                                    for v in band {
                                        // Interpolate the grid between its two rows once per output row, then along the row
                                        // per pixel.
                                        let gy = min(max(0, Double(v) * inv / Double(step)), Double(rows - 1) - 1e-9)
                                        let r = Int(gy), fy = gy - Double(r)
                                        for c in 0..<columns {
                                            rowAtGrid[c] = Float((grid[r * columns + c] * (1 - fy) + grid[(r + 1) * columns + c] * fy) * scale)
                                        }
                                        let outRow = v &* w
                                        for x in 0..<w {
                                            let c = cellColumn[x], fx = cellFraction[x]
                                            let y = rowAtGrid[c] + (rowAtGrid[c &+ 1] - rowAtGrid[c]) * fx
                                            guard y >= 0, y <= lastRow else { continue }
                                            let y0 = Int(y), f = y - Float(y0), y1 = y0 &+ 1 < h ? y0 &+ 1 : h &- 1
                                            let a = Float(src[y0 &* w &+ x]), b = Float(src[y1 &* w &+ x])
                                            dst[outRow &+ x] = UInt8(truncatingIfNeeded: Int(a + (b - a) * f + 0.5))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, bytes: out)
    }
}

/// Gaussian elimination with partial pivoting for the small normal equations above.
enum LinearSolver {
    static func solve(_ matrix: [[Double]], _ rhs: [Double]) -> [Double]? {
        let n = rhs.count
        var a = matrix, b = rhs
        for col in 0..<n {
            var pivot = col
            for r in (col + 1)..<n where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            b.swapAt(col, pivot)
            for r in (col + 1)..<n {
                let f = a[r][col] / a[col][col]
                guard f != 0 else { continue }
                for k in col..<n { a[r][k] -= f * a[col][k] }
                b[r] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for r in stride(from: n - 1, through: 0, by: -1) {
            var s = b[r]
            for k in (r + 1)..<n { s -= a[r][k] * x[k] }
            x[r] = s / a[r][r]
        }
        return x
    }
}

/// A displacement map made on a working copy, read in page pixels: columns stay, rows move.
struct ScaledDisplacement: FlatPageMap {
    let map: DisplacementMap
    /// Working pixels per page pixel.
    let factor: Double

    func source(x: Double, y: Double) -> (x: Double, y: Double) {
        (x, map.sourceRow(x: x * factor, v: y * factor) / factor)
    }
}

/// One line of print on a working copy: its letters smeared together along the row into one blob, and for every
/// column it spans, how many of its pixels lie there and the sum of their rows (the line's centre is the mean).
struct LineBlob: Sendable, Equatable {
    var minX: Int
    /// Ink pixels per column, from `minX` on.
    var count: [Int]
    /// The sum of those pixels' rows, per column.
    var rowSum: [Double]

    var maxX: Int { minX + count.count - 1 }

    /// The lines of a letters-only mask (`ink`, row-major): gaps between letters and words up to 1.5 x-heights
    /// closed along each row, 4-connected blobs labelled; blobs too small, shorter than six x-heights, or too thin
    /// or too thick for one line of print (two lines joined) are left out.
    static func find(ink: [Bool], width w: Int, height h: Int, xHeight: Double) -> [LineBlob] {
        guard w > 0, h > 0, ink.count == w * h else { return [] }
        // Close gaps between letters and words along each row.
        let gap = max(2, Int(1.5 * xHeight))
        var smeared = ink
        for y in 0..<h {
            var last = -1
            for x in 0..<w where ink[y * w + x] {
                if last >= 0, x - last > 1, x - last <= gap {
                    for i in (last + 1)..<x { smeared[y * w + i] = true }
                }
                last = x
            }
        }
        // Label 4-connected blobs.
        var label = [Int32](repeating: -1, count: w * h)
        var stack: [Int] = []
        var blobs: [LineBlob] = []
        var pixels: [Int] = []
        var id: Int32 = 0
        for start in 0..<(w * h) where smeared[start] && label[start] < 0 {
            pixels.removeAll(keepingCapacity: true)
            label[start] = id
            stack.append(start)
            while let p = stack.popLast() {
                pixels.append(p)
                let x = p % w, y = p / w
                if x > 0, smeared[p - 1], label[p - 1] < 0 {
                    label[p - 1] = id
                    stack.append(p - 1)
                }
                if x < w - 1, smeared[p + 1], label[p + 1] < 0 {
                    label[p + 1] = id
                    stack.append(p + 1)
                }
                if y > 0, smeared[p - w], label[p - w] < 0 {
                    label[p - w] = id
                    stack.append(p - w)
                }
                if y < h - 1, smeared[p + w], label[p + w] < 0 {
                    label[p + w] = id
                    stack.append(p + w)
                }
            }
            id += 1
            guard Double(pixels.count) >= 4 * xHeight * xHeight else { continue }
            var minX = w, maxX = 0
            for p in pixels {
                minX = min(minX, p % w)
                maxX = max(maxX, p % w)
            }
            let length = maxX - minX + 1
            guard Double(length) >= 6 * xHeight else { continue }
            var sum = [Double](repeating: 0, count: length), count = [Int](repeating: 0, count: length)
            for p in pixels {
                sum[p % w - minX] += Double(p / w)
                count[p % w - minX] += 1
            }
            let thickness = count.sorted()[length / 2]
            guard Double(thickness) >= 0.5 * xHeight, Double(thickness) <= 2.6 * xHeight else { continue }
            blobs.append(LineBlob(minX: minX, count: count, rowSum: sum))
        }
        return blobs
    }
}
