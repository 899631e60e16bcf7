// Backup and restore of a whole data folder (made while writes go on), the refusals that keep a folder safe, pruning,
// and the person's export: a ZIP every unzip opens, with the texts, every draft version, history and shelves.
import Foundation
import GRDB
import Localization
import Support
import Testing

@testable import Storage

#if canImport(Glibc)
import Glibc
#endif

@Suite("Backup, restore and export")
struct BackupTests {
    static func folder(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("snappost-\(name)-\(UUID().uuidString)")
    }

    /// A data folder with a scan (its original and preview), drafts with an edited second version, history, a shelf,
    /// a retouch project with an edit, and a chosen password.
    static func populated() async throws -> (AppDatabase, URL, ids: (scan: String, generation: String, shelf: String, retouch: String)) {
        let directory = folder("backup-source")
        let database = try AppDatabase.onDisk(directory: directory)
        let scans = SQLiteScanRepository(database: database)
        let scan = try await scans.insert(
            StorageTests.sampleScan("The lighthouse keeper wrote every evening."),
            original: KeptOriginal(data: Data(repeating: 7, count: 300_000), until: .distantFuture))
        _ = try await scans.saveEdits(scanId: scan.id, text: "The keeper wrote every evening, by hand.", book: "Logbook", author: "A. Keeper")
        let generations = SQLiteGenerationRepository(database: database)
        let generation = try await generations.insert(
            scanId: scan.id, writer: "Offline writer", sourceText: "The keeper wrote.",
            drafts: [Draft(tone: "punchy", text: "Punchy one.", note: nil), Draft(tone: "personal", text: "Personal one.", note: "a note")])
        _ = try await generations.addVersion(
            generationId: generation.id, scanId: scan.id, position: 0, draft: Draft(tone: "punchy", text: "Punchy two.", note: nil),
            writer: "Offline writer")
        _ = try await generations.saveEdit(generationId: generation.id, scanId: scan.id, position: 0, text: "Punchy two, edited by me.")
        _ = try await SQLiteHistoryRepository(database: database, limit: 20).add(
            action: .posted, tone: "punchy", text: "Punchy two, edited by me.", scanId: scan.id)
        let shelf = try await SQLiteShelfScanRepository(database: database).insert(ShelfScanStorageTests.reading(), preview: Data([9, 9, 9]))
        let retouch = SQLiteRetouchRepository(database: database)
        let project = try await retouch.create(
            name: "wires.png", width: 320, height: 200, original: Data(repeating: 3, count: 50_000), basePreview: Data([1, 2]))
        _ = try await retouch.push(RetouchEditRow(position: 0, tool: "brush", payload: "{\"a\":1}"), toProject: project.id)
        try PasswordFile(directory: directory).set("a quiet harbour at dawn")
        return (database, directory, (scan.id, generation.id, shelf.id, project.id))
    }

    @Test("A backup made while rows are being written restores into an empty folder with everything in it")
    func backupAndRestore() async throws {
        let (database, directory, ids) = try await Self.populated()
        let history = SQLiteHistoryRepository(database: database, limit: 1000)
        let file = Self.folder("backup-file").appendingPathComponent("snappost.tar")
        // Writes go on while the backup runs: it must neither wait for them to stop nor fail.
        let writer = Task {
            var written = 0
            while !Task.isCancelled && written < 400 {
                guard (try? await history.add(action: .copied, tone: "punchy", text: "Written during the backup \(written)", scanId: nil)) != nil
                else { break }
                written += 1
            }
            return written
        }
        let summary = try await offload { try DataBackup.write(from: database.writer, dataDirectory: directory, to: file) }
        writer.cancel()
        _ = await writer.value
        #expect(summary.manifest.files.map(\.name) == ["snappost.sqlite", "password"])
        #expect(summary.manifest.rows["scan"] == 1 && summary.manifest.rows["retouchProject"] == 1 && summary.manifest.rows["shelfScan"] == 1)
        #expect(Self.mode(of: file.path) & 0o777 == 0o600)
        // The system's tar reads it.
        let listed = try Self.run("/usr/bin/tar", ["-tf", file.path])
        #expect(listed.split(separator: "\n") == ["snappost-backup.json", "snappost.sqlite", "password"])

        let target = Self.folder("restored")
        _ = try DataBackup.restore(from: file, into: target, force: false)
        #expect(Self.mode(of: target.path) & 0o777 == 0o700)
        #expect(Self.mode(of: target.appendingPathComponent("snappost.sqlite").path) & 0o777 == 0o600)
        let restored = try AppDatabase.onDisk(directory: target)
        let scans = SQLiteScanRepository(database: restored)
        let scan = try #require(try await scans.scan(id: ids.scan))
        #expect(scan.editedText == "The keeper wrote every evening, by hand." && scan.book == "Logbook")
        #expect(try await scans.original(ofScan: ids.scan, photo: 0) == Data(repeating: 7, count: 300_000))
        #expect(try await scans.preview(ofScan: ids.scan, photo: 0) == Data([1, 2, 3]))
        let generation = try #require(try await SQLiteGenerationRepository(database: restored).generation(id: ids.generation, scanId: ids.scan))
        #expect(generation.drafts[0].text == "Punchy two, edited by me." && generation.earlier[0].map(\.text) == ["Punchy one."])
        #expect(try await SQLiteShelfScanRepository(database: restored).reading(ofShelf: ids.shelf) == ShelfScanStorageTests.reading())
        let retouch = SQLiteRetouchRepository(database: restored)
        #expect(try await retouch.original(ofProject: ids.retouch) == Data(repeating: 3, count: 50_000))
        #expect(try await retouch.edits(ofProject: ids.retouch).count == 1)
        #expect(try PasswordFile(directory: target).read()?.password == "a quiet harbour at dawn")
        // Rows written during the backup: the snapshot holds those before it began, every one of them whole.
        let copied = try await SQLiteHistoryRepository(database: restored, limit: 1000).recent(limit: 1000).count
        #expect(copied >= 1 && copied == summary.manifest.rows["history"])
    }

