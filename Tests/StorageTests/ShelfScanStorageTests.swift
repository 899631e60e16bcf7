// Shelf scans in SQLite: everything an analysis says reads back the same, corrections are transactional, the audio is
// kept per spoken text, search looks in titles and spine texts, delete takes every child row, and an older database
// gains the shelf tables.
import Foundation
import GRDB
import Support
import Testing

@testable import Storage

@Suite("Storage: shelf scans")
struct ShelfScanStorageTests {
    static func reading(titles: [String] = ["Brave New World", "Moneyball"]) -> ShelfReading {
        let spines = (0...titles.count).map { i in
            ShelfReading.Spine(
                index: i, row: i % 2,
                corners: [
                    PixelPoint(x: Double(i * 10), y: 1.5), PixelPoint(x: Double(i * 10 + 9), y: 1.5), PixelPoint(x: Double(i * 10 + 9), y: 90.25),
                    PixelPoint(x: Double(i * 10), y: 90.25),
                ],
                lines: i < titles.count ? [titles[i].uppercased(), "AUTHOR \(i)"] : ["zq garble"], confidence: 0.75, quarterTurns: i == 0 ? 1 : 3)
        }
        var books = titles.enumerated().map { i, t in
            DetectedBook(
                title: t, author: "Author \(i)", genre: "Classics", confidence: 0.9, identified: true, spineIndex: i, catalogID: 10 + i,
                spineText: t.uppercased(), correctedByHand: false)
        }
        books.append(
            DetectedBook(
                title: "zq garble", author: "Unknown", genre: "Unknown", confidence: 0.2, identified: false, spineIndex: titles.count, catalogID: nil,
                spineText: "zq garble", correctedByHand: false))
        return ShelfReading(
            imageSize: PixelSize(width: 640, height: 480), spines: spines, books: books, favoriteGenres: ["Classics", "Sports"],
            readingLevel: "Advanced", interests: ["Baseball", "Dystopia"], authorPreferences: ["Author 0"],
            recommendations: [
                .init(
                    title: "East of Eden", author: "John Steinbeck", reason: "Readers of Brave New World shelve it alike.", matchScore: 0.8,
                    catalogID: 7),
                .init(title: "Drive", author: "Daniel H. Pink", reason: "Another reason.", matchScore: 0.6, catalogID: nil),
            ],
            summary: "3 spines found; 2 books identified.", confidence: 0.66, analysedBy: "Offline (catalog)",
            notes: ["A note.", "Another note."], timings: [StepTiming(step: "decode", seconds: 0.1), StepTiming(step: "read spines", seconds: 3.5)])
    }

    @Test("An analysis reads back exactly as stored, with its preview, and lists show its titles and counts")
    func roundTrip() async throws {
        let shelves = SQLiteShelfScanRepository(database: try .inMemory(), clock: SteppingClock())
        let stored = Self.reading()
        let scan = try await shelves.insert(stored, preview: Data([0xFF, 0xD8]))
        #expect(try await shelves.reading(ofShelf: scan.id) == stored)
        #expect(try await shelves.preview(ofShelf: scan.id) == Data([0xFF, 0xD8]))
        let listed = try #require(try await shelves.recent(limit: 10).first)
        #expect(listed.titles == "Brave New World · Moneyball")
        #expect(listed.bookCount == 2 && listed.spineCount == 3)
        #expect(try await shelves.reading(ofShelf: "not-an-id") == nil)
        #expect(try await shelves.scan(id: RandomID.make()) == nil)
    }

