// Test fixtures rendered at test time: a sky with grain, wires drawn anti-aliased, discs, and a scorer.
import Foundation
import Imaging
import Retouch
import Support

/// A small deterministic random source (tests must not depend on the run).
struct SeededNoise {
    var state: UInt64

    mutating func next() -> Double {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Double(state >> 11) / Double(1 << 53)
    }

    /// Roughly normal (sum of uniforms), mean 0, standard deviation `sigma`.
    mutating func gaussian(_ sigma: Double) -> Double { (0..<4).reduce(0) { sum, _ in sum + next() } * 1.7320508 * sigma - 3.4641016 * sigma }
}

struct Scene {
    var image: RasterImage

    /// A sky: a vertical blue gradient with film grain.
    static func sky(width: Int, height: Int, grain: Double = 3, seed: UInt64 = 1) -> Scene {
        var noise = SeededNoise(state: seed)
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let t = Double(y) / Double(height)
                let base = [150 + 40 * t, 170 + 30 * t, 220 - 10 * Double(x) / Double(width)]
                for k in 0..<3 { bytes[(y * width + x) * 3 + k] = UInt8(max(0, min(255, base[k] + noise.gaussian(grain)))) }
            }
        }
        return Scene(image: RasterImage(width: width, height: height, channels: 3, bytes: bytes))
    }

    /// A sagging curve across the picture: y = top + sag·(1 - (2x/w - 1)²).
    static func sagging(width: Int, top: Double, sag: Double) -> [PixelPoint] {
        stride(from: 0, through: width - 1, by: 4).map { x in
            let u = 2 * Double(x) / Double(width) - 1
            return PixelPoint(x: Double(x), y: top + sag * (1 - u * u))
        } + [PixelPoint(x: Double(width - 1), y: top)]
    }

    /// Coverage (0…1) of a polyline of `width` at each pixel, anti-aliased over one pixel.
    static func coverage(of points: [PixelPoint], width lineWidth: Double, pictureWidth w: Int, height h: Int) -> [Double] {
        var out = [Double](repeating: 0, count: w * h)
        for (a, b) in zip(points, points.dropFirst()) {
            let r = lineWidth / 2 + 1
            let x0 = max(0, Int(min(a.x, b.x) - r)), x1 = min(w - 1, Int(max(a.x, b.x) + r) + 1)
            let y0 = max(0, Int(min(a.y, b.y) - r)), y1 = min(h - 1, Int(max(a.y, b.y) + r) + 1)
            guard x0 <= x1, y0 <= y1 else { continue }
            let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
            for y in y0...y1 {
                for x in x0...x1 {
                    let px = Double(x) - a.x, py = Double(y) - a.y
                    let t = len2 > 0 ? max(0, min(1, (px * dx + py * dy) / len2)) : 0
                    let d = ((px - t * dx) * (px - t * dx) + (py - t * dy) * (py - t * dy)).squareRoot()
                    out[y * w + x] = max(out[y * w + x], max(0, min(1, lineWidth / 2 + 0.5 - d)))
                }
            }
        }
        return out
    }

    /// Draws a line of `colour` over the picture with the given coverage.
    mutating func draw(coverage: [Double], colour: (Double, Double, Double)) {
        let c = [colour.0, colour.1, colour.2]
        for i in 0..<(image.width * image.height) where coverage[i] > 0 {
            for k in 0..<3 {
                let v = Double(image.bytes[i * 3 + k]) * (1 - coverage[i]) + c[k] * coverage[i]
                image.bytes[i * 3 + k] = UInt8(max(0, min(255, v.rounded())))
            }
        }
    }

    mutating func drawLine(_ points: [PixelPoint], width: Double, colour: (Double, Double, Double) = (40, 40, 45)) {
        draw(coverage: Self.coverage(of: points, width: width, pictureWidth: image.width, height: image.height), colour: colour)
    }

    mutating func drawDisc(centre: PixelPoint, radius: Double, colour: (Double, Double, Double)) {
        var coverage = [Double](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let d = ((Double(x) - centre.x) * (Double(x) - centre.x) + (Double(y) - centre.y) * (Double(y) - centre.y)).squareRoot()
                coverage[y * image.width + x] = max(0, min(1, radius + 0.5 - d))
            }
        }
        draw(coverage: coverage, colour: colour)
    }
}

