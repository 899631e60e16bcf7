// A whole data folder in one file, made while the server runs, and put back into an empty folder: the database
// through SQLite's online backup API (scans with their kept originals and previews, drafts, history, shelves, retouch
// projects, sessions all live in it) and the password file, in a tar with a manifest of sizes and CRC-32s.
import Foundation
import GRDB
import Support

#if canImport(Glibc)
import Glibc
#endif

public enum DataBackup {
    public static let manifestName = "snappost-backup.json"
    /// The files a backup holds, by their names in the data folder (nothing else is ever written on restore).
    static let fileNames = [AppDatabase.fileName, PasswordFile.fileName]

    public struct Manifest: Codable, Sendable, Equatable {
        public struct File: Codable, Sendable, Equatable {
            public var name: String
            public var size: Int
            public var crc32: UInt32
        }
        public var format = 1
        public var app = "SnapPost"
        public var createdAt: Date
        public var files: [File]
        /// Rows per table at the time of the backup (scans, generations, history, ...), for the person to check.
        public var rows: [String: Int]
    }

    /// What a backup or a restore did.
    public struct Summary: Sendable, Equatable {
        public var file: URL
        public var bytes: Int
        public var manifest: Manifest
    }

    /// Tables counted in the manifest and the summary.
    static let countedTables = ["scan", "scanPhoto", "generation", "draft", "history", "shelfScan", "retouchProject", "retouchEdit"]

    // MARK: Backup

    /// Opens the database in `directory` for a backup from outside the server (`snappost backup`): no migrations run,
    /// and a running server's writes wait for at most a few seconds.
    public static func openSource(directory: URL) throws -> any DatabaseReader {
        let path = directory.appendingPathComponent(AppDatabase.fileName).path
        guard FileManager.default.fileExists(atPath: path) else { throw BackupError.noDatabase(directory.path) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw StoreError.failure(error, directory: directory)
        }
    }

