// Leptonica's grey resampling (linear interpolation, area map, its 2-D unsharp mask, area-map rotation), byte for
// byte what Leptonica 1.82 makes, over bands of rows on every core: Leptonica makes them one row after another, and
// on a page photo each is tens of milliseconds while the other core waits.
import Foundation

/// An 8-bit raster in Leptonica's memory layout: rows of 32-bit words, a word's bytes in the machine's order, so
/// pixel x of a row is byte x ^ 3 of the row on a little-endian machine. It only borrows the memory.
struct WordRaster: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
    let width: Int
    let height: Int
    let rowBytes: Int

    /// Which byte of its word a pixel is in (Leptonica's GET_DATA_BYTE).
    static let byteSwap = 1.littleEndian == 1 ? 3 : 0

    @inline(__always) func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y * rowBytes }
}

@inline(__always) private func at(_ row: UnsafeMutablePointer<UInt8>, _ x: Int) -> Int32 {
    Int32(row[x ^ WordRaster.byteSwap])
}

@inline(__always) private func put(_ row: UnsafeMutablePointer<UInt8>, _ x: Int, _ value: Int32) {
    row[x ^ WordRaster.byteSwap] = UInt8(truncatingIfNeeded: value)
}

enum Resampling {
    /// Leptonica's size for a scaled side: `(int)(scale · side + 0.5)`, the product in single precision.
    static func scaledSide(_ side: Int, _ scale: Float) -> Int { Int(Double(scale * Float(side)) + 0.5) }

    /// Leptonica's step in the source, in sixteenths of a pixel, for one pixel of the destination.
    static func step(_ source: Int, _ destination: Int) -> Float {
        Float(16.0 * Double(Float(source)) / Double(Float(destination)))
    }

    /// Bilinear upscaling (or mild downscaling, 0.7 and more): Leptonica's `scaleGrayLILow`.
    static func linear(_ src: WordRaster, into dst: WordRaster) {
        let ws = src.width, hs = src.height, wd = dst.width
        let scx = step(ws, wd), scy = step(hs, dst.height)
        let wm2 = ws - 2, hm2 = hs - 2
        // The source column and fraction of every destination column, worked once.
        var columns = [Int32](repeating: 0, count: wd)
        for j in 0..<wd { columns[j] = Int32(scx * Float(j)) }
        columns.withUnsafeBufferPointer { columns in
            nonisolated(unsafe) let columns = columns
            forEachRowBand(dst.height) { band in
                for i in band {
                    let ypm = Int32(scy * Float(i))
                    let yp = Int(ypm >> 4), yf = ypm & 0x0f
                    let lines = src.row(yp), lined = dst.row(i)
                    for j in 0..<wd {
                        let xpm = columns[j]
                        let xp = Int(xpm >> 4), xf = xpm & 0x0f
                        let v00val = at(lines, xp)
                        let v10val: Int32, v01val: Int32, v11val: Int32
                        if xp > wm2 || yp > hm2 {
                            if yp > hm2 && xp <= wm2 {
                                v01val = v00val
                                v10val = at(lines, xp + 1)
                                v11val = v10val
                            } else if xp > wm2 && yp <= hm2 {
                                v01val = at(lines + src.rowBytes, xp)
                                v10val = v00val
                                v11val = v01val
                            } else {
                                v10val = v00val
                                v01val = v00val
                                v11val = v00val
                            }
                        } else {
                            v10val = at(lines, xp + 1)
                            v01val = at(lines + src.rowBytes, xp)
                            v11val = at(lines + src.rowBytes, xp + 1)
                        }
                        let v00 = (16 - xf) * (16 - yf) * v00val, v10 = xf * (16 - yf) * v10val
                        let v01 = (16 - xf) * yf * v01val, v11 = xf * yf * v11val
                        put(lined, j, (v00 + v01 + v10 + v11 + 128) / 256)
                    }
                }
            }
        }
    }

