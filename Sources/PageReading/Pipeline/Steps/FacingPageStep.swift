// Step "facing": on an open book, drop the cut-off line ends of the facing page at the edge of the frame.
import Foundation
import Imaging
import Support

struct FacingPageStep: PageStep {
    let name = "facing"
    let drawsPage = true

    /// Paints the facing page's rows of letters (and the marks beside them) out of the page before it is read.
    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let page = state.page, let ink = state.ink, let rows = state.inkLines else { return }
        var filter = FacingPageFilter(xHeight: state.xHeightOrTarget)
        if let decoded = state.decoded, let toPhoto = state.toPage.inverse() {
            filter.frame = FacingPageFilter.PhotoFrame(
                size: decoded.fullSize, toPhoto: toPhoto, flatToPage: state.flatToPage, sheetEdges: state.sheetEdgesInPhoto,
                pixels: decoded.image)
        }
        // A flat margin around the picture (turned or warped in an editor) moves the frame in to the picture's edge;
        // looked for only where there are rows enough for a facing page (`facingWithCuts` needs six).
        if let decoded = state.decoded, filter.frame != nil, rows.count >= FacingPageFilter.minimumRows {
            let image = decoded.image, scale = Double(decoded.fullSize.width) / Double(max(1, image.width))
            filter.frame?.picture = await offload { image.flatFillRuns().flatMap { PictureFrame($0, scale: scale) } }
            if let p = filter.frame?.picture {
                trace(
                    "facing: a flat margin around the picture, up to \([p.left, p.right, p.top, p.bottom].map { Int(Double($0.max() ?? 0) * p.scale) }) px"
                )
            }
        }
        let (facing, cuts) = filter.facingWithCuts(rows.map(\.box), weights: rows.map(\.letters.count), pageWidth: page.width)
        guard !facing.isEmpty else { return }
        trace("facing: \(facing.count) row(s) of the facing page painted out, cut at \(cuts)")
        let dropped = facing.map { rows[$0] }
        let grey = state.unbinarised
        let painted = await offload { () -> (LeptonicaImage?, LeptonicaImage?) in
            // Its rows, and any ink wholly beyond the cut (letters that made no row, a lone word).
            let beyond = ink.components.indices.filter { i in cuts.contains { $0.isBeyond(ink.components[i].box) } }
            let marks = Array(Set(ink.components(near: dropped)).union(beyond))
            let binary = page.grayImage().map { ink.painting(marks, value: 255, on: $0) }.flatMap { LeptonicaImage(gray: $0) }
            let greyPainted = grey?.grayImage().flatMap { g in
                g.width == ink.width && g.height == ink.height ? LeptonicaImage(gray: ink.painting(marks, value: 255, grow: 2, on: g)) : nil
            }
            return (binary, greyPainted)
        }
        if let binary = painted.0 { state.page = binary }
        if let greyPainted = painted.1 { state.unbinarised = greyPainted }
        state.inkLines = rows.enumerated().filter { !facing.contains($0.offset) }.map(\.element)
        state.shortInkLines.removeAll { piece in cuts.contains { $0.isBeyond(piece.box) } }
        state.facingCuts = cuts
    }
}

/// The facing page shows as a narrow strip of text against one side of the frame, its lines cut by the edge, with
/// an empty band (its margin, the gutter, ours) between it and the page that was photographed.
struct FacingPageFilter: Sendable {
    /// x-height of the print in page pixels.
    var xHeight: Double
    /// The empty band must be at least this many x-heights wide.
    var minimumGap = 3.0
    /// Lines within this many x-heights of the frame edge count as cut by it.
    var edgeMargin = 2.0
    /// A strip cut by its own paper (a side of the sheet that runs through print), not by the frame, may be this share
    /// of the page beside it wide: a facing page that curls away shows more of its lines than one the frame cuts.
    var sheetWidthShare = 0.75
    /// ...when its lines are at least this many x-heights long (the median line; some 20 letters).
    var sheetLineLength = 12.0
    /// The photo's own frame, when the page image is not it: a photo taken at a slant and levelled has its frame
    /// running at a slant across the page image, and the facing page's lines end at that frame, not at the image's
    /// edge. A line end counts as at the frame when it is near either.
    var frame: PhotoFrame?

