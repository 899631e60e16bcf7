// Picture copies at a coarser scale for the slow classical steps (detection, grab-cut), and masks back to full size.
import Imaging
import Support

enum Resample {
    /// Each `factor`×`factor` block's mean.
    static func shrink(_ gray: GrayImage, by factor: Int) -> GrayImage {
        guard factor > 1 else { return gray }
        let w = gray.width / factor, h = gray.height / factor
        var out = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0
                for dy in 0..<factor { for dx in 0..<factor { sum += Int(gray.bytes[(y * factor + dy) * gray.width + x * factor + dx]) } }
                out[y * w + x] = UInt8(sum / (factor * factor))
            }
        }
        return GrayImage(width: w, height: h, bytes: out)
    }

    /// The crop of an RGB picture, each `factor`×`factor` block's mean (partial blocks at the edge included).
    static func shrink(_ picture: RasterImage, crop: PixelBox, by factor: Int) -> RasterImage {
        let w = (crop.width + factor - 1) / factor, h = (crop.height + factor - 1) / factor
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                var sum = (0, 0, 0), n = 0
                for sy in (crop.y + y * factor)..<min(crop.y + crop.height, crop.y + (y + 1) * factor) {
                    for sx in (crop.x + x * factor)..<min(crop.x + crop.width, crop.x + (x + 1) * factor) {
                        let i = (sy * picture.width + sx) * 3
                        sum = (sum.0 + Int(picture.bytes[i]), sum.1 + Int(picture.bytes[i + 1]), sum.2 + Int(picture.bytes[i + 2]))
                        n += 1
                    }
                }
                let o = (y * w + x) * 3
                out[o] = UInt8(sum.0 / n)
                out[o + 1] = UInt8(sum.1 / n)
                out[o + 2] = UInt8(sum.2 / n)
            }
        }
        return RasterImage(width: w, height: h, channels: 3, bytes: out)
    }

    /// A 0/1 mask of `width`×`height` blocks back to the crop's pixels, bilinear and cut at one half.
    static func enlarge(_ mask: [UInt8], width w: Int, height h: Int, to crop: PixelBox, by factor: Int) -> [UInt8] {
        guard factor > 1 else { return mask.map { $0 != 0 ? 1 : 0 } }
        var out = [UInt8](repeating: 0, count: crop.area)
        for y in 0..<crop.height {
            let fy = max(0, min(Double(h - 1), (Double(y) + 0.5) / Double(factor) - 0.5))
            let y0 = Int(fy), y1 = min(h - 1, y0 + 1), ty = fy - Double(y0)
            for x in 0..<crop.width {
                let fx = max(0, min(Double(w - 1), (Double(x) + 0.5) / Double(factor) - 0.5))
                let x0 = Int(fx), x1 = min(w - 1, x0 + 1), tx = fx - Double(x0)
                let top = Double(mask[y0 * w + x0]) * (1 - tx) + Double(mask[y0 * w + x1]) * tx
                let bottom = Double(mask[y1 * w + x0]) * (1 - tx) + Double(mask[y1 * w + x1]) * tx
                if top * (1 - ty) + bottom * ty >= 0.5 { out[y * crop.width + x] = 1 }
            }
        }
        return out
    }
}
