// Fills holes in a photo: each connected part in crops (tiles when long), solved coarse-to-fine when it is wide.
import Dispatch
import Foundation
import Imaging
import Support

/// The guided exemplar fill. Per connected part of the hole:
/// 1. plan: a crop around it (margins big enough for the patch search), tiles when it runs long,
///    pyramid levels so that the part is at most `singleScaleDepth` deep at the coarsest one;
/// 2. guide: Telea over the crop's hole (where a coarser level exists, its result for the deep pixels);
/// 3. guard: the guide's line response, so no source brings a line the target does not already show;
/// 4. search and fill in the native kernel (RetouchFill.cpp);
/// 5. write the part's pixels back; later parts see them as known.
/// A long part's tiles are filled in two rounds, like a chessboard's two colours: the tiles of one round share no edge,
/// so they are filled at once, one per core, from the same picture; the other round then sees them all as known.
public struct HoleFiller: Sendable {
    public var settings: FillSettings

    public init(settings: FillSettings = .standard) {
        self.settings = settings
    }

    /// Fills the selected pixels of `hole` in the RGB `image`; other pixels stay exactly as they were.
    public func fill(_ image: inout RasterImage, hole: Mask) throws(RetouchError) {
        guard image.channels == 3 else { throw .engineFailure("fill expects RGB") }
        guard hole.width == image.width, hole.height == image.height else { throw .maskMismatch }
        var pending = hole
        for part in MaskPart.parts(of: hole).sorted(by: { $0.pixels.count < $1.pixels.count }) {
            let depth = part.deepest(in: hole)
            guard let factor = reduction(depth: depth, box: part.box, width: hole.width, height: hole.height) else {
                throw .areaTooLarge
            }
            if factor == 1 {
                let jobs = try plan(part, in: hole, depth: depth)
                for round in 0..<2 {
                    try runAtOnce(jobs.filter { $0.round == round }, image: &image, pending: &pending)
                }
            } else {
                try fillReduced(part, depth: depth, factor: factor, image: &image, pending: &pending)
            }
        }
    }

    /// A part too deep for the crop limit at full size (a person filling a good share of a phone photo) is filled on
    /// a copy `factor` times smaller around it and read back bilinearly: the fill's context grows with the hole's depth,
    /// so halving the picture quarters the crop. The filled area is softer than the photo around it by that factor.
    func fillReduced(_ part: MaskPart, depth: Float, factor f: Int, image: inout RasterImage, pending: inout Mask) throws(RetouchError) {
        let context = geometry(depth: depth / Float(f) + 1.5).margin * f + 2 * f
        let crop = part.box.grown(by: context, within: image.width, image.height)
        let (small, sw, sh) = CoarseCopy.shrink(image.bytes, stride: image.width, box: crop, factor: f)
        // A coarse pixel is part of the hole when any of its pixels is.
        var holes = Mask(width: sw, height: sh)
        for i in part.pixels {
            let x = i % image.width - crop.x, y = i / image.width - crop.y
            holes.bytes[(y / f) * sw + x / f] = 1
        }
        var picture = RasterImage(width: sw, height: sh, channels: 3, bytes: consume small)
        try fill(&picture, hole: holes)
        for i in part.pixels {
            let x = i % image.width - crop.x, y = i / image.width - crop.y
            CoarseCopy.sample(picture.bytes, width: sw, height: sh, factor: f, x: x, y: y, into: &image.bytes, at: i)
            pending.bytes[i] = 0
        }
    }