    /// Where a point of the page image lay in the photo: the photo's size, and the maps back to it.
    struct PhotoFrame: Sendable {
        var size: PixelSize
        /// From the page before dewarping to the upright photo.
        var toPhoto: Homography
        /// From the flattened page to the page before dewarping (nil when it was not dewarped).
        var flatToPage: (any FlatPageMap)?
        /// The picture's own edges inside the photo, where a flat margin surrounds it (nil: the photo's edges).
        var picture: PictureFrame?
        /// Sides of the sheet the page step found that run through print (`PageState.sheetEdgesInPhoto`).
        var sheetEdges: [PageDetector.Edge] = []
        /// The upright photo itself (`size`, or smaller when it was decoded shrunk), where a facing page's paper can be
        /// seen to end beside its lines (`paperEnds`); nil when it is not at hand.
        var pixels: LeptonicaImage?

        /// The photo beyond a line's end must be darker than the paper among its letters by this many levels...
        static let paperStep = 10
        /// ...and by this share of the paper's brightness.
        static let paperShare = 0.06

        /// Whether the paper ends just beyond a line's end at `x` (page pixels; the line spans `top` to `bottom`,
        /// `outward` is -1 past a left end, +1 past a right end): looking across the line at a few rows, the
        /// brightest pixel is paper between letters; over most of the 0.5 to 2.5 x-heights beyond the end the photo
        /// is darker than that, as a table or the shadow under a sheet is. Paper that goes on (a margin) is as
        /// bright as between the letters; a gutter's shadow starts further out than the line's last letter.
        func paperEnds(x: Double, top: Double, bottom: Double, outward: Double, xHeight: Double) -> Bool {
            guard let pixels, size.width > 0, xHeight > 0 else { return false }
            let shrink = Double(pixels.width) / Double(size.width)
            let rows = (0..<5).map { top + (bottom - top) * (0.1 + 0.2 * Double($0)) }
            /// The brightest of the rows at `t` x-heights beyond the end (negative: back along the line).
            func brightest(_ t: Double) -> Int? {
                var best: Int?
                for y in rows {
                    let p = inPhoto(x: x + outward * t * xHeight, y: y).point
                    guard let v = pixels.brightness(x: Int(p.x * shrink), y: Int(p.y * shrink)) else { return nil }
                    best = max(best ?? v, v)
                }
                return best
            }
            let among = stride(from: 0.25, through: 3.0, by: 0.25).compactMap { brightest(-$0) }.sorted()
            let beyond = stride(from: 0.5, through: 2.5, by: 0.25).compactMap { brightest($0) }.sorted()
            // Samples off the photo say nothing (a line cut by the frame is the frame's case).
            guard among.count >= 8, beyond.count >= 7 else { return false }
            let paper = among[among.count / 2], outside = beyond[beyond.count / 2]
            return Double(paper - outside) >= max(Double(Self.paperStep), Self.paperShare * Double(paper))
        }

        /// How far (page pixels) the point lies inside the photo's nearest edge.
        func distance(x: Double, y: Double) -> Double {
            let (p, scale) = inPhoto(x: x, y: y)
            let across = min(p.x, Double(size.width) - p.x), down = min(p.y, Double(size.height) - p.y)
            let inside = min(across, down, picture?.distance(x: p.x, y: p.y) ?? .infinity)
            return inside / scale
        }

        /// How far (page pixels) the point lies from the nearest side of the sheet that runs through print, either
        /// way, along its length; infinity when there is none.
        func distanceToSheetEdge(x: Double, y: Double) -> Double {
            guard !sheetEdges.isEmpty else { return .infinity }
            let (p, scale) = inPhoto(x: x, y: y)
            let nearest =
                sheetEdges.map { edge -> Double in
                    let dx = edge.to.x - edge.from.x, dy = edge.to.y - edge.from.y, length = (dx * dx + dy * dy).squareRoot()
                    guard length > 0 else { return .infinity }
                    let along = ((p.x - edge.from.x) * dx + (p.y - edge.from.y) * dy) / length
                    guard along >= 0, along <= length else { return .infinity }
                    return abs((p.y - edge.from.y) * dx - (p.x - edge.from.x) * dy) / length
                }.min() ?? .infinity
            return nearest / scale
        }

