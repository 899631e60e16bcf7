// Paragraphs of a text, and keeping some of them: always from the text as the person last had it.
import Foundation

/// Paragraphs are separated by a blank line.
public enum Paragraphs {
    public static func of(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n")
            .components(separatedBy: "\n\n")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }
}

/// Keeping some paragraphs, always from the text as the person last had it (never from an older saved copy).
public enum ParagraphPicker {
    public enum Outcome: Equatable, Sendable {
        /// The kept paragraphs of the submitted text.
        case kept(String)
        /// The submitted text no longer has the paragraphs the page showed: keep it whole and ask again.
        case askAgain
        /// Nothing ticked.
        case nothingTicked
    }

    /// - Parameters:
    ///   - text: the text as submitted with the form (the person's current edit).
    ///   - shown: how many paragraphs the page showed the boxes for.
    ///   - keep: the indexes of the ticked boxes.
    public static func pick(from text: String, shown: Int?, keep: [Int]) -> Outcome {
        let paragraphs = Paragraphs.of(text)
        if let shown, shown != paragraphs.count { return .askAgain }
        let kept = Set(keep).filter { $0 >= 0 && $0 < paragraphs.count }.sorted()
        guard !kept.isEmpty else { return .nothingTicked }
        return .kept(kept.map { paragraphs[$0] }.joined(separator: "\n\n"))
    }
}