    @Test("Restore refuses a folder that holds anything unless forced, and a damaged or foreign file changes nothing")
    func refusals() async throws {
        let (database, directory, ids) = try await Self.populated()
        let file = Self.folder("backup-file").appendingPathComponent("snappost.tar")
        _ = try DataBackup.write(from: database.writer, dataDirectory: directory, to: file)

        // Not empty: nothing is touched.
        let busy = Self.folder("busy")
        try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: busy.appendingPathComponent("notes.txt"))
        #expect(throws: BackupError.folderNotEmpty(busy.path)) { try DataBackup.restore(from: file, into: busy, force: false) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: busy.path) == ["notes.txt"])
        // Forced: the database and password are put in, the other file stays.
        _ = try DataBackup.restore(from: file, into: busy, force: true)
        #expect(try await SQLiteScanRepository(database: try AppDatabase.onDisk(directory: busy)).scan(id: ids.scan) != nil)
        #expect(FileManager.default.fileExists(atPath: busy.appendingPathComponent("notes.txt").path))

        // One byte changed inside the database's part: the checksum says so and the target stays empty.
        var bytes = try Data(contentsOf: file)
        bytes[bytes.count / 2] ^= 0xFF
        let damaged = file.deletingLastPathComponent().appendingPathComponent("damaged.tar")
        try bytes.write(to: damaged)
        let empty = Self.folder("empty")
        #expect { try DataBackup.restore(from: damaged, into: empty, force: false) } throws: { ($0 as? BackupError)?.code == "backup_damaged" }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: empty.path)) ?? [] == [])
        // Not a backup at all.
        let foreign = file.deletingLastPathComponent().appendingPathComponent("photo.jpg")
        try Data(repeating: 0x41, count: 5000).write(to: foreign)
        #expect { try DataBackup.restore(from: foreign, into: Self.folder("other"), force: false) } throws: { ($0 as? BackupError)?.code != nil }
        // No database where one is asked for.
        let none = Self.folder("none")
        #expect(throws: BackupError.noDatabase(none.path)) { _ = try DataBackup.openSource(directory: none) }
    }

    @Test("Scheduled backups keep the newest N")
    func prune() throws {
        let folder = Self.folder("scheduled")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for hour in 0..<5 {
            let name = DataBackup.scheduledName(at: Date(timeIntervalSince1970: 1_800_000_000 + Double(hour) * 3600))
            try Data([1]).write(to: folder.appendingPathComponent(name))
        }
        try Data([1]).write(to: folder.appendingPathComponent("keep-me.txt"))
        #expect(DataBackup.prune(folder, keep: 2) == 3)
        #expect(
            DataBackup.scheduled(in: folder).map(\.lastPathComponent) == [
                "snappost-backup-20270115-110000.tar", "snappost-backup-20270115-120000.tar",
            ])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("keep-me.txt").path))
    }

    @Test("The export is a ZIP any unzip opens: texts, every draft version (written and edited), history and shelves, as Markdown and JSON")
    func personalExport() async throws {
        let (database, _, ids) = try await Self.populated()
        let file = Self.folder("export").appendingPathComponent("export.zip")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let counts = try await PersonalExport(database: database).write(to: file, words: try ExportWording.in(.english))
        #expect(counts == PersonalExport.Counts(scans: 1, generations: 1, draftVersions: 3, history: 1, shelves: 1))
        // Python's zipfile checks every CRC and reads the entries back.
        let script = """
            import json, sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            assert z.testzip() is None
            data = json.loads(z.read("snappost.json"))
            print("|".join(sorted(z.namelist())))
            print(data["scans"][0]["generations"][0]["drafts"][0]["versions"][1]["edited"])
            print(data["history"][0]["text"], "/", data["shelves"][0]["books"][0]["title"])
            print(z.read([n for n in z.namelist() if n.startswith("texts/")][0]).decode())
            """
        let output = try Self.run("/usr/bin/python3", ["-c", script, file.path])
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let names = lines[0].split(separator: "|").map(String.init)
        #expect(names.contains("README.md") && names.contains("history.md") && names.contains("snappost.json"))
        #expect(names.contains { $0.hasPrefix("texts/") && $0.hasSuffix("-\(ids.scan).md") })
        #expect(names.contains { $0.hasPrefix("shelves/") && $0.hasSuffix("-\(ids.shelf).md") })
        #expect(lines[1] == "Punchy two, edited by me.")
        #expect(lines[2] == "Punchy two, edited by me. / Brave New World")
        let markdown = lines[3...].joined(separator: "\n")
        #expect(markdown.contains("# Logbook — A. Keeper") && markdown.contains("The keeper wrote every evening, by hand."))
        #expect(markdown.contains("Version 2 (newest)") && markdown.contains("Punchy one.") && markdown.contains("<summary>As written</summary>"))
        #expect(markdown.contains("### Punchy"))

        // In the reader's language: no English heading is left in a French export.
        let french = Self.folder("export-fr").appendingPathComponent("export.zip")
        try FileManager.default.createDirectory(at: french.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try await PersonalExport(database: database).write(to: french, words: try ExportWording.in(.french))
        let everything = """
            import sys, zipfile
            z = zipfile.ZipFile(sys.argv[1])
            for name in sorted(n for n in z.namelist() if n.endswith(".md")): print(z.read(name).decode())
            """
        let readme = try Self.run("/usr/bin/python3", ["-c", everything, french.path])
        #expect(readme.contains("# Export SnapPost") && readme.contains("## Textes") && readme.contains("1 brouillon copié, partagé ou publié"))
        #expect(readme.contains("Étagère du ") && readme.contains("Le tout pour les programmes : [snappost.json](snappost.json)."))
        #expect(
            readme.contains("Version 2 (la plus récente)") && readme.contains("### Percutant") && readme.contains("Publié le ")
                && readme.contains("UTC (Percutant)"))
        for english in ["SnapPost export", "Made ", "Scanned ", "Drafts written", "(newest)", "As written", "The drafts you copied"] {
            #expect(!readme.contains(english), "\(english)")
        }
    }

    static func mode(of path: String) -> mode_t {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber).map { mode_t($0.uint16Value) } ?? 0
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}

