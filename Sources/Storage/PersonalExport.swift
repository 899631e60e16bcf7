// Everything a person wrote or kept, to take elsewhere: texts, drafts with every version, history and shelves, as
// Markdown to read and one JSON file for programs, in a ZIP. Photos are not in it (the backup has them).
import Foundation
import GRDB
import Support

#if canImport(Glibc)
import Glibc
#endif

/// Writes the export one scan at a time: each scan's Markdown goes straight into the ZIP, its JSON into a file
/// beside it that joins the ZIP at the end, so memory holds one scan, never all of them.
public struct PersonalExport: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// How much went into the export.
    public struct Counts: Sendable, Equatable, Codable {
        public var scans = 0
        public var generations = 0
        public var draftVersions = 0
        public var history = 0
        public var shelves = 0
    }

    // MARK: The JSON shapes (stable: programs read them)

    struct ScanJSON: Encodable {
        var id: String
        var createdAt: Date
        var book: String
        var author: String
        var language: String
        /// The text as the person has it (their edit, or the reading).
        var text: String
        /// The text as read from the photos.
        var ocrText: String
        var generations: [GenerationJSON]
    }

    struct GenerationJSON: Encodable {
        var id: String
        var createdAt: Date
        var writer: String
        var sourceText: String
        var drafts: [DraftJSON]
    }

    struct DraftJSON: Encodable {
        var tone: String
        /// Oldest first; the last is the one the cards show.
        var versions: [VersionJSON]
    }

    struct VersionJSON: Encodable {
        var version: Int
        var createdAt: Date
        var writer: String
        var written: String
        /// The person's edit; null when they did not edit this version.
        var edited: String?
        var note: String?

        enum CodingKeys: String, CodingKey { case version, createdAt, writer, written, edited, note }

        /// Every key always present (null when empty), so programs reading the export see one shape.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(version, forKey: .version)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(writer, forKey: .writer)
            try container.encode(written, forKey: .written)
            try container.encode(edited, forKey: .edited)
            try container.encode(note, forKey: .note)
        }
    }

    struct HistoryJSON: Encodable {
        var postedAt: Date
        var action: String
        var tone: String
        var text: String
        var scanId: String?

        enum CodingKeys: String, CodingKey { case postedAt, action, tone, text, scanId }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(postedAt, forKey: .postedAt)
            try container.encode(action, forKey: .action)
            try container.encode(tone, forKey: .tone)
            try container.encode(text, forKey: .text)
            try container.encode(scanId, forKey: .scanId)
        }
    }

    struct ShelfJSON: Encodable {
        struct Book: Encodable {
            var title: String
            var author: String
            var genre: String
            var identified: Bool
            var correctedByHand: Bool
        }
        struct Recommendation: Encodable {
            var title: String
            var author: String
            var reason: String
        }
        var id: String
        var createdAt: Date
        var summary: String
        var analysedBy: String
        var books: [Book]
        var favoriteGenres: [String]
        var readingLevel: String
        var interests: [String]
        var authorPreferences: [String]
        var recommendations: [Recommendation]
        var unidentifiedSpines: [String]
    }

    // MARK: Writing

    /// Writes the ZIP to `file` (0600), its Markdown in `words`. `now` names the export and dates its entries.
    public func write(to file: URL, words: ExportWords, now: Date = Date()) async throws -> Counts {
        let folder = file.deletingLastPathComponent()
        let json = folder.appendingPathComponent(".snappost-export-\(RandomID.make()).json")
        defer { unlink(json.path) }
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            FileManager.default.createFile(atPath: json.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw BackupError.cannotWrite(file.path) }
        let zipHandle = try FileHandle(forWritingTo: file)
        let jsonHandle = try FileHandle(forWritingTo: json)
        defer {
            try? zipHandle.close()
            try? jsonHandle.close()
        }
        var zip = ZipWriter(handle: zipHandle, modified: now)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var counts = Counts()
        var index: [String] = ["# \(words.say("export.title", [:]))", "", words.say("export.made", Self.when(now)), ""]

        try jsonHandle.write(contentsOf: Data("{\"exportedAt\":\(String(decoding: try encoder.encode(now), as: UTF8.self)),\"scans\":[".utf8))
        let scanIds = try await database.read { db in try String.fetchAll(db, sql: "SELECT id FROM scan ORDER BY createdAt, rowid") }
        index += ["## \(words.say("export.texts", [:]))", ""]
        for (n, id) in scanIds.enumerated() {
            guard let scan = try await self.scan(id) else { continue }
            counts.scans += 1
            counts.generations += scan.generations.count
            counts.draftVersions += scan.generations.reduce(0) { $0 + $1.drafts.reduce(0) { $0 + $1.versions.count } }
            let name = "texts/\(Self.day(scan.createdAt))-\(scan.id).md"
            try zip.add(name: name, data: Data(Self.markdown(scan, words).utf8))
            index.append("- [\(Self.title(scan, words))](\(name))")
            try jsonHandle.write(contentsOf: Data((n == 0 ? "" : ",").utf8) + (try encoder.encode(scan)))
        }
        if scanIds.isEmpty { index.append(words.say("export.none", [:])) }

        let history = try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT postedAt, action, tone, text, scanId FROM history WHERE deletedAt IS NULL ORDER BY postedAt")
                .map { HistoryJSON(postedAt: $0["postedAt"], action: $0["action"], tone: $0["tone"], text: $0["text"], scanId: $0["scanId"]) }
        }
        counts.history = history.count
        try zip.add(name: "history.md", data: Data(Self.markdown(history, words).utf8))
        try jsonHandle.write(contentsOf: Data("],\"history\":".utf8) + (try encoder.encode(history)) + Data(",\"shelves\":[".utf8))
        index += [
            "", "## \(words.say("export.history", [:]))", "", "- [\(words.count("export.historyLink", history.count, [:]))](history.md)", "",
            "## \(words.say("export.shelves", [:]))", "",
        ]

        let shelfIds = try await database.read { db in try String.fetchAll(db, sql: "SELECT id FROM shelfScan ORDER BY createdAt, rowid") }
        let shelves = SQLiteShelfScanRepository(database: database)
        for id in shelfIds {
            guard let stored = try await shelves.scan(id: id), let reading = try await shelves.reading(ofShelf: id) else { continue }
            let shelf = Self.shelf(stored, reading)
            let name = "shelves/\(Self.day(shelf.createdAt))-\(shelf.id).md"
            try zip.add(name: name, data: Data(Self.markdown(shelf, words).utf8))
            index.append("- [\(words.count("export.shelfLink", Self.namedBooks(shelf).count, ["day": .text(Self.day(shelf.createdAt))]))](\(name))")
            try jsonHandle.write(contentsOf: Data((counts.shelves == 0 ? "" : ",").utf8) + (try encoder.encode(shelf)))
            counts.shelves += 1
        }
        if shelfIds.isEmpty { index.append(words.say("export.none", [:])) }
        try jsonHandle.write(contentsOf: Data("],\"counts\":".utf8) + (try encoder.encode(counts)) + Data("}".utf8))
        try jsonHandle.synchronize()

        index += ["", words.say("export.forPrograms", ["file": .text("[snappost.json](snappost.json)")]), ""]
        try zip.add(name: "snappost.json", file: json)
        try zip.add(name: "README.md", data: Data(index.joined(separator: "\n").utf8))
        try zip.finish()
        try zipHandle.synchronize()
        return counts
    }

    /// One scan with its generations and every version of every draft (the written text and the edit).
    func scan(_ id: String) async throws -> ScanJSON? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM scan WHERE id = ?", arguments: [id]) else { return nil }
            let generations = try Row.fetchAll(
                db, sql: "SELECT id, createdAt, writer, sourceText FROM generation WHERE scanId = ? ORDER BY createdAt, rowid", arguments: [id])
            return ScanJSON(
                id: id, createdAt: row["createdAt"], book: row["book"] ?? "", author: row["author"] ?? "", language: row["language"] ?? "",
                text: row["editedText"] ?? "", ocrText: row["ocrText"] ?? "",
                generations: try generations.map { generation in
                    let versions = try Row.fetchAll(
                        db,
                        sql: """
                            SELECT position, version, tone, text, note, editedText, writer, createdAt FROM draft
                            WHERE generationId = ? ORDER BY position, version
                            """, arguments: [generation["id"] as String])
                    let drafts = Dictionary(grouping: versions) { $0["position"] as Int }.sorted { $0.key < $1.key }.map { _, rows in
                        DraftJSON(
                            tone: rows[0]["tone"],
                            versions: rows.map {
                                VersionJSON(
                                    version: $0["version"], createdAt: $0["createdAt"], writer: $0["writer"], written: $0["text"],
                                    edited: $0["editedText"], note: $0["note"])
                            })
                    }
                    return GenerationJSON(
                        id: generation["id"], createdAt: generation["createdAt"], writer: generation["writer"], sourceText: generation["sourceText"],
                        drafts: drafts)
                })
        }
    }

    static func shelf(_ stored: ShelfScan, _ reading: ShelfReading) -> ShelfJSON {
        let identified = Set(reading.books.compactMap(\.spineIndex))
        return ShelfJSON(
            id: stored.id, createdAt: stored.createdAt, summary: reading.summary, analysedBy: reading.analysedBy,
            books: reading.books.map {
                .init(title: $0.title, author: $0.author, genre: $0.genre, identified: $0.identified, correctedByHand: $0.correctedByHand)
            },
            favoriteGenres: reading.favoriteGenres, readingLevel: reading.readingLevel, interests: reading.interests,
            authorPreferences: reading.authorPreferences,
            recommendations: reading.recommendations.map { .init(title: $0.title, author: $0.author, reason: $0.reason) },
            unidentifiedSpines: reading.spines.filter { !identified.contains($0.index) && !$0.lines.isEmpty }.map {
                $0.lines.joined(separator: " / ")
            })
    }

    // MARK: Markdown

    /// A moment as the export's messages name it: `{{day}}` and `{{time}}` (UTC).
    static func when(_ date: Date) -> [String: MessageArgument] { ["day": .text(day(date)), "time": .text(time(date))] }

    static func title(_ scan: ScanJSON, _ words: ExportWords) -> String {
        let named = [scan.book, scan.author].filter { !$0.isEmpty }.joined(separator: " — ")
        return named.isEmpty ? words.say("export.textOf", when(scan.createdAt)) : "\(named) (\(day(scan.createdAt)))"
    }

    static func markdown(_ scan: ScanJSON, _ words: ExportWords) -> String {
        var out = ["# \(title(scan, words))", "", words.say("export.scanned", when(scan.createdAt)), "", scan.text, ""]
        for generation in scan.generations {
            out += ["## \(words.say("export.draftsWritten", when(generation.createdAt).merging(["writer": .text(generation.writer)]) { $1 }))", ""]
            for draft in generation.drafts {
                out += ["### \(words.say("tone.\(draft.tone)", [:]))", ""]
                for version in draft.versions.reversed() {
                    let newest = version.version == draft.versions.last?.version
                    out += ["#### \(words.say(newest ? "export.versionNewest" : "export.version", ["number": .number(version.version)]))", ""]
                    if let edited = version.edited {
                        out += [
                            edited, "", "<details><summary>\(words.say("export.asWritten", [:]))</summary>", "", version.written, "", "</details>",
                            "",
                        ]
                    } else {
                        out += [version.written, ""]
                    }
                }
            }
        }
        return out.joined(separator: "\n")
    }

    static func markdown(_ history: [HistoryJSON], _ words: ExportWords) -> String {
        var out = ["# \(words.say("export.history", [:]))", "", words.say("export.historyIntro", [:]), ""]
        for item in history {
            let said = when(item.postedAt).merging(["action": .message("history.\(item.action)"), "tone": .message("tone.\(item.tone)")]) { $1 }
            out += ["## \(words.say("export.historyItem", said))", "", item.text, ""]
        }
        if history.isEmpty { out.append(words.say("export.none", [:])) }
        return out.joined(separator: "\n")
    }

    /// The books the analysis or the person named; a spine it could not read is no book (the JSON keeps it, marked).
    static func namedBooks(_ shelf: ShelfJSON) -> [ShelfJSON.Book] { shelf.books.filter { $0.identified || $0.correctedByHand } }

    static func markdown(_ shelf: ShelfJSON, _ words: ExportWords) -> String {
        func list(_ items: [String]) -> MessageArgument { .text(items.joined(separator: ", ")) }
        var out = [
            "# \(words.say("export.shelfOf", ["day": .text(day(shelf.createdAt))]))", "",
            words.say("export.analysedBy", ["who": .text(shelf.analysedBy)]),
            "", shelf.summary, "", "## \(words.say("export.books", [:]))", "",
        ]
        let named = namedBooks(shelf)
        for book in named {
            var line = book.author.isEmpty ? book.title : words.say("export.bookBy", ["title": .text(book.title), "author": .text(book.author)])
            if !book.genre.isEmpty { line += ", \(book.genre)" }
            if book.correctedByHand { line += " (\(words.say("export.correctedByHand", [:])))" }
            out.append("- \(line)")
        }
        if named.isEmpty { out.append(words.say("export.none", [:])) }
        // What the unread spines said, when they said anything, and how many said nothing.
        let unread = shelf.books.filter { !($0.identified || $0.correctedByHand) }
        let said = shelf.unidentifiedSpines + unread.map(\.title).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let silent = unread.count - unread.filter { !$0.title.trimmingCharacters(in: .whitespaces).isEmpty }.count
        if !said.isEmpty || silent > 0 {
            out += ["", "## \(words.say("export.spinesNotIdentified", [:]))", ""] + said.map { "- \($0)" }
            if silent > 0 { out.append("- \(words.count("export.silentSpines", silent, [:]))") }
        }
        out += [
            "", "## \(words.say("export.whatTheShelfSays", [:]))", "",
            "- \(words.say("export.favouriteGenres", ["list": list(shelf.favoriteGenres)]))",
            "- \(words.say("export.readingLevel", ["level": .text(shelf.readingLevel)]))",
            "- \(words.say("export.interests", ["list": list(shelf.interests)]))",
            "- \(words.say("export.authors", ["list": list(shelf.authorPreferences)]))", "", "## \(words.say("export.recommendations", [:]))", "",
        ]
        out += shelf.recommendations.map {
            "- \(words.say("export.recommendation", ["title": .text($0.title), "author": .text($0.author), "reason": .text($0.reason)]))"
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func day(_ date: Date) -> String { format(date, "yyyy-MM-dd") }
    static func time(_ date: Date) -> String { format(date, "HH:mm") }

    private static func format(_ date: Date, _ pattern: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}

/// The export's words in the reader's language. Storage knows no catalogue: the caller says each message (`export.*`,
/// and the `tone.*` and `history.*` names) in its catalogue's language, its `{{name}}` placeholders filled from the
/// arguments, and `count` chooses the plural form for a number.
public struct ExportWords: Sendable {
    public let say: @Sendable (_ key: String, _ arguments: [String: MessageArgument]) -> String
    public let count: @Sendable (_ key: String, _ count: Int, _ arguments: [String: MessageArgument]) -> String

    public init(
        say: @escaping @Sendable (_ key: String, _ arguments: [String: MessageArgument]) -> String,
        count: @escaping @Sendable (_ key: String, _ count: Int, _ arguments: [String: MessageArgument]) -> String
    ) {
        self.say = say
        self.count = count
    }
}
