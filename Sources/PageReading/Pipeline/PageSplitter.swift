// Cuts a page at a blank band near its middle so two Tesseract workers can read the halves at the same time.
import Foundation
import Imaging
import Support

struct PageSplitter: Sendable {
    /// Pages shorter than this are read whole.
    var minimumHeight = 1200
    /// The blank band must be at least this many rows tall (about half an x-height at the working scale).
    var minimumGap = 10
    /// Where to look for the band, as fractions of the height.
    var searchRange = 0.3...0.7

    /// The top and bottom halves and the row where the bottom one starts, or nil to read the page whole.
    func split(_ image: GrayImage) -> (GrayImage, GrayImage, Int)? {
        let w = image.width, h = image.height
        guard h >= minimumHeight, w >= 16 else { return nil }
        let lo = Int(Double(h) * searchRange.lowerBound), hi = Int(Double(h) * searchRange.upperBound)
        // Rows with (almost) no dark pixels; ignore a margin at each side where page edges and shadows sit.
        let x0 = w / 20, x1 = w - w / 20
        var bestStart = -1, bestLength = 0, runStart = -1
        var bestScore = -Double.infinity
        for y in lo...hi {
            var dark = 0
            let row = y * w
            var x = x0
            while x < x1 {
                if image.bytes[row + x] < 110 { dark += 1 }
                x += 2
            }
            let blank = dark <= 1
            if blank, runStart < 0 { runStart = y }
            if (!blank || y == hi), runStart >= 0 {
                let length = (blank ? y + 1 : y) - runStart
                // Prefer long bands close to the middle.
                let centre = Double(runStart + length / 2)
                let score = Double(length) - abs(centre - Double(h) / 2) / Double(h) * 40
                if length >= minimumGap, score > bestScore {
                    bestScore = score
                    bestStart = runStart
                    bestLength = length
                }
                runStart = -1
            }
        }
        guard bestStart >= 0 else { return nil }
        let cut = bestStart + bestLength / 2
        let top = GrayImage(width: w, height: cut, bytes: Array(image.bytes[0..<(cut * w)]))
        let bottom = GrayImage(width: w, height: h - cut, bytes: Array(image.bytes[(cut * w)...]))
        return (top, bottom, cut)
    }

    /// The two halves' lines as one page: bottom boxes moved down, block and paragraph numbers continued.
    static func merge(_ top: RecognitionResult, _ bottom: RecognitionResult, offset: Int) -> RecognitionResult {
        let blocks = (top.lines.map(\.block).max() ?? -1) + 1
        let paragraphs = (top.lines.map(\.paragraph).max() ?? -1) + 1
        let moved = bottom.lines.map { line in
            var l = line
            l.box.y += offset
            l.block += blocks
            l.paragraph += paragraphs
            return l
        }
        let n1 = Double(top.lines.count), n2 = Double(bottom.lines.count)
        let mean = n1 + n2 > 0 ? (top.meanConfidence * n1 + bottom.meanConfidence * n2) / (n1 + n2) : 0
        return RecognitionResult(lines: top.lines + moved, meanConfidence: mean)
    }
}