    /// Writes a backup of `source` (the data folder's database) and the folder's password file to `file`, while the
    /// server may go on writing: SQLite's backup API copies one consistent snapshot, page by page, into a private
    /// copy beside `file`, which is then streamed into the tar. `file` appears whole or not at all (written under
    /// another name, then renamed), mode 0600.
    public static func write(from source: any DatabaseReader, dataDirectory: URL, to file: URL, clock: Date = Date()) throws -> Summary {
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let stamp = RandomID.make()
        let copy = folder.appendingPathComponent(".snappost-backup-\(stamp).sqlite")
        let partial = folder.appendingPathComponent(".snappost-backup-\(stamp).partial")
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(copy.path + suffix) }
            unlink(partial.path)
        }
        // 1. The snapshot: a read transaction on the source, copied 1024 pages at a time (memory stays small).
        let rows: [String: Int]
        do {
            let destination = try DatabaseQueue(path: copy.path)
            chmod(copy.path, 0o600)
            try source.backup(to: destination, pagesPerStep: 1024)
            // One self-contained file: no -wal beside it.
            try destination.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            rows = try destination.read { db in try Self.countRows(db) }
            try destination.close()
        } catch let error as BackupError {
            throw error
        } catch {
            throw StoreError.failure(error, directory: folder)
        }
        // 2. The tar: the manifest first, so a restore knows what to expect before it writes anything.
        var sources: [(name: String, url: URL)] = [(AppDatabase.fileName, copy)]
        let password = dataDirectory.appendingPathComponent(PasswordFile.fileName)
        if FileManager.default.fileExists(atPath: password.path) { sources.append((PasswordFile.fileName, password)) }
        var files: [Manifest.File] = []
        for source in sources {
            let (size, crc) = try Self.measure(source.url)
            files.append(Manifest.File(name: source.name, size: size, crc32: crc))
        }
        let manifest = Manifest(createdAt: clock, files: files, rows: rows)
        guard FileManager.default.createFile(atPath: partial.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw BackupError.cannotWrite(file.path)
        }
        let handle = try FileHandle(forWritingTo: partial)
        do {
            let tar = TarWriter(handle: handle)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            try tar.add(name: manifestName, data: try encoder.encode(manifest), modified: clock)
            for (source, expected) in zip(sources, files) {
                let written = try tar.add(name: source.name, file: source.url, modified: clock)
                // The password file could change between measuring and copying (`snappost password set`): measure again.
                guard written.size == expected.size, written.crc == expected.crc32 else { throw BackupError.changedWhileCopying(source.name) }
            }
            try tar.finish()
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        guard rename(partial.path, file.path) == 0 else { throw BackupError.cannotWrite(file.path) }
        let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        return Summary(file: file, bytes: bytes, manifest: manifest)
    }

    static func countRows(_ db: Database) throws -> [String: Int] {
        var rows: [String: Int] = [:]
        for table in countedTables where try db.tableExists(table) {
            rows[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \"\(table)\"") ?? 0
        }
        return rows
    }

    /// Size and CRC-32 of a file, read in 1 MB pieces.
    static func measure(_ url: URL) throws -> (Int, UInt32) {
        let input = try FileHandle(forReadingFrom: url)
        defer { try? input.close() }
        var crc = CRC32()
        var size = 0
        while let piece = try input.read(upToCount: 1 << 20), !piece.isEmpty {
            crc.update(piece)
            size += piece.count
        }
        return (size, crc.value)
    }

    // MARK: Restore

    /// Puts a backup back into `dataDirectory`: refused when the folder holds anything unless `force` (then the
    /// database and password file there are replaced; stop the server first). Every file is checked against the
    /// manifest (size and CRC-32) and the database must pass SQLite's integrity check before anything in the folder
    /// is touched; files are written private (0700 folder, 0600 files).
    public static func restore(from file: URL, into dataDirectory: URL, force: Bool) throws -> Summary {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: dataDirectory.path), !existing.isEmpty, !force {
            throw BackupError.folderNotEmpty(dataDirectory.path)
        }
        guard let input = FileHandle(forReadingAtPath: file.path) else { throw BackupError.notABackup(file.path) }
        defer { try? input.close() }
        if !manager.fileExists(atPath: dataDirectory.path) {
            try manager.createDirectory(at: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let staging = dataDirectory.appendingPathComponent(".restore-\(RandomID.make())")
        try manager.createDirectory(at: staging, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        defer { try? manager.removeItem(at: staging) }

        var reader = TarReader(handle: input)
        guard let first = try reader.next(), first.name == manifestName, first.size <= 1 << 20 else { throw BackupError.notABackup(file.path) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let manifest = try? decoder.decode(Manifest.self, from: try reader.read(first.size)), manifest.app == "SnapPost" else {
            throw BackupError.notABackup(file.path)
        }
        guard manifest.format == 1 else { throw BackupError.newerFormat(manifest.format) }
        try reader.skipPadding(after: first.size)
        var restored: Set<String> = []
        while let entry = try reader.next() {
            // Only the names a backup writes, each once; never a path.
            guard fileNames.contains(entry.name), let expected = manifest.files.first(where: { $0.name == entry.name }),
                !restored.contains(entry.name), entry.size == expected.size
            else { throw BackupError.damaged("unexpected entry \(entry.name.prefix(100))") }
            let target = staging.appendingPathComponent(entry.name)
            guard manager.createFile(atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw BackupError.cannotWrite(target.path)
            }
            let output = try FileHandle(forWritingTo: target)
            var crc = CRC32()
            var left = entry.size
            while left > 0 {
                let piece = try reader.read(min(left, 1 << 20))
                guard !piece.isEmpty else { break }
                crc.update(piece)
                try output.write(contentsOf: piece)
                left -= piece.count
            }
            try output.synchronize()
            try output.close()
            guard left == 0, crc.value == expected.crc32 else { throw BackupError.damaged("\(entry.name) does not match its checksum") }
            try reader.skipPadding(after: entry.size)
            restored.insert(entry.name)
        }
        guard restored == Set(manifest.files.map(\.name)), restored.contains(AppDatabase.fileName) else {
            throw BackupError.damaged("files are missing")
        }
        try checkDatabase(staging.appendingPathComponent(AppDatabase.fileName))
        // Everything checked: now the folder changes.
        for name in fileNames {
            for suffix in name == AppDatabase.fileName ? ["", "-wal", "-shm", "-journal"] : [""] {
                unlink(dataDirectory.appendingPathComponent(name + suffix).path)
            }
        }
        for name in restored {
            guard rename(staging.appendingPathComponent(name).path, dataDirectory.appendingPathComponent(name).path) == 0 else {
                throw BackupError.cannotWrite(dataDirectory.appendingPathComponent(name).path)
            }
        }
        let bytes = (try? manager.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        return Summary(file: file, bytes: bytes, manifest: manifest)
    }

    /// The restored database opens, passes `PRAGMA integrity_check` and was made by SnapPost (it has our migrations).
    static func checkDatabase(_ url: URL) throws {
        do {
            let queue = try DatabaseQueue(path: url.path)
            defer { try? queue.close() }
            let (check, migrated) = try queue.read { db in
                (try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "", try db.tableExists("grdb_migrations"))
            }
            guard check == "ok" else { throw BackupError.damaged("the database fails its integrity check: \(check.prefix(200))") }
            guard migrated else { throw BackupError.damaged("the database is not SnapPost's") }
        } catch let error as BackupError {
            throw error
        } catch {
            throw BackupError.damaged("the database does not open")
        }
    }

    // MARK: Scheduled backups

    /// `snappost-backup-20261125-093000.tar`: the name a scheduled backup gets, sortable by time (UTC).
    public static func scheduledName(at date: Date) -> String { "snappost-backup-\(stampFormatter().string(from: date)).tar" }

    /// When a scheduled backup was made, from its name; nil for another name.
    public static func scheduledDate(of file: URL) -> Date? {
        let name = file.lastPathComponent
        guard name.hasPrefix("snappost-backup-"), name.hasSuffix(".tar") else { return nil }
        return stampFormatter().date(from: String(name.dropFirst("snappost-backup-".count).dropLast(4)))
    }

    private static func stampFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter
    }

    /// The scheduled backups in `folder`, oldest first.
    public static func scheduled(in folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("snappost-backup-") && $0.hasSuffix(".tar") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Deletes the oldest scheduled backups in `folder` until `keep` are left; returns how many went.
    @discardableResult
    public static func prune(_ folder: URL, keep: Int) -> Int {
        let all = scheduled(in: folder)
        let extra = all.dropLast(max(1, keep))
        for url in extra { try? FileManager.default.removeItem(at: url) }
        return extra.count
    }
}

/// Why a backup or a restore did not happen, in words for whoever runs the server.
public struct BackupError: UserFacingError, Equatable, CustomStringConvertible {
    enum Kind: Equatable, Sendable {
        case noDatabase(String)
        case folderNotEmpty(String)
        case notABackup(String)
        case newerFormat(Int)
        case damaged(String)
        case changedWhileCopying(String)
        case cannotWrite(String)
    }

    let kind: Kind

    static func noDatabase(_ path: String) -> BackupError { BackupError(kind: .noDatabase(path)) }
    static func folderNotEmpty(_ path: String) -> BackupError { BackupError(kind: .folderNotEmpty(path)) }
    static func notABackup(_ path: String) -> BackupError { BackupError(kind: .notABackup(path)) }
    static func newerFormat(_ format: Int) -> BackupError { BackupError(kind: .newerFormat(format)) }
    static func damaged(_ detail: String) -> BackupError { BackupError(kind: .damaged(detail)) }
    static func changedWhileCopying(_ name: String) -> BackupError { BackupError(kind: .changedWhileCopying(name)) }
    static func cannotWrite(_ path: String) -> BackupError { BackupError(kind: .cannotWrite(path)) }

    public var message: String {
        switch kind {
        case .noDatabase(let path): "There is no SnapPost database in \(path) (give the data folder with --data-dir)."
        case .folderNotEmpty(let path):
            "\(path) is not empty, so nothing was restored. Restore into an empty folder, or add --force to replace its database and password (stop the server first)."
        case .notABackup(let path): "\(path) is not a SnapPost backup."
        case .newerFormat(let format): "This backup was made by a newer SnapPost (format \(format)); restore it with that version."
        case .damaged(let detail): "The backup is damaged (\(detail)); nothing was restored."
        case .changedWhileCopying(let name): "\(name) changed while it was being copied; run the backup again."
        case .cannotWrite(let path): "\(path) could not be written (check the folder exists and there is space)."
        }
    }

    public var code: String {
        switch kind {
        case .noDatabase: "no_database"
        case .folderNotEmpty: "folder_not_empty"
        case .notABackup: "not_a_backup"
        case .newerFormat: "newer_backup"
        case .damaged: "backup_damaged"
        case .changedWhileCopying: "changed_while_copying"
        case .cannotWrite: "cannot_write"
        }
    }

    public var category: ErrorCategory {
        switch kind {
        case .changedWhileCopying: .busy
        case .cannotWrite: .internal
        default: .badInput
        }
    }

    public var description: String { "\(code): \(message)" }
}

extension AppDatabase {
    /// A backup of this database and its folder's password file to `file` (for the scheduled backups).
    public func backup(to file: URL) throws -> DataBackup.Summary {
        guard let directory else { throw BackupError.noDatabase("memory") }
        return try DataBackup.write(from: writer, dataDirectory: directory, to: file)
    }
}