    /// Area-weighted downscaling (under 0.7): Leptonica's `scaleGrayAreaMapLow`.
    static func areaMap(_ src: WordRaster, into dst: WordRaster) {
        let ws = src.width, hs = src.height, wd = dst.width
        let scx = step(ws, wd), scy = step(hs, dst.height)
        let wm2 = ws - 2, hm2 = hs - 2
        let wpls = src.rowBytes
        forEachRowBand(dst.height) { band in
            for i in band {
                let yu = Int32(scy * Float(i)), yl = Int32(Double(scy) * (Double(i) + 1.0))
                let yup = Int(yu >> 4), yuf = yu & 0x0f, ylp = Int(yl >> 4), ylf = yl & 0x0f
                let dely = ylp - yup
                let lines = src.row(yup), lined = dst.row(i)
                for j in 0..<wd {
                    let xu = Int32(scx * Float(j)), xl = Int32(Double(scx) * (Double(j) + 1.0))
                    let xup = Int(xu >> 4), xuf = xu & 0x0f, xlp = Int(xl >> 4), xlf = xl & 0x0f
                    let delx = xlp - xup
                    if xlp > wm2 || ylp > hm2 {
                        put(lined, j, at(lines, xup))
                        continue
                    }
                    let area = ((16 - xuf) + 16 * Int32(delx - 1) + xlf) * ((16 - yuf) + 16 * Int32(dely - 1) + ylf)
                    let v00 = (16 - xuf) * (16 - yuf) * at(lines, xup)
                    let v10 = xlf * (16 - yuf) * at(lines, xlp)
                    let v01 = (16 - xuf) * ylf * at(lines + dely * wpls, xup)
                    let v11 = xlf * ylf * at(lines + dely * wpls, xlp)
                    var vin: Int32 = 0, vmid: Int32 = 0
                    if dely > 1 || delx > 1 {
                        for k in stride(from: 1, to: dely, by: 1) {
                            let line = lines + k * wpls
                            for m in stride(from: 1, to: delx, by: 1) { vin += 256 * at(line, xup + m) }
                            vmid += (16 - xuf) * 16 * at(line, xup) + xlf * 16 * at(line, xlp)
                        }
                        for m in stride(from: 1, to: delx, by: 1) {
                            vmid += 16 * (16 - yuf) * at(lines, xup + m) + 16 * ylf * at(lines + dely * wpls, xup + m)
                        }
                    }
                    put(lined, j, (v00 + v01 + v10 + v11 + vin + vmid + 128) / area)
                }
            }
        }
    }

    /// Leptonica's 2-D unsharp mask of half-width 1 or 2 (`pixUnsharpMaskingGray2D`): each pixel pushed away from
    /// the mean of its (2·halfWidth+1)² square by `fract`; the border of `halfWidth` pixels is copied as it is.
    /// Leptonica sums the square in floats, but every partial sum is a whole number far below 2²⁴, so the running
    /// integer sums here give the very same mean.
    static func unsharp(_ src: WordRaster, into dst: WordRaster, halfWidth hw: Int, fract: Float) {
        let w = src.width, h = src.height, span = 2 * hw + 1
        let norm = Float(1.0 / Double(span * span))
        forEachRowBand(h) { band in
            // Sums over the square's rows, column by column, for the row being made.
            var columns = [Int32](repeating: 0, count: w)
            func add(row y: Int, _ sign: Int32) {
                let line = src.row(y)
                columns.withUnsafeMutableBufferPointer { c in
                    for x in 0..<w { c[x] &+= sign &* at(line, x) }
                }
            }
            var ready = false
            for i in band {
                let lines = src.row(i), lined = dst.row(i)
                if i < hw || i >= h - hw {
                    for j in 0..<w { put(lined, j, at(lines, j)) }
                    continue
                }
                if !ready {
                    for y in (i - hw)...(i + hw) { add(row: y, 1) }
                    ready = true
                } else {
                    add(row: i + hw, 1)
                    add(row: i - hw - 1, -1)
                }
                for j in 0..<hw {
                    put(lined, j, at(lines, j))
                    put(lined, w - 1 - j, at(lines, w - 1 - j))
                }
                columns.withUnsafeBufferPointer { c in
                    var sum: Int32 = 0
                    for x in 0..<span { sum &+= c[x] }
                    for j in hw..<(w - hw) {
                        let val = norm * Float(sum)
                        let sval = at(lines, j)
                        let ival = Int32(Double(Float(sval) + fract * (Float(sval) - val)) + 0.5)
                        put(lined, j, min(255, max(0, ival)))
                        if j + hw + 1 < w { sum &+= c[j + hw + 1] &- c[j - hw] }
                    }
                }
            }
        }
    }

