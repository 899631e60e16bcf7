// Joins the text of the next page onto a passage: a word hyphenated across the page break becomes one word again,
// and a sentence that runs over the break stays one paragraph.

public enum PageJoiner {
    /// `next` appended to `passage`.
    public static func append(_ next: String, to passage: String) -> String {
        let head = passage.trimmingTrailingWhitespace()
        let tail = next.trimmingLeadingWhitespace()
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
