// How an engine word splits into the pieces a reader counts as words, each judged by its own letters.
import Support

/// The letters of one engine word and the word pieces they make.
public enum WordLetters {
    /// One symbol as the engine read it.
    public typealias Letter = ReadLetter

    /// The runs of letters and digits of a word, split where the word has punctuation (a hyphen, a bracket, a comma),
    /// an apostrophe inside a run kept ("don't", "l’eau"); each ideograph is a piece of its own. A piece's confidence
    /// is its least sure letter's, its rival the strongest runner-up among its letters: the same words the unsure-word
    /// check cuts a text into.
    public static func parts(of letters: [Letter]) -> [WordPart] {
        var parts: [WordPart] = []
        var current: WordPart?
        var apostrophe: (character: Character, letter: Letter)?
        func flush() {
            if let piece = current { parts.append(piece) }
            current = nil
        }
        func add(_ character: Character, _ letter: Letter) {
            if current == nil {
                current = WordPart(text: "", confidence: letter.confidence, rival: letter.rival)
            }
            current!.text.append(character)
            current!.confidence = min(current!.confidence, letter.confidence)
            current!.rival = max(current!.rival, letter.rival)
        }
        for letter in letters {
            for character in letter.text {
                if character.isIdeograph {
                    apostrophe = nil
                    flush()
                    add(character, letter)
                    flush()
                } else if character.isLetter || character.isNumber {
                    if let pending = apostrophe {
                        if character.isLetter, current != nil { add(pending.character, pending.letter) } else { flush() }
                        apostrophe = nil
                    }
                    add(character, letter)
                } else if character == "'" || character == "’", current != nil, apostrophe == nil {
                    apostrophe = (character, letter)
                } else {
                    apostrophe = nil
                    flush()
                }
            }
        }
        flush()
        return parts
    }
}
