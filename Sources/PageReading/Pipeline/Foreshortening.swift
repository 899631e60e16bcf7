// Where a page curls away from the camera (into the gutter, at a lifted edge) its print is seen at a slant and comes
// out narrower; flattening the lines does not widen it again. This finds how much narrower the letters are there and
// widens those columns back.
import Foundation
import Imaging
import Support

/// How much each column of a flattened page must be widened so its letters are as wide as where the page lay flat.
/// Measured in bands of columns three x-heights wide: the letters' mean width-to-height in each band, and how steep
/// the lines ran there before flattening. A curl shows as a run of steep bands reaching the outermost band with
/// letters on one side (the gutter at the frame's edge, a lifted edge); its letters are compared with the flat bands
/// just inside it, the same print seen square on, and each band is widened by the narrowest the letters get on the
/// way out to it. Narrow print amid flat paper (digits, a condensed heading, a code listing) is left as it is, and so
/// is a gutter in the middle of the frame (the facing page is cut off there anyway).
struct Foreshortening: Sendable {
    /// x-height of the print in page pixels.
    var xHeight: Double
    /// Bands of columns this many x-heights wide.
    var band = 3.0
    /// A band counts when it holds at least this many letters.
    var minimumLetters = 20
    /// Lines at most this steep before flattening lay flat: their letters set the width of the print.
    var flatSlope = 0.05
    /// Lines at least this steep (about 7°) before flattening: the page turned away from the camera there.
    var steepSlope = 0.12
    /// Narrowing by less than this is the print's own variety.
    var minimumStretch = 1.15
    /// The most a column is widened.
    var maximumStretch = 2.5

    /// The letters of a page: components one x-height tall (three quarters to 1.3 of it), neither slivers nor bars.
    func letters(_ components: InkComponents) -> [(centre: Double, aspect: Double)] {
        components.components.compactMap { c in
            let h = Double(c.box.height), w = Double(c.box.width)
            guard h >= 0.75 * xHeight, h <= 1.3 * xHeight, w >= 0.15 * xHeight, w <= 3 * xHeight else { return nil }
            return (Double(c.box.x) + w / 2, w / h)
        }
    }

    /// The stretch of each column of a page `width` wide, from its letters and the steepness of its lines before
    /// flattening in each band (`slopes`, nil where no line was measured); nil when no band needs widening.
    func stretch(letters: [(centre: Double, aspect: Double)], slopes: [Double?], width: Int) -> [Double]? {
        let bandWidth = max(1, Int(band * xHeight))
        let bands = (width + bandWidth - 1) / bandWidth
        guard slopes.count == bands else { return nil }
        var sum = [Double](repeating: 0, count: bands), count = [Int](repeating: 0, count: bands)
        for letter in letters {
            let b = min(bands - 1, max(0, Int(letter.centre) / bandWidth))
            sum[b] += letter.aspect
            count[b] += 1
        }
        let aspect: [Double?] = (0..<bands).map { count[$0] >= minimumLetters ? sum[$0] / Double(count[$0]) : nil }
        let measured = (0..<bands).filter { aspect[$0] != nil }
        guard let first = measured.first, let last = measured.last, last - first >= 6 else { return nil }
        var factor = [Double](repeating: 1, count: bands)
        // On each side, the run of steep bands that reaches the outermost band with letters: the page curled away
        // there (into the gutter at the frame's edge, at a lifted edge). Its letters are compared with the flat bands
        // just inside it (the same print, seen square on), and each band is widened by the narrowest the letters get
        // between the flat part and it.
        for (edge, inward) in [(last, -1), (first, 1)] {
            var start = edge
            while (slopes[start] ?? 0) >= steepSlope, start + inward >= 0, start + inward < bands { start += inward }
            // `start` is the first band (going inwards) that is not steep; the steep run is between it and the edge.
            guard start != edge else { continue }
            let inside = stride(from: start, through: start + inward * 5, by: inward).filter {
                $0 >= 0 && $0 < bands && aspect[$0] != nil && (slopes[$0] ?? 1) <= flatSlope
            }
            guard inside.count >= 3 else { continue }
            let reference = inside.map { aspect[$0]! }.sorted()[inside.count / 2]
            var narrowest = reference
            for b in stride(from: start - inward, through: edge, by: -inward) {
                if let a = aspect[b] { narrowest = min(narrowest, a) }
                let s = reference / narrowest
                factor[b] = s >= minimumStretch ? min(maximumStretch, s) : 1
            }
            // Beyond the last letters the edge's stretch holds.
            for b in stride(from: edge - inward, through: inward < 0 ? bands - 1 : 0, by: -inward) where b >= 0 && b < bands {
                factor[b] = factor[edge]
            }
        }
        if traceLevel >= 2 {
            trace("widen: aspect \(aspect.map { $0.map { String(format: "%.2f", $0) } ?? "-" })")
            trace("widen: slopes \(slopes.map { $0.map { String(format: "%.2f", $0) } ?? "-" })")
            trace("widen: factors \(factor.map { String(format: "%.2f", $0) })")
        }
        guard factor.contains(where: { $0 > 1 }) else { return nil }
        // Per column: between band centres, then smoothed over an x-height so the widening sets in gently.
        var columns = [Double](repeating: 1, count: width)
        for x in 0..<width {
            let position = (Double(x) + 0.5) / Double(bandWidth) - 0.5
            let b0 = min(bands - 1, max(0, Int(position.rounded(.down)))), b1 = min(bands - 1, b0 + 1)
            let f = min(1, max(0, position - Double(b0)))
            columns[x] = factor[b0] * (1 - f) + factor[b1] * f
        }
        let half = max(1, Int(xHeight / 2))
        var smooth = columns
        for x in 0..<width {
            let from = max(0, x - half), to = min(width - 1, x + half)
            smooth[x] = columns[from...to].reduce(0, +) / Double(to - from + 1)
        }
        return smooth
    }

