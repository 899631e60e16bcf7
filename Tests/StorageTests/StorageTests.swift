// The SQLite repositories: history eviction at N+1, delete, full-text search, edits, cascades, and WAL on disk.
import Foundation
import GRDB
import Support
import Synchronization
import Testing

@testable import Storage

final class SteppingClock: TimeSource {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    func now() -> Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite("Storage")
struct StorageTests {
    static func sampleScan(_ text: String) -> PhotoReading {
        PhotoReading(
            text: text, confidence: 0.9, language: "eng", imageSize: PixelSize(width: 100, height: 200),
            lines: [
                TextLine(text: text, box: PixelBox(x: 1, y: 2, width: 3, height: 4), confidence: 0.9),
                TextLine(text: "second", box: PixelBox(x: 5, y: 6, width: 7, height: 8), confidence: 0.4),
            ],
            timings: [StepTiming(step: "decode", seconds: 0.1), StepTiming(step: "recognise", seconds: 0.5)], preview: Data([1, 2, 3]))
    }

    @Test("History keeps the newest 20 and evicts the oldest when the 21st arrives")
    func historyEviction() async throws {
        let clock = SteppingClock()
        let history = SQLiteHistoryRepository(database: try .inMemory(), limit: 20, clock: clock)
        for index in 1...20 {
            _ = try await history.add(action: .copied, tone: "punchy", text: "Draft number \(index)", scanId: nil)
            clock.advance(1)
        }
        #expect(try await history.recent(limit: 100).count == 20)
        _ = try await history.add(action: .posted, tone: "personal", text: "Draft number 21", scanId: nil)
        let items = try await history.recent(limit: 100)
        #expect(items.count == 20)
        #expect(items.first?.text == "Draft number 21")
        #expect(!items.contains { $0.text == "Draft number 1" })
        #expect(items.contains { $0.text == "Draft number 2" })
    }

    @Test("History size is configurable; delete removes one item; copying the same draft twice keeps one")
    func historyDeleteAndDuplicates() async throws {
        let clock = SteppingClock()
        let history = SQLiteHistoryRepository(database: try .inMemory(), limit: 3, clock: clock)
        for text in ["a one", "b two", "c three", "d four"] {
            _ = try await history.add(action: .shared, tone: "analytical", text: text, scanId: nil)
            clock.advance(1)
        }
        #expect(try await history.recent(limit: 10).map(\.text) == ["d four", "c three", "b two"])
        _ = try await history.add(action: .copied, tone: "analytical", text: "b two", scanId: nil)
        #expect(try await history.recent(limit: 10).map(\.text) == ["b two", "d four", "c three"])
        let target = try #require(try await history.recent(limit: 10).first)
        #expect(try await history.delete(id: target.id))
        #expect(try await history.delete(id: target.id) == false)
        #expect(try await history.delete(id: "../../etc/passwd") == false)
        #expect(try await history.recent(limit: 10).count == 2)
    }

    @Test("Scans and history are searchable by their text (FTS5, prefixes, any case)")
    func search() async throws {
        let database = try AppDatabase.inMemory()
        let scans = SQLiteScanRepository(database: database)
        let history = SQLiteHistoryRepository(database: database, limit: 20)
        let tea = try await scans.insert(Self.sampleScan("Tea should be made with freshly boiled water."), original: nil)
        _ = try await scans.insert(Self.sampleScan("Bread rises in a warm kitchen."), original: nil)
        try await scans.saveEdits(scanId: tea.id, text: "Tea should be made with freshly boiled water.", book: "Boston Cooking", author: "Farmer")
        #expect(try await scans.search("boil", limit: 10).map(\.id) == [tea.id])
        #expect(try await scans.search("farmer", limit: 10).map(\.id) == [tea.id])
        #expect(try await scans.search("\"unbalanced", limit: 10).isEmpty)
        #expect(try await scans.search("", limit: 10).isEmpty)
        _ = try await history.add(action: .copied, tone: "punchy", text: "Kitchens are laboratories.", scanId: tea.id)
        #expect(try await history.search("laborat", limit: 10).count == 1)
        #expect(try await history.search("water", limit: 10).isEmpty)
    }

