// Step "page": find the sheet of paper in the photo and straighten it; keep the whole frame when unsure.
import Foundation
import Imaging
import Support

struct PageDetector: Sendable {
    var minAspectRatio: Double
    var minimumSize: Double
    var quadratureTolerance: Double
    var minimumConfidence: Double
    /// Long side of the copy the search runs on.
    var searchLongSide: Int = 400
    /// Long side of the copy on which an outline is checked against the print (letters a few pixels tall).
    var printCheckLongSide: Int = 1000
    /// An outline is refused when the band just inside one of its sides is inked at least this share as densely as
    /// the page inside it: a side through text, not along a margin. Real pages measure 0.0–0.02 here; outlines that
    /// ended where the light fell off, in the middle of a column, 0.7–2.4.
    var printedSideShare: Double = 0.5

    /// The smallest share of the frame a sheet may take when it is nearly all the bright there is.
    static let smallSheetShare = 0.04

    /// A page outline: corners top-left, top-right, bottom-right, bottom-left, with a confidence 0...1.
    struct Quad: Sendable, Equatable {
        var corners: [PixelPoint]
        var confidence: Double
    }

    /// A side of a sheet found but not cropped to, in `image` pixels: it runs through print.
    struct Edge: Sendable, Equatable {
        var from: PixelPoint
        var to: PixelPoint
    }

    /// The rectified page, the transform from `image` pixels to it and the corners found, or nil to keep the frame.
    func straighten(_ image: LeptonicaImage) -> (LeptonicaImage, Homography, [(x: Double, y: Double)])? {
        var edges: [Edge] = []
        return straighten(image, edgesThroughPrint: &edges)
    }

    /// As `straighten(_:)`; when the frame is kept because sides of the sheet found run through print, `edgesThroughPrint`
    /// holds those sides. The facing page of an open book whose lines run off its own paper (it curls away, or lies
    /// under ours) is such a sheet: both pages are one bright region, and its side runs through the facing page's
    /// line ends.
    func straighten(_ image: LeptonicaImage, edgesThroughPrint: inout [Edge]) -> (LeptonicaImage, Homography, [(x: Double, y: Double)])? {
        let factor = min(1, Double(searchLongSide) / Double(max(image.width, image.height)))
        guard let small = image.scaled(by: factor)?.grayImage(), let quad = detect(in: small) else {
            trace("page: none")
            return nil
        }
        trace("page: \(quad.corners.map { "(\(Int($0.x / factor)),\(Int($0.y / factor)))" }) confidence \(quad.confidence)")
        let corners = quad.corners.map { (x: $0.x / factor, y: $0.y / factor) }
        // A bright region can end where the light does, in the middle of the text: then its outline cuts through
        // print, and cropping to it would lose the rest of the lines. A sheet's sides run through its margins.
        let checkFactor = min(1, Double(printCheckLongSide) / Double(max(image.width, image.height)))
        if let copy = image.scaled(by: checkFactor)?.grayImage() {
            let scaled = corners.map { PixelPoint(x: $0.x * checkFactor, y: $0.y * checkFactor) }
            let sides = Self.sidesThroughPrint(copy, corners: scaled, share: printedSideShare)
            if !sides.isEmpty {
                trace("page: side(s) \(sides) run through print; the whole frame is kept")
                edgesThroughPrint = sides.map { side in
                    let a = corners[side], b = corners[(side + 1) % 4]
                    return Edge(from: PixelPoint(x: a.x, y: a.y), to: PixelPoint(x: b.x, y: b.y))
                }
                return nil
            }
        }
        guard let (rectified, transform) = Self.rectify(image, corners: corners) else { return nil }
        return (rectified, transform, corners)
    }

