// CRC-32 (IEEE 802.3, the one ZIP and gzip use), fed in pieces so files can be checked as they stream.

/// A running CRC-32: `update` with each piece, then read `value`.
public struct CRC32: Sendable {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private var crc: UInt32 = 0xFFFF_FFFF

    public init() {}

    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var c = crc
        for byte in bytes { c = Self.table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        crc = c
    }

    public var value: UInt32 { crc ^ 0xFFFF_FFFF }

    public static func of(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