@Suite struct PersonalExportShelfTests {
    @Test("A shelf's Markdown lists the books named (by the analysis or by hand) and the unread spines apart")
    func unreadSpinesAreNoBooks() throws {
        typealias Book = PersonalExport.ShelfJSON.Book
        let shelf = PersonalExport.ShelfJSON(
            id: "s1", createdAt: Date(timeIntervalSince1970: 1_764_300_000), summary: "4 spines found; 2 books identified.",
            analysedBy: "catalog",
            books: [
                Book(title: "Deep Work", author: "Cal Newport", genre: "Business", identified: true, correctedByHand: false),
                Book(title: "My Own Title", author: "", genre: "", identified: false, correctedByHand: true),
                Book(title: "", author: "", genre: "", identified: false, correctedByHand: false),
                Book(title: "| Sey em aa", author: "", genre: "", identified: false, correctedByHand: false),
            ],
            favoriteGenres: [], readingLevel: "", interests: [], authorPreferences: [], recommendations: [], unidentifiedSpines: [])
        let text = PersonalExport.markdown(shelf, try ExportWording.in(.english))
        let books = text.components(separatedBy: "## Books")[1].components(separatedBy: "## Spines not identified")
        #expect(books[0].contains("- Deep Work by Cal Newport, Business") && books[0].contains("- My Own Title (corrected by hand)"))
        #expect(!books[0].contains("not identified") && !books[0].contains("Sey em"))
        #expect(books.count == 2 && books[1].contains("- | Sey em aa") && books[1].contains("- 1 spine with nothing readable"))
        #expect(PersonalExport.namedBooks(shelf).count == 2)
    }
}

/// The export's words from the shipped catalogue, as the web layer says them.
enum ExportWording {
    static func `in`(_ language: InterfaceLanguage) throws -> ExportWords {
        let localizer = try Localizations.shipped().localizer(language)
        return ExportWords(say: { localizer($0, $1) }, count: { localizer.plural($0, count: $1, $2) })
    }
}