    /// The quadrilateral `corners` (TL, TR, BR, BL in `image` pixels) straightened into a rectangle of its mean sides.
    static func rectify(_ image: LeptonicaImage, corners: [(x: Double, y: Double)]) -> (LeptonicaImage, Homography)? {
        guard corners.count == 4 else { return nil }
        func dist(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double { hypot(a.x - b.x, a.y - b.y) }
        let outW = Int(((dist(corners[0], corners[1]) + dist(corners[3], corners[2])) / 2).rounded())
        let outH = Int(((dist(corners[0], corners[3]) + dist(corners[1], corners[2])) / 2).rounded())
        return rectify(image, corners: corners, width: outW, height: outH)
    }

    /// `corners` (top-left, top-right, bottom-right, bottom-left) mapped onto an upright `width` × `height`
    /// rectangle, and the transform from the image to it.
    static func rectify(_ image: LeptonicaImage, corners: [(x: Double, y: Double)], width: Int, height: Int) -> (LeptonicaImage, Homography)? {
        let targets = [
            (x: 0.0, y: 0.0), (x: Double(width - 1), y: 0.0), (x: Double(width - 1), y: Double(height - 1)), (x: 0.0, y: Double(height - 1)),
        ]
        guard let transform = Homography.mapping(from: corners, to: targets),
            let rectified = image.rectified(corners: corners, width: width, height: height)
        else { return nil }
        return (rectified, transform)
    }

    /// Finds the brightest large four-sided region: the page against a darker background.
    func detect(in image: GrayImage) -> Quad? {
        guard image.width >= 16, image.height >= 16 else { return nil }
        let threshold = Self.otsuThreshold(image.bytes)
        guard let lit = outline(of: image, above: threshold) else { return nil }
        // A shadow across part of the sheet (the hand or the phone over it) parts the paper into a lit region and a
        // darker one, and the lit region's outline ends where the light does. Between the desk and the shaded paper
        // lies a second threshold; the region above it is the whole sheet when it keeps the lit outline's own edges.
        let darker = image.bytes.filter { Int($0) <= threshold }
        guard darker.count >= image.bytes.count / 10 else { return lit }
        let shade = Self.otsuThreshold(darker)
        guard let whole = outline(of: image, above: shade), Self.isShadedRest(of: lit, in: whole, image: image, between: (shade, threshold))
        else { return lit }
        trace("page: the lit region's outline \(lit.corners.map { "(\(Int($0.x)),\(Int($0.y)))" }) is part of a shaded sheet")
        return whole
    }

    /// Whether `whole` is the sheet whose lit part `lit` is: it holds `lit`, at least two of `lit`'s sides lie along
    /// its own (the sheet's edges) and its other sides are clear of the frame, and what it adds is shaded paper: hardly
    /// a point of it as bright as the lit paper (another lit sheet, a facing page beyond a gutter, would be), and four in
    /// five of its points above the shade's threshold (a desk's grain joined to the sheet by its lighter streaks is
    /// half dark).
    static func isShadedRest(of lit: Quad, in whole: Quad, image: GrayImage, between levels: (shade: Int, lit: Int)) -> Bool {
        let w = image.width, h = image.height
        let margin = 0.03 * Double(max(w, h))
        let litArea = area(lit.corners), wholeArea = area(whole.corners)
        guard wholeArea >= 1.1 * litArea else { return false }
        /// Signed distance of `p` from side `i` of `quad`, positive inside (the corners run clockwise on screen).
        func inside(_ p: PixelPoint, _ quad: [PixelPoint], _ i: Int) -> Double {
            let a = quad[i], b = quad[(i + 1) % 4]
            let l = hypot(b.x - a.x, b.y - a.y)
            guard l > 0 else { return 0 }
            return ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) / l
        }
        guard lit.corners.allSatisfy({ p in (0..<4).allSatisfy { inside(p, whole.corners, $0) > -margin } }) else { return false }
        let shared = (0..<4).filter { i in
            abs(inside(lit.corners[i], whole.corners, i)) < margin && abs(inside(lit.corners[(i + 1) % 4], whole.corners, i)) < margin
        }
        guard shared.count >= 2 else { return false }
        for i in 0..<4 where !shared.contains(i) {
            guard isClear(whole.corners[i], width: w, height: h, by: margin), isClear(whole.corners[(i + 1) % 4], width: w, height: h, by: margin)
            else { return false }
        }
        // The added part: points of `whole` outside `lit` (by more than the two pixels its outline may fall short of
        // the lit region's edge), on a grid over `whole`'s box.
        let xs = whole.corners.map(\.x), ys = whole.corners.map(\.y)
        let x0 = max(0, Int(xs.min()!)) & ~1, y0 = max(0, Int(ys.min()!)) & ~1
        let x1 = min(w, Int(xs.max()!.rounded(.up)) + 1), y1 = min(h, Int(ys.max()!.rounded(.up)) + 1)
        var added = 0, bright = 0, dark = 0
        for y in stride(from: y0, to: y1, by: 2) {
            for x in stride(from: x0, to: x1, by: 2) {
                let p = PixelPoint(x: Double(x), y: Double(y))
                guard (0..<4).allSatisfy({ inside(p, whole.corners, $0) > 0 }), !(0..<4).allSatisfy({ inside(p, lit.corners, $0) > -2 })
                else { continue }
                added += 1
                let level = Int(image.bytes[y * w + x])
                if level > levels.lit { bright += 1 } else if level <= levels.shade { dark += 1 }
            }
        }
        return added > 0 && bright * 20 <= added && dark * 5 <= added
    }

