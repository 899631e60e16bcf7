// A selection over a picture, its connected parts and how deep each part reaches.
import Imaging
import Support

/// One byte per pixel, row-major; non-zero means selected (to be filled).
public struct Mask: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bytes: [UInt8]

    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "empty mask")
        self.width = width
        self.height = height
        self.bytes = [UInt8](repeating: 0, count: width * height)
    }

    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width > 0 && height > 0 && bytes.count == width * height, "Mask size mismatch")
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// A grey image read as a mask: above half grey is selected.
    public init(_ gray: GrayImage) {
        self.init(width: gray.width, height: gray.height, bytes: gray.bytes.map { $0 > 127 ? 1 : 0 })
    }

    public subscript(x: Int, y: Int) -> Bool {
        get { bytes[y * width + x] != 0 }
        set { bytes[y * width + x] = newValue ? 1 : 0 }
    }

    public var selectedCount: Int { bytes.reduce(0) { $0 + ($1 != 0 ? 1 : 0) } }

    public var isEmpty: Bool { !bytes.contains { $0 != 0 } }

    /// 0 / 255 per pixel, for writing as an image.
    public var grayImage: GrayImage { GrayImage(width: width, height: height, bytes: bytes.map { $0 != 0 ? 255 : 0 }) }

    public mutating func formUnion(_ other: Mask) {
        precondition(other.width == width && other.height == height, "Mask size mismatch")
        for i in bytes.indices where other.bytes[i] != 0 { bytes[i] = 1 }
    }
}

/// A connected part of a mask (8-neighbour), with its bounding box and pixel indices in the full mask.
struct MaskPart {
    var box: PixelBox
    var pixels: [Int]

    /// Splits `mask` into its parts. Memory: one index per selected pixel plus one byte per pixel.
    static func parts(of mask: Mask) -> [MaskPart] {
        let w = mask.width, h = mask.height
        var seen = [Bool](repeating: false, count: w * h)
        var parts: [MaskPart] = []
        var stack: [Int] = []
        for start in 0..<(w * h) where mask.bytes[start] != 0 && !seen[start] {
            var pixels: [Int] = []
            var x0 = w, y0 = h, x1 = 0, y1 = 0
            seen[start] = true
            stack.append(start)
            while let i = stack.popLast() {
                pixels.append(i)
                let x = i % w, y = i / w
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < h else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < w else { continue }
                        let j = ny * w + nx
                        if mask.bytes[j] != 0 && !seen[j] {
                            seen[j] = true
                            stack.append(j)
                        }
                    }
                }
            }
            parts.append(MaskPart(box: PixelBox(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1), pixels: pixels))
        }
        return parts
    }

    /// Distance from the deepest pixel to the nearest unselected one, measured inside the part's box.
    func deepest(in mask: Mask) -> Float {
        let box = self.box.grown(by: 1, within: mask.width, mask.height)
        var hole = [UInt8](repeating: 0, count: box.width * box.height)
        for i in pixels {
            hole[(i / mask.width - box.y) * box.width + (i % mask.width - box.x)] = 1
        }
        return Chamfer.depth(of: hole, width: box.width, height: box.height).max() ?? 0
    }
}

extension MaskPart {
    /// The pixels within `thickness` of a region but outside it.
    static func ring(around region: [UInt8], width: Int, height: Int, thickness: Float) -> [UInt8] {
        let distance = Chamfer.depth(of: region.map { $0 != 0 ? 0 : 1 }, width: width, height: height)
        return distance.map { $0 > 0 && $0 <= thickness ? 1 : 0 }
    }
}

/// Two-pass chamfer distance (1, √2) from each hole pixel to the nearest non-hole pixel; 0 outside the hole.
enum Chamfer {
    static func depth(of hole: [UInt8], width w: Int, height h: Int) -> [Float] {
        let far = Float(w + h)
        var d = hole.map { $0 != 0 ? far : 0 }
        let diagonal: Float = 1.41421356
        for y in 0..<h {
            for x in 0..<w where d[y * w + x] > 0 {
                var v = d[y * w + x]
                if x > 0 { v = min(v, d[y * w + x - 1] + 1) }
                if y > 0 {
                    v = min(v, d[(y - 1) * w + x] + 1)
                    if x > 0 { v = min(v, d[(y - 1) * w + x - 1] + diagonal) }
                    if x < w - 1 { v = min(v, d[(y - 1) * w + x + 1] + diagonal) }
                }
                d[y * w + x] = v
            }
        }
        for y in stride(from: h - 1, through: 0, by: -1) {
            for x in stride(from: w - 1, through: 0, by: -1) where d[y * w + x] > 0 {
                var v = d[y * w + x]
                if x < w - 1 { v = min(v, d[y * w + x + 1] + 1) }
                if y < h - 1 {
                    v = min(v, d[(y + 1) * w + x] + 1)
                    if x < w - 1 { v = min(v, d[(y + 1) * w + x + 1] + diagonal) }
                    if x > 0 { v = min(v, d[(y + 1) * w + x - 1] + diagonal) }
                }
                d[y * w + x] = v
            }
        }
        return d
    }
}

extension PixelBox {
    /// Grown by `margin` on every side, clipped to a `width` × `height` picture.
    func grown(by margin: Int, within width: Int, _ height: Int) -> PixelBox {
        let x0 = max(0, x - margin), y0 = max(0, y - margin)
        let x1 = min(width, x + self.width + margin), y1 = min(height, y + self.height + margin)
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    var area: Int { width * height }

    func contains(_ px: Int, _ py: Int) -> Bool { px >= x && py >= y && px < x + width && py < y + height }
}
