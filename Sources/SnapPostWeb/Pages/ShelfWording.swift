// The shelf analysis in the reader's language. The analyser stores its findings with English words (the JSON API and
// the command line speak English); the page says them again from the catalogue: genres and reading levels by name,
// the offline summary from the counts it was made of, and the recommender's reasons from their parts. Words a model
// wrote (an AI provider's summary or reasons) are shown as written.
import Foundation
import Localization
import Shelves
import Storage
import Support

struct ShelfWording {
    let localizer: Localizer

    /// "Science fiction" → "科幻"; a genre the catalogue does not name stays as it is.
    func genre(_ name: String) -> String {
        let key = "genre." + Self.slug(name)
        return localizer.has(key) ? localizer(key) : name
    }

    /// The analyser's levels ("Young reader", "Advanced", "General", "Unknown"); a model's own words stay.
    func level(_ raw: String) -> String {
        let key = "level." + Self.slug(raw)
        return localizer.has(key) ? localizer(key) : raw
    }

    /// "Offline (catalog)" in the reader's words; a provider's "host · model" as it is.
    func analysedBy(_ raw: String) -> String {
        raw == ShelfAnalyser.offlineName ? localizer("shelfWords.offline") : raw
    }

    /// The offline analysis's summary, said again from what it counts; a model's summary as it wrote it.
    func summary(_ r: ShelfReading) -> String {
        // English is what the analyser wrote; a model's summary is shown as written.
        guard r.analysedBy == ShelfAnalyser.offlineName, localizer.language != .english else { return r.summary }
        let identified = r.books.filter(\.identified)
        let from = BookSourceCounts(identified)
        var parts: [String] = []
        let found = localizer.plural("shelfWords.spinesFound", count: r.spines.count)
        let named = localizer.plural("shelfWords.booksNamed", count: identified.count)
        let counts: [String: MessageArgument] = [
            "found": .text(found), "named": .text(named), "catalog": .number(from.catalog), "spine": .number(from.spine), "hand": .number(from.hand),
        ]
        if !from.saysWhere {
            parts.append(localizer("shelfWords.foundAndNamed", counts))
        } else if from.hand > 0 {
            parts.append(localizer("shelfWords.foundAndNamedByHand", counts))
        } else {
            parts.append(localizer("shelfWords.foundAndNamedBoth", counts))
        }
        if !r.favoriteGenres.isEmpty {
            let genres = localizer.list(r.favoriteGenres.prefix(3).map { inline(genre($0)) })
            if r.interests.isEmpty {
                parts.append(localizer("shelfWords.leans", ["genres": .text(genres)]))
            } else {
                parts.append(
                    localizer("shelfWords.leansWith", ["genres": .text(genres), "interests": .text(localizer.list(Array(r.interests.prefix(3))))]))
            }
        }
        var authors: [String: Int] = [:]
        for b in identified where b.author != "Unknown" && !b.author.isEmpty { authors[b.author, default: 0] += 1 }
        if let (name, n) = authors.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), n > 1 {
            parts.append(localizer.plural("shelfWords.authorTimes", count: n, ["author": .text(name)]))
        }
        let unread = r.books.count - identified.count
        if unread > 0 { parts.append(localizer.plural("shelfWords.unread", count: unread)) }
        if identified.isEmpty {
            parts.append(localizer("shelfWords.noneNamed"))
        } else if r.recommendations.isEmpty {
            parts.append(localizer("shelfWords.noneInCatalog"))
        }
        return parts.joined(separator: localizer.language == .simplifiedChinese ? "" : " ")
    }

    /// The recommender's reason ("Readers of X shelve it alike (tags); rated 4.1 by 45k readers.") in the reader's
    /// words; a reason in another shape (a model's) as it is.
    func reason(_ raw: String) -> String {
        guard localizer.language != .english else { return raw }
        if let m = Self.match(Self.throughAuthor, raw) {
            return localizer(
                "shelfWords.reasonThroughAuthor",
                [
                    "author": .text(m[0]), "title": .text(m[1]), "tags": .text(tags(m[2])), "rating": .text(rating(m[3])),
                    "readers": .text(readers(m[4])),
                ])
        }
        if let m = Self.match(Self.alike, raw) {
            return localizer(
                "shelfWords.reason",
                ["title": .text(m[0]), "tags": .text(tags(m[1])), "rating": .text(rating(m[2])), "readers": .text(readers(m[3]))])
        }
        return raw
    }

    /// What Share and Copy hand over: the books, the favourite genres and what to read next, as plain text.
    func shareText(_ r: ShelfReading) -> String {
        var lines = [localizer("shareText.title"), ""]
        let books = r.books.filter(\.identified)
        if books.isEmpty {
            lines.append(localizer("shareText.noBook"))
        } else {
            lines.append(localizer("shareText.onShelf"))
            lines += books.map { book in
                book.author.isEmpty || book.author == "Unknown"
                    ? "- \(book.title)" : "- " + localizer("shareText.byAuthor", ["title": .text(book.title), "author": .text(book.author)])
            }
        }
        if !r.favoriteGenres.isEmpty {
            lines += [
                "",
                localizer(
                    "shareText.genres", ["genres": .text(r.favoriteGenres.map { genre($0) }.joined(separator: localizer("shelfWords.tagSeparator")))]),
            ]
        }
        if !r.recommendations.isEmpty {
            lines += ["", localizer("shareText.next")]
            lines += r.recommendations.map { "- " + localizer("shareText.byAuthor", ["title": .text($0.title), "author": .text($0.author)]) }
        }
        return lines.joined(separator: "\n")
    }

    /// The analyser's notes in the reader's words: the AI provider's failure (named by its code), books a model named
    /// that the photo does not support, the photo not sent. Any other note as it is.
    func note(_ raw: String) -> String {
        guard localizer.language != .english else { return raw }
        if let m = Self.match(#/^The AI provider could not be used \(([a-z_]+)\)\. This is the offline analysis\.$/#, raw) {
            let reason = localizer.has("aiReason.\(m[0])") ? localizer("aiReason.\(m[0])") : m[0]
            return localizer("shelfWords.aiFailed", ["reason": .text(reason)])
        }
        if let m = Self.match(#/^(\d+) books? named by the model (?:was|were) dropped: the photo does not support (?:it|them)\.$/#, raw),
            let n = Int(m[0])
        {
            return localizer.plural("shelfWords.dropped", count: n)
        }
        if raw.hasPrefix("Only the spine texts were sent to the model") { return localizer("shelfWords.photoNotSent") }
        return raw
    }

    /// Whether `reason` can say `raw` in the reader's words (it was written by the recommender, not a model).
    func isOurs(_ raw: String) -> Bool { Self.match(Self.throughAuthor, raw) != nil || Self.match(Self.alike, raw) != nil }

    /// " (history, war)" with each genre named in the reader's language, or "".
    private func tags(_ raw: String) -> String {
        guard !raw.isEmpty else { return "" }
        var seen: Set<String> = []
        // Two tags can be one word in the reader's language ("sport" and "sports" are both "sport"): said once.
        let names = raw.components(separatedBy: ", ").map { name in
            let said = genre(name)
            return said == name ? name : inline(said)
        }.filter { seen.insert($0.lowercased()).inserted }
        return localizer("shelfWords.tags", ["tags": .text(names.joined(separator: localizer("shelfWords.tagSeparator")))])
    }

    /// A genre's name inside a sentence: lower case, except in German (nouns keep their capital) and Chinese.
    private func inline(_ name: String) -> String {
        localizer.language == .german || localizer.language == .simplifiedChinese ? name : name.lowercased(with: localizer.locale)
    }

    private func rating(_ raw: String) -> String { Double(raw).map { localizer.decimal($0) } ?? raw }

    /// "45k", "1.2M" as the recommender wrote them, said again in the locale's compact form ("4.5万", "1,2 Mio.").
    private func readers(_ raw: String) -> String {
        let multiplier: Double = raw.hasSuffix("M") ? 1_000_000 : raw.hasSuffix("k") ? 1000 : 1
        guard let value = Double(raw.trimmingCharacters(in: CharacterSet(charactersIn: "kM"))) else { return raw }
        return Int(value * multiplier).formatted(.number.notation(.compactName).locale(localizer.locale))
    }

    static var throughAuthor: Regex<(Substring, Substring, Substring, Substring?, Substring, Substring)> {
        #/^Readers of (.+?), whose (.+) is on your shelf, shelve it alike(?: \((.+)\))?; rated ([\d.]+) by ([\d.]+[kM]?) readers\.$/#
    }
    static var alike: Regex<(Substring, Substring, Substring?, Substring, Substring)> {
        #/^Readers of (.+) shelve it alike(?: \((.+)\))?; rated ([\d.]+) by ([\d.]+[kM]?) readers\.$/#
    }

    /// The captures of `regex` in `text` (an absent one as ""), or nil when it does not match.
    static func match<Output>(_ regex: Regex<Output>, _ text: String) -> [String]? {
        guard let found = try? regex.wholeMatch(in: text) else { return nil }
        // The output tuple's parts: the whole match first, then each capture (nil when an optional group is absent).
        return Mirror(reflecting: found.output).children.dropFirst().map { (($0.value as? Substring).map(String.init)) ?? "" }
    }

    /// "Science fiction" → "science-fiction", "Children's" → "childrens", "Young reader" → "young-reader".
    static func slug(_ name: String) -> String {
        name.lowercased().filter { $0.isLetter || $0 == " " || $0 == "-" }.split(whereSeparator: { $0 == " " || $0 == "-" }).joined(separator: "-")
    }
}
