// The analysis as plain text (the command line), as what Share and Copy hand over, and as the words the Listen button
// speaks.
import Foundation
import Support

public enum ShelfReport {
    public static func text(_ a: ShelfAnalysis) -> String {
        var out: [String] = []
        let pct = Format.percent
        out.append("Shelf: \(a.spines.count) spines, \(a.identifiedBooks.count) books identified, confidence \(pct(a.confidence)) (\(a.analysedBy))")
        out.append("")
        out.append("Books")
        if a.identifiedBooks.isEmpty { out.append("  (none identified)") }
        for b in a.identifiedBooks {
            out.append(
                "  \(b.title) by \(b.author) · \(b.genre) · \(pct(b.confidence)) · \(b.source.label)"
                    + (b.spineIndex.map { " · spine \($0 + 1)" } ?? ""))
            if !b.spineText.isEmpty { out.append("    read: \(b.spineText)") }
        }
        let unidentified = a.books.filter { !$0.identified }
        if !unidentified.isEmpty {
            out.append("")
            out.append("Not read (text as read on the spine)")
            for b in unidentified { out.append("  spine \((b.spineIndex ?? 0) + 1): \(b.spineText)") }
        }
        out.append("")
        out.append("Reading preferences")
        let p = a.preferences
        out.append("  Favourite genres: \(p.favoriteGenres.isEmpty ? "unknown" : p.favoriteGenres.joined(separator: ", "))")
        out.append("  Reading level: \(p.readingLevel)")
        out.append("  Interests: \(p.interests.isEmpty ? "unknown" : p.interests.joined(separator: ", "))")
        out.append("  Authors: \(p.authorPreferences.isEmpty ? "unknown" : p.authorPreferences.joined(separator: ", "))")
        out.append("")
        out.append("Summary")
        out.append("  \(a.summary)")
        out.append("")
        out.append("Recommendations")
        if a.recommendations.isEmpty { out.append("  (none: no book was identified)") }
        for r in a.recommendations {
            out.append("  \(r.title) by \(r.author) · match \(pct(r.matchScore))")
            out.append("    \(r.reason)")
        }
        for n in a.notes { out.append("Note: \(n)") }
        let total = a.timings.reduce(0) { $0 + $1.seconds }
        out.append("")
        out.append(
            String(format: "Took %.1f s (", total) + a.timings.map { String(format: "%@ %.2f", $0.step, $0.seconds) }.joined(separator: ", ") + ")")
        return out.joined(separator: "\n")
    }

    /// What the Listen button says: the recommendations, in sentences.
    public static func spokenRecommendations(_ a: ShelfAnalysis) -> String {
        guard !a.recommendations.isEmpty else { return "No recommendations this time: no book on the shelf could be identified." }
        var s = "Here is what to read next. "
        for r in a.recommendations { s += "\(r.title), by \(r.author). " }
        return s
    }

    /// What Share and Copy hand over: the books, the reader in a line, and what to read next, as plain text.
    public static func shareText(_ a: ShelfAnalysis) -> String {
        var lines = ["My bookshelf, as SnapPost reads it", ""]
        let books = a.identifiedBooks
        if books.isEmpty {
            lines.append("No book identified yet.")
        } else {
            lines.append("On the shelf:")
            lines += books.map { "- \($0.title)" + ($0.author.isEmpty || $0.author == "Unknown" ? "" : " by \($0.author)") }
        }
        if !a.preferences.favoriteGenres.isEmpty { lines += ["", "Favourite genres: " + a.preferences.favoriteGenres.joined(separator: ", ")] }
        if !a.recommendations.isEmpty {
            lines += ["", "What to read next:"]
            lines += a.recommendations.map { "- \($0.title) by \($0.author)" }
        }
        return lines.joined(separator: "\n")
    }
}
