// Step "margin": text running down a margin, found from the ink before recognition (letters that chain into a row
// only with the page turned a quarter, hardly any of them on a row running across), is read turned, alone on white,
// after the page's text; the filter step takes the words read inside it off the rows running across, which layout
// analysis joins its letters to.
import Foundation
import Imaging
import Support

struct MarginTextStep: PageStep {
    let name = "margin"
    /// At most this many strips are read (each costs two small recognitions); a page with more reads none.
    var maximumStrips = 3
    /// Block and paragraph numbers of the strips' lines, past any a page's layout gives.
    static let firstBlock = 100_000

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard let ink = state.ink, let rows = state.inkLines else { return }
        let finder = SidewaysInk(xHeight: state.xHeightOrTarget)
        let across = rows + state.shortInkLines.filter { $0.letters.count >= 2 }
        let strips = await offload { finder.strips(in: ink, across: across) }
        guard !strips.isEmpty else { return }
        trace("margin: \(strips.count) strip(s) of text running down: \(strips.map(\.box))")
        // Text running down a margin comes as a strip or a few; more is a texture's pattern (a keyboard's keys, the
        // ridged edges of a book's pages), and none of it is read.
        guard strips.count <= maximumStrips else { return }
        let recovery = LineRecovery()
        // Each strip's letters alone on white (the rows beside it left out), as the recover step reads its blocks.
        let crops = await offload {
            strips.map { strip in
                let widths = strip.letters.map { Double(ink.components[$0].box.width) }.sorted()
                let row = InkLine(box: strip.box, letters: strip.letters, letterHeight: widths[widths.count / 2])
                return recovery.image(of: LineRecovery.Block(box: strip.box, rows: [row]), ink: ink).0
            }
        }
        // The page itself is left as it is: painted out, the strip changed how layout analysis split the rest of
        // the page, and with it what every later step chose (the threshold check, the table), for better or worse
        // by turns. The words read inside a strip that read surely turned are taken off the rows by the filter step.
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 6)
        for (index, (strip, crop)) in zip(strips, crops).enumerated() {
            let read = try await SidewaysTextStep.readTurned(
                crop, request: request, engine: engine, minimumConfidence: state.config.minimumLineConfidence)
            trace("margin: \(strip.box) read \(read.map { "\($0.text) \(String(format: "%.2f", $0.confidence))" })")
            guard !read.isEmpty else { continue }
            state.marginStrips.append(MarginStrip(box: strip.box, block: Self.firstBlock + index))
            state.trailingLines += read.map {
                // A block and paragraph of its own, like a sidebar's.
                RecognizedLine(
                    text: $0.text, box: strip.box, confidence: $0.confidence, block: Self.firstBlock + index, paragraph: Self.firstBlock + index,
                    words: $0.words.map(\.withoutBox))
            }
        }
    }
}

/// A strip of text running down a margin that the margin step read: where it lies, and the block its lines carry
/// in `trailingLines` (one block each, numbered from `MarginTextStep.firstBlock`).
struct MarginStrip: Sendable, Equatable {
    var box: PixelBox
    var block: Int
}
