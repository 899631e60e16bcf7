// Drafts are versions: an edit is kept beside the text as written, "Write another" adds a version, nothing is dropped.
import Foundation
import GRDB
import Support
import Testing

@testable import Storage

@Suite("Draft versions and edits")
struct DraftVersionTests {
    @Test("An edit changes only the current version; a new version keeps the earlier one (with its edit) reachable")
    func editsAndVersions() async throws {
        let database = try AppDatabase.inMemory()
        let scans = SQLiteScanRepository(database: database)
        let generations = SQLiteGenerationRepository(database: database, clock: SteppingClock())
        let scan = try await scans.insert(StorageTests.sampleScan("Text."), original: nil)
        let drafts = ["punchy", "contrarian"].map { Draft(tone: $0, text: "\($0) as written", note: nil) }
        let generation = try await generations.insert(scanId: scan.id, writer: "Offline writer", sourceText: "Text.", drafts: drafts)

        #expect(try await generations.saveEdit(generationId: generation.id, scanId: scan.id, position: 1, text: "contrarian, my edit"))
        #expect(!(try await generations.saveEdit(generationId: generation.id, scanId: RandomID.make(), position: 1, text: "x")), "another scan's id")
        #expect(!(try await generations.saveEdit(generationId: generation.id, scanId: scan.id, position: 7, text: "x")))
        var read = try #require(try await generations.generation(id: generation.id, scanId: scan.id))
        #expect(read.drafts[1] == Draft(tone: "contrarian", text: "contrarian, my edit", note: nil, version: 1, isEdited: true, revision: 1))
        #expect(read.drafts[0] == drafts[0])
        // Saving the text as written again is no edit.
        #expect(try await generations.saveEdit(generationId: generation.id, scanId: scan.id, position: 0, text: "punchy as written"))
        #expect(try await generations.generation(id: generation.id, scanId: scan.id)?.drafts[0].isEdited == false)

        let version = try await generations.addVersion(
            generationId: generation.id, scanId: scan.id, position: 1, draft: Draft(tone: "contrarian", text: "another one", note: nil),
            writer: "Offline writer")
        #expect(version == 2)
        read = try #require(try await generations.generation(id: generation.id, scanId: scan.id))
        #expect(read.drafts.map(\.text) == ["punchy as written", "another one"])
        #expect(read.earlier[1].map(\.text) == ["contrarian, my edit"] && read.earlier[0].isEmpty)
        #expect(try await generations.count(scanId: scan.id, sourceText: "Text.") == 1)
        #expect(try await generations.count(scanId: scan.id, sourceText: "Other.") == 0)
    }

    @Test("History: the same draft added again keeps its id and moves to the top")
    func historyKeepsItsId() async throws {
        let clock = SteppingClock()
        let history = SQLiteHistoryRepository(database: try .inMemory(), limit: 5, clock: clock)
        let first = try await history.add(action: .posted, tone: "punchy", text: "Same draft.", scanId: nil)
        clock.advance(1)
        _ = try await history.add(action: .copied, tone: "personal", text: "Other.", scanId: nil)
        clock.advance(1)
        let again = try await history.add(action: .copied, tone: "punchy", text: "Same draft.", scanId: nil)
        #expect(again.id == first.id && again.action == .copied)
        #expect(try await history.recent(limit: 5).map(\.text) == ["Same draft.", "Other."])
        #expect(try await history.delete(id: first.id))
    }
}
