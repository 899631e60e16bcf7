// Saves that name the revision they were typed over: a stale tab's save is a conflict, never a silent overwrite; a
// tab's own earlier save is overtaken by its later one; the same text sent twice is harmless. History Delete can be undone.
import Foundation
import GRDB
import Support
import Testing

@testable import Storage

@Suite("Edit revisions and undo")
struct EditRevisionTests {
    @Test("A scan's save over an older revision by another tab is a conflict that writes nothing; the same tab overtakes itself")
    func scanConflicts() async throws {
        let scans = SQLiteScanRepository(database: try .inMemory())
        let scan = try await scans.insert(StorageTests.sampleScan("As read."), original: nil)
        #expect(scan.revision == 0)

        // Tab A saves over revision 0.
        let first = try await scans.saveEdits(scanId: scan.id, text: "From tab A.", book: "", author: "", editor: "tab-a", base: 0)
        guard case .saved(let afterA)? = first else {
            Issue.record("tab A's save was refused: \(String(describing: first))")
            return
        }
        #expect(afterA.revision == 1 && afterA.editor == "tab-a")
        // Tab B, still showing revision 0, is refused and told what is stored.
        let stale = try await scans.saveEdits(scanId: scan.id, text: "From tab B.", book: "", author: "", editor: "tab-b", base: 0)
        guard case .conflict(let stored)? = stale else {
            Issue.record("tab B overwrote tab A: \(String(describing: stale))")
            return
        }
        #expect(stored.editedText == "From tab A." && stored.revision == 1)
        #expect(try await scans.scan(id: scan.id)?.editedText == "From tab A.")
        // Tab A's later save, sent before its earlier one was answered (still over revision 0), follows its own.
        let later = try await scans.saveEdits(scanId: scan.id, text: "From tab A, more.", book: "B", author: "", editor: "tab-a", base: 0)
        guard case .saved(let afterLater)? = later else {
            Issue.record("tab A's own later save was refused")
            return
        }
        #expect(afterLater.revision == 2 && afterLater.book == "B")
        // The same text sent again over any revision (a beacon that outlived its page, then the page's own save) is fine.
        let again = try await scans.saveEdits(scanId: scan.id, text: "From tab A, more.", book: "B", author: "", editor: "tab-b", base: 0)
        #expect(again == .saved(afterLater))
        // Tab B chooses its text over the stored one: it names the revision it was shown.
        guard
            case .saved(let chosen)? = try await scans.saveEdits(scanId: scan.id, text: "From tab B.", book: "", author: "", editor: "tab-b", base: 2)
        else {
            Issue.record("tab B's choice was refused")
            return
        }
        #expect(chosen.revision == 3 && chosen.editedText == "From tab B.")
        // A plain form (no base) always saves, and counts as a change for every tab.
        try await scans.saveEdits(scanId: scan.id, text: "From a plain form.", book: "", author: "")
        let plain = try #require(try await scans.scan(id: scan.id))
        #expect(plain.revision == 4 && plain.editor == "")
        guard case .conflict? = try await scans.saveEdits(scanId: scan.id, text: "x", book: "", author: "", editor: "tab-b", base: 3) else {
            Issue.record("a tab overwrote a plain form's save")
            return
        }
        // An id that is not a tab's id is not one ("" cannot overtake anything); an unknown scan is nil.
        guard case .conflict? = try await scans.saveEdits(scanId: scan.id, text: "x", book: "", author: "", editor: "bad id!", base: 0) else {
            Issue.record("a malformed editor id overtook a plain form")
            return
        }
        #expect(try await scans.saveEdits(scanId: RandomID.make(), text: "x", book: "", author: "", editor: "tab-a", base: 0) == nil)
    }

    @Test("Adding a page or adopting a new reading changes the text: a tab's save over the revision before is a conflict")
    func serverChangesCount() async throws {
        let scans = SQLiteScanRepository(database: try .inMemory())
        let scan = try await scans.insert(StorageTests.sampleScan("Page one."), original: nil)
        let count = try await scans.addPhoto(toScan: scan.id, StorageTests.sampleScan("Page two."), original: nil) { stored in
            (stored.photos.joined(separator: "\n\n"), stored.editedText + "\n\nPage two.")
        }
        #expect(count == 2)
        #expect(try await scans.scan(id: scan.id)?.editedText == "Page one.\n\nPage two.")
        #expect(try await scans.scan(id: scan.id)?.revision == 1)
        guard
            case .conflict(let stored)? = try await scans.saveEdits(
                scanId: scan.id, text: "Page one, fixed.", book: "", author: "", editor: "tab", base: 0)
        else {
            Issue.record("a stale tab dropped the added page")
            return
        }
        #expect(stored.editedText == "Page one.\n\nPage two.")
        // Reading a photo again of an unedited text takes the reading into the text: a new revision.
        let join: @Sendable ([String]) -> String = { $0.joined(separator: "\n\n") }
        #expect(try await scans.replaceReadings(ofScan: scan.id, [(1, StorageTests.sampleScan("Page 2."))], join: join) == false)
        #expect(try await scans.scan(id: scan.id)?.editedText == "Page one.\n\nPage 2.")
        #expect(try await scans.scan(id: scan.id)?.revision == 2)
        // Of an edited text, the edits are kept and the revision left alone.
        _ = try await scans.saveEdits(scanId: scan.id, text: "Page one, fixed.", book: "", author: "", editor: "tab", base: 2)
        #expect(try await scans.replaceReadings(ofScan: scan.id, [(1, StorageTests.sampleScan("Page II."))], join: join) == true)
        let kept = try #require(try await scans.scan(id: scan.id))
        #expect(kept.editedText == "Page one, fixed." && kept.ocrText == "Page one.\n\nPage II." && kept.revision == 3)
        #expect(try await scans.replaceReadings(ofScan: RandomID.make(), [(0, StorageTests.sampleScan("x"))], join: join) == nil)
        #expect(try await scans.addPhoto(toScan: RandomID.make(), StorageTests.sampleScan("x"), original: nil) { _ in ("x", "x") } == nil)
    }

