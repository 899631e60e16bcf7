// The schema, one named migration at a time. A migration is never edited once shipped: databases written by earlier
// versions must keep opening.
import GRDB

extension AppDatabase {
    static var storageMigrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "scan") { t in
                t.primaryKey("id", .text)
                t.column("createdAt", .datetime).notNull().indexed()
                t.column("ocrText", .text).notNull()
                t.column("editedText", .text).notNull()
                t.column("book", .text).notNull().defaults(to: "")
                t.column("author", .text).notNull().defaults(to: "")
                t.column("confidence", .double).notNull()
                t.column("language", .text).notNull()
                t.column("imageWidth", .integer).notNull()
                t.column("imageHeight", .integer).notNull()
                t.column("linesJSON", .text).notNull()
                t.column("timingsJSON", .text).notNull()
                t.column("preview", .blob)
            }
            try db.create(virtualTable: "scanSearch", using: FTS5()) { t in
                t.synchronize(withTable: "scan")
                t.tokenizer = .unicode61()
                t.column("editedText")
                t.column("book")
                t.column("author")
            }
            try db.create(table: "generation") { t in
                t.primaryKey("id", .text)
                t.column("scanId", .text).notNull().indexed().references("scan", onDelete: .cascade)
                t.column("createdAt", .datetime).notNull()
                t.column("writer", .text).notNull()
                t.column("sourceText", .text).notNull()
                t.column("draftsJSON", .text).notNull()
            }
            try db.create(table: "history") { t in
                t.primaryKey("id", .text)
                t.column("postedAt", .datetime).notNull().indexed()
                t.column("action", .text).notNull()
                t.column("tone", .text).notNull()
                t.column("text", .text).notNull()
                t.column("scanId", .text).references("scan", onDelete: .setNull)
            }
            try db.create(virtualTable: "historySearch", using: FTS5()) { t in
                t.synchronize(withTable: "history")
                t.tokenizer = .unicode61()
                t.column("text")
            }
            // Login sessions were created here before the web target registered its own migration; that one
            // creates the table only when it is missing, so old and new databases end up the same.
        }
        migrator.registerMigration("v2-child-tables") { db in
            // Lines, step timings and drafts were JSON text; they become rows that SQLite itself checks.
            try db.create(table: "scanLine") { t in
                t.column("scanId", .text).notNull().references("scan", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("text", .text).notNull()
                t.column("x", .integer).notNull()
                t.column("y", .integer).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                t.column("confidence", .double).notNull()
                t.primaryKey(["scanId", "position"])
            }
            try db.create(table: "scanStep") { t in
                t.column("scanId", .text).notNull().references("scan", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("step", .text).notNull()
                t.column("seconds", .double).notNull()
                t.primaryKey(["scanId", "position"])
            }
            try db.create(table: "draft") { t in
                t.column("generationId", .text).notNull().references("generation", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("tone", .text).notNull()
                t.column("text", .text).notNull()
                t.column("note", .text)
                t.primaryKey(["generationId", "position"])
            }
            // A value that was not valid JSON is not guessed at: its owner is marked, and reading it says so.
            try db.alter(table: "scan") { t in t.add(column: "linesDamaged", .boolean).notNull().defaults(to: false) }
            try db.alter(table: "generation") { t in t.add(column: "draftsDamaged", .boolean).notNull().defaults(to: false) }
            try db.execute(
                sql: """
                    INSERT INTO scanLine (scanId, position, text, x, y, width, height, confidence)
                    SELECT scan.id, line.key, json_extract(line.value, '$.text'), json_extract(line.value, '$.x'),
                           json_extract(line.value, '$.y'), json_extract(line.value, '$.width'),
                           json_extract(line.value, '$.height'), json_extract(line.value, '$.confidence')
                    FROM scan, json_each(CASE WHEN json_valid(scan.linesJSON) AND json_type(scan.linesJSON) = 'array' THEN scan.linesJSON ELSE '[]' END) AS line
                    WHERE json_type(line.value, '$.text') = 'text'
                      AND json_type(line.value, '$.x') = 'integer' AND json_type(line.value, '$.y') = 'integer'
                      AND json_type(line.value, '$.width') = 'integer' AND json_type(line.value, '$.height') = 'integer'
                      AND json_type(line.value, '$.confidence') IN ('integer', 'real');
                    INSERT INTO scanStep (scanId, position, step, seconds)
                    SELECT scan.id, step.key, json_extract(step.value, '$.step'), json_extract(step.value, '$.seconds')
                    FROM scan, json_each(CASE WHEN json_valid(scan.timingsJSON) AND json_type(scan.timingsJSON) = 'array' THEN scan.timingsJSON ELSE '[]' END) AS step
                    WHERE json_type(step.value, '$.step') = 'text' AND json_type(step.value, '$.seconds') IN ('integer', 'real');
                    INSERT INTO draft (generationId, position, tone, text, note)
                    SELECT generation.id, draft.key, json_extract(draft.value, '$.tone'), json_extract(draft.value, '$.text'),
                           json_extract(draft.value, '$.note')
                    FROM generation, json_each(CASE WHEN json_valid(generation.draftsJSON) AND json_type(generation.draftsJSON) = 'array' THEN generation.draftsJSON ELSE '[]' END) AS draft
                    WHERE json_type(draft.value, '$.tone') = 'text' AND json_type(draft.value, '$.text') = 'text';
                    UPDATE scan SET linesDamaged = 1
                    WHERE CASE WHEN json_valid(linesJSON) AND json_type(linesJSON) = 'array' THEN json_array_length(linesJSON) ELSE -1 END
                          != (SELECT count(*) FROM scanLine WHERE scanLine.scanId = scan.id);
                    UPDATE generation SET draftsDamaged = 1
                    WHERE CASE WHEN json_valid(draftsJSON) AND json_type(draftsJSON) = 'array' THEN json_array_length(draftsJSON) ELSE -1 END
                          != (SELECT count(*) FROM draft WHERE draft.generationId = generation.id);
                    """)
            try db.alter(table: "scan") { t in
                t.drop(column: "linesJSON")
                t.drop(column: "timingsJSON")
            }
            try db.alter(table: "generation") { t in t.drop(column: "draftsJSON") }
        }
        migrator.registerMigration("v3-scan-photos") { db in
            // A scan may hold several photos (the next page added later); each keeps its own preview, its text, its
            // lines and timings, and for a while the original upload (so the page can be read again).
            try db.create(table: "scanPhoto") { t in
                t.column("scanId", .text).notNull().references("scan", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("text", .text).notNull()
                t.column("language", .text).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                t.column("preview", .blob)
                t.column("original", .blob)
                t.column("originalKeptUntil", .datetime)
                t.column("outline", .text)
                t.column("quarterTurns", .integer).notNull().defaults(to: 0)
                t.primaryKey(["scanId", "position"])
            }
            try db.create(index: "scanPhoto_on_originalKeptUntil", on: "scanPhoto", columns: ["originalKeptUntil"])
            try db.execute(
                sql: """
                    INSERT INTO scanPhoto (scanId, position, text, language, width, height, preview)
                    SELECT id, 0, ocrText, language, imageWidth, imageHeight, preview FROM scan
                    """)
            try db.alter(table: "scan") { t in
                t.drop(column: "preview")
                t.drop(column: "imageWidth")
                t.drop(column: "imageHeight")
            }
            // Lines and timings now belong to one photo of the scan.
            try db.rename(table: "scanLine", to: "scanLineOld")
            try db.rename(table: "scanStep", to: "scanStepOld")
            try db.create(table: "scanLine") { t in
                t.column("scanId", .text).notNull().references("scan", onDelete: .cascade)
                t.column("photo", .integer).notNull()
                t.column("position", .integer).notNull()
                t.column("text", .text).notNull()
                t.column("x", .integer).notNull()
                t.column("y", .integer).notNull()
                t.column("width", .integer).notNull()
                t.column("height", .integer).notNull()
                t.column("confidence", .double).notNull()
                t.primaryKey(["scanId", "photo", "position"])
            }
            try db.create(table: "scanStep") { t in
                t.column("scanId", .text).notNull().references("scan", onDelete: .cascade)
                t.column("photo", .integer).notNull()
                t.column("position", .integer).notNull()
                t.column("step", .text).notNull()
                t.column("seconds", .double).notNull()
                t.primaryKey(["scanId", "photo", "position"])
            }
            try db.execute(
                sql: """
                    INSERT INTO scanLine SELECT scanId, 0, position, text, x, y, width, height, confidence FROM scanLineOld;
                    INSERT INTO scanStep SELECT scanId, 0, position, step, seconds FROM scanStepOld;
                    DROP TABLE scanLineOld;
                    DROP TABLE scanStepOld;
                    """)
        }
        migrator.registerMigration("v4-draft-versions") { db in
            // A draft can be edited, and "Write another" adds a version of one tone: drafts become versions, each
            // with the text as written and the person's edit. Every existing draft is version 1, unedited.
            try db.create(table: "draftVersion") { t in
                t.column("generationId", .text).notNull().references("generation", onDelete: .cascade)
                t.column("position", .integer).notNull()
                t.column("version", .integer).notNull()
                t.column("tone", .text).notNull()
                t.column("text", .text).notNull()
                t.column("note", .text)
                t.column("editedText", .text)
                t.column("writer", .text).notNull()
                t.column("createdAt", .datetime).notNull()
                t.primaryKey(["generationId", "position", "version"])
            }
            try db.execute(
                sql: """
                    INSERT INTO draftVersion (generationId, position, version, tone, text, note, editedText, writer, createdAt)
                    SELECT draft.generationId, draft.position, 1, draft.tone, draft.text, draft.note, NULL, generation.writer, generation.createdAt
                    FROM draft JOIN generation ON generation.id = draft.generationId;
                    DROP TABLE draft;
                    ALTER TABLE draftVersion RENAME TO draft;
                    """)
        }
        migrator.registerMigration("shelf-v1", migrate: createShelfTables)
        migrator.registerMigration("v5-line-outlines") { db in
            // Each line's outline in the photo, following its tilt and curl ("x,y x,y ..."); older lines keep their box.
            try db.alter(table: "scanLine") { t in t.add(column: "outline", .text) }
        }
        migrator.registerMigration("retouch-v1", migrate: createRetouchTables)
        migrator.registerMigration("v6-edit-revisions") { db in
            // A save names the revision it was typed over, so a stale tab's save is a conflict, not a silent overwrite;
            // `editor` is the browser tab (a random id it chose) that made the last save, "" for plain forms.
            for table in ["scan", "draft"] {
                try db.alter(table: table) { t in
                    t.add(column: "revision", .integer).notNull().defaults(to: 0)
                    t.add(column: "editor", .text).notNull().defaults(to: "")
                }
            }
            // History Delete can be undone for a while: the row is marked, then purged.
            try db.alter(table: "history") { t in t.add(column: "deletedAt", .datetime) }
        }
        migrator.registerMigration("shelf-v2-book-source") { db in
            // Where each shelf book's name comes from (catalog, spine, hand, model, unread); older rows say nothing ("").
            try db.alter(table: "shelfBook") { t in t.add(column: "source", .text).notNull().defaults(to: "") }
        }
        migrator.registerMigration("v7-line-words") { db in
            // Each line's words as the engine read them (JSON: text, span, confidence, runner-up), so the page can tell
            // which words the camera may have misread; older lines have none and are judged by the line.
            try db.alter(table: "scanLine") { t in t.add(column: "words", .text) }
            // Words of the OCR text the person confirmed as read ("3,17"), by their index among its words.
            try db.alter(table: "scan") { t in t.add(column: "confirmedWords", .text).notNull().defaults(to: "") }
        }
        return migrator
    }

    /// Shelf scans (the bookshelf analyser): one row per photo analysed, its spines, books, preferences,
    /// recommendations, notes and step timings as child rows, and its preview and spoken audio apart (so lists never
    /// load image or sound bytes). Searchable like page scans.
    static func createShelfTables(_ db: Database) throws {
        try db.create(table: "shelfScan") { t in
            t.primaryKey("id", .text)
            t.column("createdAt", .datetime).notNull().indexed()
            t.column("summary", .text).notNull()
            t.column("confidence", .double).notNull()
            t.column("analysedBy", .text).notNull()
            t.column("readingLevel", .text).notNull()
            t.column("imageWidth", .integer).notNull()
            t.column("imageHeight", .integer).notNull()
            t.column("spineCount", .integer).notNull()
            t.column("bookCount", .integer).notNull()
            // The identified titles, for lists.
            t.column("titles", .text).notNull()
            // Titles, authors, genres and every spine's text: what search looks in.
            t.column("searchText", .text).notNull()
        }
        try db.create(virtualTable: "shelfScanSearch", using: FTS5()) { t in
            t.synchronize(withTable: "shelfScan")
            t.tokenizer = .unicode61()
            t.column("summary")
            t.column("searchText")
        }
        try db.create(table: "shelfMedia") { t in
            t.primaryKey("scanId", .text).references("shelfScan", onDelete: .cascade)
            t.column("preview", .blob)
            t.column("audio", .blob)
            // What the audio says: it is made again when the recommendations change.
            t.column("audioText", .text)
        }
        try db.create(table: "shelfSpine") { t in
            t.column("scanId", .text).notNull().references("shelfScan", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("row", .integer).notNull()
            for corner in 0..<4 {
                t.column("x\(corner)", .double).notNull()
                t.column("y\(corner)", .double).notNull()
            }
            // The lines read, one per line.
            t.column("text", .text).notNull()
            t.column("confidence", .double).notNull()
            t.column("quarterTurns", .integer).notNull()
            t.primaryKey(["scanId", "position"])
        }
        try db.create(table: "shelfBook") { t in
            t.column("scanId", .text).notNull().references("shelfScan", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("title", .text).notNull()
            t.column("author", .text).notNull()
            t.column("genre", .text).notNull()
            t.column("confidence", .double).notNull()
            t.column("identified", .boolean).notNull()
            t.column("spineIndex", .integer)
            t.column("catalogID", .integer)
            t.column("spineText", .text).notNull()
            t.column("correctedByHand", .boolean).notNull().defaults(to: false)
            t.primaryKey(["scanId", "position"])
        }
        try db.create(table: "shelfPreference") { t in
            t.column("scanId", .text).notNull().references("shelfScan", onDelete: .cascade)
            // "genre", "interest" or "author".
            t.column("kind", .text).notNull()
            t.column("position", .integer).notNull()
            t.column("value", .text).notNull()
            t.primaryKey(["scanId", "kind", "position"])
        }
        try db.create(table: "shelfRecommendation") { t in
            t.column("scanId", .text).notNull().references("shelfScan", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("title", .text).notNull()
            t.column("author", .text).notNull()
            t.column("reason", .text).notNull()
            t.column("matchScore", .double).notNull()
            t.column("catalogID", .integer)
            t.primaryKey(["scanId", "position"])
        }
        try db.create(table: "shelfNote") { t in
            t.column("scanId", .text).notNull().references("shelfScan", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("text", .text).notNull()
            t.primaryKey(["scanId", "position"])
        }
        try db.create(table: "shelfStep") { t in
            t.column("scanId", .text).notNull().references("shelfScan", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("step", .text).notNull()
            t.column("seconds", .double).notNull()
            t.primaryKey(["scanId", "position"])
        }
    }
}
