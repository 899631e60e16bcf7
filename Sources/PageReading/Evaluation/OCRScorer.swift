// Scores OCR output against ground truth exactly as ../shared/tools/ocr_eval.py does (same normalisation).
import Foundation

/// One photo's scores. Character counts are Unicode code points, as in Python.
public struct OCRScore: Sendable, Equatable {
    /// Edit distance between normalised reference and hypothesis.
    public var edits: Int
    /// Edit distance of the reference against the best-matching span of the hypothesis.
    public var anchoredEdits: Int
    /// Length of the normalised reference.
    public var referenceLength: Int
    /// Reference words found in the hypothesis (multiset), and the reference word count.
    public var wordsFound: Double
    public var referenceWords: Int

    public var cer: Double { referenceLength == 0 ? 0 : Double(edits) / Double(referenceLength) }
    public var anchoredCER: Double { referenceLength == 0 ? 0 : Double(anchoredEdits) / Double(referenceLength) }
    public var recall: Double { referenceWords == 0 ? 1 : wordsFound / Double(referenceWords) }
}

public enum OCRScorer {
    /// Languages written without spaces between words (ocr_eval.py's `CJK`): whitespace is ignored and each
    /// character counts as a word.
    static let unspaced: Set<String> = ["chi_sim", "chi_tra", "chi_sim_vert", "chi_tra_vert", "jpn", "jpn_vert", "kor"]

    /// Scores as ocr_eval.py does for a photo read in `language` (Tesseract codes joined with "+"; only the first
    /// decides, as there).
    public static func score(reference: String, hypothesis: String, language: String = "eng") -> OCRScore {
        var ref = Array(normalize(reference).unicodeScalars), hyp = Array(normalize(hypothesis).unicodeScalars)
        var refWords = String(String.UnicodeScalarView(ref)), hypWords = String(String.UnicodeScalarView(hyp))
        if let first = language.split(separator: "+").first, unspaced.contains(String(first)) {
            ref.removeAll(where: isPythonSpace)
            hyp.removeAll(where: isPythonSpace)
            // " ".join(s): every character a word.
            refWords = ref.map { String($0) }.joined(separator: " ")
            hypWords = hyp.map { String($0) }.joined(separator: " ")
        }
        let (found, total) = wordRecall(reference: refWords, hypothesis: hypWords)
        return OCRScore(
            edits: levenshtein(ref, hyp), anchoredEdits: anchored(ref, hyp), referenceLength: ref.count, wordsFound: found,
            referenceWords: total)
    }

    static let map: [Unicode.Scalar: String] = [
        "\u{2018}": "'", "\u{2019}": "'", "\u{201a}": "'", "\u{201b}": "'", "\u{201c}": "\"", "\u{201d}": "\"",
        "\u{201e}": "\"", "\u{2013}": "-", "\u{2014}": "-", "\u{2212}": "-", "\u{00ad}": "", "\u{fb01}": "fi",
        "\u{fb02}": "fl", "\u{2026}": "...",
    ]

    /// NFKC, quotes and dashes mapped, whitespace collapsed and trimmed, then "x- y" joined to "xy".
    public static func normalize(_ s: String) -> String {
        var mapped: [Unicode.Scalar] = []
        for c in s.precomposedStringWithCompatibilityMapping.unicodeScalars {
            if let r = map[c] { mapped += r.unicodeScalars } else { mapped.append(c) }
        }
        // re.sub(r"\s+", " ", s).strip()
        var collapsed: [Unicode.Scalar] = []
        var inSpace = false
        for c in mapped {
            if isPythonSpace(c) {
                inSpace = true
            } else {
                if inSpace && !collapsed.isEmpty { collapsed.append(" ") }
                inSpace = false
                collapsed.append(c)
            }
        }
        // re.sub(r"(\w)- (\w)", r"\1\2", s): non-overlapping, left to right.
        var out: [Unicode.Scalar] = []
        var i = 0
        while i < collapsed.count {
            if i + 3 < collapsed.count, isWord(collapsed[i]), collapsed[i + 1] == "-", collapsed[i + 2] == " ", isWord(collapsed[i + 3]) {
                out.append(collapsed[i])
                out.append(collapsed[i + 3])
                i += 4
            } else {
                out.append(collapsed[i])
                i += 1
            }
        }
        return String(String.UnicodeScalarView(out))
    }

    /// Python's str.isspace().
    static func isPythonSpace(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09...0x0D, 0x1C...0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Python's `\w` for str patterns: letters, numbers and underscore.
    static func isWord(_ c: Unicode.Scalar) -> Bool {
        if c == "_" { return true }
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    static func levenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count), cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }

    /// Semi-global distance: the reference may start and end anywhere in the hypothesis for free.
    static func anchored(_ ref: [Unicode.Scalar], _ hyp: [Unicode.Scalar]) -> Int {
        if ref.isEmpty { return 0 }
        if hyp.isEmpty { return ref.count }
        var prev = [Int](repeating: 0, count: hyp.count + 1), cur = prev
        for i in 1...ref.count {
            cur[0] = i
            for j in 1...hyp.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ref[i - 1] == hyp[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev.min()!
    }

    static let stripSet: Set<Unicode.Scalar> = [".", ",", ";", ":", "!", "?", "\"", "'", "(", ")", "[", "]"]

    /// Words as Python's `w.strip(".,;:!?\"'()[]")` over `s.split()`, keyed by their code points in hex
    /// so that dictionary keys compare code point by code point, as Python does.
    static func words(_ s: String) -> [String] {
        s.unicodeScalars.split(whereSeparator: isPythonSpace).map { scalars -> String in
            var w = ArraySlice(scalars)
            while let f = w.first, stripSet.contains(f) { w = w.dropFirst() }
            while let l = w.last, stripSet.contains(l) { w = w.dropLast() }
            return w.map { String($0.value, radix: 16) }.joined(separator: ",")
        }.filter { !$0.isEmpty }
    }

    static func wordRecall(reference: String, hypothesis: String) -> (found: Double, total: Int) {
        var counts: [String: Int] = [:]
        for w in words(hypothesis) { counts[w, default: 0] += 1 }
        var refCounts: [String: Int] = [:]
        let refWords = words(reference)
        for w in refWords { refCounts[w, default: 0] += 1 }
        let found = refCounts.reduce(0) { $0 + min($1.value, counts[$1.key] ?? 0) }
        return (Double(found), refWords.count)
    }
}