    /// The quick fill for an instant preview: OpenCV's Telea over the hole's box, no exemplars. The editor shows it
    /// at once and swaps in the guided fill when that is ready.
    public func quickFill(_ image: inout RasterImage, hole: Mask) throws(RetouchError) {
        guard image.channels == 3 else { throw .engineFailure("fill expects RGB") }
        guard hole.width == image.width, hole.height == image.height else { throw .maskMismatch }
        guard let box = hole.selectedBox?.grown(by: 8, within: image.width, image.height) else { return }
        var rgb = [UInt8](repeating: 0, count: box.area * 3), mask = [UInt8](repeating: 0, count: box.area)
        for y in 0..<box.height {
            let from = ((box.y + y) * image.width + box.x) * 3
            rgb.replaceSubrange((y * box.width * 3)..<((y + 1) * box.width * 3), with: image.bytes[from..<(from + box.width * 3)])
            for x in 0..<box.width where hole.bytes[(box.y + y) * image.width + box.x + x] != 0 { mask[y * box.width + x] = 255 }
        }
        let holes = mask.reduce(0) { $0 + ($1 != 0 ? 1 : 0) }
        let factor = holes > settings.quickFillPixels ? Int((Double(holes) / Double(settings.quickFillPixels)).squareRoot().rounded(.up)) : 1
        guard
            let filled = factor > 1
                ? Self.coarseTelea(rgb: rgb, mask: mask, width: box.width, height: box.height, factor: factor)
                : OpenCVRetouch.telea(rgb: rgb, mask: mask, width: box.width, height: box.height, radius: 3)
        else {
            throw .engineFailure("telea \(box.width)×\(box.height)")
        }
        for y in 0..<box.height {
            for x in 0..<box.width where mask[y * box.width + x] != 0 {
                let i = ((box.y + y) * image.width + box.x + x) * 3, j = (y * box.width + x) * 3
                image.bytes[i] = filled[j]
                image.bytes[i + 1] = filled[j + 1]
                image.bytes[i + 2] = filled[j + 2]
            }
        }
    }

    /// Telea on a copy `factor` times smaller (a coarse pixel is a hole when any of its pixels is), read back into the
    /// box bilinearly: a big hole's quick preview (a whole person) in a fraction of the time; the guided fill follows.
    static func coarseTelea(rgb: [UInt8], mask: [UInt8], width w: Int, height h: Int, factor: Int) -> [UInt8]? {
        let (small, sw, sh) = CoarseCopy.shrink(rgb, stride: w, box: PixelBox(x: 0, y: 0, width: w, height: h), factor: factor)
        var holes = [UInt8](repeating: 0, count: sw * sh)
        for i in mask.indices where mask[i] != 0 { holes[(i / w / factor) * sw + (i % w) / factor] = 255 }
        guard let filled = OpenCVRetouch.telea(rgb: small, mask: holes, width: sw, height: sh, radius: 3) else { return nil }
        var out = rgb
        for i in mask.indices where mask[i] != 0 {
            CoarseCopy.sample(filled, width: sw, height: sh, factor: factor, x: i % w, y: i / w, into: &out, at: i)
        }
        return out
    }

    // MARK: Plan

    struct Job {
        /// Where the kernel looks (the part or tile plus margins).
        var crop: PixelBox
        /// The part's pixels this job fills (indices in the full picture).
        var pixels: [Int]
        /// Halvings below full size at which the hole is first solved.
        var levels: Int
        /// Which of the two rounds fills it: tiles that share an edge are in different rounds (a chessboard's colours).
        var round = 0
    }

    /// How a part `depth` pixels deep is solved: pyramid levels, the margin its crops need, and its tiles' side.
    func geometry(depth: Float) -> (levels: Int, margin: Int, side: Int) {
        // Deeper than any picture this tool takes is treated as that deep (the count of levels stays small).
        let depth = min(max(depth, 0), 1_000_000)
        let levels = depth > settings.singleScaleDepth ? Int(log2(Double(depth / settings.singleScaleDepth)).rounded(.up)) : 0
        let scale = 1 << levels
        let coarseDepth = Int((depth / Float(scale)).rounded(.up))
        let margin = (settings.searchRadius + coarseDepth + 2 * settings.maxPatchRadius + 2) * scale + Self.lineSupport
        // Tiles at least twice the margin wide, so a wide part's tiles are not all margin.
        let side = levels > 0 ? max(settings.tileSide, 2 * margin) : settings.tileSide
        return (levels, margin, side)
    }

    /// Whether a hole at most `depth` pixels deep inside `box` (in a picture `width` × `height`) can be filled within
    /// `maxCropPixels`, at full size or on a copy up to ``FillSettings/maxReduction`` times smaller. Conservative: true
    /// means `fill` will not refuse it as too large, so an edit can be checked before it is kept.
    public func canFill(depth: Float, box: PixelBox, width: Int, height: Int) -> Bool {
        reduction(depth: depth, box: box, width: width, height: height) != nil
    }

