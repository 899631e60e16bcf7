// Chinese and Japanese text has no spaces between words: lines join without one, and the spaces Tesseract puts between
// ideographs (its "words" are characters or short runs) are not the page's.
import Foundation
import Support

public enum CJKText {
    /// Whether two pieces of text meet without a space: either side of the join is CJK.
    public static func joinsWithoutSpace(_ before: Character?, _ after: Character?) -> Bool {
        (before?.isCJK ?? false) || (after?.isCJK ?? false)
    }

    /// How many words `text` holds: its words between spaces, a run of ideographs counting one word for every two
    /// characters (a Chinese word is one to three characters, two on average; Tesseract spaces out few of them).
    /// A line of running Chinese text counts as many words as one of English; a table's cell, as few.
    public static func wordCount(_ text: String) -> Int {
        text.split(separator: " ").reduce(0) { count, token in
            let ideographs = token.filter(\.isIdeograph).count
            let others = token.contains { !$0.isIdeograph && ($0.isLetter || $0.isNumber) } ? 1 : 0
            return count + max(1, (ideographs + 1) / 2 + others)
        }
    }

    /// `line` without the spaces that stand next to a CJK character or mark ("积 分 兑 换" → "积分兑换",
    /// "卡号 ：" → "卡号："); spaces between Latin words stay.
    public static func closingSpaces(_ line: String) -> String {
        guard line.contains(where: \.isCJK) else { return line }
        let characters = Array(line)
        var out = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            guard character == " " else {
                out.append(character)
                index += 1
                continue
            }
            var end = index
            while end < characters.count, characters[end] == " " { end += 1 }
            // Leading and trailing spaces go too; inner ones stay only between two non-CJK characters.
            if let before = out.last, end < characters.count, !joinsWithoutSpace(before, characters[end]) { out.append(" ") }
            index = end
        }
        return out
    }
}
