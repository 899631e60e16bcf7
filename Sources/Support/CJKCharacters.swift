// Which characters belong to text written without spaces between words (Chinese, Japanese): the page reader joins
// their lines without a space, and unsure words and counts treat each ideograph as a word of its own.

extension Character {
    /// An ideograph or a kana (Hangul is left out: Korean puts spaces between words). The page's script uses the same
    /// ranges (app.js `IDEOGRAPH`).
    public var isIdeograph: Bool {
        guard let value = unicodeScalars.first?.value else { return false }
        switch value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: return true
        default: return false
        }
    }

    /// Punctuation of CJK text: the CJK symbols block (。、「」《》), vertical forms, and full-width marks (，！？：；（）).
    public var isCJKPunctuation: Bool {
        guard let value = unicodeScalars.first?.value else { return false }
        switch value {
        case 0x3000...0x303F, 0xFE30...0xFE4F: return true
        case 0xFF00...0xFF60: return !isLetter && !isNumber
        default: return false
        }
    }

    /// Ideographs, kana and their punctuation and full-width forms: text that is not spaced into words.
    public var isCJK: Bool {
        guard let value = unicodeScalars.first?.value else { return false }
        return isIdeograph || isCJKPunctuation || (0xFF00...0xFF60).contains(value)
    }
}
