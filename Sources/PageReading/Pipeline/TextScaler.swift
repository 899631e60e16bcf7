// Step "scale": measure the x-height of the print and resize so it lands where Tesseract reads best.
import Foundation
import Imaging
import Support

struct TextScaler: Sendable {
    /// Target x-height in pixels.
    var targetXHeight: Double
    /// Longest side allowed after scaling.
    var maxLongSide: Int
    /// Largest upscale factor (tiny photos gain nothing past this).
    var maxUpscale: Double
    /// Long side of the survey copy used to measure the print.
    var surveyLongSide: Int = 1600

    /// The print's size as measured, and whether it measured larger turned a quarter (its letters' widths read as
    /// heights: print lying sideways in the pixels, or letters that touch along the row).
    struct PrintSize: Sendable, Equatable {
        var xHeight: Double
        var liesSideways = false
        /// Measured on the components lying on paper only (`onPaper`): specks outnumbered the letters.
        var onPaperOnly = false
    }

    /// The estimated x-height of the print in `image`'s pixels, or nil when there is too little text to tell.
    func estimateXHeight(of image: LeptonicaImage) -> Double? { measurePrint(of: image)?.xHeight }

    /// The print's x-height in `image`'s pixels and whether it measured so turned a quarter, or nil when there is
    /// too little text to tell.
    func measurePrint(of image: LeptonicaImage) -> PrintSize? {
        let long = Double(max(image.width, image.height))
        var factor = min(1, Double(surveyLongSide) / long)
        for _ in 0..<3 {
            guard let survey = image.scaled(by: factor).map(Self.stretchedWhenFlat),
                let binary = survey.sauvolaBinarised(halfWindow: 10, factor: 0.3)
            else { return nil }
            let boxes = binary.componentBoxes()
            // Print lying sideways shows its letters' widths as heights: measured both ways, the clearly larger is
            // the letters' height (upright print's letters are narrower than they are tall).
            let turned = boxes.map { PixelBox(x: $0.y, y: $0.x, width: $0.height, height: $0.width) }
            let asItLies = Self.printHeight(boxes), sideways = Self.printHeight(turned)
            if let mode = Self.larger(asItLies, sideways) {
                if mode >= 6 { return PrintSize(xHeight: mode / factor, liesSideways: mode != asItLies) }
                if let blurred = Self.blurredPrint(survey) { return PrintSize(xHeight: blurred / factor) }
                // Still under 6 px at full size: a halftone picture's dots or a surface's specks outnumber the
                // letters. A copy at half the size merges the dots into grey and shrinks the specks; letters stay.
                // Or the print is that small (a photo sent small): then the half-size copy's letters merge into words
                // and lines, which can measure 6 px or more, but the full-size copy holds few letters twice that tall
                // (the letters a halftone's dots outnumber are there at full size too).
                if factor >= 1 {
                    if let half = image.scaled(by: factor / 2).map(Self.stretchedWhenFlat)?.sauvolaBinarised(halfWindow: 10, factor: 0.3),
                        let merged = Self.printHeight(half.componentBoxes()), merged >= 6
                    {
                        let letters = Self.letterLike(boxes, near: 2 * merged)
                        trace(
                            "scale: \(String(format: "%.1f", mode)) px components are dots or specks; at half size the print measures \(String(format: "%.1f", merged)) px, with \(letters) letters of that size at full size"
                        )
                        if letters >= Self.minimumLetters { return PrintSize(xHeight: merged / (factor / 2)) }
                    }
                    // Or a dark surface's grain outnumbers the letters: the components on paper are the print.
                    if let gray = survey.grayImage(), let onPaper = Self.printHeight(Self.onPaper(boxes, in: gray)), onPaper >= 6 {
                        trace(
                            "scale: \(String(format: "%.1f", mode)) px components lie on a dark surface; the ones on paper measure \(String(format: "%.1f", onPaper))"
                        )
                        return PrintSize(xHeight: onPaper / factor, onPaperOnly: true)
                    }
                    return PrintSize(xHeight: mode / factor)
                }
            }
            guard factor < 1 else {
                // Too few components for a mode: a word or a number alone ("The", "12.50", "Page 12 of 40").
                guard asItLies == nil, sideways == nil, let few = Self.fewLettersHeight(boxes) else { return nil }
                trace("scale: a few letters alone, \(String(format: "%.1f", few)) px")
                return PrintSize(xHeight: few / factor)
            }
            factor = min(1, factor * 2)
        }
        return nil
    }

