// Step "respell": the engine reads each letter with a runner-up. A word no word list of the page's languages knows,
// which becomes a word they know when one of its letters is read as that letter's runner-up ("surlace", with an "f"
// close behind its "l": "surface"), is that word. The engine saw both readings; the language decides between them.
import Foundation
import Support
import Words

struct RespellStep: PageStep {
    let name = "respell"

    func run(_ state: inout PageState, engine: any OCREngine) async throws {
        guard !state.words.isEmpty else { return }
        let speller = RunnerUpSpelling(words: state.words)
        var changed: [String] = []
        state.lines = state.lines.map { line in
            let respelled = speller.respelled(line)
            guard traceLevel >= 1 else { return respelled }
            for (old, new) in zip(line.words, respelled.words) where old.text != new.text {
                let letter = zip(old.letters ?? [], new.letters ?? []).first { $0.text != $1.text }?.0
                let detail = letter.map { String(format: " (%@ %.2f, runner-up %@ %.2f)", $0.text, $0.confidence, $0.runnerUp, $0.rival) } ?? ""
                changed.append("'\(old.text)' -> '\(new.text)'\(detail)")
            }
            return respelled
        }
        for change in changed { trace("respell: \(change)") }
    }
}

/// Chooses a letter's runner-up reading where the word lists know only the word it makes. The runner-up must have
/// been seen with some confidence, it takes the case of the letter it replaces, and exactly one letter's runner-up
/// may make a known word (two: the page cannot tell which was meant, and the word stays as read).
struct RunnerUpSpelling: Sendable {
    var words: [any WordList]
    /// A runner-up read with less confidence than this is no reading of the letter.
    var minimumRival = 0.3
    /// Shorter words are too easily another word.
    var minimumLetters = 3

    /// `line` with each word respelled where one letter's runner-up makes it a known word (its text, the word and
    /// the letter changed together); unchanged where the line's text no longer spells its words one by one.
    func respelled(_ line: RecognizedLine) -> RecognizedLine {
        var tokens = line.text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard tokens.count == line.words.count else { return line }
        var line = line
        for k in line.words.indices where tokens[k] == line.words[k].text {
            guard let word = respelled(line.words[k]) else { continue }
            tokens[k] = word.text
            line.words[k] = word
        }
        line.text = tokens.joined(separator: " ")
        return line
    }

    /// The word read with one letter's runner-up, when that alone makes it a word the lists know; nil otherwise.
    func respelled(_ word: TextWord) -> TextWord? {
        guard let letters = word.letters, letters.allSatisfy({ $0.text.count == 1 }) else { return nil }
        let characters = letters.map { $0.text.first! }
        guard String(characters) == word.text, let first = characters.firstIndex(where: \.isLetter),
            let last = characters.lastIndex(where: \.isLetter)
        else { return nil }
        // The word's letters, between any punctuation around them ("(surlace," → "surlace"); no digits anywhere.
        guard last - first + 1 >= minimumLetters, characters[first...last].allSatisfy(\.isLetter),
            !characters.contains(where: \.isNumber), !words.knows(String(characters[first...last]))
        else { return nil }
        var found: (index: Int, letter: Character)?
        for i in first...last {
            let letter = letters[i]
            guard letter.rival >= minimumRival, let replacement = Self.inCase(of: characters[i], letter.runnerUp),
                replacement != characters[i]
            else { continue }
            var candidate = characters
            candidate[i] = replacement
            guard words.knows(String(candidate[first...last])) else { continue }
            guard found == nil else { return nil }
            found = (i, replacement)
        }
        guard let found else { return nil }
        var word = word
        var changed = characters
        changed[found.index] = found.letter
        word.text = String(changed)
        // The letter now reads as its runner-up, with what was read before as its rival.
        let before = letters[found.index]
        word.letters![found.index] = ReadLetter(
            text: String(found.letter), confidence: before.rival, rival: before.confidence, minX: before.minX, maxX: before.maxX,
            runnerUp: before.text)
        if word.parts != nil { word.parts = WordLetters.parts(of: word.letters!) }
        return word
    }

    /// `runnerUp` as one letter in the case of `original` ("F" for a lower-case "l" is "f"); nil for anything else.
    static func inCase(of original: Character, _ runnerUp: String) -> Character? {
        guard runnerUp.count == 1, let letter = runnerUp.first, letter.isLetter else { return nil }
        let cased = original.isUppercase ? runnerUp.uppercased() : runnerUp.lowercased()
        return cased.count == 1 ? cased.first : nil
    }
}