    /// The smallest factor (1, 2, 4, …) at which a part `depth` deep inside `box` fits the crop limit, or nil. On a copy
    /// `f` times smaller the part is at most `depth / f` deep plus the coarse pixel its edge may gain, and its box
    /// `box / f` rounded out.
    func reduction(depth: Float, box: PixelBox, width: Int, height: Int) -> Int? {
        var f = 1
        while f <= settings.maxReduction {
            let fits =
                f == 1
                ? fitsFullSize(depth: depth, box: box, width: width, height: height)
                : fitsFullSize(
                    depth: depth / Float(f) + 1.5,
                    box: PixelBox(x: box.x / f, y: box.y / f, width: box.width / f + 2, height: box.height / f + 2),
                    width: (width + f - 1) / f, height: (height + f - 1) / f)
            if fits { return f }
            f *= 2
        }
        return nil
    }

    /// Whether the full-size plan of such a part stays within `maxCropPixels`: the whole crop fits, or every tile's does.
    func fitsFullSize(depth: Float, box: PixelBox, width: Int, height: Int) -> Bool {
        let (_, margin, side) = geometry(depth: depth)
        let whole = box.grown(by: margin, within: width, height)
        if whole.area <= settings.maxCropPixels { return true }
        let tileWidth = min(min(side, box.width) + 2 * margin, width), tileHeight = min(min(side, box.height) + 2 * margin, height)
        return tileWidth * tileHeight <= settings.maxCropPixels
    }

    /// Whether `operation` can be filled on a picture showing the photo at `scale` (1: the full-size export).
    public func canFill(_ operation: EditOperation, width: Int, height: Int, scale: Double = 1) -> Bool {
        operation.footprints(scale: scale, width: width, height: height).allSatisfy {
            canFill(depth: $0.depth, box: $0.box, width: width, height: height)
        }
    }

    func plan(_ part: MaskPart, in hole: Mask) throws(RetouchError) -> [Job] {
        try plan(part, in: hole, depth: part.deepest(in: hole))
    }

    /// The jobs for a part whose depth `fill` has already measured.
    func plan(_ part: MaskPart, in hole: Mask, depth: Float) throws(RetouchError) -> [Job] {
        let (levels, margin, side) = geometry(depth: depth)
        let whole = part.box.grown(by: margin, within: hole.width, hole.height)
        let tileArea = (side + 2 * margin) * (side + 2 * margin)
        if whole.area <= 2 * tileArea && whole.area <= settings.maxCropPixels {
            return [Job(crop: whole, pixels: part.pixels, levels: levels)]
        }
        // A long part: tiles in reading order, each filled with what the previous ones made.
        var buckets: [Int: [Int]] = [:]
        let columns = (part.box.width + side - 1) / side
        for i in part.pixels {
            let tx = (i % hole.width - part.box.x) / side, ty = (i / hole.width - part.box.y) / side
            buckets[ty * columns + tx, default: []].append(i)
        }
        let jobs = buckets.keys.sorted().map { key in
            let x = part.box.x + (key % columns) * side, y = part.box.y + (key / columns) * side
            // The tile's core ends where the part does: a thin part's tiles are no taller than it plus the margins.
            let core = PixelBox(
                x: x, y: y, width: min(side, part.box.x + part.box.width - x), height: min(side, part.box.y + part.box.height - y))
            let crop = core.grown(by: margin, within: hole.width, hole.height)
            return Job(crop: crop, pixels: buckets[key]!, levels: levels, round: (key % columns + key / columns) % 2)
        }
        guard jobs.allSatisfy({ $0.crop.area <= settings.maxCropPixels }) else { throw .areaTooLarge }
        return jobs
    }

    /// Gaussian support of the guard's widest line scale, so crops see lines that reach in from outside.
    static let lineSupport = 12

    // MARK: Run

    func run(_ job: Job, image: inout RasterImage, pending: inout Mask) throws(RetouchError) {
        let solved = try solve(job, in: image, pending: pending)
        write(solved, of: job, into: &image, pending: &pending)
    }