    @Test("A scan keeps its lines and timings in order; edits keep the OCR original; deleting cascades to lines and drafts")
    func scansLinesAndCascade() async throws {
        let database = try AppDatabase.inMemory()
        let scans = SQLiteScanRepository(database: database)
        let generations = SQLiteGenerationRepository(database: database)
        let scan = try await scans.insert(Self.sampleScan("orignal txt"), original: nil)
        try await scans.saveEdits(scanId: scan.id, text: "original text", book: "", author: "")
        let loaded = try #require(try await scans.scan(id: scan.id))
        #expect(loaded.editedText == "original text" && loaded.ocrText == "orignal txt")
        #expect(try await scans.preview(ofScan: scan.id, photo: 0) == Data([1, 2, 3]))
        #expect(try await scans.lines(ofScan: scan.id) == Self.sampleScan("orignal txt").lines)
        #expect(try await scans.lineCount(ofScan: scan.id) == 2)
        #expect(try await scans.timings(ofScan: scan.id, photo: 0).map(\.step) == ["decode", "recognise"])

        let drafts = [Draft(tone: "punchy", text: "Hi", note: nil), Draft(tone: "personal", text: "There", note: "trimmed")]
        let generation = try await generations.insert(scanId: scan.id, writer: "Offline writer", sourceText: "original text", drafts: drafts)
        #expect(try await generations.generation(id: generation.id, scanId: scan.id)?.drafts == drafts)
        #expect(try await generations.generation(id: generation.id, scanId: RandomID.make()) == nil)
        #expect(try await generations.latestId(scanId: scan.id) == generation.id)

        try await scans.delete(id: scan.id)
        #expect(try await scans.scan(id: scan.id) == nil)
        #expect(try await scans.lines(ofScan: scan.id).isEmpty)
        #expect(try await generations.generation(id: generation.id, scanId: scan.id) == nil)
        let orphans = try await database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM draft") ?? -1 }
        #expect(orphans == 0)
    }