        /// The point in the photo, and the photo pixels per page pixel near it.
        private func inPhoto(x: Double, y: Double) -> (point: (x: Double, y: Double), scale: Double) {
            let onPage: (x: Double, y: Double) = flatToPage?.source(x: x, y: y) ?? (x, y)
            let p = toPhoto.apply(onPage.x, onPage.y)
            let nextPage: (x: Double, y: Double) = flatToPage?.source(x: x + 8, y: y) ?? (x + 8, y)
            let q = toPhoto.apply(nextPage.x, nextPage.y)
            let dx = q.x - p.x, dy = q.y - p.y
            return ((p.x, p.y), max(1e-6, (dx * dx + dy * dy).squareRoot() / 8))
        }
    }

    /// How far the end of `box` on `side` lies from a side of the sheet that runs through print (infinity when none).
    func distanceToSheetEdge(_ box: PixelBox, side: Side) -> Double {
        frame?.distanceToSheetEdge(x: side == .left ? Double(box.x) : Double(box.maxX), y: box.midY) ?? .infinity
    }

    /// Whether the photo shows the paper ending just beyond the end of `box` on `side` (`PhotoFrame.paperEnds`).
    func paperEnds(_ box: PixelBox, side: Side) -> Bool {
        frame?.paperEnds(
            x: side == .left ? Double(box.x) : Double(box.maxX), top: Double(box.y), bottom: Double(box.maxY),
            outward: side == .left ? -1 : 1, xHeight: xHeight) ?? false
    }

    /// How far the end of `box` on `side` lies from the frame: the page image's edge on that side, or the photo's
    /// own edge where it runs across the image.
    func distanceToFrame(_ box: PixelBox, side: Side, pageWidth: Int) -> Double {
        let end = side == .left ? Double(box.x) : Double(box.maxX)
        let image = side == .left ? end : Double(pageWidth) - end
        guard let frame else { return image }
        return min(image, frame.distance(x: end, y: box.midY))
    }

    /// Where the facing page begins: everything on `side` of the line through `x` (at the page's top) belongs to it.
    /// The line runs down at `slope` (x per pixel down; 0 straight down): the gutter of a book photographed turned
    /// runs at a slant across the levelled page, which its own lines' ends follow.
    struct Cut: Sendable, Equatable {
        var side: Side
        var x: Int
        var slope = 0.0

        /// Where the cut runs at height `y`.
        func x(atY y: Double) -> Double { Double(x) + slope * y }

        /// Whether a piece spanning `minX` to `maxX` at height `y` lies wholly beyond the cut.
        func isBeyond(minX: Double, maxX: Double, y: Double) -> Bool {
            side == .left ? maxX <= x(atY: y) : minX >= x(atY: y)
        }

        func isBeyond(_ box: PixelBox) -> Bool { isBeyond(minX: Double(box.x), maxX: Double(box.maxX), y: box.midY) }
    }

    func keep(_ lines: [RecognizedLine], pageWidth: Int) -> [RecognizedLine] {
        let drop = facingWithCuts(
            lines.map(\.box), weights: lines.map(\.text.count), pageWidth: pageWidth, figures: lines.map { Self.isFigures($0.text) }
        ).indices
        return lines.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
    }

    /// A line of figures (a price, an amount): it holds a digit, and no more letters than digits ("1,19 A",
    /// "-0,45"). The cut line ends of a facing page are words.
    static func isFigures(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        let digits = scalars.filter { CharacterSet.decimalDigits.contains($0) }.count
        let letters = scalars.filter { CharacterSet.letters.contains($0) }.count
        return digits > 0 && letters <= digits
    }

