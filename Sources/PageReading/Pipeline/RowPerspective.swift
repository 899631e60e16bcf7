// A page photographed from one side: its rows are straight but converge toward a point beside the page, so a row's
// far end drifts up or down against its near end by a different amount on every row. Row by row the print looks
// level; across a gap (a receipt's prices beside its items, a table's columns) the drift puts one row's end beside
// the next row's start. This finds how the rows fan out and maps the page so they run parallel again.
import Foundation
import Imaging
import Support

struct RowPerspective: Sendable {
    /// x-height of the print in page pixels.
    var xHeight: Double
    /// The rows at the top and bottom of the page must drift apart, across its width, by at least this many
    /// x-heights: each then ends an x-height or more (half a row's pitch) from where a level row would, enough to
    /// put a piece beside the wrong row. Less is the print's own unevenness, and taking it out changes nothing but
    /// the pixels Tesseract sees.
    var minimumDrift = 2.0
    /// The fanned rows must be at least this much sharper than the best the page reaches by a tilt alone.
    var minimumGain = 1.1
    /// At least this share of the letters lies beside the rows' reach (a receipt's prices beside its items, a
    /// table's far columns): there no row leads the eye, and a fan puts one row's end beside the next row's start.
    var minimumBeside = 0.1
    /// Leave the page to the dewarp step when the text lines' own page model takes its rows flat (tests switch it
    /// off to look at the fan on its own).
    var defersToPageModel = true

    /// The rows' fan: the slope of the row through `centre` (`tilt`), and how a row's slope changes per pixel
    /// further down (`spread`: positive when the rows converge to the left).
    struct Fan: Sendable {
        var tilt: Double
        var spread: Double
        var centre: (x: Double, y: Double)
    }

    /// The fan that stacks the letters into the sharpest rows across the whole width (each ink pixel counted at the
    /// height its row has at the middle; `Dewarper.lineSharpness` of that profile), with the sharpness it reaches
    /// and the sharpness of the best plain tilt. The rows' own spans are too short to extrapolate from across a gap
    /// (a slope read along a receipt's item, carried to its price twice as far away, misses by a row); the ink of
    /// the far pieces says directly where their rows run.
    static func sharpestFan(_ letters: GrayImage) -> (fan: Fan, sharpness: Double, tiltOnly: Double, level: Double)? {
        let w = letters.width, h = letters.height
        var xs: [Double] = [], ys: [Double] = []
        for y in 0..<h {
            let row = y * w
            for x in 0..<w where letters.bytes[row + x] < 128 {
                xs.append(Double(x))
                ys.append(Double(y))
            }
        }
        guard xs.count >= 200 else { return nil }
        // Some 20,000 pixels are plenty to rank fans (a large page's letters hold hundreds of thousands).
        let keep = max(1, xs.count / 20_000)
        if keep > 1 {
            xs = stride(from: 0, to: xs.count, by: keep).map { xs[$0] }
            ys = stride(from: 0, to: ys.count, by: keep).map { ys[$0] }
        }
        let x0 = Double(w) / 2, y0 = Double(h) / 2, pad = h / 2
        func sharpness(_ tilt: Double, _ spread: Double) -> Double {
            var profile = [Int](repeating: 0, count: h + 2 * pad)
            let shift = tilt - spread * y0
            for i in xs.indices {
                let dx = xs[i] - x0, across = 1 + spread * dx
                guard across > 0.1 else { continue }
                let c = (ys[i] - shift * dx) / across
                let index = Int(c.rounded()) + pad
                if index >= 0 && index < profile.count { profile[index] += 1 }
            }
            return Dewarper.lineSharpness(profile)
        }
        // Tilts up to about 2.3° (the page was levelled before) and fans whose top and bottom rows differ in slope
        // by up to 0.12; a coarse grid, then a finer one around its best.
        var best = (tilt: 0.0, change: 0.0, value: sharpness(0, 0))
        let level = best.value
        var tiltOnly = level
        for t in stride(from: -0.04, through: 0.04, by: 0.005) {
            for change in stride(from: -0.12, through: 0.12, by: 0.01) {
                let v = sharpness(t, change / Double(h))
                if change == 0 { tiltOnly = max(tiltOnly, v) }
                if v > best.value { best = (t, change, v) }
            }
        }
        let coarse = best
        for t in stride(from: coarse.tilt - 0.004, through: coarse.tilt + 0.004, by: 0.001) {
            for change in stride(from: coarse.change - 0.008, through: coarse.change + 0.008, by: 0.002) {
                let v = sharpness(t, change / Double(h))
                if v > best.value { best = (t, change, v) }
            }
        }
        return (Fan(tilt: best.tilt, spread: best.change / Double(h), centre: (x0, y0)), best.value, tiltOnly, level)
    }

    /// The share of the letters' ink (dark pixels of `letters`) between the rows' top and bottom that lies more than
    /// `margin` beyond the leftmost and rightmost reach of the rows.
    static func shareBeside(_ spans: [TextLineDewarper.Span], letters: GrayImage, margin: Int) -> Double {
        guard let left = spans.compactMap(\.x.first).min(), let right = spans.compactMap(\.x.last).max(),
            let top = spans.compactMap({ $0.y.min() }).min(), let bottom = spans.compactMap({ $0.y.max() }).max()
        else { return 0 }
        let lo = Int(left) - margin, hi = Int(right) + margin
        var inside = 0, outside = 0
        for y in max(0, Int(top))..<min(letters.height, Int(bottom) + 1) {
            let row = y * letters.width
            for x in 0..<letters.width where letters.bytes[row + x] < 128 {
                if x < lo || x > hi { outside += 1 } else { inside += 1 }
            }
        }
        return inside + outside > 0 ? Double(outside) / Double(inside + outside) : 0
    }

