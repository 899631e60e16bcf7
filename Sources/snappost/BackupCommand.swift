// `snappost backup FILE` and `snappost restore FILE [--force]`: the whole data folder (--data-dir, SNAPPOST_DATA_DIR,
// .env) in one file, made while the server runs, and put back into an empty folder.
import Foundation
import Settings
import Storage

enum BackupCommand {
    static func backup(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(backupHelp)
            return 0
        }
        do {
            let input = try await CommandInput(arguments, command: "backup", flags: [])
            guard input.positional.count == 1, let path = input.positional.first else { throw UsageError("backup: give the file to write") }
            let directory = URL(fileURLWithPath: input.settings.dataDirectory)
            let file = URL(fileURLWithPath: path)
            let summary = try DataBackup.write(from: try DataBackup.openSource(directory: directory), dataDirectory: directory, to: file)
            print("Backup of \(directory.path) written to \(file.path) (\(megabytes(summary.bytes))).")
            print(rows(summary.manifest))
            return 0
        } catch let error as UsageError {
            printError(error.message + "\n\n" + backupHelp)
            return 64
        } catch let error as BackupError {
            printError("backup: \(error.message)")
            return 1
        } catch {
            printError("backup: \(error)")
            return 1
        }
    }

    static func restore(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(restoreHelp)
            return 0
        }
        do {
            let input = try await CommandInput(arguments, command: "restore", flags: ["--force"])
            guard input.positional.count == 1, let path = input.positional.first else { throw UsageError("restore: give the backup file to read") }
            let directory = URL(fileURLWithPath: input.settings.dataDirectory)
            let summary = try DataBackup.restore(from: URL(fileURLWithPath: path), into: directory, force: input.flag("force"))
            print("Restored \(path) (made \(ISO8601DateFormatter().string(from: summary.manifest.createdAt))) into \(directory.path).")
            print(rows(summary.manifest))
            return 0
        } catch let error as UsageError {
            printError(error.message + "\n\n" + restoreHelp)
            return 64
        } catch let error as BackupError {
            printError("restore: \(error.message)")
            return error.code == "folder_not_empty" ? 73 : 1
        } catch {
            printError("restore: \(error)")
            return 1
        }
    }

    static func rows(_ manifest: DataBackup.Manifest) -> String {
        let names = [
            ("scan", "scans"), ("generation", "draft sets"), ("draft", "draft versions"), ("history", "history entries"), ("shelfScan", "shelves"),
            ("retouchProject", "retouch photos"), ("retouchEdit", "retouch edits"),
        ]
        return names.map { "\(manifest.rows[$0.0] ?? 0) \($0.1)" }.joined(separator: ", ") + "."
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }

    static let backupHelp = """
        usage: snappost backup FILE [--data-dir D]

        Writes the data folder's database (through SQLite's online backup API, so the server may keep running) and its
        password file into FILE, one tar file with a manifest of sizes and checksums. Photos kept for reading again,
        previews, drafts, history, shelves and retouch projects are all in the database.
        """

    static let restoreHelp = """
        usage: snappost restore FILE [--data-dir D] [--force]

        Puts a backup made by `snappost backup` (or a scheduled one) into the data folder. The folder must be empty or
        missing; --force replaces the database and password file of a folder in use (stop the server first). Nothing
        is changed unless every file matches its checksum and the database passes SQLite's integrity check.
        """
}
