// Where to go after logging in: only one of our own paths, judged after decoding, never another site.
import Foundation

/// A `next=` value made safe. Browsers forgive a lot in a `Location` header (`/\t/evil.example` and `/%09/evil.example`
/// both end up as `//evil.example`), so the rule is strict: with control characters removed, and again after
/// percent-decoding, the path below the base path must be `/` alone or `/` followed by a letter or a digit.
enum NextPath {
    static let maxLength = 500

    /// The path to redirect to: `raw` without its control characters when it passes, otherwise the home page.
    static func safe(_ raw: String?, base: String) -> String {
        let home = base + "/"
        guard let raw, raw.utf8.count <= maxLength else { return home }
        let target = stripped(raw)
        guard let decoded = fullyDecoded(target), isLocal(target, base: base), isLocal(stripped(decoded), base: base) else { return home }
        // Escapes already in the value stay as they are; anything a Location header cannot carry is encoded.
        return target.addingPercentEncoding(withAllowedCharacters: allowed) ?? home
    }

    /// `/` alone or `/` then an ASCII letter or digit, below the base path.
    static func isLocal(_ path: String, base: String) -> Bool {
        guard path.hasPrefix(base + "/") else { return false }
        let local = path.utf8.dropFirst(base.utf8.count + 1)
        guard let second = local.first else { return true }
        return (second >= 0x30 && second <= 0x39) || (second >= 0x41 && second <= 0x5A) || (second >= 0x61 && second <= 0x7A)
    }

    /// Percent-decoded until nothing changes (a few rounds at most); nil for a broken escape.
    static func fullyDecoded(_ value: String) -> String? {
        var current = value
        for _ in 0..<4 {
            guard let next = current.removingPercentEncoding else { return nil }
            if next == current { return current }
            current = next
        }
        return nil
    }

    /// Without control, format (zero-width, bidi) and line-separator characters.
    static func stripped(_ value: String) -> String {
        String(
            String.UnicodeScalarView(
                value.unicodeScalars.filter { scalar in
                    switch scalar.properties.generalCategory {
                    case .control, .format, .lineSeparator, .paragraphSeparator: false
                    default: true
                    }
                }))
    }

    /// Characters left as they are in the redirect: those of a path with its query, and `%` of existing escapes.
    private static let allowed: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "/-._~!$&'()*+,;=:@?%")
        return set
    }()
}
