// A ZIP file of stored (uncompressed) entries with their CRC-32s: what every system's "unzip" opens, written one
// entry at a time so a large entry streams from a file instead of sitting in memory.
import Foundation

/// Writes a ZIP archive to `handle`. Entries are stored, not deflated (the personal export is text: small, and
/// readable even by tools that only list); sizes stay under 4 GB (no ZIP64).
struct ZipWriter {
    private let handle: FileHandle
    private var offset: UInt32 = 0
    private var central = Data()
    private var count: UInt16 = 0
    private let date: (time: UInt16, date: UInt16)

    init(handle: FileHandle, modified: Date) {
        self.handle = handle
        date = Self.dosDate(modified)
    }

    /// Adds `data` as `name` (a path inside the archive, "/" between folders).
    mutating func add(name: String, data: Data) throws {
        let handle = handle
        try add(name: name, size: data.count, crc: CRC32.of(data)) { try handle.write(contentsOf: data) }
    }

    /// Adds the file at `source` as `name`: one pass for its CRC-32, one to copy it, 1 MB at a time.
    mutating func add(name: String, file source: URL) throws {
        let (size, crc) = try DataBackup.measure(source)
        let handle = handle
        try add(name: name, size: size, crc: crc) {
            let input = try FileHandle(forReadingFrom: source)
            defer { try? input.close() }
            while let piece = try input.read(upToCount: 1 << 20), !piece.isEmpty { try handle.write(contentsOf: piece) }
        }
    }

    private mutating func add(name: String, size: Int, crc: UInt32, body: () throws -> Void) throws {
        guard size < Int(UInt32.max), count < UInt16.max else { throw BackupError.cannotWrite("export larger than 4 GB") }
        let nameBytes = Data(name.utf8)
        var local = Data()
        local.append(le32: 0x0403_4B50)
        local.append(le16: 20)  // version needed: 2.0
        local.append(le16: 0x0800)  // names are UTF-8
        local.append(le16: 0)  // stored
        local.append(le16: date.time)
        local.append(le16: date.date)
        local.append(le32: crc)
        local.append(le32: UInt32(size))
        local.append(le32: UInt32(size))
        local.append(le16: UInt16(nameBytes.count))
        local.append(le16: 0)
        local.append(nameBytes)
        try handle.write(contentsOf: local)
        try body()

        central.append(le32: 0x0201_4B50)
        central.append(le16: 0x0314)  // made by: Unix, 2.0
        central.append(le16: 20)
        central.append(le16: 0x0800)
        central.append(le16: 0)
        central.append(le16: date.time)
        central.append(le16: date.date)
        central.append(le32: crc)
        central.append(le32: UInt32(size))
        central.append(le32: UInt32(size))
        central.append(le16: UInt16(nameBytes.count))
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le16: 0)
        central.append(le32: 0o100600 << 16)  // a regular file, 0600
        central.append(le32: offset)
        central.append(nameBytes)
        let next = UInt64(offset) + UInt64(local.count) + UInt64(size)
        guard next < UInt64(UInt32.max) else { throw BackupError.cannotWrite("export larger than 4 GB") }
        offset = UInt32(next)
        count += 1
    }

    /// Writes the central directory; the archive is complete after this.
    func finish() throws {
        var end = Data()
        end.append(le32: 0x0605_4B50)
        end.append(le16: 0)
        end.append(le16: 0)
        end.append(le16: count)
        end.append(le16: count)
        end.append(le32: UInt32(central.count))
        end.append(le32: offset)
        end.append(le16: 0)
        try handle.write(contentsOf: central)
        try handle.write(contentsOf: end)
    }

    /// MS-DOS time and date (local fields of the format; we write UTC).
    static func dosDate(_ date: Date) -> (time: UInt16, date: UInt16) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let year = max(1980, min(2107, c.year ?? 1980))
        let time = UInt16((c.hour ?? 0) << 11 | (c.minute ?? 0) << 5 | (c.second ?? 0) / 2)
        let day = UInt16((year - 1980) << 9 | (c.month ?? 1) << 5 | (c.day ?? 1))
        return (time, day)
    }
}

extension Data {
    fileprivate mutating func append(le16 value: UInt16) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
    fileprivate mutating func append(le32 value: UInt32) { Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) } }
}