    /// Jobs whose pixels are disjoint, solved at once from the same picture (one per core), then written back in order.
    /// Each sees the others' pixels as still to fill, exactly as if it ran first.
    func runAtOnce(_ jobs: [Job], image: inout RasterImage, pending: inout Mask) throws(RetouchError) {
        guard jobs.count > 1 else {
            for job in jobs { try run(job, image: &image, pending: &pending) }
            return
        }
        let picture = image, later = pending
        var outcomes = [Result<FloatImage, RetouchError>?](repeating: nil, count: jobs.count)
        outcomes.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: jobs.count) { k in
                slots[k] = Result { () throws(RetouchError) -> FloatImage in try solve(jobs[k], in: picture, pending: later) }
            }
        }
        for (job, outcome) in zip(jobs, outcomes) {
            guard let outcome else { throw .engineFailure("fill job lost") }
            write(try outcome.get(), of: job, into: &image, pending: &pending)
        }
    }

    /// One job's crop with its pixels filled (nothing in `image` changes).
    func solve(_ job: Job, in image: RasterImage, pending: Mask) throws(RetouchError) -> FloatImage {
        let crop = job.crop, w = image.width
        var codes = [UInt8](repeating: HoleCode.known, count: crop.area)
        for y in 0..<crop.height {
            for x in 0..<crop.width where pending.bytes[(crop.y + y) * w + crop.x + x] != 0 {
                codes[y * crop.width + x] = HoleCode.later
            }
        }
        for i in job.pixels {
            codes[(i / w - crop.y) * crop.width + (i % w - crop.x)] = HoleCode.fill
        }
        return try solve(FloatImage(cropping: image, to: crop), codes: codes, levels: job.levels).image
    }

    /// Writes a solved crop's pixels of `job` into the picture; they are known from now on.
    func write(_ solved: FloatImage, of job: Job, into image: inout RasterImage, pending: inout Mask) {
        let crop = job.crop, w = image.width
        for i in job.pixels {
            let o = ((i / w - crop.y) * crop.width + (i % w - crop.x)) * 3
            for k in 0..<3 {
                image.bytes[i * 3 + k] = UInt8(max(0, min(255, solved.values[o + k].rounded())))
            }
            pending.bytes[i] = 0
        }
    }

    /// Fills the code-1 pixels of one crop at this level, first solving a half-size copy when `levels` > 0.
    func solve(_ picture: FloatImage, codes: [UInt8], levels: Int) throws(RetouchError) -> (image: FloatImage, origins: [Int32]) {
        let w = picture.width, h = picture.height
        // The guide: near the edge Telea knows best; deep inside (where a coarser level exists), that level's
        // exemplar solution, which Telea then sees as known (and keeps), so it only works on the band along the edge.
        var teleaInput = picture.rgbBytes
        var teleaMask = codes.map { $0 != HoleCode.known ? UInt8(255) : 0 }
        var hints: [Int32]? = nil
        if levels > 0 {
            let coarse = try solve(picture.halved(), codes: HoleCode.halved(codes, width: w, height: h), levels: levels - 1)
            let up = coarse.image.doubled(toWidth: w, height: h)
            let depth = Chamfer.depth(of: codes, width: w, height: h)
            let cw = coarse.image.width
            var suggested = [Int32](repeating: -1, count: w * h)
            for y in 0..<h {
                for x in 0..<w {
                    let i = y * w + x
                    guard depth[i] > settings.singleScaleDepth else { continue }
                    for k in 0..<3 { teleaInput[3 * i + k] = UInt8(max(0, min(255, up.values[3 * i + k].rounded()))) }
                    teleaMask[i] = 0
                    let origin = Int(coarse.origins[(y / 2) * cw + x / 2])
                    guard codes[i] == HoleCode.fill, origin >= 0 else { continue }
                    let sx = 2 * (origin % cw) + x % 2, sy = 2 * (origin / cw) + y % 2
                    if sx < w && sy < h { suggested[i] = Int32(sy * w + sx) }
                }
            }
            hints = suggested
        }
        guard
            let telea = OpenCVRetouch.telea(
                rgb: teleaInput, mask: teleaMask, width: w, height: h, radius: settings.teleaRadius)
        else { throw .engineFailure("telea \(w)×\(h)") }
        // Only the picture, the codes and the hints are kept through the line response and the fill, the crop's
        // largest moment.
        teleaInput = []
        teleaMask = []
        let guide = FloatImage(width: w, height: h, values: telea.map(Float.init))
        guard let lines = LineResponse.measure(gray: guide.luma, width: w, height: h, sigmas: LineResponse.guardSigmas, withGeometry: false)
        else { throw .engineFailure("line response \(w)×\(h)") }
        guard
            let result = OpenCVRetouch.guidedFill(
                image: picture.values, guide: guide.values, hole: codes, dark: lines.dark, bright: lines.bright, hints: hints,
                width: w, height: h, settings: settings)
        else { throw .engineFailure("guided fill \(w)×\(h)") }
        return (FloatImage(width: w, height: h, values: result.image), result.origins)
    }
}
