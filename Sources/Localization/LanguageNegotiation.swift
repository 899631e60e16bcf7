// Which interface language a request gets: the person's choice (a cookie) first, then the browser's Accept-Language
// with its q-values, then English.
import Foundation

public enum LanguageNegotiation {
    /// The language for a request: `chosen` (the footer's cookie) when it names one of ours, otherwise the best of
    /// `acceptLanguage`, otherwise the source language.
    public static func language(chosen: String?, acceptLanguage: String?) -> InterfaceLanguage {
        if let chosen, let language = InterfaceLanguage(tag: chosen) { return language }
        return best(acceptLanguage ?? "") ?? .source
    }

    /// The highest-weighted tag of an Accept-Language header that we serve; ties keep the header's order, `q=0` means
    /// "not this one", and `*` means any (English). Malformed parts are skipped, never fatal.
    public static func best(_ header: String) -> InterfaceLanguage? {
        var ranked: [(language: InterfaceLanguage?, weight: Double, order: Int)] = []
        for (order, part) in header.split(separator: ",").prefix(32).enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, !tag.isEmpty else { continue }
            var weight = 1.0
            for parameter in pieces.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 0
            }
            guard weight > 0 else { continue }
            ranked.append((tag == "*" ? .source : InterfaceLanguage(tag: tag), weight, order))
        }
        let served = ranked.filter { $0.language != nil }.sorted { ($0.weight, -$0.order) > ($1.weight, -$1.order) }
        return served.first?.language
    }
}