    @Test("A correction is read, changed and written in one transaction; two sent at once both stay")
    func concurrentCorrections() async throws {
        let shelves = SQLiteShelfScanRepository(database: try .inMemory())
        let scan = try await shelves.insert(Self.reading(titles: ["A", "B", "C", "D"]), preview: nil)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for position in 0..<4 {
                group.addTask {
                    _ = try await shelves.update(ofShelf: scan.id) { reading in
                        reading.books[position].title = "Corrected \(position)"
                        reading.books[position].correctedByHand = true
                        reading.summary = "Changed by \(position)."
                    }
                }
            }
            try await group.waitForAll()
        }
        let after = try #require(try await shelves.reading(ofShelf: scan.id))
        #expect(after.books.prefix(4).map(\.title) == ["Corrected 0", "Corrected 1", "Corrected 2", "Corrected 3"])
        #expect(after.books.prefix(4).filter(\.correctedByHand).count == 4)
        #expect(after.spines == Self.reading(titles: ["A", "B", "C", "D"]).spines, "spines are never touched by a correction")
        #expect(try await shelves.search("Corrected", limit: 5).map(\.id) == [scan.id])
        // A change that throws leaves everything as it was.
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            _ = try await shelves.update(ofShelf: scan.id) { reading in
                reading.books[0].title = "Never saved"
                throw Refused()
            }
        }
        #expect(try await shelves.reading(ofShelf: scan.id)?.books[0].title == "Corrected 0")
        #expect(try await shelves.update(ofShelf: RandomID.make()) { _ in } == nil)
    }

    @Test("A book stored before its source was kept reads back with the source its other fields say")
    func bookSourceOfOlderRows() async throws {
        let database = try AppDatabase.inMemory()
        let shelves = SQLiteShelfScanRepository(database: database)
        var reading = Self.reading(titles: ["Brave New World", "Moneyball", "Grit"])
        reading.books[1].correctedByHand = true
        reading.books[2].catalogID = nil
        reading.books[2].source = .spine
        let scan = try await shelves.insert(reading, preview: nil)
        #expect(try await shelves.reading(ofShelf: scan.id)?.books.map(\.source) == [.catalog, .catalog, .spine, .unread], "a source given is kept")
        try await database.write { db in try db.execute(sql: "UPDATE shelfBook SET source = ''") }
        #expect(try await shelves.reading(ofShelf: scan.id)?.books.map(\.source) == [.catalog, .hand, .spine, .unread])
    }

    @Test("The audio is kept for the text it speaks: new recommendations mean new audio")
    func audioPerText() async throws {
        let shelves = SQLiteShelfScanRepository(database: try .inMemory())
        let scan = try await shelves.insert(Self.reading(), preview: nil)
        #expect(try await shelves.audio(ofShelf: scan.id, speaking: "Read East of Eden.") == nil)
        try await shelves.saveAudio(Data("RIFF1".utf8), speaking: "Read East of Eden.", ofShelf: scan.id)
        #expect(try await shelves.audio(ofShelf: scan.id, speaking: "Read East of Eden.") == Data("RIFF1".utf8))
        #expect(try await shelves.audio(ofShelf: scan.id, speaking: "Read Drive.") == nil)
    }

    @Test("Search finds shelves by title, author, genre and what a spine said; delete removes every row of the scan")
    func searchAndDelete() async throws {
        let database = try AppDatabase.inMemory()
        let clock = SteppingClock()
        let shelves = SQLiteShelfScanRepository(database: database, clock: clock)
        let first = try await shelves.insert(Self.reading(titles: ["Brave New World"]), preview: Data([1]))
        clock.advance(1)
        let second = try await shelves.insert(Self.reading(titles: ["Moneyball"]), preview: Data([2]))
        #expect(try await shelves.search("money", limit: 5).map(\.id) == [second.id])
        #expect(try await shelves.search("garble", limit: 5).map(\.id) == [second.id, first.id])
        #expect(try await shelves.search("baseball", limit: 5).count == 2)
        #expect(try await shelves.search("\"", limit: 5).isEmpty)
        try await shelves.saveAudio(Data([9]), speaking: "x", ofShelf: first.id)
        try await shelves.delete(id: first.id)
        #expect(try await shelves.scan(id: first.id) == nil)
        #expect(try await shelves.search("brave", limit: 5).isEmpty)
        for table in ["shelfMedia", "shelfSpine", "shelfBook", "shelfPreference", "shelfRecommendation", "shelfNote", "shelfStep"] {
            let left = try await database.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE scanId = ?", arguments: [first.id]) ?? -1
            }
            #expect(left == 0, "\(table) kept rows of a deleted scan")
        }
        #expect(try await shelves.reading(ofShelf: second.id) != nil)
    }

    @Test("A first-release database gains the shelf tables and keeps its scans")
    func olderDatabaseGainsShelfTables() async throws {
        let queue = try MigrationTests.firstReleaseDatabase()
        let database = try AppDatabase(writer: queue)
        let shelves = SQLiteShelfScanRepository(database: database)
        let scan = try await shelves.insert(Self.reading(), preview: nil)
        #expect(try await shelves.reading(ofShelf: scan.id) == Self.reading())
        #expect(try await SQLiteScanRepository(database: database).recent(limit: 10).isEmpty == false)
    }
}
