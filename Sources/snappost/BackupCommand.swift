// `snappost backup FILE` and `snappost restore FILE [--force]`: the whole data folder (--data-dir, SNAPPOST_DATA_DIR,
// .env) in one file, made while the server runs, and put back into an empty folder.
import ArgumentParser
import Foundation
import Settings
import Storage

struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Write the whole data folder into one file, while the server runs.",
        discussion: """
            The database goes through SQLite's online backup API (one consistent snapshot; the server keeps writing), then \
            into FILE with the password file: one tar with a manifest of sizes and checksums (`tar -tf FILE` lists it). \
            Photos kept for reading again, previews, drafts, history, shelves and retouch projects are all in the database.

            \(CommandSettings.discussion)

            Exit codes: 0 done, 64 usage, 1 the backup could not be made.
            """)

    @Argument(help: "The file to write (written under another name, then renamed; mode 0600).")
    var file: String

    func run() async throws {
        let settings = try await CommandSettings.load(for: "backup").settings
        let directory = URL(fileURLWithPath: settings.dataDirectory)
        let target = URL(fileURLWithPath: file)
        do {
            let summary = try DataBackup.write(from: try DataBackup.openSource(directory: directory), dataDirectory: directory, to: target)
            print("Backup of \(directory.path) written to \(target.path) (\(Self.megabytes(summary.bytes))).")
            print(Self.rows(summary.manifest))
        } catch let error as BackupError {
            printError("backup: \(error.message)")
            throw ExitCode(1)
        } catch {
            printError("backup: \(error)")
            throw ExitCode(1)
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
}

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Put a backup into an empty data folder.",
        discussion: """
            The folder must be empty or missing; --force replaces the database and password file of a folder in use (stop \
            the server first). Nothing in the folder changes unless every file matches its checksum and the database passes \
            SQLite's integrity check.

            \(CommandSettings.discussion)

            Exit codes: 0 done, 64 usage, 73 the folder is not empty (nothing restored), 1 the backup could not be restored.
            """)

    @Argument(help: "A file written by `snappost backup` or by the scheduled backups.")
    var file: String

    @Flag(help: "Replace the database and password file of a folder that is not empty.")
    var force = false

    func run() async throws {
        let settings = try await CommandSettings.load(for: "restore").settings
        let directory = URL(fileURLWithPath: settings.dataDirectory)
        do {
            let summary = try DataBackup.restore(from: URL(fileURLWithPath: file), into: directory, force: force)
            print("Restored \(file) (made \(ISO8601DateFormatter().string(from: summary.manifest.createdAt))) into \(directory.path).")
            print(BackupCommand.rows(summary.manifest))
        } catch let error as BackupError {
            printError("restore: \(error.message)")
            throw ExitCode(error.code == "folder_not_empty" ? 73 : 1)
        } catch {
            printError("restore: \(error)")
            throw ExitCode(1)
        }
    }
}
