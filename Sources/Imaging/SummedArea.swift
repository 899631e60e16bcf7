// Sums over boxes of an image in constant time, and the grey a share of the image lies under.
import Foundation

/// A summed-area table: the sum of any box of values, read from four entries.
public struct SummedArea: Sendable {
    public let width: Int
    public let height: Int
    private let sums: [Int]

    /// The table of `width` × `height` values, each `value(x, y)`.
    public init(width: Int, height: Int, value: (Int, Int) -> Int) {
        self.width = width
        self.height = height
        var sums = [Int](repeating: 0, count: (width + 1) * (height + 1))
        for y in 0..<height {
            var row = 0
            for x in 0..<width {
                row += value(x, y)
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row
            }
        }
        self.sums = sums
    }

    /// The table of a grey image's values.
    public init(_ image: GrayImage) {
        let bytes = image.bytes, w = image.width
        self.init(width: image.width, height: image.height) { x, y in Int(bytes[y * w + x]) }
    }

    /// The sum over columns `x0..<x1` and rows `y0..<y1` (clamped to the table).
    public func sum(x0: Int, y0: Int, x1: Int, y1: Int) -> Int {
        let a = max(0, min(width, x0)), b = max(0, min(width, x1)), c = max(0, min(height, y0)), d = max(0, min(height, y1))
        guard b > a, d > c else { return 0 }
        return sums[d * (width + 1) + b] - sums[c * (width + 1) + b] - sums[d * (width + 1) + a] + sums[c * (width + 1) + a]
    }
}

extension GrayImage {
    /// The darkest grey that `numerator`/`denominator` of the pixels lie at or under: the paper's grey at 9/10.
    public func grey(atShare numerator: Int, of denominator: Int) -> Int {
        var counts = [Int](repeating: 0, count: 256)
        for v in bytes { counts[Int(v)] += 1 }
        var seen = 0
        for v in 0..<256 {
            seen += counts[v]
            if denominator * seen >= numerator * bytes.count { return v }
        }
        return 255
    }
}
