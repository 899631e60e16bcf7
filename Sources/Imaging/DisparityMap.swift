// Where a point of a dewarped page was in the page before dewarping: the dewarp's disparity arrays, kept coarse, so
// line boxes found on the flat page can be drawn over the curled photo as outlines that follow the lines.

/// Leptonica's dewarp moves pixels down by the vertical disparity, then sideways by the horizontal one:
/// `flat(x, y) = page(x - h, y - v)` with `h` read at (x, y) and `v` at (x - h, y). Kept every `step` pixels.
public struct DisparityMap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Pixels between two kept samples.
    public let step: Int
    let columns: Int
    let rows: Int
    let vertical: [Float]
    let horizontal: [Float]?

    /// `vertical` and `horizontal` hold `rows × columns` samples, taken every `step` pixels from (0, 0).
    public init?(width: Int, height: Int, step: Int, vertical: [Float], horizontal: [Float]?) {
        let columns = (width + step - 1) / step, rows = (height + step - 1) / step
        guard width > 0, height > 0, step > 0, vertical.count == columns * rows, horizontal.map({ $0.count == columns * rows }) ?? true
        else { return nil }
        self.width = width
        self.height = height
        self.step = step
        self.columns = columns
        self.rows = rows
        self.vertical = vertical
        self.horizontal = horizontal
    }

    /// The point of the page before dewarping that `(x, y)` of the flat page came from.
    public func source(x: Double, y: Double) -> (x: Double, y: Double) {
        let sx = horizontal.map { x - sample($0, x: x, y: y) } ?? x
        return (sx, y - sample(vertical, x: sx, y: y))
    }

    /// Bilinear between the kept samples; outside the page, the nearest edge.
    func sample(_ values: [Float], x: Double, y: Double) -> Double {
        let fx = min(max(0, x / Double(step)), Double(columns - 1)), fy = min(max(0, y / Double(step)), Double(rows - 1))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 + 1, columns - 1), y1 = min(y0 + 1, rows - 1)
        let ax = fx - Double(x0), ay = fy - Double(y0)
        func at(_ c: Int, _ r: Int) -> Double { Double(values[r * columns + c]) }
        let top = at(x0, y0) * (1 - ax) + at(x1, y0) * ax
        let bottom = at(x0, y1) * (1 - ax) + at(x1, y1) * ax
        return top * (1 - ay) + bottom * ay
    }
}
