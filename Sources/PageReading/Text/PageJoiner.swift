// Joins the text of the next page onto a passage: a word hyphenated across the page break becomes one word again,
// a sentence that runs over the break stays one paragraph, and the page number or running head between the two
// pages (each page's reading keeps its own as a paragraph apart) is left out of the join.

import Foundation

public enum PageJoiner {
    /// `next` appended to `passage`.
    public static func append(_ next: String, to passage: String) -> String {
        let head = dropFurniture(passage, atEnd: true).trimmingTrailingWhitespace()
        let tail = dropFurniture(next, atEnd: false).trimmingLeadingWhitespace()
        guard !head.isEmpty else { return tail }
        guard !tail.isEmpty else { return head }
        let startsLower = tail.first.map { $0.isLetter && $0.isLowercase } ?? false
        if head.hasSuffix("-"), startsLower, let beforeHyphen = head.dropLast().last, beforeHyphen.isLetter {
            return String(head.dropLast()) + tail
        }
        if startsLower, let last = head.last, !".!?:;\"”»)".contains(last) {
            return head + " " + tail
        }
        return head + "\n\n" + tail
    }

    /// `text` without its last (or first) paragraph when that paragraph is a page number or running head.
    static func dropFurniture(_ text: String, atEnd: Bool) -> String {
        var paragraphs = text.components(separatedBy: "\n\n")
        guard paragraphs.count > 1 else { return text }
        let edge = atEnd ? paragraphs.count - 1 : 0
        guard TextCleaner.isPageFurniture(paragraphs[edge].trimmingCharacters(in: .whitespacesAndNewlines)) else { return text }
        paragraphs.remove(at: edge)
        return paragraphs.joined(separator: "\n\n")
    }

    /// Every text in order, joined as `append` joins two.
    public static func join(_ texts: [String]) -> String {
        texts.reduce("") { append($1, to: $0) }
    }
}

extension String {
    fileprivate func trimmingTrailingWhitespace() -> String {
        var copy = Substring(self)
        while let last = copy.last, last.isWhitespace { copy.removeLast() }
        return String(copy)
    }

    fileprivate func trimmingLeadingWhitespace() -> String {
        String(drop(while: \.isWhitespace))
    }
}
