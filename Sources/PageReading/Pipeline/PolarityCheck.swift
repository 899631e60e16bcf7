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
        guard !gray.bytes.isEmpty else { return false }
        let threshold = PageDetector.otsuThreshold(gray.bytes)
        return lightPrint(gray, threshold: threshold, trace: "") != nil || isDarkPanel(gray, threshold: threshold)
    }

    /// The light print's pieces when the light (above `threshold`) is the smaller part and lies mostly in small
    /// pieces; nil otherwise.
    static func lightPrint(_ gray: GrayImage, threshold: Int, trace prefix: String) -> [InkComponents.Component]? {
        let total = gray.bytes.count
        guard total > 0 else { return nil }
        // The light, as ink for the components (bytes under 128 are ink).
        var light = 0
        let marked = gray.bytes.map { value -> UInt8 in
            guard Int(value) > threshold else { return 255 }
            light += 1
            return 0
        }
        guard light > total / 200, Double(light) <= lightAtMost * Double(total) else { return nil }
        let small = InkComponents(GrayImage(width: gray.width, height: gray.height, bytes: marked)).components.filter {
            isSmall($0, in: gray)
        }
        let smallLight = small.reduce(0) { $0 + $1.ink }
        trace("polarity: \(prefix)light \(light * 100 / total) %, \(small.count) small pieces holding \(smallLight * 100 / max(1, light)) % of it")
        return small.count >= fewestPieces && Double(smallLight) >= inSmallPieces * Double(light) ? small : nil
    }

    /// Whether a piece is no larger than a word of `gray`'s print: a tenth of the height, a fifth of the width, a few
    /// pixels at least.
    static func isSmall(_ piece: InkComponents.Component, in gray: GrayImage) -> Bool {
        piece.box.height <= gray.height / 10 && piece.box.width <= gray.width / 5 && piece.ink >= 4
    }

    /// A dark panel holding light print inside a light surround: a blackboard on a wall, a dark screen, a page printed
    /// white on black lying on a table. The surround's light is one large piece, so the whole picture fails the test
    /// above; the panel passes it on its own. The panel is the largest piece of the dark, clear of the picture's edges,
    /// a tenth of the picture or more, and holding half the dark at least. Around it there is less dark print (letters
    /// on light, by their ink) than there is light print in it: a dark photo on a page of dark print is no panel.
    static func isDarkPanel(_ gray: GrayImage, threshold: Int) -> Bool {
        let total = gray.bytes.count
        let dark = gray.bytes.reduce(0) { $0 + (Int($1) <= threshold ? 1 : 0) }
        // Print on paper is a small share of dark; a panel large enough to matter makes a fifth at least.
        guard Double(dark) >= 0.2 * Double(total) else { return false }
        let marked = GrayImage(width: gray.width, height: gray.height, bytes: gray.bytes.map { Int($0) <= threshold ? 0 : 255 })
        let pieces = InkComponents(marked).components
        guard let panel = pieces.max(by: { $0.ink < $1.ink }) else { return false }
        let box = panel.box
        guard box.x > 0, box.y > 0, box.maxX < gray.width, box.maxY < gray.height, 2 * panel.ink >= dark,
            10 * box.width * box.height >= total
        else { return false }
        guard let crop = MissedTextRecovery.crop(gray, to: box),
            let light = lightPrint(crop, threshold: threshold, trace: "a dark panel \(box): ")
        else { return false }
        let darkPrint = pieces.filter { piece in
            isSmall(piece, in: gray)
                && (piece.box.maxX <= box.x || piece.box.x >= box.maxX || piece.box.maxY <= box.y || piece.box.y >= box.maxY)
        }
        let darkInk = darkPrint.reduce(0) { $0 + $1.ink }, lightInk = light.reduce(0) { $0 + $1.ink }
        trace("polarity: dark print around the panel \(darkInk) px, light print in it \(lightInk) px")
        return darkInk < lightInk
    }
}