    @Test("On disk the database uses WAL and survives reopening")
    func onDisk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snappost-store-\(RandomID.make())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let id: String
        do {
            let database = try AppDatabase.onDisk(directory: folder)
            id = try await SQLiteScanRepository(database: database).insert(Self.sampleScan("Persisted page"), original: nil).id
            try await database.checkWritable()
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("snappost.sqlite-wal").path))
        }
        let reopened = SQLiteScanRepository(database: try AppDatabase.onDisk(directory: folder))
        #expect(try await reopened.scan(id: id)?.ocrText == "Persisted page")
        #expect(try await reopened.lines(ofScan: id).count == 2)
    }

    @Test("SQLite failures come out as a StoreError that never claims the work was saved")
    func failuresAreStoreErrors() async throws {
        let database = try AppDatabase.inMemory()
        do {
            _ = try await database.write { db in try db.execute(sql: "INSERT INTO nowhere VALUES (1)") }
            Issue.record("a write to a missing table succeeded")
        } catch let error as StoreError {
            #expect(error.code == "store_failure")
            #expect(error.message.english.contains("was not saved"))
            #expect(!error.message.english.contains("is saved") && !error.message.english.contains("was saved"))
        }
    }

    @Test("Random ids are 22 URL-safe characters and unique")
    func randomIDs() {
        let ids = (0..<1000).map { _ in RandomID.make() }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy(RandomID.isWellFormed))
        #expect(
            !RandomID.isWellFormed("short") && !RandomID.isWellFormed("../../../../etc/passwd") && !RandomID.isWellFormed("' OR 1=1 --aaaaaaaaaaaa"))
    }

    @Test("A second photo joins the scan with its own lines; reading a photo again replaces only its reading")
    func photosAddAndReadAgain() async throws {
        let clock = SteppingClock()
        let scans = SQLiteScanRepository(database: try .inMemory(), clock: clock)
        let kept = KeptOriginal(data: Data([0xFF, 0xD8, 0xFF, 0xD9]), until: clock.now().addingTimeInterval(3600))
        let scan = try await scans.insert(Self.sampleScan("Page one con-"), original: kept)
        _ = try await scans.saveEdits(scanId: scan.id, text: "Page one (edited) con-", book: "", author: "", editor: "", base: nil)
        let count = try await scans.addPhoto(toScan: scan.id, Self.sampleScan("tinues here."), original: nil) { stored in
            #expect(stored == StoredTexts(photos: ["Page one con-", "tinues here."], editedText: "Page one (edited) con-"))
            return ("Page one continues here.", "Page one (edited) continues here.")
        }
        #expect(count == 2)
        let photos = try await scans.photos(ofScan: scan.id)
        #expect(photos.map(\.position) == [0, 1])
        #expect(photos[0].originalKeptUntil != nil && photos[1].originalKeptUntil == nil)
        #expect(try await scans.lines(ofScan: scan.id, photo: 1).first?.text == "tinues here.")
        #expect(try await scans.lines(ofScan: scan.id).count == 4)
        #expect(try await scans.scan(id: scan.id)?.editedText == "Page one (edited) continues here.")

        var again = Self.sampleScan("Page one read again.")
        again.outline = [PixelPoint(x: 1, y: 1), PixelPoint(x: 90, y: 2), PixelPoint(x: 95, y: 190), PixelPoint(x: 3, y: 180)]
        again.quarterTurns = 1
        let keptEdits = try await scans.replaceReadings(ofScan: scan.id, [(0, again)]) { $0.joined(separator: " ") }
        #expect(keptEdits == true)
        let after = try await scans.photos(ofScan: scan.id)
        #expect(after[0].text == "Page one read again." && after[0].outline == again.outline && after[0].quarterTurns == 1)
        #expect(after[0].originalKeptUntil != nil, "the kept original survives reading again")
        #expect(try await scans.original(ofScan: scan.id, photo: 0) == kept.data)
        let reloaded = try #require(try await scans.scan(id: scan.id))
        #expect(reloaded.ocrText == "Page one read again. tinues here.")
        #expect(reloaded.editedText == "Page one (edited) continues here.", "edits are never replaced without being asked")

        clock.advance(3601)
        #expect(try await scans.original(ofScan: scan.id, photo: 0) == nil)
        #expect(try await scans.forgetOriginals(keptUntilBefore: clock.now()) == 1)
        #expect(try await scans.photos(ofScan: scan.id)[0].originalKeptUntil == nil)
    }

    @Test("A line's outline is kept with it; a damaged outline is reported, not read as no outline")
    func lineOutlines() async throws {
        let database = try AppDatabase.inMemory()
        let scans = SQLiteScanRepository(database: database)
        var reading = Self.sampleScan("Curled line")
        let curve = [
            PixelPoint(x: 10, y: 20), PixelPoint(x: 50, y: 16), PixelPoint(x: 90, y: 20), PixelPoint(x: 90, y: 40), PixelPoint(x: 50, y: 36),
            PixelPoint(x: 10, y: 40),
        ]
        reading.lines[0].outline = curve
        let scan = try await scans.insert(reading, original: nil)
        let lines = try await scans.lines(ofScan: scan.id)
        #expect(lines[0].outline == curve)
        #expect(lines[1].outline == nil, "a line stored without an outline keeps its box")
        try await database.write { db in
            try db.execute(sql: "UPDATE scanLine SET outline = '10,20 oops' WHERE scanId = ? AND position = 0", arguments: [scan.id])
        }
        await #expect(throws: StoreError.self) { _ = try await scans.lines(ofScan: scan.id) }
    }
}
