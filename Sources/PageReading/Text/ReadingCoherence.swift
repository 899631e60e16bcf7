// How well a reading order holds together as running text: the seams where one line cannot run on into the next.
import Foundation
import Support
import Words

/// Our reading order (rows and columns from the lines' geometry, `LineOrderer`) and layout analysis's (its blocks, in
/// its order, `LayoutBlocks`) mostly agree. Where they do not, one of them threads two columns or blocks into each
/// other, a line of one after a line of the other, and that shows in the text: a sentence that ends is followed by a
/// line that starts in the middle of one, a line that stops mid-sentence by one that starts a new sentence. Counted
/// over a page's seams, the interleaved reading breaks a sentence at about every fourth; the one a person reads, only
/// where the recogniser misread a line's end. The reading that breaks clearly fewer sentences is kept.
struct ReadingCoherence: Sendable {
    /// The word lists of the page's languages (none: the capital rule is not applied, see `breaks`).
    var words: [any WordList] = []

    /// The layout's order wins only when ours breaks at least this many sentences more...
    static let minimumGain = 4
    /// ...and at least three times as many as it does.
    static let ratio = 3

    /// Seams between consecutive lines of running text (`isRunningText`) that break a sentence:
    /// - a line that ends a sentence (".", "!", "?", "…"; not an abbreviation such as "e.g.") followed by one that
    ///   starts with a small letter;
    /// - a word broken by a hyphen at a line's end, the next line starting with a capital;
    /// - a line that stops mid-sentence (on a letter, a digit, a comma) followed by one whose first word is a capital
    ///   the word lists know only in small letters ("The", "Many": a sentence's start, not a name).
    func breaks(_ lines: [RecognizedLine]) -> Int {
        var count = 0
        for (a, b) in zip(lines, lines.dropFirst()) where Self.isRunningText(a.text) && Self.isRunningText(b.text) {
            if breaksSentence(a.text, b.text) { count += 1 }
        }
        return count
    }

    /// Whether the line `next` cannot run on from the line `line` as a person reads them.
    func breaksSentence(_ line: String, _ next: String) -> Bool {
        let closing: Set<Character> = ["\"", "'", "”", "’", ")", "]", "»", "*"]
        let opening: Set<Character> = ["\"", "'", "“", "‘", "(", "[", "«", "¿", "¡", "—", "–", "-"]
        let lastWord = line.split(separator: " ").last.map { String($0.reversed().drop { closing.contains($0) }.reversed()) } ?? ""
        guard let end = lastWord.last else { return false }
        guard let firstWord = next.split(separator: " ").first.map({ String($0.drop { opening.contains($0) }) }),
            let start = firstWord.first, start.isLetter
        else { return false }
        if ".!?…".contains(end) {
            // "e.g.", "U.S.", "p.": a dot inside the word or a single letter is an abbreviation, no sentence's end.
            let body = lastWord.dropLast()
            guard !body.contains("."), body.filter(\.isLetter).count >= 2 else { return false }
            return start.isLowercase
        }
        if end == "-", lastWord.dropLast().last?.isLetter == true {
            return start.isUppercase
        }
        guard end.isLetter || end.isNumber || end == ",", start.isUppercase, !words.isEmpty else { return false }
        let word = String(firstWord.prefix { $0.isLetter })
        guard word.count >= 2, word.dropFirst().allSatisfy(\.isLowercase) else { return false }
        let lower = word.lowercased()
        return words.contains { $0.containsExactly(lower) } && !words.contains { $0.containsExactly(word) }
    }

    /// Running text: three words or more, three in five of its characters letters.
    static func isRunningText(_ text: String) -> Bool {
        let words = text.split(separator: " ")
        guard words.count >= 3 else { return false }
        let characters = text.filter { !$0.isWhitespace }
        return 5 * characters.filter(\.isLetter).count >= 3 * characters.count
    }

    /// Whether `layout` (the same lines in layout analysis's order) reads clearly more coherently than `ours`.
    func prefersLayout(ours: [RecognizedLine], layout: [RecognizedLine]) -> Bool {
        guard ours != layout else { return false }
        let mine = breaks(ours), theirs = breaks(layout)
        trace("order: sentences broken at the seams: \(mine) in our order, \(theirs) in layout analysis's")
        return mine - theirs >= Self.minimumGain && Self.ratio * theirs <= mine
    }
}
