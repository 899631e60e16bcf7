// 3×3 plane transforms, used to map line boxes from the processed page back to the upright photo.
import Foundation
import Support

/// A projective transform of the plane; points are (x, y), y down.
public struct Homography: Sendable, Equatable {
    public var m: [Double]  // row-major 3×3

    public static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    public static func scale(_ s: Double) -> Homography { Homography(m: [s, 0, 0, 0, s, 0, 0, 0, 1]) }

    public static func translation(_ dx: Double, _ dy: Double) -> Homography { Homography(m: [1, 0, dx, 0, 1, dy, 0, 0, 1]) }

    /// The pixel map of turning a `width` × `height` image by `quarterTurns` × 90° clockwise.
    public static func quarterTurns(_ quarterTurns: Int, width: Int, height: Int) -> Homography {
        let w = Double(width), h = Double(height)
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1: return Homography(m: [0, -1, h, 1, 0, 0, 0, 0, 1])  // (x, y) → (h − y, x)
        case 2: return Homography(m: [-1, 0, w, 0, -1, h, 0, 0, 1])
        case 3: return Homography(m: [0, 1, 0, -1, 0, w, 0, 0, 1])  // (x, y) → (y, w − x)
        default: return .identity
        }
    }

    /// Rotation by `degrees` clockwise (as seen on screen) about (cx, cy).
    public static func rotation(degrees: Double, cx: Double, cy: Double) -> Homography {
        let a = degrees * .pi / 180, c = cos(a), s = sin(a)
        return translation(cx, cy).then(before: Homography(m: [c, -s, 0, s, c, 0, 0, 0, 1])).then(before: translation(-cx, -cy))
    }

    /// The transform mapping the four `from` points onto the four `to` points, or nil when degenerate.
    public static func mapping(from p: [(x: Double, y: Double)], to q: [(x: Double, y: Double)]) -> Homography? {
        guard p.count == 4, q.count == 4 else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y) = (p[i].x, p[i].y), (u, v) = (q[i].x, q[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        // Gaussian elimination with partial pivoting on the 8×9 augmented system.
        for col in 0..<8 {
            guard let pivot = (col..<8).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            for r in 0..<8 where r != col {
                let f = a[r][col] / a[col][col]
                if f != 0 { for c in col..<9 { a[r][c] -= f * a[col][c] } }
            }
        }
        var h = (0..<8).map { a[$0][8] / a[$0][$0] }
        h.append(1)
        return Homography(m: h)
    }

    /// `self` applied after `other` (matrix product self · other).
    public func then(before other: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { r[3 * i + j] = (0..<3).reduce(0) { $0 + m[3 * i + $1] * other.m[3 * $1 + j] } } }
        return Homography(m: r)
    }

    /// `next` applied after `self`.
    public func followed(by next: Homography) -> Homography { next.then(before: self) }

    public func inverse() -> Homography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(det) > 1e-15 else { return nil }
        let inv = [
            c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
            c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
            c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3],
        ]
        return Homography(m: inv.map { $0 / det })
    }

    public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let w = m[6] * x + m[7] * y + m[8]
        let d = abs(w) < 1e-12 ? 1e-12 : w
        return ((m[0] * x + m[1] * y + m[2]) / d, (m[3] * x + m[4] * y + m[5]) / d)
    }

    /// The axis-aligned box around the mapped corners of `box`, clipped to `size`.
    public func apply(_ box: PixelBox, clippedTo size: PixelSize) -> PixelBox {
        let corners = [
            apply(Double(box.x), Double(box.y)), apply(Double(box.maxX), Double(box.y)),
            apply(Double(box.maxX), Double(box.maxY)), apply(Double(box.x), Double(box.maxY)),
        ]
        let minX = max(0, Int(corners.map(\.x).min()!.rounded(.down)))
        let minY = max(0, Int(corners.map(\.y).min()!.rounded(.down)))
        let maxX = min(size.width, Int(corners.map(\.x).max()!.rounded(.up)))
        let maxY = min(size.height, Int(corners.map(\.y).max()!.rounded(.up)))
        return PixelBox(x: min(minX, size.width), y: min(minY, size.height), width: max(0, maxX - minX), height: max(0, maxY - minY))
    }
}
