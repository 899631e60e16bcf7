// How an engine word splits into the pieces a reader counts as words, each judged by its own letters.
import Support

/// The letters of one engine word and the word pieces they make.
public enum WordLetters {
    /// One symbol as the engine read it.
    public typealias Letter = ReadLetter

    /// The engine's word spanning `box` of a line whose box is `line`, made of `letters`: its rival is the strongest
    /// runner-up among them, and it keeps its pieces when it is more than one piece or has punctuation.
    static func word(
        _ text: String, box: PixelBox, line: PixelBox, confidence: Double, inDictionary: Bool, letters: [Letter]
    ) -> TextWord {
        var word = TextWord(
            text: text, box: box, line: line, confidence: confidence, rival: letters.map(\.rival).max() ?? 0, inDictionary: inDictionary)
        let parts = parts(of: letters)
        if parts.count != 1 || parts[0].text != text { word.parts = parts }
        word.letters = letters
        return word
    }

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
