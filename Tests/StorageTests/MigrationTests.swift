// Databases written before the v2 migration must keep opening: lines, timings and drafts move into their own tables,
// and a value that was not readable is flagged and reported, never read back as an empty list.
import Foundation
import GRDB
import Support
import Testing

@testable import Storage

@Suite("Storage migrations")
struct MigrationTests {
    /// The schema exactly as the first release wrote it (read from its database), with its migration recorded.
    static let firstReleaseSchema: [String] = [
        """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)
        """,
        """
        CREATE TABLE "scan" ("id" TEXT PRIMARY KEY NOT NULL, "createdAt" DATETIME NOT NULL, "ocrText" TEXT NOT NULL, "editedText" TEXT NOT NULL, "book" TEXT NOT NULL DEFAULT '', "author" TEXT NOT NULL DEFAULT '', "confidence" DOUBLE NOT NULL, "language" TEXT NOT NULL, "imageWidth" INTEGER NOT NULL, "imageHeight" INTEGER NOT NULL, "linesJSON" TEXT NOT NULL, "timingsJSON" TEXT NOT NULL, "preview" BLOB)
        """,
        """
        CREATE INDEX "scan_on_createdAt" ON "scan"("createdAt")
        """,
        """
        CREATE VIRTUAL TABLE "scanSearch" USING fts5(editedText, book, author, tokenize='''unicode61''', content='scan')
        """,
        """
        CREATE TRIGGER "__scanSearch_ai" AFTER INSERT ON "scan" BEGIN
            INSERT INTO "scanSearch"("rowid", "editedText", "book", "author") VALUES (new."rowid", new."editedText", new."book", new."author");
        END
        """,
        """
        CREATE TRIGGER "__scanSearch_ad" AFTER DELETE ON "scan" BEGIN
            INSERT INTO "scanSearch"("scanSearch", "rowid", "editedText", "book", "author") VALUES('delete', old."rowid", old."editedText", old."book", old."author");
        END
        """,
        """
        CREATE TRIGGER "__scanSearch_au" AFTER UPDATE ON "scan" BEGIN
            INSERT INTO "scanSearch"("scanSearch", "rowid", "editedText", "book", "author") VALUES('delete', old."rowid", old."editedText", old."book", old."author");
            INSERT INTO "scanSearch"("rowid", "editedText", "book", "author") VALUES (new."rowid", new."editedText", new."book", new."author");
        END
        """,
        """
        CREATE TABLE "generation" ("id" TEXT PRIMARY KEY NOT NULL, "scanId" TEXT NOT NULL REFERENCES "scan"("id") ON DELETE CASCADE, "createdAt" DATETIME NOT NULL, "writer" TEXT NOT NULL, "sourceText" TEXT NOT NULL, "draftsJSON" TEXT NOT NULL)
        """,
        """
        CREATE INDEX "generation_on_scanId" ON "generation"("scanId")
        """,
        """
        CREATE TABLE "history" ("id" TEXT PRIMARY KEY NOT NULL, "postedAt" DATETIME NOT NULL, "action" TEXT NOT NULL, "tone" TEXT NOT NULL, "text" TEXT NOT NULL, "scanId" TEXT REFERENCES "scan"("id") ON DELETE SET NULL)
        """,
        """
        CREATE INDEX "history_on_postedAt" ON "history"("postedAt")
        """,
        """
        CREATE VIRTUAL TABLE "historySearch" USING fts5(text, tokenize='''unicode61''', content='history')
        """,
        """
        CREATE TRIGGER "__historySearch_ai" AFTER INSERT ON "history" BEGIN
            INSERT INTO "historySearch"("rowid", "text") VALUES (new."rowid", new."text");
        END
        """,
        """
        CREATE TRIGGER "__historySearch_ad" AFTER DELETE ON "history" BEGIN
            INSERT INTO "historySearch"("historySearch", "rowid", "text") VALUES('delete', old."rowid", old."text");
        END
        """,
        """
        CREATE TRIGGER "__historySearch_au" AFTER UPDATE ON "history" BEGIN
            INSERT INTO "historySearch"("historySearch", "rowid", "text") VALUES('delete', old."rowid", old."text");
            INSERT INTO "historySearch"("rowid", "text") VALUES (new."rowid", new."text");
        END
        """,
        """
        CREATE TABLE "session" ("id" TEXT PRIMARY KEY NOT NULL, "createdAt" DATETIME NOT NULL, "expiresAt" DATETIME NOT NULL)
        """,
        """
        CREATE INDEX "session_on_expiresAt" ON "session"("expiresAt")
        """,
    ]

