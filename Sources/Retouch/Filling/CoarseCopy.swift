// A box of a picture shrunk by a whole factor and read back bilinearly: the coarse quick fill and the deep-hole fill both
// solve on such a copy.
import Support

enum CoarseCopy {
    /// The RGB pixels of `bytes` (rows `stride` pixels wide) inside `box`, `factor` times smaller: each coarse pixel the
    /// mean of its pixels (truncated), summed one coarse row at a time so the sums take one row of the copy.
    static func shrink(_ bytes: [UInt8], stride: Int, box: PixelBox, factor f: Int) -> (bytes: [UInt8], width: Int, height: Int) {
        let sw = (box.width + f - 1) / f, sh = (box.height + f - 1) / f
        var small = [UInt8](repeating: 0, count: sw * sh * 3)
        var sums = [UInt32](repeating: 0, count: sw * 3)
        for sy in 0..<sh {
            for i in sums.indices { sums[i] = 0 }
            let rows = min(f, box.height - sy * f)
            for y in (sy * f)..<(sy * f + rows) {
                let row = ((box.y + y) * stride + box.x) * 3
                for x in 0..<box.width {
                    let s = (x / f) * 3, i = row + x * 3
                    sums[s] += UInt32(bytes[i])
                    sums[s + 1] += UInt32(bytes[i + 1])
                    sums[s + 2] += UInt32(bytes[i + 2])
                }
            }
            for sx in 0..<sw {
                let count = UInt32(rows * min(f, box.width - sx * f))
                for k in 0..<3 { small[(sy * sw + sx) * 3 + k] = UInt8(sums[sx * 3 + k] / count) }
            }
        }
        return (small, sw, sh)
    }

    /// Writes into `out` at pixel `o` the colour of the coarse copy (`width` × `height`, `factor` times smaller) at
    /// the full-size point (`x`, `y`) of its box, read bilinearly.
    static func sample(
        _ small: [UInt8], width sw: Int, height sh: Int, factor f: Int, x: Int, y: Int, into out: inout [UInt8], at o: Int
    ) {
        let fx = max(0, min(Double(sw - 1), (Double(x) + 0.5) / Double(f) - 0.5))
        let fy = max(0, min(Double(sh - 1), (Double(y) + 0.5) / Double(f) - 0.5))
        let x0 = Int(fx), y0 = Int(fy), x1 = min(sw - 1, x0 + 1), y1 = min(sh - 1, y0 + 1)
        let tx = fx - Double(x0), ty = fy - Double(y0)
        for k in 0..<3 {
            let top = Double(small[(y0 * sw + x0) * 3 + k]) * (1 - tx) + Double(small[(y0 * sw + x1) * 3 + k]) * tx
            let bottom = Double(small[(y1 * sw + x0) * 3 + k]) * (1 - tx) + Double(small[(y1 * sw + x1) * 3 + k]) * tx
            out[o * 3 + k] = UInt8(max(0, min(255, (top * (1 - ty) + bottom * ty).rounded())))
        }
    }
}