    /// The boxes whose surroundings are paper: print is dark on light, so a component whose neighbourhood (its box
    /// and as much again on every side) is on average darker than half the paper's grey (the 90th percentile of the
    /// image) is a dark surface's grain or a shadow's specks, which a local threshold finds in any noise.
    static func onPaper(_ boxes: [PixelBox], in gray: GrayImage) -> [PixelBox] {
        let paper = gray.grey(atShare: 9, of: 10), sums = SummedArea(gray)
        return boxes.filter { b in
            let r = max(b.width, b.height)
            let x0 = max(0, b.x - r), y0 = max(0, b.y - r), x1 = min(gray.width, b.maxX + r), y1 = min(gray.height, b.maxY + r)
            guard x1 > x0, y1 > y0 else { return false }
            return 2 * sums.sum(x0: x0, y0: y0, x1: x1, y1: y1) >= paper * (x1 - x0) * (y1 - y0)
        }
    }

    /// The x-height of a few letters alone (3 to 39 letter-shaped components of 4 px or more, at least three and half
    /// of them within a third of their median height): four fifths of that median, which mixes capitals, digits
    /// and ascenders with small letters. Nil for no such letters.
    static func fewLettersHeight(_ boxes: [PixelBox]) -> Double? {
        let heights = boxes.filter { isLetterShaped($0) && $0.height >= 4 }.map { Double($0.height) }.sorted()
        guard heights.count >= 3, heights.count < 40 else { return nil }
        let median = heights[heights.count / 2]
        let alike = heights.filter { $0 >= 0.75 * median && $0 <= 1.33 * median }.count
        guard alike >= 3, 2 * alike >= heights.count else { return nil }
        return 0.8 * median
    }

    /// How many of `boxes` are letter-shaped (`isLetterShaped`) and within a third of `height` tall.
    static func letterLike(_ boxes: [PixelBox], near height: Double) -> Int {
        boxes.filter { b in isLetterShaped(b) && Double(b.height) >= 0.75 * height && Double(b.height) <= 1.33 * height }.count
    }

    /// A box shaped as a letter (or a few run together) can be: at least 2 px wide, at most three times as wide as
    /// tall and four times as tall as wide.
    static func isLetterShaped(_ b: PixelBox) -> Bool { b.width >= 2 && b.width <= 3 * b.height && b.height <= 4 * b.width }

    /// A print size is believed from this many letters of it up (`xHeightMode`'s peak, and the half-size check).
    static let minimumLetters = 20

    /// Blurred print (a shaken hand, a missed focus) is grey where Sauvola's threshold (k = 0.3) wants ink as dark as
    /// its neighbourhood's spread allows: its letters drop out and only specks remain, which measure as tiny print.
    /// When the survey's edges spread as a blur's do (`blurredSpread`), a gentler threshold (k = 0.1) keeps the
    /// letters; their height, when it is 6 px or more, is the print's.
    static func blurredPrint(_ survey: LeptonicaImage) -> Double? {
        guard let gray = survey.grayImage(), let spread = EdgeSpread(reach: 4).sigma(of: gray), spread >= blurredSpread,
            let soft = survey.sauvolaBinarised(halfWindow: 10, factor: 0.1).flatMap({ printHeight($0.componentBoxes()) })
        else { return nil }
        trace(
            "scale: specks on a blurred copy (edges spread \(String(format: "%.2f", spread)) px); a gentler threshold measures \(String(format: "%.1f", soft))"
        )
        return soft >= 6 ? soft : nil
    }

    /// Edges spread at least this far (σ in pixels, `EdgeSpread`) on a survey copy: the photo is blurred. Sharp
    /// photos' survey copies measure 0.8–0.9 px where their specks outnumber the letters; the same photos blurred by
    /// a thousandth of their long side measure 1.3–2.3 px.
    static let blurredSpread = 1.2

    /// The print's x-height among component boxes: their most common letter-like height, or, when that is under
    /// 6 px (tiny print or specks: blur and noise break into them), the letter-like height holding the most ink
    /// (counts weighed by height) when that is 6 px or more.
    static func printHeight(_ boxes: [PixelBox]) -> Double? {
        guard let mode = xHeightMode(of: boxes) else { return nil }
        if mode < 6, let tall = xHeightMode(of: boxes, weighingHeights: true), tall >= 6 {
            trace("scale: \(String(format: "%.1f", mode)) px components are specks beside \(String(format: "%.1f", tall)) px letters")
            return tall
        }
        return mode
    }

