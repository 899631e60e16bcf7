// Values as people read them: UTC timestamps, percentages, one-line snippets (the pages and the command line alike).
import Foundation

public enum Format {
    public static func timestamp(_ date: Date) -> String { utc(date, "d MMM yyyy, HH:mm 'UTC'") }

    public static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    public static func snippet(_ text: String, length: Int = 120) -> String {
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return flat.count <= length ? flat : String(flat.prefix(length)) + "…"
    }

    public static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }

    /// "14:02 UTC", for the writer badge.
    public static func clock(_ date: Date) -> String { utc(date, "HH:mm 'UTC'") }

    /// `date` in UTC, written the British way with `format`.
    private static func utc(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }
}
