// Is the print light on a dark ground (a dark-mode screenshot, a blackboard, white type on a coloured page)?
import Foundation
import Imaging
import Support

/// Otsu's threshold splits a page into its light and its dark. Paper is the larger part and lies in one piece (or a
/// few large ones); print is the smaller part and lies in many small pieces, letters and words. So light that is the
/// smaller part and lies mostly in small pieces is light print on a dark ground. A page on a dark table, or small in
/// the frame, also makes the light the smaller part, but its light is one large piece: the page.
enum PolarityCheck {
    /// The long side of the copy it looks at (letters of print worth reading keep a few pixels there).
    static let sampleSide = 1000
    /// The light must be at most this share of the picture...
    static let lightAtMost = 0.45
    /// ...and at least this share of it must lie in pieces no larger than a word (a tenth of the height, a fifth of
    /// the width)...
    static let inSmallPieces = 0.6
    /// ...of which there are at least this many, each a few pixels of ink at least (letters, not a sprinkle of specks).
    static let fewestPieces = 20

    /// Whether `gray` (any size; a copy of `sampleSide` is looked at) is light print on a dark ground.
    static func isLightOnDark(_ gray: LeptonicaImage) -> Bool {
        let long = max(gray.width, gray.height)
        let factor = min(1, Double(sampleSide) / Double(max(1, long)))
        guard let small = gray.scaled(by: factor, sharpened: false)?.grayImage() else { return false }
        return isLightOnDark(small)
    }

    static func isLightOnDark(_ gray: GrayImage) -> Bool {
        let total = gray.bytes.count
        guard total > 0 else { return false }
        let threshold = PageDetector.otsuThreshold(gray.bytes)
        // The light, as ink for the components (bytes under 128 are ink).
        var light = 0
        let marked = gray.bytes.map { value -> UInt8 in
            guard Int(value) > threshold else { return 255 }
            light += 1
            return 0
        }
        guard light > total / 200, Double(light) <= lightAtMost * Double(total) else { return false }
        let pieces = InkComponents(GrayImage(width: gray.width, height: gray.height, bytes: marked)).components
        let small = pieces.filter { $0.box.height <= gray.height / 10 && $0.box.width <= gray.width / 5 && $0.ink >= 4 }
        let smallLight = small.reduce(0) { $0 + $1.ink }
        trace("polarity: light \(light * 100 / total) %, \(small.count) small pieces holding \(smallLight * 100 / max(1, light)) % of it")
        return small.count >= fewestPieces && Double(smallLight) >= inSmallPieces * Double(light)
    }
}
