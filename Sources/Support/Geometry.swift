// Pixel boxes, sizes and points, shared by imaging, page reading, the shelf and retouch tools, storage and the web views.

/// A rectangle in pixels, origin top-left.
public struct PixelBox: Sendable, Codable, Equatable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midY: Double { Double(y) + Double(height) / 2 }
}

public struct PixelSize: Sendable, Codable, Equatable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A point in pixels (x right, y down): outline corners (pages, spines), taps, and points along a traced wire.
public struct PixelPoint: Sendable, Codable, Equatable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func scaled(by factor: Double) -> PixelPoint { PixelPoint(x: x * factor, y: y * factor) }
}

extension Int {
    /// `value` rounded toward zero and held within `range`; NaN gives the range's lower bound. Unlike `Int(_:)` it
    /// never traps, so numbers that came from a request (a coordinate of 1e300) can be turned into pixel indices safely.
    public init(clamping value: Double, to range: ClosedRange<Int>) {
        guard !value.isNaN else {
            self = range.lowerBound
            return
        }
        if value <= Double(range.lowerBound) {
            self = range.lowerBound
        } else if value >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self = Int(value)
        }
    }
}
