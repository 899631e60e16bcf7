// Sauvola's adaptive threshold over a plain grey buffer, pixel for pixel what Leptonica's pixSauvolaBinarize makes,
// with running window sums instead of its four whole-page accumulator images, and any band of rows on its own.

/// Sauvola's threshold `t = m · (1 − k · (1 − s / 128))` over a square window around every pixel; a pixel darker
/// than its threshold is ink. Outside the image the window sees the image mirrored (Leptonica's border of
/// `halfWindow + 1`), and the mean is truncated to 8 bits and the mean square rounded as Leptonica does, so the
/// result is Leptonica's. One band of rows needs no other band: two workers can each make half of a page.
public struct SauvolaThreshold: Sendable {
    public var halfWindow: Int
    public var factor: Double

    public init(halfWindow: Int, factor: Double) {
        self.halfWindow = halfWindow
        self.factor = factor
    }

    /// The half-window actually used on `image`: Leptonica's bounds (2 at least, the window inside the image).
    public func usableHalfWindow(for image: GrayImage) -> Int? {
        let hw = max(2, min(halfWindow, (min(image.width, image.height) - 3) / 2))
        return 2 * hw + 3 <= min(image.width, image.height) ? hw : nil
    }

    /// Rows `rows` of `image` thresholded: 0 for ink, 255 for paper, row-major, `rows.count × width` bytes.
    /// Nil when the image is too small for any window.
    public func binarise(_ image: GrayImage, rows: Range<Int>) -> [UInt8]? {
        guard usableHalfWindow(for: image) != nil else { return nil }
        let rows = rows.clamped(to: 0..<image.height)
        var out = [UInt8](repeating: 255, count: rows.count * image.width)
        out.withUnsafeMutableBufferPointer { binarise(image, rows: rows, into: $0) }
        return out
    }

    /// The whole image thresholded (0 ink, 255 paper), a band of rows on each core, or nil when it is too small
    /// for any window.
    public func binarise(_ image: GrayImage) -> GrayImage? {
        guard usableHalfWindow(for: image) != nil else { return nil }
        var out = [UInt8](repeating: 255, count: image.width * image.height)
        out.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let all = buffer
            forEachRowBand(image.height) { band in
                let start = band.lowerBound * image.width
                binarise(image, rows: band, into: UnsafeMutableBufferPointer(rebasing: all[start..<(start + band.count * image.width)]))
            }
        }
        return GrayImage(width: image.width, height: image.height, bytes: out)
    }

    /// Writes rows `rows` (already inside the image) into `out`, which starts at the band's first row and is
    /// filled with 255 beforehand.
    private func binarise(_ image: GrayImage, rows: Range<Int>, into out: UnsafeMutableBufferPointer<UInt8>) {
        guard let wc = usableHalfWindow(for: image), !rows.isEmpty else { return }
        let w = image.width, h = image.height
        let span = 2 * wc + 1, area = span * span
        // Leptonica truncates `Float(1 / area) · sum` to 8 bits for the mean: a table of every window sum.
        let meanNorm = Float(1.0 / Double(Float(span) * Float(span)))
        var meanOf = [UInt8](repeating: 0, count: 255 * area + 1)
        for sum in 0..<meanOf.count { meanOf[sum] = UInt8(meanNorm * Float(sum)) }
        // The mean square is rounded from a double; `sum of squares / area` is never half-way, so this is exact.
        let squareNorm = 1.0 / Double(Float(span) * Float(span))
        // The threshold's scale for every variance a window can have, worked once per variance, not per pixel.
        let k = Double(Float(factor))
        var scaleOf = [Double](repeating: 0, count: 65026)
        for v in 0..<scaleOf.count { scaleOf[v] = 1.0 - k * (1.0 - Double(Float(v).squareRoot()) / 128.0) }
        func mirror(_ i: Int, _ n: Int) -> Int { i < 0 ? -1 - i : (i >= n ? 2 * n - 1 - i : i) }

        // Column sums over the window's rows, for the image widened by `wc` mirrored columns on each side.
        let wide = w + 2 * wc
        var columnOf = [Int](repeating: 0, count: wide)
        for c in 0..<wide { columnOf[c] = mirror(c - wc, w) }
        // A column's sums fit 32 bits for windows up to 33 000 rows tall (255² a pixel); the window's own take 64.
        var sums = [Int32](repeating: 0, count: wide)
        var squares = [Int32](repeating: 0, count: wide)

        columnOf.withUnsafeBufferPointer { columnOf in
            meanOf.withUnsafeBufferPointer { meanOf in
                scaleOf.withUnsafeBufferPointer { scaleOf in
                    image.bytes.withUnsafeBufferPointer { src in
                        sums.withUnsafeMutableBufferPointer { sums in
                            squares.withUnsafeMutableBufferPointer { squares in
                                do {
                                    /// Adds (sign 1) or takes away (sign −1) one image row from every column sum: the mirrored
                                    /// columns at both ends, then the image's own columns in one straight run.
                                    func addRow(_ y: Int, _ sign: Int32) {
                                        let row = src.baseAddress! + mirror(y, h) * w
                                        let sumsBase = sums.baseAddress!, squaresBase = squares.baseAddress!
                                        for c in 0..<wc {
                                            let v = Int32(row[columnOf[c]]), u = Int32(row[columnOf[wc + w + c]])
                                            sumsBase[c] &+= sign &* v
                                            squaresBase[c] &+= sign &* v &* v
                                            sumsBase[wc + w + c] &+= sign &* u
                                            squaresBase[wc + w + c] &+= sign &* u &* u
                                        }
                                        let middleSums = sumsBase + wc, middleSquares = squaresBase + wc
                                        for x in 0..<w {
                                            let v = Int32(row[x])
                                            middleSums[x] &+= sign &* v
                                            middleSquares[x] &+= sign &* v &* v
                                        }
                                    }
                                    for y in (rows.lowerBound - wc)...(rows.lowerBound + wc) { addRow(y, 1) }
                                    for y in rows {
                                        var s = 0, q = 0
                                        for c in 0..<span {
                                            s &+= Int(sums[c])
                                            q &+= Int(squares[c])
                                        }
                                        let line = y * w, target = (y - rows.lowerBound) * w
                                        for x in 0..<w {
                                            let mean = Int(meanOf[s])
                                            let meanSquare = Int(squareNorm * Double(q) + 0.5)
                                            let variance = min(65025, max(0, meanSquare &- mean &* mean))
                                            // pixel < Int(t) for a whole pixel and t ≥ 0 is pixel + 1 ≤ t.
                                            if Double(Int(src[line + x]) &+ 1) <= Double(mean) * scaleOf[variance] { out[target + x] = 0 }
                                            if x + 1 < w {
                                                s &+= Int(sums[x + span] &- sums[x])
                                                q &+= Int(squares[x + span] &- squares[x])
                                            }
                                        }
                                        if y + 1 < rows.upperBound {
                                            addRow(y + wc + 1, 1)
                                            addRow(y - wc, -1)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
