// The SQLite store: history eviction at N+1, delete, full-text search, sessions, edits, and WAL on disk.
import Foundation
import SnapPostCore
import Synchronization
import Testing

final class SteppingClock: TimeSource {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
    func now() -> Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite("Store")
struct StoreTests {
    func sampleScan(_ text: String) -> NewScan {
        NewScan(text: text, confidence: 0.9, language: "eng", imageWidth: 100, imageHeight: 200,
                lines: [StoredLine(text: text, x: 1, y: 2, width: 3, height: 4, confidence: 0.9)],
                timings: [StoredTiming(step: "recognise", seconds: 0.5)], preview: Data([1, 2, 3]))
    }

    @Test("History keeps the newest 20 and evicts the oldest when the 21st arrives")
    func historyEviction() async throws {
        let clock = SteppingClock()
        let store = try SQLiteScanStore.inMemory(historyLimit: 20, clock: clock)
        for index in 1...20 {
            _ = try await store.addHistory(action: .copied, tone: "punchy", text: "Draft number \(index)", scanId: nil)
            clock.advance(1)
        }
        #expect(try await store.history(limit: 100).count == 20)
        _ = try await store.addHistory(action: .posted, tone: "personal", text: "Draft number 21", scanId: nil)
        let items = try await store.history(limit: 100)
        #expect(items.count == 20)
        #expect(items.first?.text == "Draft number 21")
        #expect(!items.contains { $0.text == "Draft number 1" })
        #expect(items.contains { $0.text == "Draft number 2" })
    }

    @Test("History size is configurable; delete removes one item; copying the same draft twice keeps one")
    func historyDeleteAndDuplicates() async throws {
        let clock = SteppingClock()
        let store = try SQLiteScanStore.inMemory(historyLimit: 3, clock: clock)
        for text in ["a one", "b two", "c three", "d four"] {
            _ = try await store.addHistory(action: .shared, tone: "analytical", text: text, scanId: nil)
            clock.advance(1)
        }
        #expect(try await store.history(limit: 10).map(\.text) == ["d four", "c three", "b two"])
        _ = try await store.addHistory(action: .copied, tone: "analytical", text: "b two", scanId: nil)
        #expect(try await store.history(limit: 10).map(\.text) == ["b two", "d four", "c three"])
        let target = try #require(try await store.history(limit: 10).first)
        #expect(try await store.deleteHistory(id: target.id))
        #expect(try await store.deleteHistory(id: target.id) == false)
        #expect(try await store.deleteHistory(id: "../../etc/passwd") == false)
        #expect(try await store.history(limit: 10).count == 2)
    }

    @Test("Scans and history are searchable by their text (FTS5, prefixes, any case)")
    func search() async throws {
        let store = try SQLiteScanStore.inMemory()
        let tea = try await store.insertScan(sampleScan("Tea should be made with freshly boiled water."))
        _ = try await store.insertScan(sampleScan("Bread rises in a warm kitchen."))
        try await store.saveEdits(scanId: tea.id, text: "Tea should be made with freshly boiled water.", book: "Boston Cooking", author: "Farmer")
        #expect(try await store.searchScans("boil", limit: 10).map(\.id) == [tea.id])
        #expect(try await store.searchScans("farmer", limit: 10).map(\.id) == [tea.id])
        #expect(try await store.searchScans("\"unbalanced", limit: 10).isEmpty)
        #expect(try await store.searchScans("", limit: 10).isEmpty)
        _ = try await store.addHistory(action: .copied, tone: "punchy", text: "Kitchens are laboratories.", scanId: tea.id)
        #expect(try await store.searchHistory("laborat", limit: 10).count == 1)
        #expect(try await store.searchHistory("water", limit: 10).isEmpty)
    }

    @Test("Edits replace the text but keep the OCR original; deleting a scan cascades to its generations")
    func editsAndCascade() async throws {
        let store = try SQLiteScanStore.inMemory()
        let scan = try await store.insertScan(sampleScan("orignal txt"))
        try await store.saveEdits(scanId: scan.id, text: "original text", book: "", author: "")
        let loaded = try #require(try await store.scan(id: scan.id))
        #expect(loaded.editedText == "original text" && loaded.ocrText == "orignal txt")
        #expect(loaded.lines.first?.width == 3 && loaded.timings.first?.step == "recognise" && loaded.preview == Data([1, 2, 3]))
        let generation = try await store.insertGeneration(scanId: scan.id, writer: "Offline writer", sourceText: "original text",
                                                          drafts: [StoredDraft(tone: "punchy", text: "Hi", note: nil)])
        #expect(try await store.generation(id: generation.id, scanId: scan.id)?.drafts.first?.text == "Hi")
        #expect(try await store.generation(id: generation.id, scanId: RandomID.make()) == nil)
        try await store.deleteScan(id: scan.id)
        #expect(try await store.scan(id: scan.id) == nil)
        #expect(try await store.generation(id: generation.id, scanId: scan.id) == nil)
    }

    @Test("Sessions expire; deleted sessions are gone")
    func sessions() async throws {
        let clock = SteppingClock()
        let store = try SQLiteScanStore.inMemory(clock: clock)
        let session = try await store.createSession(lifetime: 60)
        #expect(try await store.validSession(id: session.id) != nil)
        clock.advance(61)
        #expect(try await store.validSession(id: session.id) == nil)
        let other = try await store.createSession(lifetime: 60)
        try await store.deleteSession(id: other.id)
        #expect(try await store.validSession(id: other.id) == nil)
    }

    @Test("On disk the database uses WAL and survives reopening")
    func onDisk() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snappost-store-\(RandomID.make())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let id: String
        do {
            let store = try SQLiteScanStore.onDisk(directory: folder)
            id = try await store.insertScan(sampleScan("Persisted page")).id
            try await store.checkWritable()
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("snappost.sqlite-wal").path))
        }
        let reopened = try SQLiteScanStore.onDisk(directory: folder)
        #expect(try await reopened.scan(id: id)?.ocrText == "Persisted page")
    }

    @Test("Random ids are 22 URL-safe characters and unique")
    func randomIDs() {
        let ids = (0..<1000).map { _ in RandomID.make() }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy(RandomID.isWellFormed))
        #expect(!RandomID.isWellFormed("short") && !RandomID.isWellFormed("../../../../etc/passwd") && !RandomID.isWellFormed("' OR 1=1 --aaaaaaaaaaaa"))
    }

    @Test("The bounded queue runs N at once, holds M, refuses the rest")
    func boundedQueue() async throws {
        let queue = BoundedWorkQueue(workers: 1, maxWaiting: 1)
        let gate = AsyncStream<Void>.makeStream()
        let started = AsyncStream<Void>.makeStream()
        async let first: Int = queue.run {
            started.continuation.yield()
            for await _ in gate.stream { break }
            return 1
        }
        for await _ in started.stream { break }
        async let second: Int = queue.run { 2 }
        while await queue.depth < 2 { try await Task.sleep(for: .milliseconds(2)) }
        await #expect(throws: QueueFullError.self) { try await queue.run { 3 } }
        gate.continuation.yield()
        #expect(try await first == 1)
        #expect(try await second == 2)
        #expect(await queue.depth == 0)
    }
}