    /// The facing page's boxes, and where it begins on each side it was found; `weights` says how much text each
    /// box holds, and `figures`, when the lines were read, which hold figures (`isFigures`).
    func facingWithCuts(_ boxes: [PixelBox], weights: [Int], pageWidth: Int, figures: [Bool]? = nil) -> (indices: Set<Int>, cuts: [Cut]) {
        guard boxes.count >= Self.minimumRows, pageWidth > 0 else { return ([], []) }
        var cuts: [Cut] = []
        var kept = Array(boxes.indices)
        // A facing page can hold more than one strip (margin notes, then its text): peel up to three per side.
        for side in [Side.left, .right] {
            for _ in 0..<3 {
                // An empty band first; failing that, one that a single line crosses (a running head, or a
                // fragment read together with its neighbour across the gutter).
                let keptBoxes = kept.map { boxes[$0] }, keptWeights = kept.map { weights[$0] }
                let keptFigures = figures.map { f in kept.map { f[$0] } }
                let find = { (crossing: Int, slope: Double) in
                    fragmentStrip(
                        keptBoxes, weights: keptWeights, pageWidth: pageWidth, side: side, crossing: crossing, figures: keptFigures, slope: slope
                    )
                }
                // Straight down first; failing that, the widest empty band at a slant (a gutter running across a page
                // photographed turned), with no line crossing it.
                guard
                    let strip = find(0, 0) ?? find(1, 0)
                        ?? Self.slopes.compactMap({ find(0, $0) }).max(by: { $0.band < $1.band })
                else { break }
                let stripIndices = Set(strip.indices.map { kept[$0] })
                kept.removeAll { stripIndices.contains($0) }
                // The facing page begins at the strip's inner edge; a strip peeled further in moves the cut in.
                let previous = cuts.first { $0.side == side }
                cuts.removeAll { $0.side == side }
                var cut = strip.edge
                if let previous, previous.slope == cut.slope {
                    cut.x = side == .left ? max(cut.x, previous.x) : min(cut.x, previous.x)
                }
                cuts.append(cut)
            }
        }
        return (Set(boxes.indices).subtracting(kept), cuts)
    }

    enum Side: Sendable { case left, right }

    /// Fewer rows (or lines) than this hold no facing page beside a page of ours.
    static let minimumRows = 6

    /// The slants (x per pixel down) an empty band is looked for at when there is none straight down: up to about 9°
    /// either way, what is left of a turn the levelling did not take out at the gutter (it levels the lines, and the
    /// gutter of a curled book need not run square to them).
    static let slopes: [Double] = stride(from: -0.16, through: 0.161, by: 0.02).map { ($0 * 100).rounded() / 100 }.filter { $0 != 0 }

    /// A strip beyond a slanted band holds at least this many rows (lines).
    static let minimumSlantedRows = 4

    /// A strip of the facing page: its indices, where the facing page begins (the strip's inner edge, at the band's
    /// slant), and how wide the empty band beside it is (pixels).
    struct Strip {
        var indices: [Int]
        var edge: Cut
        var band: Int
    }

