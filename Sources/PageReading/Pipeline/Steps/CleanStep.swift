// Step "clean": page furniture out, paragraphs found, hyphenation joined, lines reflowed.
import Foundation
import Imaging
import Support

struct CleanStep: PageStep {
    let name = "clean"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        // Lines read apart come last, also when the order step is switched off.
        var lines = state.lines + state.trailingLines
        state.trailingLines = []
        if state.config.removesPageNumbers {
            let keep = TextCleaner.pageFurnitureMask(lines)
            lines = zip(lines, keep).filter { $0.1 }.map(\.0)
        }
        let paragraphs = LineOrderer.paragraphBreaks(lines)
        var raw = ""
        for (i, line) in lines.enumerated() {
            if i > 0 { raw += paragraphs[i] ? "\n\n" : "\n" }
            raw += line.text
        }
        state.lines = lines
        state.text = TextCleaner.clean(raw)
        // A few stray letters are not a page of text.
        guard state.text.filter(\.isLetter).count >= 4 else { throw OCRError.noText }
    }
}
