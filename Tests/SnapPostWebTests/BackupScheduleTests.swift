// Scheduled backups: one when none is recent, none while the newest is fresh, the oldest pruned past the number kept;
// and the History page's export link.
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Storage
import Testing

@testable import SnapPostWeb

@Suite("Scheduled backups and the export link")
struct BackupScheduleTests {
    @Test("Due at once when the folder has none, not again until the interval passes; the newest 2 are kept")
    func schedule() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("snappost-schedule-\(UUID().uuidString)")
        let database = try AppDatabase.onDisk(directory: root.appendingPathComponent("data"))
        _ = try await SQLiteHistoryRepository(database: database, limit: 20).add(action: .posted, tone: "punchy", text: "Kept.", scanId: nil)
        let clock = MovableClock()
        let folder = root.appendingPathComponent("backups")
        let schedule = BackupSchedule(
            backup: { try database.backup(to: $0) }, folder: folder, keep: 2, interval: 3600, clock: clock, logger: Logger(label: "test"))
        #expect(schedule.secondsUntilDue() == 0)
        var made: [URL] = []
        for _ in 0..<4 {
            made.append(try #require(await schedule.runOnce()))
            #expect(schedule.secondsUntilDue() > 3500)
            clock.advance(by: 3601)
            #expect(schedule.secondsUntilDue() == 0)
        }
        #expect(Set(made).count == 4)
        #expect(DataBackup.scheduled(in: folder) == Array(made.suffix(2)))
        let restored = root.appendingPathComponent("restored")
        _ = try DataBackup.restore(from: made[3], into: restored, force: false)
        #expect(
            try await SQLiteHistoryRepository(database: try AppDatabase.onDisk(directory: restored), limit: 20).recent(limit: 5).map(\.text) == [
                "Kept."
            ])
    }

    @Test("History offers the export; the ZIP downloads as an attachment; HEAD makes none")
    func exportLink() async throws {
        try await TestApp().build().test(.router) { client in
            let page = try await client.execute(uri: "/history", method: .get).text
            #expect(page.contains("href=\"/history/export.zip\"") && page.contains("Download everything (ZIP)"))
            let head = try await client.execute(uri: "/history/export.zip", method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            let zip = try await client.execute(uri: "/history/export.zip", method: .get)
            #expect(zip.status == .ok && zip.headers[.contentType] == "application/zip")
            #expect(zip.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"snappost-export-") == true)
            #expect(zip.body.readableBytes > 100 && zip.body.getBytes(at: 0, length: 4) == [0x50, 0x4B, 0x03, 0x04])
        }
    }
}
