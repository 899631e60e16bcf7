// A tar file (POSIX ustar) written and read one entry at a time, for backups: any size of database streams through a
// small buffer, and the result opens with the system's `tar` too.
import Foundation

/// Writes regular files into a tar stream. Sizes past ustar's 8 GiB use the GNU base-256 size field.
struct TarWriter {
    let handle: FileHandle
    static let block = 512

    /// Adds `data` as the file `name`.
    func add(name: String, data: Data, modified: Date = Date()) throws {
        try handle.write(contentsOf: Self.header(name: name, size: data.count, modified: modified))
        try handle.write(contentsOf: data)
        try pad(data.count)
    }

    /// Adds the file at `source` as `name`, copied in 1 MB pieces; returns its size and CRC-32.
    @discardableResult
    func add(name: String, file source: URL, modified: Date = Date()) throws -> (size: Int, crc: UInt32) {
        let size = try (FileManager.default.attributesOfItem(atPath: source.path)[.size] as? NSNumber)?.intValue ?? 0
        try handle.write(contentsOf: Self.header(name: name, size: size, modified: modified))
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        var crc = CRC32()
        var copied = 0
        while copied < size, let piece = try input.read(upToCount: min(1 << 20, size - copied)), !piece.isEmpty {
            crc.update(piece)
            try handle.write(contentsOf: piece)
            copied += piece.count
        }
        // The file cannot change under us (it is our own copy); a short read means the disk failed.
        guard copied == size else { throw BackupError.damaged("\(name) was \(copied) bytes, expected \(size)") }
        try pad(size)
        return (size, crc.value)
    }

    /// Two empty blocks end the archive.
    func finish() throws { try handle.write(contentsOf: Data(count: 2 * Self.block)) }

    private func pad(_ size: Int) throws {
        let rest = size % Self.block
        if rest != 0 { try handle.write(contentsOf: Data(count: Self.block - rest)) }
    }

    static func header(name: String, size: Int, modified: Date) -> Data {
        var h = [UInt8](repeating: 0, count: block)
        func put(_ text: String, at offset: Int, width: Int) {
            for (i, byte) in text.utf8.prefix(width).enumerated() { h[offset + i] = byte }
        }
        func octal(_ value: Int, at offset: Int, width: Int) {
            put(String(String(value, radix: 8).suffix(width - 1)).leftPadded(to: width - 1), at: offset, width: width - 1)
        }
        put(name, at: 0, width: 100)
        octal(0o600, at: 100, width: 8)
        octal(0, at: 108, width: 8)
        octal(0, at: 116, width: 8)
        if size < 0o77777777777 {
            octal(size, at: 124, width: 12)
        } else {
            // GNU base-256: the high bit of the first byte set, the size big-endian in the rest.
            h[124] = 0x80
            for i in 0..<8 { h[135 - i] = UInt8((size >> (8 * i)) & 0xFF) }
        }
        octal(max(0, Int(modified.timeIntervalSince1970)), at: 136, width: 12)
        h[156] = UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        // The checksum counts its own field as spaces.
        for i in 148..<156 { h[i] = UInt8(ascii: " ") }
        let sum = h.reduce(0) { $0 + Int($1) }
        put(String(String(sum, radix: 8).leftPadded(to: 6)), at: 148, width: 6)
        h[154] = 0
        h[155] = UInt8(ascii: " ")
        return Data(h)
    }
}

/// Reads a tar stream entry by entry; only regular files are returned (anything else is skipped).
struct TarReader {
    let handle: FileHandle

    struct Entry {
        var name: String
        var size: Int
    }

    /// The next file's name and size, or nil at the end. The caller reads exactly `size` bytes with `read`, then
    /// calls `skipPadding`.
    mutating func next() throws -> Entry? {
        while true {
            guard let block = try handle.read(upToCount: TarWriter.block), block.count == TarWriter.block else { return nil }
            let bytes = [UInt8](block)
            if bytes.allSatisfy({ $0 == 0 }) { return nil }
            guard Self.checksumMatches(bytes) else { throw BackupError.damaged("a header's checksum does not match") }
            let name = String(decoding: bytes[0..<100].prefix { $0 != 0 }, as: UTF8.self)
            guard let size = Self.size(bytes), size >= 0 else { throw BackupError.damaged("a header's size is unreadable") }
            let type = bytes[156]
            if type == UInt8(ascii: "0") || type == 0 { return Entry(name: name, size: size) }
            try skip(size + Self.padding(size))
        }
    }

    /// Up to `count` bytes of the current entry.
    func read(_ count: Int) throws -> Data { try handle.read(upToCount: count) ?? Data() }

    func skipPadding(after size: Int) throws { try skip(Self.padding(size)) }

    private func skip(_ count: Int) throws {
        var left = count
        while left > 0, let piece = try handle.read(upToCount: min(left, 1 << 20)), !piece.isEmpty { left -= piece.count }
    }

    static func padding(_ size: Int) -> Int { (TarWriter.block - size % TarWriter.block) % TarWriter.block }

    static func size(_ h: [UInt8]) -> Int? {
        if h[124] & 0x80 != 0 {
            var value = 0
            for byte in h[125..<136] {
                guard value < Int.max >> 8 else { return nil }
                value = value << 8 | Int(byte)
            }
            return value
        }
        let text = String(decoding: h[124..<136].prefix { $0 != 0 && $0 != UInt8(ascii: " ") }, as: UTF8.self)
        return Int(text.trimmingCharacters(in: .whitespaces), radix: 8)
    }

    static func checksumMatches(_ h: [UInt8]) -> Bool {
        let text = String(decoding: h[148..<156].prefix { $0 != 0 && $0 != UInt8(ascii: " ") }, as: UTF8.self)
        guard let stored = Int(text.trimmingCharacters(in: .whitespaces), radix: 8) else { return false }
        var sum = 0
        for (i, byte) in h.enumerated() { sum += (148..<156).contains(i) ? Int(UInt8(ascii: " ")) : Int(byte) }
        return sum == stored
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