    /// The outline of the largest region brighter than `threshold` (with the other page of an open book beside it),
    /// or nil when it is no sheet: too small, cut by the frame, not four-sided or badly filled.
    func outline(of image: GrayImage, above threshold: Int) -> Quad? {
        let w = image.width, h = image.height
        // Largest 4-connected bright region.
        var label = [Int32](repeating: -1, count: w * h)
        var bestLabel: Int32 = -1, bestCount = 0
        var stack: [Int] = []
        var next: Int32 = 0
        var regions: [Region] = []
        for start in 0..<(w * h) where label[start] < 0 && Int(image.bytes[start]) > threshold {
            var count = 0
            var box = (x0: w, y0: h, x1: 0, y1: 0)
            stack.append(start)
            label[start] = next
            while let p = stack.popLast() {
                count += 1
                let x = p % w, y = p / w
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
                for q in [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1]
                where q >= 0 && label[q] < 0 && Int(image.bytes[q]) > threshold {
                    label[q] = next
                    stack.append(q)
                }
            }
            regions.append((count, box.x0, box.y0, box.x1, box.y1))
            if count > bestCount {
                bestCount = count
                bestLabel = next
            }
            next += 1
        }
        guard bestLabel >= 0 else { return nil }
        // An open book whose gutter's shadow parts the paper: the other page, about as large, level with this one
        // across a narrow dark band, and like it clear of the frame's edges, is the spread's other half. (The edge of
        // a facing page cut by the frame is not.)
        var region: Set<Int32> = [bestLabel]
        if let twin = Self.otherPage(of: Int(bestLabel), among: regions, width: w, height: h) {
            region.insert(Int32(twin))
            bestCount += regions[twin].count
        }
        // A small sheet far from the camera (a receipt on a table) is taken when it is nearly all the bright there
        // is, lies clear of the frame on every side and fills its outline well (below): the surface around it is
        // what recognition would read as junk.
        let dominant = 5 * bestCount >= 4 * regions.reduce(0) { $0 + $1.count }
        guard Double(bestCount) >= (dominant ? Self.smallSheetShare : minimumSize) * Double(w * h) * 0.6 else { return nil }

        // Row-wise filled extent (fills the holes left by print) and the extreme corners.
        var filled = 0
        var tl = PixelPoint(x: 0, y: 0), tr = tl, br = tl, bl = tl
        var minSum = Double.infinity, maxSum = -Double.infinity, minDiff = Double.infinity, maxDiff = -Double.infinity
        for y in 0..<h {
            var lo = -1, hi = -1
            for x in 0..<w where region.contains(label[y * w + x]) {
                if lo < 0 { lo = x }
                hi = x
            }
            guard lo >= 0 else { continue }
            filled += hi - lo + 1
            for x in [lo, hi] {
                let s = Double(x + y), d = Double(x - y)
                if s < minSum {
                    minSum = s
                    tl = PixelPoint(x: Double(x), y: Double(y))
                }
                if s > maxSum {
                    maxSum = s
                    br = PixelPoint(x: Double(x), y: Double(y))
                }
                if d > maxDiff {
                    maxDiff = d
                    tr = PixelPoint(x: Double(x), y: Double(y))
                }
                if d < minDiff {
                    minDiff = d
                    bl = PixelPoint(x: Double(x), y: Double(y))
                }
            }
        }
        let corners = [tl, tr, br, bl]
        let area = Self.area(corners)
        let small = area < minimumSize * Double(w * h)
        guard !small || (dominant && area >= Self.smallSheetShare * Double(w * h)) else { return nil }
        // Nothing to straighten when the page already fills the frame.
        let margin = 0.03 * Double(max(w, h))
        // (Clear by a hundredth of the frame: a receipt set near the photo's edge is not cut by it.)
        let clearance = max(2, 0.01 * Double(max(w, h)))
        if small, !corners.allSatisfy({ Self.isClear($0, width: w, height: h, by: clearance) }) { return nil }
        let frame = [
            PixelPoint(x: 0, y: 0), PixelPoint(x: Double(w - 1), y: 0), PixelPoint(x: Double(w - 1), y: Double(h - 1)),
            PixelPoint(x: 0, y: Double(h - 1)),
        ]
        if zip(corners, frame).allSatisfy({ hypot($0.x - $1.x, $0.y - $1.y) < margin }) { return nil }
        // A real page shows background along most of its outline; sides lying on the frame mean the bright
        // region was cut by the photo's edge (a lit patch, a shadow boundary), not a sheet of paper.
        func onFrame(_ a: PixelPoint, _ b: PixelPoint) -> Bool {
            (a.x < margin && b.x < margin) || (a.y < margin && b.y < margin)
                || (a.x > Double(w - 1) - margin && b.x > Double(w - 1) - margin) || (a.y > Double(h - 1) - margin && b.y > Double(h - 1) - margin)
        }
        let sidesOnFrame = (0..<4).filter { onFrame(corners[$0], corners[($0 + 1) % 4]) }.count
        if sidesOnFrame >= 2 { return nil }
        // Angles near 90°.
        for i in 0..<4 {
            let a = corners[(i + 3) % 4], b = corners[i], c = corners[(i + 1) % 4]
            let v1 = (a.x - b.x, a.y - b.y), v2 = (c.x - b.x, c.y - b.y)
            let n = hypot(v1.0, v1.1) * hypot(v2.0, v2.1)
            guard n > 0 else { return nil }
            let angle = acos(max(-1, min(1, (v1.0 * v2.0 + v1.1 * v2.1) / n))) * 180 / .pi
            guard abs(angle - 90) <= quadratureTolerance else { return nil }
        }
        let sideA = (hypot(tl.x - tr.x, tl.y - tr.y) + hypot(bl.x - br.x, bl.y - br.y)) / 2
        let sideB = (hypot(tl.x - bl.x, tl.y - bl.y) + hypot(tr.x - br.x, tr.y - br.y)) / 2
        guard min(sideA, sideB) / max(sideA, sideB) >= minAspectRatio else { return nil }
        // Confidence: how well the region fills the quadrilateral and vice versa.
        let fill = Double(filled) / area
        let confidence = max(0, 1 - abs(1 - fill) * 3)
        guard confidence >= (small ? max(minimumConfidence, 0.9) : minimumConfidence) else { return nil }
        return Quad(corners: corners, confidence: confidence)
    }

