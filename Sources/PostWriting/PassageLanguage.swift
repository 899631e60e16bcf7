// Which language a passage is written in, so the model can be told by name to write the posts in it (smaller models
// drift into English when only told "the same language as the passage").
import Support

/// The languages SnapPost's pages are read in most, as the prompt names them.
public enum PassageLanguage: String, Sendable, CaseIterable {
    case english = "English"
    case chinese = "Chinese"
    case french = "French"
    case german = "German"
    case spanish = "Spanish"

    /// Ideographs make it Chinese (a quarter of the letters or more); otherwise the language whose common short words
    /// the passage uses most (ties and passages without any go to English).
    public static func of(_ text: String) -> PassageLanguage {
        let letters = text.filter(\.isLetter)
        if !letters.isEmpty, letters.filter(\.isIdeograph).count * 4 >= letters.count { return .chinese }
        var words: [Substring] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character == "'" || character == "’" {
                current.append(character)
            } else if !current.isEmpty {
                words.append(Substring(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(Substring(current)) }
        var best = PassageLanguage.english, bestCount = 0
        for language in [PassageLanguage.english, .french, .german, .spanish] {
            let count = words.filter { language.commonWords.contains(String($0)) }.count
            if count > bestCount {
                best = language
                bestCount = count
            }
        }
        return best
    }

    /// Short words frequent in running text and rare in the other three languages.
    var commonWords: Set<String> {
        switch self {
        case .english: ["the", "and", "of", "to", "is", "was", "that", "with", "for", "it", "he", "she", "they", "his", "her", "you"]
        case .french: ["le", "la", "les", "des", "et", "est", "une", "du", "dans", "qui", "que", "pour", "pas", "au", "sur", "avec"]
        case .german: ["der", "die", "das", "und", "ist", "nicht", "ein", "eine", "zu", "mit", "sich", "auf", "den", "dem", "im", "auch"]
        case .spanish: ["el", "los", "las", "y", "es", "una", "del", "en", "que", "por", "con", "para", "se", "su", "al", "muy"]
        case .chinese: []
        }
    }
}
