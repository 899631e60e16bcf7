// Every Leptonica call in the project lives here; PIX pointers never leave this file.
import CLeptonica
import Foundation
import Support

/// An immutable Leptonica image. Every operation returns a new image, so one instance may be read from
/// several threads; nothing mutates `pix` after `init`.
public final class LeptonicaImage: @unchecked Sendable {
    private let pix: UnsafeMutablePointer<PIX>

    private init(owning pix: UnsafeMutablePointer<PIX>) {
        self.pix = pix
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&p)
    }

    /// Leptonica prints to stderr by default; we report failures through return values instead.
    public static let silence: Void = {
        let verbose = traceLevel >= 2
        _ = setMsgSeverity(Int32(verbose ? L_SEVERITY_INFO : L_SEVERITY_NONE))
    }()

    // MARK: Reading and writing

    /// Width, height and Leptonica format code read from the header only, without decoding pixels.
    public static func header(of data: Data) -> (width: Int, height: Int)? {
        _ = silence
        var format: Int32 = 0, w: Int32 = 0, h: Int32 = 0, bps: Int32 = 0, spp: Int32 = 0, cmap: Int32 = 0
        let ok = data.withUnsafeBytes { raw -> Bool in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return false }
            return pixReadHeaderMem(base, raw.count, &format, &w, &h, &bps, &spp, &cmap) == 0
        }
        guard ok, w > 0, h > 0 else { return nil }
        return (Int(w), Int(h))
    }

    /// Decodes JPEG, PNG, WebP, TIFF, GIF (first frame) or BMP. `jpegReduction` (1, 2, 4, 8) lets libjpeg decode
    /// at a fraction of the size, which is much faster than decoding in full and scaling down.
    public convenience init?(encoded data: Data, jpegReduction: Int = 1) {
        _ = Self.silence
        let decoded: UnsafeMutablePointer<PIX>? = data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            if jpegReduction > 1, raw.count > 3, base[0] == 0xFF, base[1] == 0xD8 {
                var warnings: Int32 = 0
                return pixReadMemJpeg(base, raw.count, 0, Int32(jpegReduction), &warnings, 0)
            }
            return pixReadMem(base, raw.count)
        }
        guard let decoded else { return nil }
        guard pixGetWidth(decoded) > 0, pixGetHeight(decoded) > 0 else {
            var p: UnsafeMutablePointer<PIX>? = decoded
            pixDestroy(&p)
            return nil
        }
        // Leptonica keeps a JPEG's comment (or a PNG's text) with the pixels and writes it into every JPEG made from
        // them: drop it here, so nothing the uploader wrote into the file reaches a stored preview.
        _ = pixSetText(decoded, nil)
        self.init(owning: decoded)
    }

    /// Builds an 8-bit grey or 32-bit colour image from a plain raster.
    public convenience init?(raster: RasterImage) {
        if raster.channels == 1, raster.width > 0, raster.height > 0 {
            self.init(gray: GrayImage(width: raster.width, height: raster.height, bytes: raster.bytes))
            return
        }
        _ = Self.silence
        let depth: Int32 = raster.channels == 1 ? 8 : 32
        guard let made = pixCreate(Int32(raster.width), Int32(raster.height), depth) else { return nil }
        guard let data = pixGetData(made) else {
            var p: UnsafeMutablePointer<PIX>? = made
            pixDestroy(&p)
            return nil
        }
        let wpl = Int(pixGetWpl(made))
        let rowBytes = wpl * 4
        data.withMemoryRebound(to: UInt8.self, capacity: rowBytes * raster.height) { dst in
            raster.bytes.withUnsafeBufferPointer { src in
                for y in 0..<raster.height {
                    let row = dst + y * rowBytes
                    let c = raster.channels
                    let s = src.baseAddress! + y * raster.width * c
                    for x in 0..<raster.width {
                        row[4 * x] = s[c * x]
                        row[4 * x + 1] = s[c * x + 1]
                        row[4 * x + 2] = s[c * x + 2]
                        row[4 * x + 3] = 255
                    }
                }
            }
        }
        // Memory order to Leptonica's word order (a no-op on big-endian machines).
        guard pixEndianByteSwap(made) == 0 else {
            var p: UnsafeMutablePointer<PIX>? = made
            pixDestroy(&p)
            return nil
        }
        self.init(owning: made)
    }

    public convenience init?(gray: GrayImage) {
        _ = Self.silence
        let made = Self.filled(pixCreate(Int32(gray.width), Int32(gray.height), 8)) { dst in
            gray.bytes.withUnsafeBufferPointer { Resampling.copy(plain: $0.baseAddress!, into: dst) }
        }
        guard let made else { return nil }
        self.init(owning: made)
    }

    public var width: Int { Int(pixGetWidth(pix)) }
    public var height: Int { Int(pixGetHeight(pix)) }
    public var depth: Int { Int(pixGetDepth(pix)) }

    /// The brightness (0-255, Rec. 601 luma) of the pixel at (`x`, `y`); nil outside the image or for a depth other than
    /// 8 or 32 bits. One pixel at a time, for a few samples: a scan converts the image first (`grayImage`).
    public func brightness(x: Int, y: Int) -> Int? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
        switch depth {
        case 32:
            guard pixGetRGBPixel(pix, Int32(x), Int32(y), &r, &g, &b) == 0 else { return nil }
        case 8:
            var value: l_uint32 = 0
            guard pixGetPixel(pix, Int32(x), Int32(y), &value) == 0 else { return nil }
            guard let map = pixGetColormap(pix) else { return Int(value) }
            guard pixcmapGetColor(map, Int32(value), &r, &g, &b) == 0 else { return nil }
        default:
            return nil
        }
        return (299 * Int(r) + 587 * Int(g) + 114 * Int(b)) / 1000
    }

    /// The pixels as a plain 8-bit grey buffer (converting first if needed).
    public func grayImage() -> GrayImage? {
        guard let gray = depth == 8 ? self : grayscale(), let src = Self.raster(gray.pix) else { return nil }
        var out = [UInt8](repeating: 0, count: src.width * src.height)
        out.withUnsafeMutableBufferPointer { Resampling.copy(src, intoPlain: $0.baseAddress!) }
        return GrayImage(width: src.width, height: src.height, bytes: out)
    }

    /// The pixels as plain 8-bit RGB (grey and colour-mapped images are converted first).
    public func rgbImage() -> RasterImage? {
        guard let colour = colour(), let copy = pixCopy(nil, colour.pix) else { return nil }
        var c: UnsafeMutablePointer<PIX>? = copy
        defer { pixDestroy(&c) }
        guard pixEndianByteSwap(copy) == 0, let data = pixGetData(copy) else { return nil }
        let w = colour.width, h = colour.height, rowBytes = Int(pixGetWpl(copy)) * 4
        var out = [UInt8](repeating: 0, count: w * h * 3)
        data.withMemoryRebound(to: UInt8.self, capacity: rowBytes * h) { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let s = src + y * rowBytes, d = dst.baseAddress! + y * w * 3
                    for x in 0..<w {
                        d[3 * x] = s[4 * x]
                        d[3 * x + 1] = s[4 * x + 1]
                        d[3 * x + 2] = s[4 * x + 2]
                    }
                }
            }
        }
        return RasterImage(width: w, height: h, channels: 3, bytes: out)
    }

    /// JPEG bytes (colour kept when present).
    public func jpegData(quality: Int = 80) -> Data? {
        guard let src = (depth == 8 || depth == 32) ? self : grayscale() else { return nil }
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMemJpeg(&bytes, &size, src.pix, Int32(quality), 0) == 0, let bytes else { return nil }
        defer { lept_free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    /// PNG bytes, for debug images.
    public func pngData() -> Data? {
        var bytes: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&bytes, &size, pix, Int32(IFF_PNG)) == 0, let bytes else { return nil }
        defer { lept_free(bytes) }
        return Data(bytes: bytes, count: size)
    }

    // MARK: Conversions

    private func wrap(_ result: UnsafeMutablePointer<PIX>?) -> LeptonicaImage? {
        guard let result else { return nil }
        return LeptonicaImage(owning: result)
    }

    /// 8-bit grey; colour goes through luminance, colour maps are removed.
    public func grayscale() -> LeptonicaImage? {
        if depth == 32 { return luminanceOnAllCores() ?? leptonicaLuminance() }
        return wrap(pixConvertTo8(pix, 0))
    }

    /// Leptonica's own luminance of a colour image: what `grayscale()` makes of one, one row after another.
    func leptonicaLuminance() -> LeptonicaImage? { wrap(pixConvertRGBToLuminance(pix)) }

    /// `pixConvertRGBToLuminance` remade by `Resampling` on every core.
    private func luminanceOnAllCores() -> LeptonicaImage? {
        guard depth == 32, let data = pixGetData(pix), let made = pixCreate(pixGetWidth(pix), pixGetHeight(pix), 8) else {
            return nil
        }
        pixCopyResolution(made, pix)
        pixCopyInputFormat(made, pix)
        return wrap(Self.filled(made) { Resampling.luminance(UnsafePointer(data), rowWords: Int(pixGetWpl(pix)), into: $0) })
    }

    /// The negative: light becomes dark (every channel of colour alike; a 1-bit image's ink and paper swap).
    public func inverted() -> LeptonicaImage? { wrap(pixInvert(nil, pix)) }

    /// 32-bit colour (for previews).
    public func colour() -> LeptonicaImage? {
        depth == 32 ? self : wrap(pixConvertTo32(pix))
    }

    // MARK: Geometry

    /// Turns by `quarterTurns` × 90° clockwise.
    public func rotatedQuarterTurns(_ quarterTurns: Int) -> LeptonicaImage? {
        let q = ((quarterTurns % 4) + 4) % 4
        return q == 0 ? self : wrap(pixRotateOrth(pix, Int32(q)))
    }

    public func flippedLeftRight() -> LeptonicaImage? { wrap(pixFlipLR(nil, pix)) }
    public func flippedTopBottom() -> LeptonicaImage? { wrap(pixFlipTB(nil, pix)) }

    /// Scales by `factor`; downscaling averages (no aliasing), upscaling interpolates. Grey and colour are
    /// sharpened a little afterwards (Leptonica's default) unless `sharpened` is false.
    public func scaled(by factor: Double, sharpened: Bool = true) -> LeptonicaImage? {
        if abs(factor - 1) < 0.001 { return self }
        if let made = greyScaledOnAllCores(by: Float(factor), sharpened: sharpened) { return made }
        return leptonicaScaled(by: factor, sharpened: sharpened)
    }

    /// Leptonica's own scaling: what `scaled(by:sharpened:)` makes, one row after another.
    func leptonicaScaled(by factor: Double, sharpened: Bool = true) -> LeptonicaImage? {
        if !sharpened { return wrap(pixScaleGeneral(pix, Float(factor), Float(factor), 0, 0)) }
        return wrap(pixScale(pix, Float(factor), Float(factor)))
    }

    /// `pixScale` / `pixScaleGeneral` of a plain grey image remade by `Resampling` on every core, or nil for what it
    /// does not cover (colour, colour maps, Leptonica's special factors, images under 8 pixels a side), which
    /// Leptonica then scales itself.
    private func greyScaledOnAllCores(by scale: Float, sharpened: Bool) -> LeptonicaImage? {
        guard depth == 8, pixGetColormap(pix) == nil, width >= 8, height >= 8, let src = Self.raster(pix) else { return nil }
        let s = Double(scale)
        // pixScaleGeneral's choices: area map under 0.7 (Leptonica's own special cases of 0.5, 0.25... and
        // under 0.02 are left to it), linear interpolation from 0.7 (its 2x and 4x special cases left to it).
        let byArea = s < 0.7
        if byArea ? (s < 0.02 || [0.5, 0.25, 0.125, 0.0625].contains(s)) : (s == 2 || s == 4) { return nil }
        let wd = Resampling.scaledSide(width, scale), hd = Resampling.scaledSide(height, scale)
        guard wd >= 8, hd >= 8, let made = pixCreate(Int32(wd), Int32(hd), 8) else { return nil }
        pixCopyResolution(made, pix)
        pixCopyInputFormat(made, pix)
        pixScaleResolution(made, scale, scale)
        guard let scaledImage = wrap(Self.filled(made) { byArea ? Resampling.areaMap(src, into: $0) : Resampling.linear(src, into: $0) })
        else { return nil }
        // pixScale's sharpening: a fifth over a 3x3 square after the area map (above 0.2), two fifths over 5x5
        // after interpolation (under 1.4).
        let sharpening: (halfWidth: Int, fract: Float)? =
            !sharpened ? nil : byArea ? (s > 0.2 ? (1, 0.2) : nil) : (s < 1.4 ? (2, 0.4) : nil)
        guard let sharpening else { return scaledImage }
        return scaledImage.unsharpOnAllCores(halfWidth: sharpening.halfWidth, fract: sharpening.fract)
    }

    /// `pixUnsharpMaskingGray2D` remade by `Resampling` on every core.
    private func unsharpOnAllCores(halfWidth: Int, fract: Float) -> LeptonicaImage? {
        guard let src = Self.raster(pix) else { return nil }
        return wrap(Self.filled(pixCreateTemplate(pix)) { Resampling.unsharp(src, into: $0, halfWidth: halfWidth, fract: fract) })
    }

    /// An 8-bit image's memory as `Resampling` reads and writes it.
    private static func raster(_ image: UnsafeMutablePointer<PIX>) -> WordRaster? {
        guard pixGetDepth(image) == 8, let data = pixGetData(image) else { return nil }
        let rowBytes = Int(pixGetWpl(image)) * 4
        return WordRaster(
            base: UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt8.self), width: Int(pixGetWidth(image)),
            height: Int(pixGetHeight(image)), rowBytes: rowBytes)
    }

    /// A new 8-bit image after `fill` has written its pixels through its memory; nil (and `made` destroyed) when
    /// it was not made or has no 8-bit memory.
    private static func filled(_ made: UnsafeMutablePointer<PIX>?, by fill: (WordRaster) -> Void) -> UnsafeMutablePointer<PIX>? {
        guard let made else { return nil }
        guard let raster = raster(made) else {
            var p: UnsafeMutablePointer<PIX>? = made
            pixDestroy(&p)
            return nil
        }
        fill(raster)
        return made
    }

    /// Rotates about the centre, clockwise for positive angles, keeping the size and bringing in white.
    public func rotated(degrees: Double) -> LeptonicaImage? {
        if abs(degrees) < 0.01 { return self }
        let radians = Float(degrees * .pi / 180)
        // pixRotate's area map of a plain grey image, remade by `Resampling` on every core (a turn under its
        // 0.001 radian is a copy there too).
        if depth == 8, pixGetColormap(pix) == nil, width >= 8, height >= 8, abs(radians) >= 0.001, let src = Self.raster(pix) {
            return wrap(Self.filled(pixCreateTemplate(pix)) { Resampling.rotate(src, into: $0, angle: radians, fill: 255) })
        }
        return leptonicaRotated(degrees: degrees)
    }

    /// Leptonica's own rotation: what `rotated(degrees:)` makes, one row after another.
    func leptonicaRotated(degrees: Double) -> LeptonicaImage? {
        let radians = Float(degrees * .pi / 180)
        return wrap(pixRotate(pix, radians, Int32(L_ROTATE_AREA_MAP), Int32(L_BRING_IN_WHITE), 0, 0))
    }

    /// A sub-rectangle, clipped to the image.
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> LeptonicaImage? {
        guard let box = boxCreate(Int32(x), Int32(y), Int32(width), Int32(height)) else { return nil }
        var b: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&b) }
        return wrap(pixClipRectangle(pix, box, nil))
    }

    /// Maps the quadrilateral `corners` (top-left, top-right, bottom-right, bottom-left, in this image) onto an
    /// upright `width` × `height` rectangle.
    public func rectified(corners: [(x: Double, y: Double)], width outW: Int, height outH: Int) -> LeptonicaImage? {
        guard corners.count == 4, outW > 8, outH > 8 else { return nil }
        guard let gray = depth == 8 ? self : grayscale() else { return nil }
        // The projective transform keeps the source size, so work on a canvas big enough for the output.
        let canvasW = max(gray.width, outW), canvasH = max(gray.height, outH)
        var canvas: LeptonicaImage = gray
        if canvasW > gray.width || canvasH > gray.height {
            guard let bordered = pixAddBorderGeneral(gray.pix, 0, Int32(canvasW - gray.width), 0, Int32(canvasH - gray.height), 255)
            else { return nil }
            canvas = LeptonicaImage(owning: bordered)
        }
        guard let ptas = ptaCreate(4) else { return nil }
        var ps: UnsafeMutablePointer<PTA>? = ptas
        defer { ptaDestroy(&ps) }
        guard let ptad = ptaCreate(4) else { return nil }
        var pd: UnsafeMutablePointer<PTA>? = ptad
        defer { ptaDestroy(&pd) }
        let targets: [(Double, Double)] = [(0, 0), (Double(outW - 1), 0), (Double(outW - 1), Double(outH - 1)), (0, Double(outH - 1))]
        for i in 0..<4 {
            guard ptaAddPt(ptas, Float(corners[i].x), Float(corners[i].y)) == 0,
                ptaAddPt(ptad, Float(targets[i].0), Float(targets[i].1)) == 0
            else { return nil }
        }
        guard let warped = pixProjectivePtaGray(canvas.pix, ptad, ptas, 255) else { return nil }
        let full = LeptonicaImage(owning: warped)
        return full.cropped(x: 0, y: 0, width: outW, height: outH)
    }

    // MARK: Illumination and binarisation

    /// Flattens uneven lighting so the paper is near-white everywhere (8-bit grey in, 8-bit grey out).
    public func backgroundNormalised(tile: Int = 64, threshold: Int = 100, background: Int = 230) -> LeptonicaImage? {
        guard let gray = depth == 8 ? self : grayscale() else { return nil }
        return wrap(pixBackgroundNorm(gray.pix, nil, nil, Int32(tile), Int32(tile), Int32(threshold), 40, Int32(background), 2, 1))
    }

    /// Flattens lighting from a morphological estimate of the paper (a grey closing wider than the strokes):
    /// robust to dense print and strong vignetting. 8-bit grey in, 8-bit grey out.
    public func backgroundNormalisedMorph(reduction: Int = 4, size: Int = 15, background: Int = 230) -> LeptonicaImage? {
        guard let gray = depth == 8 ? self : grayscale() else { return nil }
        guard gray.width / reduction > size, gray.height / reduction > size else { return gray.backgroundNormalised() }
        return wrap(pixBackgroundNormMorph(gray.pix, nil, Int32(reduction), Int32(size | 1), Int32(background)))
    }

    /// Maps the grey level `low` to black and `high` to white, linearly (8-bit grey in, 8-bit grey out).
    public func linearlyStretched(low: Int, high: Int) -> LeptonicaImage? {
        guard let gray = depth == 8 ? self : grayscale(), low < high else { return nil }
        return wrap(pixGammaTRC(nil, gray.pix, 1.0, Int32(low), Int32(high)))
    }

    /// Stretches local contrast so faint print gets dark.
    public func contrastNormalised(tile: Int = 64, minDifference: Int = 50) -> LeptonicaImage? {
        guard depth == 8 else { return nil }
        return wrap(pixContrastNorm(nil, pix, Int32(tile), Int32(tile), Int32(minDifference), 2, 2))
    }

    /// Sauvola adaptive binarisation (1 bit per pixel, 1 = ink): Leptonica's pixels, made by `SauvolaThreshold`.
    public func sauvolaBinarised(halfWindow: Int = 12, factor: Double = 0.34) -> LeptonicaImage? {
        guard let gray = grayImage(), let binary = SauvolaThreshold(halfWindow: halfWindow, factor: factor).binarise(gray) else { return nil }
        return LeptonicaImage(gray: binary)?.thresholded(128)
    }

    /// Leptonica's own Sauvola (1 bit per pixel, 1 = ink): the reference `SauvolaThreshold` is tested against.
    func leptonicaSauvolaBinarised(halfWindow: Int, factor: Double) -> LeptonicaImage? {
        guard let gray = depth == 8 ? self : grayscale() else { return nil }
        let hw = max(2, min(halfWindow, (min(gray.width, gray.height) - 3) / 2))
        var out: UnsafeMutablePointer<PIX>?
        guard pixSauvolaBinarize(gray.pix, Int32(hw), Float(factor), 1, nil, nil, nil, &out) == 0 else {
            pixDestroy(&out)
            return nil
        }
        return wrap(out)
    }

    /// Global threshold (1 = darker than `threshold`).
    public func thresholded(_ threshold: Int) -> LeptonicaImage? {
        guard let gray = depth == 8 ? self : grayscale() else { return nil }
        return wrap(pixThresholdToBinary(gray.pix, Int32(threshold)))
    }

    // MARK: Analysis

    /// Skew of text lines in a binary image, in degrees (positive: text runs down to the right), with confidence.
    public func skew(rangeDegrees: Double = 15) -> (degrees: Double, confidence: Double)? {
        guard depth == 1 else { return nil }
        var angle: Float = 0, conf: Float = 0
        // Phone photos tilt more than scans: sweep wider than Leptonica's default ±7°.
        guard pixFindSkewSweepAndSearch(pix, &angle, &conf, 4, 2, Float(rangeDegrees), 1, 0.01) == 0 else { return nil }
        return (Double(angle), Double(conf))
    }

    /// A binary image keeping only components whose height lies in `heights` and width is at most `maxWidth`:
    /// letters stay, while rules, photos, keyboards and specks go.
    public func keepingComponents(heights: ClosedRange<Int>, maxWidth: Int) -> LeptonicaImage? {
        guard depth == 1 else { return nil }
        guard let small = pixSelectBySize(pix, Int32(maxWidth), Int32(heights.upperBound), 8, Int32(L_SELECT_IF_BOTH), Int32(L_SELECT_IF_LTE), nil)
        else { return nil }
        var sp: UnsafeMutablePointer<PIX>? = small
        defer { pixDestroy(&sp) }
        return wrap(pixSelectBySize(small, 0, Int32(heights.lowerBound), 8, Int32(L_SELECT_HEIGHT), Int32(L_SELECT_IF_GTE), nil))
    }

    /// How far a flat fill of one colour reaches in from each edge (`FlatFillRuns`), on an 8-bit grey or a 32-bit
    /// colour image, counted every `sampling`-th pixel (by default a grid of at most 1200 points a side); nil for
    /// other depths or when no two corners share a flat colour.
    public func flatFillRuns(tolerance: Int = 10, sampling: Int? = nil) -> FlatFillRuns? {
        let d = depth, w = width, h = height
        guard d == 8 || d == 32, let data = pixGetData(pix) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        let words = UnsafePointer<UInt32>(data)
        let step = sampling ?? FlatFillRuns.sampling(forLongSide: max(w, h))
        if d == 8, let grey = Self.raster(pix) {
            return FlatFillRuns.measure(width: w, height: h, channels: 1, tolerance: tolerance, sampling: step) { x, y, _ in
                Int(grey.row(y)[x ^ WordRaster.byteSwap])
            }
        }
        return FlatFillRuns.measure(width: w, height: h, channels: 3, tolerance: tolerance, sampling: step) { x, y, c in
            // Red, green and blue from the word's top byte down (L_RED_SHIFT 24, L_GREEN_SHIFT 16, L_BLUE_SHIFT 8).
            Int((words[y * wpl + x] >> UInt32(24 - 8 * c)) & 0xFF)
        }
    }

    /// Ink pixels per column of a binary image.
    public func columnInkCounts() -> [Int] {
        guard depth == 1 else { return [] }
        return Self.integers(taking: pixCountPixelsByColumn(pix))
    }

    /// Ink pixels per row of a binary image.
    public func rowInkCounts() -> [Int] {
        guard depth == 1 else { return [] }
        return Self.integers(taking: pixCountPixelsByRow(pix, nil))
    }

    /// Copies a NUMA's values out as integers and destroys it.
    private static func integers(taking numa: UnsafeMutablePointer<NUMA>?) -> [Int] {
        guard let numa else { return [] }
        var owned: UnsafeMutablePointer<NUMA>? = numa
        defer { numaDestroy(&owned) }
        let n = Int(numaGetCount(numa))
        var out = [Int](repeating: 0, count: n)
        for i in 0..<n {
            var v: Int32 = 0
            if numaGetIValue(numa, Int32(i), &v) == 0 { out[i] = Int(v) }
        }
        return out
    }

    /// Bounding boxes of 8-connected ink components in a binary image.
    public func componentBoxes() -> [PixelBox] {
        guard depth == 1, let boxa = pixConnComp(pix, nil, 8) else { return [] }
        var ba: UnsafeMutablePointer<BOXA>? = boxa
        defer { boxaDestroy(&ba) }
        let n = Int(boxaGetCount(boxa))
        var result: [PixelBox] = []
        result.reserveCapacity(n)
        for i in 0..<n {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            guard boxaGetBoxGeometry(boxa, Int32(i), &x, &y, &w, &h) == 0 else { continue }
            result.append(PixelBox(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
        }
        return result
    }

    /// Up/down and left/right confidence from ascender/descender statistics on a binary text image.
    public func textOrientationConfidence() -> (up: Double, left: Double)? {
        guard depth == 1 else { return nil }
        var up: Float = 0, left: Float = 0
        guard pixOrientDetect(pix, &up, &left, 0, 0) == 0 else { return nil }
        return (Double(up), Double(left))
    }

    // MARK: Dewarping

    /// Removes page curl using Leptonica's disparity model, built from `binary` (the same page, binarised).
    /// Returns nil when no vertical model could be built, so the caller keeps the flat image.
    public func dewarped(using binary: LeptonicaImage, minLines: Int, sampling: Int = 30, useHorizontal: Bool = true) -> LeptonicaImage? {
        dewarpedWithMap(using: binary, minLines: minLines, sampling: sampling, useHorizontal: useHorizontal)?.image
    }

    /// The dewarped page and where each of its points came from (kept every `mapStep` pixels).
    public func dewarpedWithMap(
        using binary: LeptonicaImage, minLines: Int, sampling: Int = 30, useHorizontal: Bool = true, mapStep: Int = 8
    ) -> (image: LeptonicaImage, map: DisparityMap?)? {
        guard binary.depth == 1, binary.width == width, binary.height == height else { return nil }
        guard let dewa = dewarpaCreate(1, Int32(sampling), 1, Int32(minLines), 0) else { return nil }
        var da: UnsafeMutablePointer<L_DEWARPA>? = dewa
        defer { dewarpaDestroy(&da) }
        _ = dewarpaUseBothArrays(dewa, useHorizontal ? 1 : 0)
        _ = dewarpaSetCheckColumns(dewa, 0)
        // Phone photos of open books curl far more than flat scans: allow stronger line curvature.
        _ = dewarpaSetCurvatures(dewa, 400, -1, 300, 150, 100, 180)
        guard let dew = dewarpCreate(binary.pix, 0) else { return nil }
        // From here the dewarpa owns `dew` and frees it with itself.
        guard dewarpaInsertDewarp(dewa, dew) == 0 else {
            var d: UnsafeMutablePointer<L_DEWARP>? = dew
            dewarpDestroy(&d)
            return nil
        }
        guard dewarpBuildPageModel(dew, nil) == 0 else { return nil }
        var vsuccess: Int32 = 0, hsuccess: Int32 = 0
        guard dewarpaModelStatus(dewa, 0, &vsuccess, &hsuccess) == 0, vsuccess == 1 else { return nil }
        var out: UnsafeMutablePointer<PIX>?
        let grayIn: Int32 = depth == 1 ? 0 : 255
        guard dewarpaApplyDisparity(dewa, 0, pix, grayIn, 0, 0, &out, nil) == 0 else {
            pixDestroy(&out)
            return nil
        }
        guard let image = wrap(out) else { return nil }
        return (image, Self.disparityMap(of: dew, page: pix, width: width, height: height, step: max(1, mapStep)))
    }

    /// The dewarp's full-resolution disparity arrays (made again: applying frees them), kept every `step` pixels.
    private static func disparityMap(
        of dew: UnsafeMutablePointer<L_DEWARP>, page: UnsafeMutablePointer<PIX>, width: Int, height: Int, step: Int
    ) -> DisparityMap? {
        guard dewarpPopulateFullRes(dew, page, 0, 0) == 0 else { return nil }
        defer { dewarpMinimize(dew) }
        let usesHorizontal =
            dew.pointee.dewa.pointee.useboth != 0 && dew.pointee.hsuccess != 0 && dew.pointee.skip_horiz == 0
            && dew.pointee.hvalid != 0
        func samples(_ fpix: UnsafeMutablePointer<FPIX>?) -> [Float]? {
            guard let fpix else { return nil }
            var fw: Int32 = 0, fh: Int32 = 0
            guard fpixGetDimensions(fpix, &fw, &fh) == 0, Int(fw) >= width, Int(fh) >= height, let data = fpixGetData(fpix) else { return nil }
            let wpl = Int(fpixGetWpl(fpix))
            var out: [Float] = []
            out.reserveCapacity(((width + step - 1) / step) * ((height + step - 1) / step))
            for y in stride(from: 0, to: height, by: step) {
                for x in stride(from: 0, to: width, by: step) { out.append(data[y * wpl + x]) }
            }
            return out
        }
        guard let vertical = samples(dew.pointee.fullvdispar) else { return nil }
        let horizontal = usesHorizontal ? samples(dew.pointee.fullhdispar) : nil
        return DisparityMap(width: width, height: height, step: step, vertical: vertical, horizontal: horizontal)
    }
}