    /// The height measured on the boxes as they lie, unless the one measured on them turned a quarter is more than
    /// 15 % larger (print lying sideways). Print under 6 px as it lies is too small to tell its letters' widths from
    /// their heights (turned, such a page's boxes measure its specks or its words).
    static func larger(_ asItLies: Double?, _ sideways: Double?) -> Double? {
        guard let asItLies, asItLies >= 6 else { return asItLies }
        guard let sideways, sideways > 1.15 * asItLies else { return asItLies }
        trace("scale: the print lies sideways (\(String(format: "%.1f", sideways)) px turned, \(String(format: "%.1f", asItLies)) as it lies)")
        return sideways
    }

    /// Sauvola's threshold assumes greys spread over most of the range; on a dim, flat photo (the middle 96 % of its
    /// greys within a quarter of the range) it breaks letters into specks that look like tiny print. Such a copy is
    /// stretched linearly first; any other is returned as it is.
    static func stretchedWhenFlat(_ image: LeptonicaImage) -> LeptonicaImage {
        guard let gray = image.grayImage() else { return image }
        var histogram = [Int](repeating: 0, count: 256)
        for b in gray.bytes { histogram[Int(b)] += 1 }
        func percentile(_ share: Double) -> Int {
            let target = Int(share * Double(gray.bytes.count))
            var seen = 0
            for (level, count) in histogram.enumerated() {
                seen += count
                if seen > target { return level }
            }
            return 255
        }
        let low = percentile(0.02), high = percentile(0.98)
        guard high - low < 64, high > low else { return image }
        trace("scale: flat greys \(low)...\(high), stretched to measure the print")
        return image.linearlyStretched(low: low, high: high) ?? image
    }

    /// The most common height of letter-like components, smoothed over neighbouring heights; with
    /// `weighingHeights`, each height's count weighed by the height (the height holding the most ink).
    static func xHeightMode(of boxes: [PixelBox], weighingHeights: Bool = false) -> Double? {
        var histogram = [Int](repeating: 0, count: 121)
        var used = 0
        for b in boxes where b.height >= 3 && b.height <= 120 && isLetterShaped(b) {
            histogram[b.height] += 1
            used += 1
        }
        guard used >= 40 else { return nil }
        var best = 0, bestScore = 0, bestCount = 0
        for h in 3...119 {
            let count = histogram[h - 1] + 2 * histogram[h] + histogram[h + 1]
            let score = weighingHeights ? count * h : count
            if score > bestScore {
                best = h
                bestScore = score
                bestCount = count
            }
        }
        guard bestCount >= minimumLetters else { return nil }
        // Refine by the weighted mean around the peak.
        let window = (best - 1)...(best + 1)
        let n = window.reduce(0) { $0 + histogram[$1] }
        let mean = Double(window.reduce(0) { $0 + $1 * histogram[$1] }) / Double(max(1, n))
        // Lower-case print has ascenders (b, d, h, l, t) about 1.4 times as tall as the peak. Without them the page
        // is capitals and digits (receipts, signs): the peak is the cap height, and the x-height about 0.7 of it.
        let ascenders = (Int(1.25 * mean)...min(120, Int(1.7 * mean) + 1)).reduce(0) { $0 + histogram[$1] }
        if Double(ascenders) < capitalsOnlyShare * Double(n) { return mean * 0.7 }
        return mean
    }

    /// Two measurements of the same print (say on a full-size and a half-size copy): when they disagree by more
    /// than half, one of them counted specks, dots or broken strokes, whose heights are all small, so the larger
    /// is kept. Blurred print measured at a reduced scale joins its letters into words and leaves only specks.
    static func reconciled(_ measured: Double?, _ check: Double) -> Double {
        guard let measured else { return check }
        guard measured < check / 1.5 || measured > check * 1.5 else { return measured }
        trace("scale: x-height \(String(format: "%.1f", measured)) disagrees with \(String(format: "%.1f", check)); the larger is kept")
        return max(measured, check)
    }

    /// Ascender-height components below this share of the peak's mean a page of capitals.
    static let capitalsOnlyShare = 0.12

    /// The scale factor that brings `xHeight` to the target, within limits; fits the long side when unknown.
    func factor(forXHeight xHeight: Double?, width: Int, height: Int) -> Double {
        let long = Double(max(width, height))
        let fit = Double(maxLongSide) / long
        guard let xHeight, xHeight > 0 else { return min(1, min(fit, 2400 / long)) }
        return min(targetXHeight / xHeight, maxUpscale, fit)
    }
}