    @Test("A draft's save is a conflict when another version became current or another tab saved its edit since")
    func draftConflicts() async throws {
        let database = try AppDatabase.inMemory()
        let scans = SQLiteScanRepository(database: database)
        let generations = SQLiteGenerationRepository(database: database, clock: SteppingClock())
        let scan = try await scans.insert(StorageTests.sampleScan("Text."), original: nil)
        let generation = try await generations.insert(
            scanId: scan.id, writer: "Offline writer", sourceText: "Text.", drafts: [Draft(tone: "punchy", text: "As written.", note: nil)])
        func save(_ text: String, _ editor: String, version: Int, revision: Int) async throws -> EditOutcome<Draft>? {
            try await generations.saveEdit(
                generationId: generation.id, scanId: scan.id, position: 0, text: text, editor: editor,
                base: DraftBase(version: version, revision: revision))
        }
        guard case .saved(let a)? = try await save("Tab A's edit.", "tab-a", version: 1, revision: 0) else {
            Issue.record("refused")
            return
        }
        #expect(a.revision == 1 && a.isEdited)
        guard case .conflict(let stored)? = try await save("Tab B's edit.", "tab-b", version: 1, revision: 0) else {
            Issue.record("tab B overwrote tab A's draft")
            return
        }
        #expect(stored.text == "Tab A's edit." && stored.revision == 1)
        guard case .saved? = try await save("Tab A's edit, longer.", "tab-a", version: 1, revision: 0) else {
            Issue.record("tab A's own save refused")
            return
        }
        // Write another (in some tab) makes version 2 current: a save typed over version 1 is a conflict, whoever sends it.
        _ = try await generations.addVersion(
            generationId: generation.id, scanId: scan.id, position: 0, draft: Draft(tone: "punchy", text: "Version two.", note: nil), writer: "w")
        guard case .conflict(let current)? = try await save("Typed over version one.", "tab-a", version: 1, revision: 2) else {
            Issue.record("an edit of version 1 landed on version 2")
            return
        }
        #expect(current.version == 2 && current.text == "Version two." && current.revision == 0)
        guard case .saved(let two)? = try await save("Typed over version two.", "tab-a", version: 2, revision: 0) else {
            Issue.record("refused")
            return
        }
        #expect(two.version == 2 && two.revision == 1)
        let read = try #require(try await generations.generation(id: generation.id, scanId: scan.id))
        #expect(read.drafts[0].text == "Typed over version two." && read.earlier[0].map(\.text) == ["Tab A's edit, longer."])
    }

    @Test("History Delete hides an item that Undo brings back within the hour; after it, the item is gone for good")
    func historyUndo() async throws {
        let clock = SteppingClock()
        let history = SQLiteHistoryRepository(database: try .inMemory(), limit: 3, clock: clock)
        let kept = try await history.add(action: .copied, tone: "punchy", text: "Kept draft", scanId: nil)
        let item = try await history.add(action: .posted, tone: "punchy", text: "Deleted draft", scanId: nil)
        #expect(try await history.delete(id: item.id))
        #expect(try await history.recent(limit: 10).map(\.id) == [kept.id])
        #expect(try await history.search("deleted", limit: 10).isEmpty)
        clock.advance(60)
        #expect(try await history.restore(id: item.id))
        #expect(try await history.restore(id: item.id), "Undo twice: it is back already")
        #expect(try await history.restore(id: "AAAAAAAAAAAAAAAAAAAAAA") == false, "no such item")
        #expect(Set(try await history.recent(limit: 10).map(\.id)) == [kept.id, item.id])
        #expect(try await history.search("deleted", limit: 10).map(\.id) == [item.id])
        // Deleted items do not count against the size, and go after the undo window.
        #expect(try await history.delete(id: item.id))
        for n in 1...3 { _ = try await history.add(action: .copied, tone: "punchy", text: "New \(n)", scanId: nil) }
        #expect(try await history.recent(limit: 10).count == 3)
        clock.advance(SQLiteHistoryRepository.undoWindow + 1)
        _ = try await history.add(action: .copied, tone: "punchy", text: "New 4", scanId: nil)
        #expect(try await history.restore(id: item.id) == false)
    }
}