    /// Rotation about the centre by area mapping, bringing in `fill` (Leptonica's `rotateAMGrayLow`); `angle` in
    /// radians, clockwise.
    static func rotate(_ src: WordRaster, into dst: WordRaster, angle: Float, fill: UInt8) {
        let w = src.width, h = src.height
        let xcen = w / 2, ycen = h / 2, wm2 = w - 2, hm2 = h - 2
        let sina = Float(16.0 * sin(Double(angle))), cosa = Float(16.0 * cos(Double(angle)))
        let wpls = src.rowBytes
        forEachRowBand(h) { band in
            for i in band {
                let ydif = Float(ycen - i)
                let lined = dst.row(i)
                for j in 0..<w {
                    let xdif = Float(xcen - j)
                    let xpm = Int32(-xdif * cosa - ydif * sina)
                    let ypm = Int32(-ydif * cosa + xdif * sina)
                    let xp = xcen + Int(xpm >> 4), yp = ycen + Int(ypm >> 4)
                    let xf = xpm & 0x0f, yf = ypm & 0x0f
                    if xp < 0 || yp < 0 || xp > wm2 || yp > hm2 {
                        put(lined, j, Int32(fill))
                        continue
                    }
                    let lines = src.row(yp)
                    let v00 = (16 - xf) * (16 - yf) * at(lines, xp)
                    let v10 = xf * (16 - yf) * at(lines, xp + 1)
                    let v01 = (16 - xf) * yf * at(lines + wpls, xp)
                    let v11 = xf * yf * at(lines + wpls, xp + 1)
                    put(lined, j, (v00 + v01 + v10 + v11 + 128) / 256)
                }
            }
        }
    }
}

extension Resampling {
    /// Copies a plain grey buffer (`width` bytes a row, no padding) into a raster in Leptonica's word order, a band of
    /// rows on each core, four pixels a word (byte-swapped on a little-endian machine).
    static func copy(plain src: UnsafePointer<UInt8>, into dst: WordRaster) {
        let w = dst.width, words = w / 4
        forEachRowBand(dst.height) { band in
            for y in band {
                let from = src + y * w, to = dst.row(y)
                copyWords(from: UnsafeRawPointer(from), to: UnsafeMutableRawPointer(to), words: words)
                for x in (4 * words)..<w { to[x ^ WordRaster.byteSwap] = from[x] }
            }
        }
    }

    /// Copies a raster in Leptonica's word order into a plain grey buffer (`width` bytes a row), the inverse of
    /// `copy(plain:into:)`.
    static func copy(_ src: WordRaster, intoPlain dst: UnsafeMutablePointer<UInt8>) {
        let w = src.width, words = w / 4
        forEachRowBand(src.height) { band in
            for y in band {
                let from = src.row(y), to = dst + y * w
                copyWords(from: UnsafeRawPointer(from), to: UnsafeMutableRawPointer(to), words: words)
                for x in (4 * words)..<w { to[x] = from[x ^ WordRaster.byteSwap] }
            }
        }
    }

    /// `words` 32-bit words from `from` to `to`, each in the other byte order when the machine is little-endian (the
    /// swap is its own inverse, so one routine serves both ways).
    @inline(__always) private static func copyWords(from: UnsafeRawPointer, to: UnsafeMutableRawPointer, words: Int) {
        if WordRaster.byteSwap == 0 {
            to.copyMemory(from: from, byteCount: 4 * words)
            return
        }
        for i in 0..<words {
            let v = from.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)
            to.storeBytes(of: v.byteSwapped, toByteOffset: 4 * i, as: UInt32.self)
        }
    }
}

extension Resampling {
    /// Leptonica's luminance of a 32-bit colour raster (`pixConvertRGBToGray` with its perceptual weights: red 0.3,
    /// green 0.5, blue 0.2, summed in single precision and rounded), a band of rows on each core. `src` points at
    /// the colour image's words, `rowWords` of them a row.
    static func luminance(_ src: UnsafePointer<UInt32>, rowWords: Int, into dst: WordRaster) {
        let rwt: Float = 0.3, gwt: Float = 0.5, bwt: Float = 0.2
        forEachRowBand(dst.height) { band in
            for i in band {
                let lines = src + i * rowWords, lined = dst.row(i)
                for j in 0..<dst.width {
                    let word = lines[j]
                    let sum = rwt * Float((word >> 24) & 0xff) + gwt * Float((word >> 16) & 0xff) + bwt * Float((word >> 8) & 0xff)
                    put(lined, j, Int32(Double(sum) + 0.5))
                }
            }
        }
    }
}