    /// A bright region of the search copy: its pixels and its box (inclusive corners).
    typealias Region = (count: Int, x0: Int, y0: Int, x1: Int, y1: Int)

    /// The region that is the other page of an open book beside region `best`, or nil: at least half its size, beside
    /// it (their rows overlapping by most of the shorter's height) across a gap of at most 8 % of the frame's width,
    /// and neither within 2 % of the frame's edges.
    static func otherPage(of best: Int, among regions: [Region], width w: Int, height h: Int) -> Int? {
        let margin = max(2, Int(0.02 * Double(max(w, h))))
        func clear(_ r: Region) -> Bool {
            r.x0 >= margin && r.y0 >= margin && r.x1 < w - margin && r.y1 < h - margin
        }
        let a = regions[best]
        guard clear(a) else { return nil }
        let candidates = regions.indices.filter { i in
            let b = regions[i]
            guard i != best, 2 * b.count >= a.count, clear(b) else { return false }
            let overlap = min(a.y1, b.y1) - max(a.y0, b.y0)
            let gap = max(a.x0, b.x0) - min(a.x1, b.x1)
            return Double(overlap) >= 0.7 * Double(min(a.y1 - a.y0, b.y1 - b.y0)) && gap >= -margin && Double(gap) <= 0.08 * Double(w)
        }
        return candidates.max { regions[$0].count < regions[$1].count }
    }

