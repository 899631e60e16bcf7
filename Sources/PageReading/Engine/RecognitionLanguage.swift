// Tesseract language codes as a person knows them: a name, and the Debian package that installs each.
import Foundation

/// One Tesseract traineddata code such as "pol" or "chi_sim".
public struct RecognitionLanguage: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    public let code: String

    /// Nil unless `code` looks like a traineddata name (letters, digits, underscores): nothing else reaches Tesseract.
    public init?(code: String) {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        guard (2...24).contains(trimmed.count), trimmed.unicodeScalars.allSatisfy({ Self.allowed.contains($0) }) else { return nil }
        self.code = trimmed
    }

    private static let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_".unicodeScalars)

    /// English name, e.g. "Polish"; the code itself when we do not know it.
    public var name: String { Self.names[code] ?? code }

    /// The Debian package holding its traineddata, e.g. "tesseract-ocr-pol", "tesseract-ocr-chi-sim".
    public var debianPackage: String { "tesseract-ocr-" + code.lowercased().replacingOccurrences(of: "_", with: "-") }

    public var description: String { code }

    public static func < (a: Self, b: Self) -> Bool { a.code < b.code }

    /// Whether the language is written in the Latin alphabet, whose ascenders and descenders Leptonica's orientation
    /// statistics count (Cyrillic, Greek and the other scripts have other letter shapes: those statistics can call an
    /// upright page upside down).
    public var isLatinScript: Bool { Self.latinScript.contains(code) }

    static let latinScript: Set<String> = [
        "eng", "deu", "fra", "spa", "ita", "por", "pol", "nld", "dan", "swe", "nor", "fin", "ces", "slk", "slv", "hrv",
        "hun", "ron", "tur", "cat", "eus", "glg", "lat", "lit", "lav", "est", "isl", "gle", "cym", "vie", "ind", "msa",
        "afr", "sqi", "bos", "mlt", "epo", "aze", "uzb", "tgl", "srp_latn", "frk", "enm", "frm", "ita_old", "spa_old",
    ]

    /// Languages read from a Latin-script book page that people here are likely to photograph, plus the common others.
    static let names: [String: String] = [
        "eng": "English", "deu": "German", "fra": "French", "spa": "Spanish", "ita": "Italian", "por": "Portuguese",
        "pol": "Polish", "nld": "Dutch", "dan": "Danish", "swe": "Swedish", "nor": "Norwegian", "fin": "Finnish",
        "ces": "Czech", "slk": "Slovak", "slv": "Slovenian", "hrv": "Croatian", "hun": "Hungarian", "ron": "Romanian",
        "tur": "Turkish", "ell": "Greek", "rus": "Russian", "ukr": "Ukrainian", "bul": "Bulgarian", "cat": "Catalan",
        "eus": "Basque", "glg": "Galician", "lat": "Latin", "lit": "Lithuanian", "lav": "Latvian", "est": "Estonian",
        "isl": "Icelandic", "gle": "Irish", "cym": "Welsh", "ara": "Arabic", "heb": "Hebrew", "hin": "Hindi",
        "jpn": "Japanese", "kor": "Korean", "chi_sim": "Chinese (simplified)", "chi_tra": "Chinese (traditional)",
        "vie": "Vietnamese", "tha": "Thai", "ind": "Indonesian", "msa": "Malay", "osd": "orientation and script",
    ]
}
