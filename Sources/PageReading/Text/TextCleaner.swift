// Step "clean": page furniture out, hyphenation joined, lines reflowed into paragraphs.
import Foundation
import Imaging
import Support
import Words

public enum TextCleaner {
    /// Drops page numbers and running headers or footers from the first and last lines of a page.
    public static func removePageNumbers(_ lines: [String]) -> [String] {
        var lines = lines
        for _ in 0..<2 {
            if let first = lines.first, isPageFurniture(first) { lines.removeFirst() }
            if let last = lines.last, isPageFurniture(last) { lines.removeLast() }
        }
        return lines
    }

    /// Which lines to keep: page numbers and running headers/footers in the top or bottom band are dropped.
    public static func pageFurnitureMask(_ lines: [RecognizedLine]) -> [Bool] {
        guard lines.count > 2 else { return lines.map { _ in true } }
        let heights = lines.map(\.box.height).sorted()
        let lineHeight = heights[heights.count / 2]
        let top = lines.map(\.box.y).min()!, bottom = lines.map(\.box.maxY).max()!
        return lines.map { line in
            let inBand = line.box.y <= top + 2 * lineHeight || line.box.maxY >= bottom - 2 * lineHeight
            return !(inBand && isPageFurniture(line.text))
        }
    }

    /// A bare page number ("12", "- 12 -", "xiv"), or a short header/footer led or ended by one
    /// ("12 THE BOSTON COOKING-SCHOOL COOK BOOK", "CHAPTER ONE 13").
    static func isPageFurniture(_ raw: String) -> Bool {
        let line = raw.trimmingCharacters(in: .whitespaces)
        let bare = line.trimmingCharacters(in: CharacterSet(charactersIn: "-–—·•|[]() ."))
        if bare.range(of: #"^(\d{1,4}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})$"#, options: .regularExpression) != nil { return true }
        if bare.range(of: #"^(page|p\.)\s*\d{1,4}$"#, options: [.regularExpression, .caseInsensitive]) != nil { return true }
        let words = bare.split(separator: " ")
        guard words.count >= 2, words.count <= 8, let first = words.first, let last = words.last else { return false }
        let numberAtEnd = first.allSatisfy(\.isNumber) || last.allSatisfy(\.isNumber)
        let letters = bare.filter(\.isLetter)
        let upper = letters.filter(\.isUppercase)
        return numberAtEnd && letters.count >= 3 && Double(upper.count) / Double(letters.count) > 0.7
    }

    /// How a line meets the line before it.
    public enum LineJoin: Sendable, Equatable {
        /// The column wrapped there: reflowed into the line before.
        case wrapped
        /// The print ended the line there (a row, an item, a line of code): kept as a line break.
        case newLine
        /// A paragraph starts.
        case newParagraph
    }

    /// Joins line-end hyphenation (keeping real hyphens; with `words`, also a hyphen the engine misread or lost),
    /// reflows single newlines into spaces (none where CJK text meets), keeps blank-line paragraph breaks, drops stray
    /// spine or edge marks, collapses spaces and trims.
    public static func clean(_ text: String, words: [any WordList] = []) -> String {
        let rawLines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .components(separatedBy: "\n")
        var lines: [(text: String, join: LineJoin)] = []
        var blank = false
        for raw in rawLines {
            if raw.trimmingCharacters(in: .whitespaces).isEmpty {
                blank = true
                continue
            }
            lines.append((raw, blank ? .newParagraph : .wrapped))
            blank = false
        }
        return clean(lines: lines, words: words)
    }

    /// `clean` for lines that say how each meets the one before: wrapped lines are reflowed (hyphenation joined),
    /// kept line breaks stay single newlines, paragraphs are set apart by a blank line.
    public static func clean(lines: [(text: String, join: LineJoin)], words: [any WordList] = []) -> String {
        // Paragraphs of printed lines, each printed line the wrapped lines it reflows from.
        var paragraphs: [[[String]]] = []
        var pending = LineJoin.wrapped
        for (raw, join) in lines {
            // A dropped line's break carries over to the next line (the stronger of the two).
            pending = stronger(pending, join)
            let line = CJKText.closingSpaces(stripEdgeMarks(collapseSpaces(raw)))
            // A line of edge marks alone stands between paragraphs.
            if line.isEmpty { pending = .newParagraph }
            if line.isEmpty || isStrayMark(line) { continue }
            if paragraphs.isEmpty || pending == .newParagraph {
                paragraphs.append([[line]])
            } else if pending == .newLine {
                paragraphs[paragraphs.count - 1].append([line])
            } else {
                var paragraph = paragraphs.removeLast()
                paragraph[paragraph.count - 1].append(line)
                paragraphs.append(paragraph)
            }
            pending = .wrapped
        }
        let joined = paragraphs.map { $0.map { joinLines($0, words: words) }.joined(separator: "\n") }
        return joined.joined(separator: "\n\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The stronger of two joins: a new paragraph over a kept line break over a wrap.
    static func stronger(_ a: LineJoin, _ b: LineJoin) -> LineJoin {
        if a == .newParagraph || b == .newParagraph { return .newParagraph }
        return a == .newLine || b == .newLine ? .newLine : .wrapped
    }

    /// Reflows one paragraph's lines into one line.
    static func joinLines(_ lines: [String], words: [any WordList] = []) -> String {
        var out = ""
        for line in lines {
            guard !out.isEmpty else {
                out = line
                continue
            }
            let hyphens: Set<Character> = ["-", "‐", "¬", "\u{00AD}"]
            if CJKText.joinsWithoutSpace(out.last, line.first) {
                out += line  // Chinese and Japanese lines run on with no space, and have no hyphenation.
            } else if let last = out.last, hyphens.contains(last), out.count >= 2,
                out[out.index(before: out.index(before: out.endIndex))].isLetter, let next = line.first
            {
                if next.isLowercase {
                    out.removeLast()  // "exam-" + "ple" → "example"
                    out += line
                } else {
                    out += line  // "Jean-" + "Paul" → "Jean-Paul"
                }
            } else if let last = out.last, last == "—" || last == "–" {
                out += line
            } else if let joined = lostHyphenJoin(out, line, words: words) {
                out = joined
            } else {
                out += " " + line
            }
        }
        return out
    }

    /// Marks a line-end hyphen is misread as on a curled or faint page ("encar." for "encar-").
    static let misreadHyphens: Set<Character> = [".", ",", "”", "’", "'", "\"", "·"]

    /// `out` continued by `line` when a line-end hyphen was misread (`misreadHyphens`) or lost: "encar." + "gada de…"
    /// → "encargada de…". The pieces are one word only when a list knows the joined word but not the piece that follows
    /// (a full stop before a lower-case word is no sentence end then), and, with no mark between them, not the first
    /// piece either ("some" + "thing" stay two words). Without a list nothing is joined; nil: no join.
    static func lostHyphenJoin(_ out: String, _ line: String, words: [any WordList]) -> String? {
        guard !words.isEmpty, let last = out.last, let lineStart = line.first, lineStart.isLowercase else { return nil }
        let tail = out.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
        let mark = misreadHyphens.contains(last) ? last : nil
        let head = mark == nil ? tail : tail.dropLast()
        let rest = line.prefix(while: \.isLetter)
        guard head.count >= 2, head.allSatisfy(\.isLetter), rest.count >= 2 else { return nil }
        guard words.knows(String(head + rest)), !words.knows(String(rest)), mark != nil || !words.knows(String(head)) else { return nil }
        return out.dropLast(mark == nil ? 0 : 1) + line
    }

    /// English only: a lone vertical bar that stands where a word does ("since | was", "| went home", "|'m") is the
    /// pronoun I, which Tesseract reads as "|" (and after a full stop sometimes "/") in many serif faces. A bar
    /// before a capitalised word or a number, or on a line of more than two bars with fewer than four words to a bar
    /// (a table), is left alone.
    public static func barsReadAsI(_ line: String) -> String {
        guard line.contains("|") || line.contains("/") else { return line }
        var tokens = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        // A table's bars stand between cells of a word or two; in running text each "I" comes with a clause of words.
        let bars = tokens.filter { $0.hasPrefix("|") }.count, words = tokens.filter { $0.contains(where: \.isLetter) }.count
        guard bars <= 2 || words >= 4 * bars, words >= 3 else { return line }
        let contractions = ["'m", "’m", "'ve", "’ve", "'d", "’d", "'ll", "’ll"]
        for i in tokens.indices {
            let token = tokens[i]
            if token.hasPrefix("|"), contractions.contains(String(token.dropFirst())) {
                tokens[i] = "I" + token.dropFirst()
                continue
            }
            // The next token must be a lower-case word ("was", "went"), not a variable in code ("a | b").
            guard token == "|" || token == "/", i + 1 < tokens.count, let next = tokens[i + 1].first, next.isLowercase,
                tokens[i + 1].prefix(while: \.isLetter).count >= 2
            else { continue }
            let previous = i > 0 ? tokens[i - 1].last : nil
            if token == "/" {
                // A slash is a word only where a sentence starts: "life. / would like".
                guard previous.map({ ".!?:".contains($0) }) ?? true else { continue }
            } else if let previous, !(previous.isLetter || previous.isNumber || ".,;:!?\"”'’)".contains(previous)) {
                continue
            }
            tokens[i] = "I"
        }
        return tokens.joined(separator: " ")
    }

    static func collapseSpaces(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{00A0}" }).joined(separator: " ")
    }

    /// A line that holds no letters or digits and at most three marks: "|", "||", "—", ".", "l|". CJK punctuation
    /// alone on a line ("。", "」") is the end of a sentence that wrapped, not a mark.
    static func isStrayMark(_ line: String) -> Bool {
        let compact = line.filter { !$0.isWhitespace }
        if compact.contains(where: \.isCJKPunctuation) { return false }
        if compact.count <= 3, !compact.contains(where: { $0.isLetter || $0.isNumber }) { return true }
        return compact.allSatisfy { "|[]{}!/\\_~".contains($0) }
    }

    /// Spine and edge marks glued to the start or end of a line: "| The text" → "The text".
    static func stripEdgeMarks(_ line: String) -> String {
        var s = Substring(line)
        while let f = s.first, f == "|" || f == "¦", s.dropFirst().first == " " || s.count == 1 { s = s.dropFirst().drop(while: { $0 == " " }) }
        while let l = s.last, l == "|" || l == "¦", s.dropLast().last == " " || s.count == 1 {
            s = s.dropLast()
            while s.last == " " { s = s.dropLast() }
        }
        return String(s)
    }
}
