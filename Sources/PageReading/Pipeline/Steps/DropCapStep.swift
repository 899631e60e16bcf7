// Step "dropcap": a chapter's first letter set large, dropped into the lines beside it (a drop cap), is the first
// letter of the paragraph's first word. Tesseract's layout analysis takes it for a picture or a word of its own, and
// the surface step paints a letter that tall out with the pictures: "Most of the machines" read "ost of the machines"
// or "M ost of the machines". The letter is found beside the first line (left of it, its top level with the line's,
// reaching down beside the indented lines under it), read on its own and put back in front of the word.
import Foundation
import Imaging
import Support
import Words

struct DropCapStep: PageStep {
    let name = "dropcap"

    /// A drop cap is at least this many times as tall as the words of the line beside it (a two-line cap is about
    /// 2.2 times a word with ascenders)...
    static let tallest = 8.0
    static let least = 1.8
    /// ...and stands at most this many x-heights left of the line's first word.
    static let reach = 2.5
    /// A cap read on its own must read at least this surely.
    static let sureCap = 0.6

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard !state.lines.isEmpty, Self.casedScript(state.languages) else { return }
        let x = state.xHeightOrTarget
        var lines = state.lines
        // A cap read as the line's first word ("M ost"): its word is joined to the next.
        for i in lines.indices {
            guard let cap = Self.capWord(lines[i], lines: lines, xHeight: x) else { continue }
            trace("dropcap: '\(cap.text)' read as a word at \(cap.box.map { "\($0)" } ?? "")")
            lines[i] = Self.joiningFirstWords(lines[i], cap: cap, words: state.words)
        }
        // A cap read as a line of its own ("M"), or painted out with the pictures: read alone, put before the word.
        var candidates: [(line: Int, box: PixelBox, capLine: Int?, image: GrayImage?)] = []
        var taken = Set<Int>()
        // The ink a cap could be, sorted out once: components of a cap's size and fill.
        let capSized = state.ink.map { Self.capSized($0, xHeight: x) } ?? []
        for i in lines.indices {
            guard let word = Self.firstWord(lines[i]), word.text.first?.isLetter == true else { continue }
            if let k = lines.indices.first(where: { k in
                k != i && !taken.contains(k) && Self.isCapLine(lines[k]) && Self.standsAsCap(lines[k].box, beside: lines[i], lines: lines, xHeight: x)
            }) {
                taken.insert(k)
                candidates.append((i, lines[k].box, k, nil))
                continue
            }
            guard let ink = state.ink, let crop = Self.paintedCap(ink, among: capSized, beside: lines[i], lines: lines, xHeight: x)
            else { continue }
            candidates.append((i, crop.box, nil, crop.image))
        }
        let reads = candidates.compactMap { $0.image }
        let request = RecognitionRequest(languages: state.languages, pixelsPerInch: 300, pageSegmentationMode: 10)
        var results = try await engine.recognizeAll(reads.map { ($0, request) }).makeIterator()
        var dropped = Set<Int>()
        for candidate in candidates {
            let letter: String
            if let k = candidate.capLine {
                letter = lines[k].text
                dropped.insert(k)
            } else {
                guard let result = results.next(), let read = Self.capLetter(result) else { continue }
                letter = read
            }
            trace("dropcap: '\(letter)' at \(candidate.box) before '\(Self.firstWord(lines[candidate.line])?.text ?? "")'")
            lines[candidate.line] = Self.prepending(letter, to: lines[candidate.line], words: state.words)
        }
        state.lines = lines.indices.filter { !dropped.contains($0) }.map { lines[$0] }
    }

    /// Scripts with capitals: a drop cap is told by its case.
    static func casedScript(_ languages: [String]) -> Bool {
        !languages.isEmpty && languages.allSatisfy { RecognitionLanguage(code: $0)?.isLatinScript == true }
    }

    static func firstWord(_ line: RecognizedLine) -> TextWord? { line.words.first }

    /// The median height of a line's words after the first, in pixels.
    static func wordHeight(_ line: RecognizedLine, from start: Int = 1) -> Double? {
        let heights = line.words.dropFirst(start).compactMap { $0.box?.height }.sorted()
        return heights.isEmpty ? nil : Double(heights[heights.count / 2])
    }

    /// Whether a line is one capital alone (a cap layout analysis read as a line of its own).
    static func isCapLine(_ line: RecognizedLine) -> Bool {
        line.text.count == 1 && line.text.first?.isUppercase == true && line.confidence >= sureCap
    }

    /// Whether `box` stands where a drop cap stands beside `line`: left of its first word by at most `reach`
    /// x-heights, its top level with the word's (within a word's height), 1.8 to 8 times as tall as the line's words,
    /// a letter's shape, and beside at least one more line under the first that starts where it does (the lines the
    /// cap drops into are indented alike). No other line reaches into it.
    static func standsAsCap(_ box: PixelBox, beside line: RecognizedLine, lines: [RecognizedLine], xHeight: Double) -> Bool {
        guard let first = firstWord(line)?.box, let height = wordHeight(line, from: 0), height > 0 else { return false }
        let h = Double(box.height), w = Double(box.width)
        guard box.maxX <= first.x + Int(0.3 * xHeight), Double(first.x - box.maxX) <= reach * xHeight,
            h >= least * height, h <= tallest * height, w >= 0.25 * h, w <= 1.8 * h,
            abs(Double(box.y - first.y)) <= height
        else { return false }
        let indented = lines.contains { other in
            guard let start = firstWord(other)?.box, other.box.y > line.box.y + line.box.height / 2 else { return false }
            return abs(Double(start.x - first.x)) <= 1.5 * xHeight && start.y < box.maxY && start.y > first.maxY - first.height / 2
        }
        let crossed = lines.contains { other in
            other.box != box && other.box.x < box.maxX - box.width / 4 && other.box.maxX > box.x + box.width / 4
                && other.box.y < box.maxY - box.height / 4 && other.box.maxY > box.y + box.height / 4
        }
        return indented && !crossed
    }

    /// The line's first word when it is a drop cap read as a word of its own: one capital, as tall as `least` times
    /// the line's other words, hanging below them by most of a word's height, the line's second word a word of
    /// letters right beside it, and another line under the first starting where the second word does.
    static func capWord(_ line: RecognizedLine, lines: [RecognizedLine], xHeight: Double) -> TextWord? {
        guard line.words.count >= 3, let cap = line.words.first, let capBox = cap.box, let next = line.words[1].box,
            cap.text.count == 1, cap.text.first?.isUppercase == true, line.words[1].text.first?.isLetter == true,
            let height = wordHeight(line)
        else { return nil }
        let bottoms = line.words.dropFirst().compactMap { $0.box?.maxY }.sorted()
        guard Double(capBox.height) >= least * height, Double(capBox.height) <= tallest * height,
            Double(capBox.maxY) >= Double(bottoms[bottoms.count / 2]) + 0.6 * height,
            Double(next.x - capBox.maxX) <= reach * xHeight, Double(capBox.y) <= Double(next.y) + 0.3 * height
        else { return nil }
        let indented = lines.contains { other in
            guard let start = firstWord(other)?.box, other.box.y > next.maxY - next.height / 2 else { return false }
            return abs(Double(start.x - next.x)) <= 1.5 * xHeight && start.y < capBox.maxY
        }
        return indented ? cap : nil
    }

    /// The components of `ink` that could be a drop cap: 2.5 x-heights tall or more (1.8 times a word of letters
    /// with ascenders), a letter's shape and fill (not a rule, a block or a frame).
    static func capSized(_ ink: InkComponents, xHeight: Double) -> [Int] {
        ink.components.indices.filter { i in
            let c = ink.components[i]
            let h = Double(c.box.height), w = Double(c.box.width)
            return h >= 2.5 * xHeight && w >= 0.25 * h && w <= 1.8 * h && c.fill >= 0.08 && c.fill <= 0.75
        }
    }

    /// A painted-out component among `candidates` (see `capSized`) standing as a drop cap beside `line` (see
    /// `standsAsCap`), alone on white with a margin round it, ready to read; nil when there is none.
    static func paintedCap(
        _ ink: InkComponents, among candidates: [Int], beside line: RecognizedLine, lines: [RecognizedLine], xHeight: Double
    ) -> (box: PixelBox, image: GrayImage)? {
        guard let i = candidates.first(where: { standsAsCap(ink.components[$0].box, beside: line, lines: lines, xHeight: xHeight) })
        else { return nil }
        let box = ink.components[i].box
        let pad = max(4, box.height / 4)
        let w = box.width + 2 * pad, h = box.height + 2 * pad
        var bytes = [UInt8](repeating: 255, count: w * h)
        for run in ink.runs(of: i) {
            let row = (Int(run.y) - box.y + pad) * w
            for x in Int(run.x0)..<Int(run.x1) { bytes[row + x - box.x + pad] = 0 }
        }
        return (box, GrayImage(width: w, height: h, bytes: bytes))
    }

    /// The capital a lone cap reads as, when it reads as one capital surely.
    static func capLetter(_ result: RecognitionResult) -> String? {
        guard result.lines.count == 1, let line = result.lines.first, line.confidence >= sureCap else { return nil }
        let text = line.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.count == 1, text.first?.isUppercase == true else { return nil }
        return text
    }

    /// Whether the letter and the word are two words: the letter is a word of its own that the word lists know, the
    /// word is known alone, and the two together are not ("A" + "storm"; never "M" + "ost").
    static func apart(_ letter: String, _ word: String, words: [any WordList]) -> Bool {
        guard !words.isEmpty else { return false }
        let bare = word.trimmingCharacters(in: .punctuationCharacters)
        let together = (letter + word).trimmingCharacters(in: .punctuationCharacters)
        return words.knows(letter) && words.knows(bare) && !words.knows(together)
    }

    /// `line` with `letter` put before its first word (joined to it, or as a word of its own when `apart`).
    static func prepending(_ letter: String, to line: RecognizedLine, words: [any WordList]) -> RecognizedLine {
        guard var first = line.words.first else { return line }
        var line = line
        if apart(letter, first.text, words: words) {
            line.text = letter + " " + line.text
            var word = TextWord(text: letter, start: 0, end: 0, confidence: first.confidence, inDictionary: true)
            word.box = first.box.map { PixelBox(x: $0.x, y: $0.y, width: 1, height: $0.height) }
            line.words.insert(word, at: 0)
            return line
        }
        line.text = letter + line.text
        first.text = letter + first.text
        first.inDictionary = false
        if var parts = first.parts, !parts.isEmpty {
            parts[0].text = letter + parts[0].text
            first.parts = parts
        }
        first.letters = first.letters.map { letters in
            [ReadLetter(text: letter, confidence: first.confidence, rival: 0, minX: letters.first?.minX ?? 0, maxX: letters.first?.minX ?? 0)]
                + letters
        }
        line.words[0] = first
        return line
    }

    /// `line` with its first word, the cap, joined to the second (or kept apart, see `apart`); the line's box then
    /// leaves out the rows the cap hangs into.
    static func joiningFirstWords(_ line: RecognizedLine, cap: TextWord, words: [any WordList]) -> RecognizedLine {
        var tokens = line.text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard tokens.count == line.words.count, tokens.count >= 2, tokens[0] == cap.text, let capBox = cap.box,
            let nextBox = line.words[1].box
        else { return line }
        var line = line
        if !apart(cap.text, line.words[1].text, words: words) {
            var next = line.words[1]
            next.text = cap.text + next.text
            next.start = cap.start
            next.confidence = min(next.confidence, cap.confidence)
            next.rival = max(next.rival, cap.rival)
            next.inDictionary = false
            next.box = PixelBox(x: capBox.x, y: nextBox.y, width: nextBox.maxX - capBox.x, height: nextBox.height)
            if var parts = next.parts, !parts.isEmpty {
                parts[0].text = cap.text + parts[0].text
                next.parts = parts
            }
            if let capLetters = cap.letters, let letters = next.letters { next.letters = capLetters + letters }
            line.words.removeFirst()
            line.words[0] = next
            tokens[1] = next.text
            tokens.removeFirst()
            line.text = tokens.joined(separator: " ")
        }
        // The line's box: its words', the cap's height left out (rows below are read as lines of their own).
        let boxes = line.words.compactMap(\.box).map {
            $0 == line.words.first?.box ? PixelBox(x: $0.x, y: nextBox.y, width: $0.width, height: nextBox.height) : $0
        }
        let top = boxes.map(\.y).min() ?? line.box.y, bottom = boxes.map(\.maxY).max() ?? line.box.maxY
        let old = line.box
        line.box = PixelBox(x: old.x, y: top, width: old.width, height: max(1, bottom - top))
        // Word positions across the line are fractions of its box: they keep their columns, the box's width is the same.
        return line
    }
}
