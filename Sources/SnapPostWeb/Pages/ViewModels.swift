// Page view models. Mustache reads stored properties only, so every value a template shows is stored here.
import Foundation
import PostWriting
import Storage

enum Format {
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMM yyyy, HH:mm 'UTC'"
        return formatter.string(from: date)
    }

    static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    static func snippet(_ text: String, length: Int = 120) -> String {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return flat.count <= length ? flat : String(flat.prefix(length)) + "…"
    }

    static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}

struct ScanSummaryView {
    let href: String
    let snippet: String
    let when: String
    let iso: String
    let confidence: String

    init(_ scan: Scan, base: String) {
        href = "\(base)/scans/\(scan.id)"
        snippet = Format.snippet(scan.editedText.isEmpty ? "(no text)" : scan.editedText)
        when = Format.timestamp(scan.createdAt)
        iso = Format.iso(scan.createdAt)
        confidence = Format.percent(scan.confidence)
    }
}

struct HomeView {
    let scans: [ScanSummaryView]
    let hasScans: Bool
    let query: String
    let searched: Bool
    let scanMode: Bool
}

struct ParagraphChoice {
    let index: Int
    let text: String
}

struct ResultsView {
    let id: String
    let text: String
    let book: String
    let author: String
    let confidence: String
    let lowConfidence: Bool
    let lineCount: Int
    let paragraphs: [ParagraphChoice]
    let hasManyParagraphs: Bool
    let error: String?
    let errorRetryable: Bool
    let notice: String?
    let latestGenerationHref: String?
    let language: String
}

struct DraftView {
    let index: Int
    let tone: String
    let toneLabel: String
    let text: String
    let count: Int
    let over: Bool
    let note: String?
    let linkedInHref: String
}

struct VariantsView {
    let scanId: String
    let drafts: [DraftView]
    let writer: String
    let when: String
    /// LinkedIn's "see more" fold, from `LinkedInLength.limit`.
    let limit: Int
}

struct LineView {
    let number: Int
    let text: String
    let confidence: String
    let low: Bool
    let x: Int, y: Int, width: Int, height: Int
}

struct LinesView {
    let id: String
    let width: Int
    let height: Int
    let hasPreview: Bool
    let lines: [LineView]
    let hasLines: Bool
    let timings: [TimingView]
}

struct TimingView {
    let step: String
    let ms: String
}

struct HistoryItemView {
    let id: String
    let tone: String
    let toneLabel: String
    let action: String
    let text: String
    let when: String
    let iso: String
    let scanHref: String?
}

struct HistoryView {
    let items: [HistoryItemView]
    let hasItems: Bool
    let query: String
    let searched: Bool
    let limit: Int
}

struct LoginView {
    let next: String
    let error: String?
}

extension Tone {
    /// Matches a stored raw value back to a tone's label; unknown values show as they are.
    static func label(for raw: String) -> String { Tone(rawValue: raw)?.displayName ?? raw }
}
