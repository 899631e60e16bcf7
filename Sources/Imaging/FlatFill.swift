// How far a flat fill of one colour reaches in from each edge of a photo.
import Foundation

/// A picture turned, warped or letterboxed in an editor, a viewer or a screenshot carries a margin of one flat colour
/// around it: the file's frame is not the picture's. These are that margin's runs in from each edge: for every row
/// how many pixels from the left and from the right hold the fill's colour, for every column how many from the top
/// and from the bottom. A photo's own edges are never one flat colour for long (grain, texture, light), so on a photo
/// as the camera took it the runs are a pixel or two, or nothing was found at all.
public struct FlatFillRuns: Sendable, Equatable {
    /// The size of the grid the runs were counted on: every `sampling`-th pixel of every `sampling`-th row.
    public var width: Int
    public var height: Int
    /// Image pixels per grid step.
    public var sampling: Int
    /// The fill's colour, one value per channel.
    public var colour: [Int]
    /// Per row: fill pixels from the left edge, and from the right edge.
    public var left: [Int]
    public var right: [Int]
    /// Per column: fill pixels from the top edge, and from the bottom edge.
    public var top: [Int]
    public var bottom: [Int]

    /// Side of the square at each corner that must be flat for the corner to hold a fill.
    static let cornerSide = 6
    /// The most a flat corner's values may spread on any channel (a JPEG's flat areas keep within a few levels).
    static let cornerSpread = 6

    /// The grid step for an image whose long side is `longSide`: runs are counted on a grid of at most
    /// `gridLongSide` points a side, so an image that is flat nearly everywhere (a blank scan) costs no more than a
    /// small one. The facing step needs the picture's edge to within a few x-heights, not a pixel.
    public static func sampling(forLongSide longSide: Int) -> Int { max(1, longSide / gridLongSide) }
    static let gridLongSide = 1200

    /// The runs of `channels`-channel pixels read by `pixel(x, y, channel)`, with the fill's colour taken from the
    /// corners (at full resolution): at least two corners must be flat and of the same colour (within `tolerance` on
    /// every channel). The runs are counted on every `sampling`-th pixel. Nil when the corners hold no such fill, or
    /// the image is smaller than two corners.
    public static func measure(
        width: Int, height: Int, channels: Int, tolerance: Int, sampling: Int = 1, pixel: (Int, Int, Int) -> Int
    ) -> FlatFillRuns? {
        let side = cornerSide
        guard width >= 2 * side, height >= 2 * side, channels > 0 else { return nil }
        // Each flat corner's mean colour.
        var flat: [[Int]] = []
        for (cx, cy) in [(0, 0), (width - side, 0), (0, height - side), (width - side, height - side)] {
            var low = [Int](repeating: 255, count: channels), high = [Int](repeating: 0, count: channels)
            var sum = [Int](repeating: 0, count: channels)
            for y in cy..<(cy + side) {
                for x in cx..<(cx + side) {
                    for c in 0..<channels {
                        let v = pixel(x, y, c)
                        low[c] = min(low[c], v)
                        high[c] = max(high[c], v)
                        sum[c] += v
                    }
                }
            }
            if zip(low, high).allSatisfy({ $1 - $0 <= cornerSpread }) { flat.append(sum.map { $0 / (side * side) }) }
        }
        func same(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= tolerance } }
        // The colour most flat corners share; at least two must.
        guard let colour = flat.max(by: { a, b in flat.filter { same($0, a) }.count < flat.filter { same($0, b) }.count }),
            flat.filter({ same($0, colour) }).count >= 2
        else { return nil }
        let step = max(1, sampling), gridWidth = width / step, gridHeight = height / step
        guard gridWidth >= 2, gridHeight >= 2 else { return nil }
        func isFill(_ x: Int, _ y: Int) -> Bool {
            for c in 0..<channels where abs(pixel(x * step, y * step, c) - colour[c]) > tolerance { return false }
            return true
        }
        func run(_ count: Int, _ at: (Int) -> (Int, Int)) -> Int {
            var n = 0
            while n < count {
                let (x, y) = at(n)
                guard isFill(x, y) else { break }
                n += 1
            }
            return n
        }
        let w = gridWidth, h = gridHeight
        return FlatFillRuns(
            width: w, height: h, sampling: step, colour: colour,
            left: (0..<h).map { y in run(w) { ($0, y) } },
            right: (0..<h).map { y in run(w) { (w - 1 - $0, y) } },
            top: (0..<w).map { x in run(h) { (x, $0) } },
            bottom: (0..<w).map { x in run(h) { (x, h - 1 - $0) } })
    }
}
