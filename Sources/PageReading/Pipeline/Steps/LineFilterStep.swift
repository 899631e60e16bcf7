// Step "filter": drop lines that are almost surely noise (edges, shadows, texture read as letters).
import Foundation
import Imaging
import Support

struct LineFilterStep: PageStep {
    let name = "filter"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        let minimum = state.config.minimumLineConfidence
        var kept = state.lines.filter { LineFilter.keeps($0, minimumConfidence: minimum) }
        // A page the engine is unsure of overall is mostly texture read as letters: keep only its sure lines.
        let meanKept = kept.isEmpty ? 0 : kept.map(\.confidence).reduce(0, +) / Double(kept.count)
        if meanKept < 0.45 {
            trace("filter: unsure page (mean \(meanKept)), keeping \(kept.filter { $0.confidence >= 0.6 }.count) of \(kept.count) lines")
            kept = kept.filter { $0.confidence >= 0.6 }
        }
        state.lines = kept
    }
}

/// Drops lines that are almost surely noise: low confidence and hardly any letters (edges, shadows, spine), or
/// unsure lines made of letter crumbs (what texture such as sky, wires or a keyboard reads as).
enum LineFilter {
    static func keeps(_ line: RecognizedLine, minimumConfidence: Double) -> Bool {
        let letters = line.text.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
        let visible = line.text.unicodeScalars.filter { !CharacterSet.whitespaces.contains($0) }.count
        guard visible > 0 else { return false }
        if line.confidence < 0.75 && wordShare(line.text) < 0.3 { return false }
        if line.confidence >= minimumConfidence { return letters > 0 || visible >= 2 }
        return Double(letters) / Double(visible) >= 0.6 && letters >= 4 && line.confidence >= minimumConfidence / 2
    }

    /// Share of tokens that look like words: three or more letters once punctuation is stripped.
    static func wordShare(_ text: String) -> Double {
        let tokens = text.split(separator: " ")
        guard !tokens.isEmpty else { return 0 }
        let words = tokens.filter { token in
            let core = token.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
            return core.count >= 3 && core.allSatisfy { $0.isLetter || $0 == "-" || $0 == "'" || $0 == "’" }
        }
        return Double(words.count) / Double(tokens.count)
    }
}