    /// The first side (0 top, 1 right, 2 bottom, 3 left) whose inner band (1.5–4 % of the page's size in from it) is
    /// inked at least `share` as densely as the page's inside (and at least `minimumBandInk` of its points), or nil.
    /// Ink: a pixel 15 % darker than its 25-pixel neighbourhood, where that neighbourhood is paper.
    static func sideThroughPrint(_ image: GrayImage, corners: [PixelPoint], share: Double, minimumBandInk: Double = 0.02) -> Int? {
        sidesThroughPrint(image, corners: corners, share: share, minimumBandInk: minimumBandInk).first
    }

    /// Every side (0 top, 1 right, 2 bottom, 3 left) whose band inside is inked as `sideThroughPrint` says.
    static func sidesThroughPrint(_ image: GrayImage, corners: [PixelPoint], share: Double, minimumBandInk: Double = 0.02) -> [Int] {
        guard corners.count == 4 else { return [] }
        let w = image.width, h = image.height
        let sums = SummedArea(image)
        let r = 12
        func localMean(_ x: Int, _ y: Int) -> Double {
            let x0 = max(0, x - r), y0 = max(0, y - r), x1 = min(w, x + r + 1), y1 = min(h, y + r + 1)
            return Double(sums.sum(x0: x0, y0: y0, x1: x1, y1: y1)) / Double((x1 - x0) * (y1 - y0))
        }
        let (tl, tr, br, bl) = (corners[0], corners[1], corners[2], corners[3])
        func at(_ u: Double, _ v: Double) -> (Double, Double) {
            let top = (tl.x + (tr.x - tl.x) * u, tl.y + (tr.y - tl.y) * u)
            let bottom = (bl.x + (br.x - bl.x) * u, bl.y + (br.y - bl.y) * u)
            return (top.0 + (bottom.0 - top.0) * v, top.1 + (bottom.1 - top.1) * v)
        }
        let grid = stride(from: 0.1, through: 0.9, by: 0.8 / 59)
        let insidePoints = grid.flatMap { u in grid.map { v in at(u, v) } }
        // Paper: the page's typical neighbourhood brightness; a neighbourhood under 60 % of it is not paper.
        let paper = insidePoints.compactMap { p -> Double? in
            let x = Int(p.0.rounded()), y = Int(p.1.rounded())
            return x >= 0 && y >= 0 && x < w && y < h ? localMean(x, y) : nil
        }.sorted()
        guard !paper.isEmpty else { return [] }
        let paperFloor = 0.6 * paper[paper.count / 2]
        /// Whether a point is ink on paper; nil off the image or where the neighbourhood is not paper at all (a dark
        /// object, the desk), which is neither print nor margin.
        func isInk(_ px: Double, _ py: Double) -> Bool? {
            let x = Int(px.rounded()), y = Int(py.rounded())
            guard x >= 0, y >= 0, x < w, y < h else { return nil }
            let mean = localMean(x, y)
            guard mean >= paperFloor else { return nil }
            return Double(image.bytes[y * w + x]) < mean * 0.85
        }
        func density(_ points: [(Double, Double)]) -> Double {
            let seen = points.compactMap { isInk($0.0, $0.1) }
            // A band mostly off the paper says nothing about print.
            guard seen.count * 3 >= points.count else { return 0 }
            return Double(seen.filter { $0 }.count) / Double(seen.count)
        }
        let inside = density(insidePoints)
        guard inside > 0.005 else { return [] }
        func length(_ a: PixelPoint, _ b: PixelPoint) -> Double { hypot(b.x - a.x, b.y - a.y) }
        let size = (length(tl, tr) + length(bl, br) + length(tl, bl) + length(tr, br)) / 4
        let cx = corners.map(\.x).reduce(0, +) / 4, cy = corners.map(\.y).reduce(0, +) / 4
        var sides: [Int] = []
        for side in 0..<4 {
            let a = corners[side], b = corners[(side + 1) % 4]
            let l = length(a, b)
            guard l > 0 else { continue }
            // The side's normal, turned to point into the page.
            var nx = (b.y - a.y) / l, ny = -(b.x - a.x) / l
            if ((a.x + b.x) / 2 - cx) * nx + ((a.y + b.y) / 2 - cy) * ny > 0 {
                nx = -nx
                ny = -ny
            }
            var band: [(Double, Double)] = []
            for i in 0..<200 {
                let t = 0.1 + 0.8 * Double(i) / 199
                let px = a.x + (b.x - a.x) * t, py = a.y + (b.y - a.y) * t
                for j in 0..<6 {
                    let k = size * (0.015 + 0.025 * Double(j) / 5)
                    band.append((px + nx * k, py + ny * k))
                }
            }
            // A few specks in the band of a sparse page are not print: the band must hold some ink of its own.
            if density(band) >= max(share * inside, minimumBandInk) { sides.append(side) }
        }
        return sides
    }

    /// Whether `p` lies at least `margin` inside a `width` × `height` frame's edges.
    static func isClear(_ p: PixelPoint, width: Int, height: Int, by margin: Double) -> Bool {
        p.x >= margin && p.y >= margin && p.x <= Double(width - 1) - margin && p.y <= Double(height - 1) - margin
    }

    static func area(_ p: [PixelPoint]) -> Double {
        var s = 0.0
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    static func otsuThreshold(_ bytes: [UInt8]) -> Int {
        var hist = [Double](repeating: 0, count: 256)
        for b in bytes { hist[Int(b)] += 1 }
        let total = Double(bytes.count)
        let sumAll = (0..<256).reduce(0.0) { $0 + Double($1) * hist[$1] }
        var sumB = 0.0, wB = 0.0, best = 0.0, threshold = 127
        for t in 0..<256 {
            wB += hist[t]
            guard wB > 0 else { continue }
            let wF = total - wB
            guard wF > 0 else { break }
            sumB += Double(t) * hist[t]
            let mB = sumB / wB, mF = (sumAll - sumB) / wF
            let between = wB * wF * (mB - mF) * (mB - mF)
            if between > best {
                best = between
                threshold = t
            }
        }
        return threshold
    }
}