    /// How steep the lines ran before flattening, in each band of columns: the median slope of `map` along the rows
    /// of the flat page that hold ink in that band (nil for a band with none).
    func slopes(_ map: any FlatPageMap, ink: GrayImage) -> [Double?] {
        let bandWidth = max(1, Int(band * xHeight))
        let bands = (ink.width + bandWidth - 1) / bandWidth
        let step = max(1, Int(xHeight))
        return (0..<bands).map { b -> Double? in
            let x0 = b * bandWidth, x1 = min(ink.width, x0 + bandWidth)
            let x = Double(x0 + x1) / 2, reach = Double(x1 - x0) / 2
            var found: [Double] = []
            for y in stride(from: 0, to: ink.height, by: step) {
                let row = y * ink.width
                guard (x0..<x1).contains(where: { ink.bytes[row + $0] < 128 }) else { continue }
                let left = map.source(x: x - reach, y: Double(y)), right = map.source(x: x + reach, y: Double(y))
                found.append(abs(right.y - left.y) / max(1, right.x - left.x))
            }
            return found.isEmpty ? nil : found.sorted()[found.count / 2]
        }
    }
}

/// Columns widened: for each column of the wider page, the column of the page before it was widened (fractional).
struct WidenedColumns: FlatPageMap {
    let sourceColumn: [Double]

    /// The map that widens a page whose column `x` must become `stretch[x]` columns wide.
    init(stretch: [Double]) {
        // Where each column of the narrow page begins on the wide one, then the inverse, column by column.
        var starts = [0.0]
        for s in stretch { starts.append(starts.last! + s) }
        let width = Int(starts.last!.rounded())
        var source = [Double](repeating: 0, count: max(1, width))
        var i = 0
        for x in 0..<source.count {
            let centre = Double(x) + 0.5
            while i < stretch.count - 1 && starts[i + 1] < centre { i += 1 }
            source[x] = Double(i) + (centre - starts[i]) / stretch[i] - 0.5
        }
        sourceColumn = source
    }

    func source(x: Double, y: Double) -> (x: Double, y: Double) {
        let last = sourceColumn.count - 1
        let i = min(max(0, Int(x.rounded(.down))), last), j = min(last, i + 1)
        let f = min(1, max(0, x - Double(i)))
        return (sourceColumn[i] * (1 - f) + sourceColumn[j] * f, y)
    }

    /// `image` widened: each row read at the source columns, linearly between the two nearest; `binary` keeps it
    /// black and white.
    func apply(to image: GrayImage, binary: Bool) -> GrayImage {
        let w = image.width, out = sourceColumn.count, h = image.height
        var bytes = [UInt8](repeating: 255, count: out * h)
        let left = sourceColumn.map { min(w - 1, Int(min(max(0, $0), Double(w - 1)))) }
        let right = left.map { min(w - 1, $0 + 1) }
        let weight = (0..<out).map { min(max(0, sourceColumn[$0]), Double(w - 1)) - Double(left[$0]) }
        image.bytes.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                nonisolated(unsafe) let dst = dst
                // Each row on its own: a band of rows on each core.
                forEachRowBand(h) { band in
                    for y in band {
                        let row = y * w, outRow = y * out
                        for x in 0..<out {
                            let f = weight[x]
                            let v = Double(src[row + left[x]]) * (1 - f) + Double(src[row + right[x]]) * f
                            dst[outRow + x] = binary ? (v < 128 ? 0 : 255) : UInt8(min(255, max(0, v.rounded())))
                        }
                    }
                }
            }
        }
        return GrayImage(width: out, height: h, bytes: bytes)
    }
}

/// Two flat-page maps one after the other: `outer` leads a point of the last page back to the page `inner` made,
/// and `inner` leads it on to the page before both (nil: that page is the original).
struct ChainedPageMap: FlatPageMap {
    let outer: any FlatPageMap
    let inner: (any FlatPageMap)?

    func source(x: Double, y: Double) -> (x: Double, y: Double) {
        let p = outer.source(x: x, y: y)
        return inner?.source(x: p.x, y: p.y) ?? p
    }
}
