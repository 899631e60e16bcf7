// RGB as floats for the fill's crops: cut from a raster, halved and doubled between pyramid levels, written back.
import Imaging
import Support

/// Three interleaved float channels per pixel, row-major.
struct FloatImage {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int, values: [Float]) {
        precondition(values.count == width * height * 3, "FloatImage size mismatch")
        self.width = width
        self.height = height
        self.values = values
    }

    /// The pixels of `box` in an RGB raster.
    init(cropping raster: RasterImage, to box: PixelBox) {
        precondition(raster.channels == 3, "RGB expected")
        var values = [Float](repeating: 0, count: box.area * 3)
        raster.bytes.withUnsafeBufferPointer { src in
            for y in 0..<box.height {
                let from = ((box.y + y) * raster.width + box.x) * 3, to = y * box.width * 3
                for k in 0..<(box.width * 3) { values[to + k] = Float(src[from + k]) }
            }
        }
        self.init(width: box.width, height: box.height, values: values)
    }

    /// Rounded and clamped to bytes.
    var rgbBytes: [UInt8] { values.map { UInt8(max(0, min(255, $0.rounded()))) } }

    /// Rec. 601 luma as bytes (what the line response reads).
    var luma: [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            let v = 0.299 * values[3 * i] + 0.587 * values[3 * i + 1] + 0.114 * values[3 * i + 2]
            out[i] = UInt8(max(0, min(255, v.rounded())))
        }
        return out
    }

    /// Half size (rounded up), each pixel the mean of the up to four it covers.
    func halved() -> FloatImage {
        let w2 = (width + 1) / 2, h2 = (height + 1) / 2
        var out = [Float](repeating: 0, count: w2 * h2 * 3)
        for y in 0..<h2 {
            for x in 0..<w2 {
                var sum: (Float, Float, Float) = (0, 0, 0)
                var n: Float = 0
                for sy in (2 * y)..<min(height, 2 * y + 2) {
                    for sx in (2 * x)..<min(width, 2 * x + 2) {
                        let i = (sy * width + sx) * 3
                        sum.0 += values[i]
                        sum.1 += values[i + 1]
                        sum.2 += values[i + 2]
                        n += 1
                    }
                }
                let o = (y * w2 + x) * 3
                out[o] = sum.0 / n
                out[o + 1] = sum.1 / n
                out[o + 2] = sum.2 / n
            }
        }
        return FloatImage(width: w2, height: h2, values: out)
    }

    /// Bilinear resampling of a half-size image back to `width` × `height` (pixel centres aligned).
    func doubled(toWidth w: Int, height h: Int) -> FloatImage {
        var out = [Float](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            let fy = max(0, min(Float(height - 1), (Float(y) + 0.5) / 2 - 0.5))
            let y0 = Int(fy), y1 = min(height - 1, y0 + 1), ty = fy - Float(y0)
            for x in 0..<w {
                let fx = max(0, min(Float(width - 1), (Float(x) + 0.5) / 2 - 0.5))
                let x0 = Int(fx), x1 = min(width - 1, x0 + 1), tx = fx - Float(x0)
                let a = (y0 * width + x0) * 3, b = (y0 * width + x1) * 3, c = (y1 * width + x0) * 3, d = (y1 * width + x1) * 3
                let o = (y * w + x) * 3
                for k in 0..<3 {
                    let top = values[a + k] + (values[b + k] - values[a + k]) * tx
                    let bottom = values[c + k] + (values[d + k] - values[c + k]) * tx
                    out[o + k] = top + (bottom - top) * ty
                }
            }
        }
        return FloatImage(width: w, height: h, values: out)
    }
}

/// Hole codes of one crop: 0 known, 1 fill now, 2 a hole left for later (another part or tile).
enum HoleCode {
    static let known: UInt8 = 0
    static let fill: UInt8 = 1
    static let later: UInt8 = 2

    /// Half size: a coarse pixel is to be filled when any of its pixels is, a later hole when any is that.
    static func halved(_ codes: [UInt8], width: Int, height: Int) -> [UInt8] {
        let w2 = (width + 1) / 2, h2 = (height + 1) / 2
        var out = [UInt8](repeating: known, count: w2 * h2)
        for y in 0..<height {
            for x in 0..<width {
                let c = codes[y * width + x]
                guard c != known else { continue }
                let o = (y / 2) * w2 + x / 2
                if c == fill || out[o] == known { out[o] = c }
            }
        }
        return out
    }
}