    /// The fan scaled from working-copy pixels to page pixels (slopes keep, the spread per pixel shrinks).
    static func scaled(_ fan: Fan, by factor: Double) -> Fan {
        Fan(tilt: fan.tilt, spread: fan.spread * factor, centre: (fan.centre.x / factor, fan.centre.y / factor))
    }

    /// The quadrilateral of a `width` × `height` page whose top and bottom edges run as the fan's rows do and whose
    /// sides are the page's own, large enough to hold the whole page (top-left, top-right, bottom-right,
    /// bottom-left), and the height of the rectangle it maps onto.
    static func quad(_ fan: Fan, width: Int, height: Int) -> (corners: [(x: Double, y: Double)], height: Int) {
        let w = Double(width), h = Double(height)
        // The row through (x, y) continues to `at` with the slope the fan gives a row at its height at the middle.
        // A row at height c at the middle has slope tilt + spread · (c − y₀).
        func row(through c: Double, at x: Double) -> Double { c + (fan.tilt + fan.spread * (c - fan.centre.y)) * (x - fan.centre.x) }
        // The top edge is the fan's row that clears both top corners; the bottom edge the one under both bottom
        // corners. A row's height at x is linear in its height c at the middle: c · (1 + spread · (x − x₀)) +
        // (tilt − spread · y₀) · (x − x₀), so the row through each corner is solved for, and the outer one taken.
        func through(_ x: Double, _ y: Double) -> Double {
            let dx = x - fan.centre.x
            return (y - (fan.tilt - fan.spread * fan.centre.y) * dx) / (1 + fan.spread * dx)
        }
        func edge(cornerY: Double, above: Bool) -> Double {
            let l = through(0, cornerY), r = through(w, cornerY)
            return above ? min(l, r) : max(l, r)
        }
        let top = edge(cornerY: 0, above: true), bottom = edge(cornerY: h, above: false)
        let corners = [
            (x: 0.0, y: row(through: top, at: 0)), (x: w, y: row(through: top, at: w)),
            (x: w, y: row(through: bottom, at: w)), (x: 0.0, y: row(through: bottom, at: 0)),
        ]
        let tall = max(corners[3].y - corners[0].y, corners[2].y - corners[1].y)
        return (corners, Int(tall.rounded()))
    }

    /// The page with its rows made parallel, and the transform from the page to it; nil when the rows do not fan,
    /// when no letters lie beside the rows' reach, or when the text lines' page model takes the rows flat itself.
    func straighten(_ page: LeptonicaImage) -> (image: LeptonicaImage, transform: Homography)? {
        var measured: TextLineDewarper.WorkingCopy?
        return straighten(page, leftAlone: &measured)
    }

    /// As `straighten(_:)`; when it leaves the page as it is, `leftAlone` is the dewarp step's working copy of it with
    /// the spans (and the page model, when it was fitted) found on it.
    func straighten(_ page: LeptonicaImage, leftAlone: inout TextLineDewarper.WorkingCopy?) -> (image: LeptonicaImage, transform: Homography)? {
        // The dewarp step's working copy and letters: the same rows it would fit its page model to.
        let lines = TextLineDewarper(xHeight: xHeight)
        guard var copy = lines.workingCopy(page) else { return nil }
        let mask = copy.letters, factor = copy.factor
        let wx = xHeight * factor
        let spans = TextLineDewarper.spans(ink: mask.bytes.map { $0 < 128 }, width: mask.width, height: mask.height, xHeight: wx)
        copy.spans = spans
        leftAlone = copy
        let beside = Self.shareBeside(spans, letters: mask, margin: Int(2 * wx))
        guard beside >= minimumBeside else {
            trace("perspective: \(String(format: "%.2f", beside)) of the letters beside the rows' reach, left alone")
            return nil
        }
        // Where the text lines' own page model takes the rows flat, it bends each row where its letters are, fan and
        // all, and that is better than one fan for the whole page. Only where it finds nothing to keep (rows read
        // in pieces across a gap, whose far pieces it can only guess) is the fan taken out here.
        if defersToPageModel {
            let model = lines.pageModel(mask, xHeight: wx, spans: spans)
            copy.model = .some(model)
            leftAlone = copy
            if model != nil {
                trace("perspective: the text lines' page model takes the rows flat")
                return nil
            }
        }
        guard let found = Self.sharpestFan(mask) else { return nil }
        let fan = found.fan
        let drift = abs(fan.spread) * Double(mask.height) * Double(mask.width) / wx
        trace(
            "perspective: fan tilt \(String(format: "%.3f", fan.tilt)), slopes apart \(String(format: "%.3f", fan.spread * Double(mask.height))), drift \(String(format: "%.1f", drift)) x-heights; sharpness \(String(format: "%.1f", found.level)) level, \(String(format: "%.1f", found.tiltOnly)) tilted, \(String(format: "%.1f", found.sharpness)) fanned"
        )
        guard drift >= minimumDrift, found.sharpness >= minimumGain * found.tiltOnly else { return nil }
        let pageFan = Self.scaled(fan, by: factor)
        let reach = max(pageFan.centre.x, Double(page.width) - pageFan.centre.x)
        guard abs(pageFan.spread) * reach < 0.5 else { return nil }
        let (corners, tall) = Self.quad(pageFan, width: page.width, height: page.height)
        // At most a third taller: a fan that needs more is a misreading of the rows.
        guard tall > 8, Double(tall) <= 1.34 * Double(page.height) else { return nil }
        guard let (image, transform) = PageDetector.rectify(page, corners: corners, width: page.width, height: tall) else { return nil }
        leftAlone = nil
        return (image, transform)
    }
}
