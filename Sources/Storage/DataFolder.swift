// The data folder on disk: created private (0700) with a private database file (0600), a real write for the health
// check, and the free space left.
import Foundation
import Support

#if canImport(Glibc)
import Glibc
#endif

enum DataFolder {
    /// Creates `directory` (0700) if needed, and the database file (0600) before SQLite does, so that SQLite gives its
    /// -wal and -shm files the same private mode. An existing folder keeps its mode: it may be shared on purpose.
    static func prepare(directory: URL, databaseFile: String) throws {
        let manager = FileManager.default
        if !manager.fileExists(atPath: directory.path) {
            do {
                try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError(.readOnly)
            }
        }
        let file = directory.appendingPathComponent(databaseFile).path
        if !manager.fileExists(atPath: file) {
            let descriptor = open(file, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw errno == ENOSPC ? StoreError(.full) : StoreError(.readOnly) }
            close(descriptor)
        }
    }

    /// Makes the database and its -wal and -shm files readable by their owner only.
    static func tightenDatabaseFiles(in directory: URL, databaseFile: String) {
        for suffix in ["", "-wal", "-shm"] {
            let path = directory.appendingPathComponent(databaseFile + suffix).path
            if FileManager.default.fileExists(atPath: path) { chmod(path, 0o600) }
        }
    }

    /// Writes `bytes` to `url`, syncs them to the disk, and removes the file: a full or failing disk shows here.
    static func writeProbe(at url: URL, bytes: Int) throws(StoreError) {
        let path = url.path
        let descriptor = open(path, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw error(errno) }
        defer {
            close(descriptor)
            unlink(path)
        }
        let failure = writeAndSync([UInt8](repeating: 0x2E, count: bytes), to: descriptor)
        guard failure == 0 else { throw error(failure) }
    }

    /// Writes every byte to `descriptor` and syncs it to the disk: 0, or the errno that stopped it (a write that
    /// makes no progress counts as ENOSPC).
    static func writeAndSync(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { raw in write(descriptor, raw.baseAddress! + written, bytes.count - written) }
            guard result > 0 else { return result < 0 ? errno : ENOSPC }
            written += result
        }
        return fsync(descriptor) == 0 ? 0 : errno
    }

    /// Bytes an unprivileged writer may still use on the disk holding `directory`.
    static func freeBytes(at directory: URL) -> Int64? {
        var info = statvfs()
        guard statvfs(directory.path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    private static func error(_ code: Int32) -> StoreError {
        switch code {
        case ENOSPC, EDQUOT: StoreError(.full)
        case EACCES, EPERM, EROFS: StoreError(.readOnly)
        default: StoreError(.diskFailure(detail: String(cString: strerror(code))))
        }
    }
}
