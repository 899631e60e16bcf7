// Step "clean": page furniture set apart, paragraphs found, hyphenation joined, lines reflowed.
import Foundation
import Imaging
import Support

struct CleanStep: PageStep {
    let name = "clean"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        // Lines read apart come last, also when the order step is switched off.
        var lines = state.lines + state.trailingLines
        state.trailingLines = []
        if state.languages.contains("eng") {
            lines = lines.map { line in
                var l = line
                l.text = TextCleaner.barsReadAsI(l.text)
                return l
            }
        }
        var isFurniture = TextCleaner.pageFurnitureMask(lines).map { !$0 }
        if state.config.pageFurniture == .removed {
            lines = zip(lines, isFurniture).filter { !$0.1 }.map(\.0)
            isFurniture = lines.map { _ in false }
        }
        var paragraphs = LineOrderer.paragraphBreaks(lines)
        // A page number or running head is a paragraph of its own, never joined to the text it sits above or below.
        for i in lines.indices where isFurniture[i] {
            paragraphs[i] = true
            if i + 1 < lines.count { paragraphs[i + 1] = true }
        }
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