enum Score {
    /// PSNR over the selected pixels of two RGB pictures.
    static func psnr(_ a: RasterImage, _ b: RasterImage, over mask: Mask) -> Double {
        var sum = 0.0, n = 0
        for i in 0..<(a.width * a.height) where mask.bytes[i] != 0 {
            for k in 0..<3 {
                let d = Double(a.bytes[i * 3 + k]) - Double(b.bytes[i * 3 + k])
                sum += d * d
                n += 1
            }
        }
        return n == 0 ? .infinity : 10 * log10(255 * 255 / max(sum / Double(n), 1e-9))
    }

    /// Share of the selected pixels darker (luma) than `threshold`.
    static func darkShare(_ image: RasterImage, over mask: Mask, below threshold: Int) -> Double {
        let luma = image.luma
        var dark = 0, n = 0
        for i in 0..<(image.width * image.height) where mask.bytes[i] != 0 {
            n += 1
            if Int(luma.bytes[i]) < threshold { dark += 1 }
        }
        return Double(dark) / Double(max(n, 1))
    }

    static func iou(_ a: Mask, _ b: Mask) -> Double {
        var both = 0, either = 0
        for i in a.bytes.indices {
            let x = a.bytes[i] != 0, y = b.bytes[i] != 0
            if x && y { both += 1 }
            if x || y { either += 1 }
        }
        return Double(both) / Double(max(either, 1))
    }
}

extension Scene {
    /// What a phone camera does to a thin line: the lens softens it (Gaussian blur, σ `soften`), then the camera
    /// sharpens (unsharp mask, `amount` × the difference from a blur of σ `radius`), which draws a halo along each side.
    mutating func photograph(soften: Double = 0.8, radius: Double = 1.6, amount: Double = 1.2) {
        let w = image.width, h = image.height
        let values = image.bytes.map(Double.init)
        let soft = Self.blur(values, width: w, height: h, sigma: soften)
        let wide = Self.blur(soft, width: w, height: h, sigma: radius)
        for i in image.bytes.indices {
            image.bytes[i] = UInt8(max(0, min(255, (soft[i] + amount * (soft[i] - wide[i])).rounded())))
        }
    }

    /// Separable Gaussian blur of interleaved RGB doubles (edges clamped).
    static func blur(_ values: [Double], width w: Int, height h: Int, sigma: Double) -> [Double] {
        let r = max(1, Int((3 * sigma).rounded(.up)))
        let kernel = (-r...r).map { Foundation.exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        var across = [Double](repeating: 0, count: values.count), out = across
        for y in 0..<h {
            for x in 0..<w {
                for k in 0..<3 {
                    var sum = 0.0
                    for d in -r...r { sum += kernel[d + r] * values[(y * w + min(w - 1, max(0, x + d))) * 3 + k] }
                    across[(y * w + x) * 3 + k] = sum / total
                }
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                for k in 0..<3 {
                    var sum = 0.0
                    for d in -r...r { sum += kernel[d + r] * across[(min(h - 1, max(0, y + d)) * w + x) * 3 + k] }
                    out[(y * w + x) * 3 + k] = sum / total
                }
            }
        }
        return out
    }
}

extension Score {
    /// Mean Sobel gradient magnitude of the luma over the selected pixels (what a trace of an edge raises).
    static func edgeEnergy(_ image: RasterImage, over mask: Mask) -> Double {
        let luma = image.luma, w = image.width, h = image.height
        var sum = 0.0, n = 0
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) where mask.bytes[y * w + x] != 0 {
                func v(_ dx: Int, _ dy: Int) -> Double { Double(luma.bytes[(y + dy) * w + x + dx]) }
                let gx = v(1, -1) + 2 * v(1, 0) + v(1, 1) - v(-1, -1) - 2 * v(-1, 0) - v(-1, 1)
                let gy = v(-1, 1) + 2 * v(0, 1) + v(1, 1) - v(-1, -1) - 2 * v(0, -1) - v(1, -1)
                sum += (gx * gx + gy * gy).squareRoot()
                n += 1
            }
        }
        return sum / Double(max(n, 1))
    }

    /// How visible a removed line still is: edge energy in a band over it against a ring 10–20 px away (1 = no trace).
    static func ghost(_ image: RasterImage, line: [PixelPoint], width: Double) -> Double {
        var band = Mask(width: image.width, height: image.height), inner = band, outer = band
        MaskPainter.paintLine(line, width: width + 8, into: &band)
        MaskPainter.paintLine(line, width: width + 20, into: &inner)
        MaskPainter.paintLine(line, width: width + 40, into: &outer)
        var ring = outer
        for i in ring.bytes.indices where inner.bytes[i] != 0 { ring.bytes[i] = 0 }
        return edgeEnergy(image, over: band) / max(edgeEnergy(image, over: ring), 1e-6)
    }
}