    /// A database as the first release left it: one scan with lines and timings, one with damaged lines, one generation.
    static func firstReleaseDatabase() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            for statement in firstReleaseSchema { try db.execute(sql: statement) }
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v1')")
            try db.execute(
                sql: """
                    INSERT INTO scan (id, createdAt, ocrText, editedText, confidence, language, imageWidth, imageHeight, linesJSON, timingsJSON)
                    VALUES (?, '2026-11-22 03:20:58.000', 'Tea is made.', 'Tea is made with care.', 0.9, 'eng', 1000, 1400, ?, ?)
                    """,
                arguments: [
                    "AAAAAAAAAAAAAAAAAAAAAA",
                    #"[{"y":114,"height":17,"confidence":0.73,"width":226,"text":"Tea is made.","x":158},{"y":160,"height":20,"confidence":0.9,"width":300,"text":"With care.","x":150}]"#,
                    #"[{"step":"decode","seconds":0.1},{"step":"recognise","seconds":0.4}]"#,
                ])
            try db.execute(
                sql: """
                    INSERT INTO scan (id, createdAt, ocrText, editedText, confidence, language, imageWidth, imageHeight, linesJSON, timingsJSON)
                    VALUES ('BBBBBBBBBBBBBBBBBBBBBB', '2026-11-22 03:21:00.000', 'Bread.', 'Bread rises.', 0.8, 'eng', 10, 10, '[{"text": trunc', '[]')
                    """)
            try db.execute(
                sql: """
                    INSERT INTO generation (id, scanId, createdAt, writer, sourceText, draftsJSON)
                    VALUES ('CCCCCCCCCCCCCCCCCCCCCC', 'AAAAAAAAAAAAAAAAAAAAAA', '2026-11-22 03:22:00.000', 'Offline writer', 'Tea is made with care.', ?)
                    """,
                arguments: [#"[{"tone":"punchy","text":"Care counts.","note":null},{"tone":"personal","text":"I noticed.","note":"trimmed"}]"#])
        }
        return queue
    }

    @Test("A first-release database opens: text, lines, timings and drafts all read back, and search still works")
    func firstReleaseDatabaseOpens() async throws {
        let database = try AppDatabase(writer: try Self.firstReleaseDatabase())
        let scans = SQLiteScanRepository(database: database)
        let scan = try #require(try await scans.scan(id: "AAAAAAAAAAAAAAAAAAAAAA"))
        #expect(scan.editedText == "Tea is made with care." && scan.ocrText == "Tea is made.")
        let lines = try await scans.lines(ofScan: scan.id)
        #expect(lines.map(\.text) == ["Tea is made.", "With care."])
        #expect(lines.first?.box == PixelBox(x: 158, y: 114, width: 226, height: 17))
        #expect(try await scans.timings(ofScan: scan.id, photo: 0).map(\.step) == ["decode", "recognise"])
        let generation = try #require(
            try await SQLiteGenerationRepository(database: database).generation(id: "CCCCCCCCCCCCCCCCCCCCCC", scanId: scan.id))
        #expect(
            generation.drafts == [
                Draft(tone: "punchy", text: "Care counts.", note: nil), Draft(tone: "personal", text: "I noticed.", note: "trimmed"),
            ])
        #expect(try await scans.search("care", limit: 5).map(\.id) == [scan.id])
        // Editing after the migration keeps the full-text index in step.
        try await scans.saveEdits(scanId: scan.id, text: "Coffee instead.", book: "", author: "")
        #expect(try await scans.search("coffee", limit: 5).map(\.id) == [scan.id])
        #expect(try await scans.search("care", limit: 5).isEmpty)
    }

    @Test("A stored value that was not readable is reported as damaged, and the rest of the scan still reads")
    func damagedValuesAreReportedNotEmptied() async throws {
        let database = try AppDatabase(writer: try Self.firstReleaseDatabase())
        let scans = SQLiteScanRepository(database: database)
        let scan = try #require(try await scans.scan(id: "BBBBBBBBBBBBBBBBBBBBBB"))
        #expect(scan.editedText == "Bread rises.")
        await #expect(throws: StoreError.self) { try await scans.lines(ofScan: scan.id) }
        do {
            _ = try await scans.lines(ofScan: scan.id)
        } catch let error as StoreError {
            #expect(error.code == "store_damaged")
            #expect(error.message.english.contains("recognised lines"))
        }
    }
}
