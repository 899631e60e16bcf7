// Scheduled backups: one when the newest in SNAPPOST_BACKUP_DIR is older than SNAPPOST_BACKUP_HOURS (so at start
// after a long pause), then one per interval; only the last SNAPPOST_BACKUP_KEEP are kept.
import Foundation
import Logging
import ServiceLifecycle
import Storage
import Support

struct BackupSchedule: Service {
    let backup: @Sendable (URL) throws -> DataBackup.Summary
    let folder: URL
    let keep: Int
    let interval: TimeInterval
    let clock: any TimeSource
    let logger: Logger

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while !Task.isCancelled {
                    let wait = secondsUntilDue()
                    if wait > 0 {
                        try await Task.sleep(for: .seconds(min(wait, 3600)))
                    } else {
                        await runOnce()
                    }
                }
            }
        } catch is CancellationError {
            // Shutting down.
        }
    }

    /// Seconds until the next backup is due: 0 when the folder has none, or its newest is `interval` old.
    func secondsUntilDue() -> TimeInterval {
        guard let newest = DataBackup.scheduled(in: folder).last, let made = DataBackup.scheduledDate(of: newest) else { return 0 }
        return max(0, made.addingTimeInterval(interval).timeIntervalSince(clock.now()))
    }

    /// Makes one backup and prunes the old ones; a failure is logged and tried again after a while.
    @discardableResult
    func runOnce() async -> URL? {
        let file = folder.appendingPathComponent(DataBackup.scheduledName(at: clock.now()))
        let backup = backup, folder = folder, keep = keep
        do {
            let summary = try await offload { () throws -> DataBackup.Summary in
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
                let summary = try backup(file)
                DataBackup.prune(folder, keep: keep)
                return summary
            }
            logger.info("backup written", metadata: ["file": "\(file.path)", "bytes": "\(summary.bytes)"])
            return file
        } catch {
            logger.error("backup failed; trying again in 10 minutes", metadata: ["file": "\(file.path)", "error": "\(error)"])
            try? await Task.sleep(for: .seconds(600))
            return nil
        }
    }
}
