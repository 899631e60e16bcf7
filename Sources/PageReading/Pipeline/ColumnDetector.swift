// Does the page hold two or more columns of text? Decides Tesseract's page segmentation mode.
import Foundation
import Imaging
import Support

/// Looks for a vertical gutter through the body text: a band of columns with (almost) no letters, well inside the
/// text area. Single-column pages read best as one column of variable-size text (psm 4), which keeps tilted or
/// mixed-font lines whole; true multi-column pages need Tesseract's full layout analysis (psm 3).
struct ColumnDetector: Sendable {
    var xHeight: Double

    func hasGutter(_ page: LeptonicaImage) -> Bool {
        let x = max(4, Int(xHeight.rounded()))
        guard
            let binary = (page.depth == 1 ? page : page.thresholded(128))?
                .keepingComponents(heights: max(2, x / 2)...(3 * x), maxWidth: 4 * x)
        else { return false }
        return Self.hasGutter(columnInk: binary.columnInkCounts(), minimumWidth: x)
    }

    static func hasGutter(columnInk ink: [Int], minimumWidth: Int) -> Bool {
        let total = ink.reduce(0, +)
        guard total > 0, ink.count > 10 else { return false }
        // The text area: from 2 % to 98 % of the ink.
        var running = 0, x0 = 0, x1 = ink.count - 1
        for (i, v) in ink.enumerated() {
            let before = running
            running += v
            if before < total / 50 && running >= total / 50 { x0 = i }
            if before < total - total / 50 && running >= total - total / 50 { x1 = i }
        }
        let span = x1 - x0
        guard span > 20 * minimumWidth else { return false }
        let inside = ink[x0...x1].sorted()
        let median = inside[inside.count / 2]
        guard median > 0 else { return false }
        // Each side of a gutter must hold a real column (at least 30 % of the text width).
        let lo = x0 + span * 3 / 10, hi = x1 - span * 3 / 10
        var run = 0
        for i in lo...hi {
            if Double(ink[i]) <= 0.05 * Double(median) {
                run += 1
                if run >= minimumWidth { return true }
            } else {
                run = 0
            }
        }
        return false
    }
}
