// Addresses and CIDR ranges, for the trusted proxies key (`trustedProxies`): parsed and checked here, so the server
// refuses to start on an entry that is not an address or a range.
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address range in CIDR notation (`10.0.0.0/8`, `::1`, `fd00::/8`); a bare address is a range of one.
public struct IPAddressRange: Sendable, Equatable, CustomStringConvertible {
    /// 4 or 16 bytes; IPv4-mapped IPv6 addresses are stored as IPv4.
    public let network: [UInt8]
    public let prefixLength: Int

    /// 127.0.0.0/8 and ::1: a proxy on the same machine.
    public static let loopback: [IPAddressRange] = [IPAddressRange("127.0.0.0/8")!, IPAddressRange("::1")!]

    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", maxSplits: 1).map(String.init)
        guard let first = parts.first, let bytes = Self.bytes(of: first) else { return nil }
        let bits = bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard let value = Int(parts[1]), value >= 0 else { return nil }
            // A mapped IPv6 prefix (::ffff:10.0.0.0/104) counts from the IPv4 part.
            length = first.contains(":") && bytes.count == 4 ? value - 96 : value
            guard length >= 0, length <= bits else { return nil }
        }
        network = Self.masked(bytes, prefixLength: length)
        prefixLength = length
    }

    /// Comma-separated ranges; nil names the entry that is not an address or a range.
    public static func list(_ text: String) -> (ranges: [IPAddressRange], invalid: String?) {
        var ranges: [IPAddressRange] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            guard let range = IPAddressRange(entry) else { return (ranges, entry) }
            ranges.append(range)
        }
        return (ranges, nil)
    }

    public func contains(_ address: [UInt8]) -> Bool {
        address.count == network.count && Self.masked(address, prefixLength: prefixLength) == network
    }

    public var description: String { "\(Self.text(of: network))/\(prefixLength)" }

    /// The address's bytes (4 for IPv4 and IPv4-mapped IPv6, 16 for IPv6), or nil when it is not an address.
    public static func bytes(of text: String) -> [UInt8]? {
        var v4 = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, text, &v4) == 1 { return v4 }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, text, &bytes) == 1 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12..<16]) }
        return bytes
    }

    /// One spelling per address (`::ffff:127.0.0.2` and `127.0.0.2` are the same client); other text unchanged.
    public static func normalised(_ text: String) -> String {
        bytes(of: text).map(Self.text(of:)) ?? text
    }

    public static func text(of bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let ok = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        guard ok else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func masked(_ bytes: [UInt8], prefixLength: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = max(0, min(8, prefixLength - index * 8))
            return kept == 8 ? byte : byte & ~(UInt8(0xFF) >> kept)
        }
    }
}