    /// The facing page's strip on `side` beyond an empty band running down at `slope` (x per pixel down), or nil when
    /// there is none. `crossing`: how many lines may run through the empty band; `figures`: which lines hold figures,
    /// when known.
    func fragmentStrip(
        _ boxes: [PixelBox], weights: [Int], pageWidth: Int, side: Side, crossing: Int = 0, figures: [Bool]? = nil, slope: Double = 0
    ) -> Strip? {
        // The boxes sheared so that a band at `slope` runs straight down: each moves by its height's shift, and all
        // by `offset` so that none starts left of 0.
        let shifts = boxes.map { Int((slope * $0.midY).rounded()) }
        let offset = shifts.max() ?? 0, width = pageWidth + offset - (shifts.min() ?? 0)
        let lows = boxes.indices.map { boxes[$0].x - shifts[$0] + offset }
        let highs = boxes.indices.map { boxes[$0].maxX - shifts[$0] + offset }
        // Empty vertical bands between line boxes, from the frame edge inwards.
        var count = [Int](repeating: 0, count: width + 1)
        for i in boxes.indices {
            for x in max(0, lows[i])..<min(width + 1, max(lows[i], highs[i])) { count[x] += 1 }
        }
        let coverage = count.map { $0 > crossing }
        let gap = Int(minimumGap * xHeight)
        // The first empty band at least `gap` wide, met walking in from `side`, after some text.
        let xs: [Int] = side == .left ? Array(0...width) : Array((0...width).reversed())
        var seenText = false, run = 0, cut: Int? = nil, band = 0
        for x in xs {
            if coverage[x] {
                if seenText, run >= gap {
                    cut = side == .left ? x - run / 2 : x + run / 2
                    band = run
                    break
                }
                seenText = true
                run = 0
            } else if seenText {
                run += 1
            }
        }
        guard let cut else { return nil }
        let strip = boxes.indices.filter { side == .left ? highs[$0] <= cut : lows[$0] >= cut }
        let rest = boxes.indices.filter { side == .left ? lows[$0] > cut : highs[$0] < cut }
        // A slant is measured along the strip's line ends: a few rows beyond a band fit one at some slant or other.
        guard !strip.isEmpty, rest.count >= 3, slope == 0 || strip.count >= Self.minimumSlantedRows else { return nil }
        // Cut by the frame: most of the strip's lines reach the edge.
        let margin = edgeMargin * xHeight
        let atEdge = strip.filter { distanceToFrame(boxes[$0], side: side, pageWidth: pageWidth) <= margin }.count
        if traceLevel >= 3 {
            trace(
                "facing: \(side) strip of \(strip.count) beyond \(cut - offset) at slope \(slope), \(atEdge) at the frame: \(strip.map { Int(distanceToFrame(boxes[$0], side: side, pageWidth: pageWidth)) })"
            )
        }
        let byFrame = Double(atEdge) >= 0.5 * Double(strip.count)
        // Narrower than the page beside it, and holding less text.
        let stripWidth = (strip.map { boxes[$0].maxX }.max() ?? 0) - (strip.map { boxes[$0].x }.min() ?? 0)
        let restWidth = (rest.map { boxes[$0].maxX }.max() ?? 0) - (rest.map { boxes[$0].x }.min() ?? 0)
        let stripWeight = strip.reduce(0) { $0 + weights[$1] }, restWeight = rest.reduce(0) { $0 + weights[$1] }
        if traceLevel >= 3 { trace("facing: strip \(stripWidth) px wide, \(stripWeight) letters; the rest \(restWidth), \(restWeight)") }
        guard Double(stripWidth) < (byFrame ? 0.5 : sheetWidthShare) * Double(restWidth), stripWeight < restWeight else { return nil }
        if !byFrame {
            // Or cut by its own paper, where the facing page curls away or lies under ours: most of its lines end at a
            // side of the sheet that the page step found running through print, or where the photo shows the paper
            // ending right after the line's last letter.
            let atSheet = strip.filter { distanceToSheetEdge(boxes[$0], side: side) <= margin || paperEnds(boxes[$0], side: side) }.count
            if traceLevel >= 3, atSheet > 0 { trace("facing: \(atSheet) of the strip's \(strip.count) end where their paper does") }
            guard Double(atSheet) >= 0.5 * Double(strip.count) else { return nil }
        }
        // A column of the same page (prices, a table's last column) sits on the rows of the text beside it and
        // ends short of the edge; the facing page's lines keep their own spacing, or run into the edge itself.
        let aligned = strip.filter { i in
            rest.contains { j in abs(boxes[i].midY - boxes[j].midY) <= 0.35 * Double(min(boxes[i].height, boxes[j].height)) }
        }.count
        let touch = 0.25 * xHeight
        let clipped = strip.filter { distanceToFrame(boxes[$0], side: side, pageWidth: pageWidth) <= touch }.count
        // So is a column of figures (a receipt's prices), whose rows can drift off the items' where the photo fans
        // them: the facing page's cut line ends are words.
        let figureLines = figures.map { f in strip.filter { f[$0] }.count } ?? 0
        let ownColumn = Double(aligned) >= 0.6 * Double(strip.count) || Double(figureLines) >= 0.6 * Double(strip.count)
        if traceLevel >= 3 { trace("facing: \(aligned) on the rest's rows, \(figureLines) of figures, \(clipped) clipped by the frame") }
        // A facing page cut by its own paper sits on our rows as a book's pages do (both set on one grid); only
        // figures say it is our own column there.
        if byFrame {
            guard !ownColumn || Double(clipped) >= 0.5 * Double(strip.count) else { return nil }
        } else {
            // ...and its lines are long: a column of prices or short cells beside a sheet's side (a receipt's printed
            // to its edge) is not prose cut off.
            let widths = strip.map { boxes[$0].width }.sorted()
            guard Double(figureLines) < 0.6 * Double(strip.count), Double(widths[widths.count / 2]) >= sheetLineLength * xHeight
            else { return nil }
        }
        let edge = side == .left ? strip.map { highs[$0] }.max()! : strip.map { lows[$0] }.min()!
        return Strip(indices: strip, edge: Cut(side: side, x: edge - offset, slope: slope), band: band)
    }
}
