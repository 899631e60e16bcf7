// The README's configuration table is AppSettings.keys, row for row: a key added without its line fails here.
import Foundation
import Settings
import Testing

@Suite("README")
struct ReadmeTableTests {
    @Test("Every key has its row (variable, flag, default, help) and there is no row for a key that does not exist")
    func configurationTable() throws {
        let readme = try String(contentsOfFile: TestApp.repositoryRoot + "/README.md", encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `SNAPPOST_") }.map(String.init)
        for key in AppSettings.keys {
            let row = "| `\(key.environmentVariable)` | `\(key.flag)` | \(key.defaultValue.isEmpty ? "(empty)" : key.defaultValue) | \(key.help) |"
            #expect(rows.contains(row), "README.md has no row, or another one, for \(key.environmentVariable); expected:\n\(row)")
        }
        // Plus SNAPPOST_AUTH=none / --no-auth, which is a value of SNAPPOST_AUTH.
        #expect(rows.count == AppSettings.keys.count + 1, "\(rows.count) rows for \(AppSettings.keys.count) keys")
    }
}
