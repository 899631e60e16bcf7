// Who a request comes from, for per-client limits: the socket's address, or behind a trusted proxy the right-most
// X-Forwarded-For entry that is not one of our proxies (everything left of it was written by the client).
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

struct ClientAddress: Sendable {
    /// Only behind a proxy we run is X-Forwarded-For believed, and only from the addresses in `proxies`.
    let trustProxy: Bool
    let proxies: [IPAddressRange]

    init(trustProxy: Bool, proxies: [IPAddressRange] = IPAddressRange.loopback) {
        self.trustProxy = trustProxy
        self.proxies = proxies
    }

    func key(_ request: Request, _ context: AppRequestContext) -> String {
        key(peer: context.remoteAddress?.ipAddress, forwardedFor: request.headers[values: HTTPField.Name("X-Forwarded-For")!])
    }

    /// The client's address as a stable key. `peer` is nil for in-process tests and Unix-socket proxies, which are local.
    func key(peer: String?, forwardedFor: [String]) -> String {
        let peerKey = peer.map(Self.clientKey) ?? "local"
        guard isTrustedProxy(peer: peer) else { return peerKey }
        let chain = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for entry in chain.reversed() where !isProxy(entry) {
            return Self.clientKey(Self.withoutPort(entry))
        }
        // Every hop is one of ours: the request started at a proxy.
        return chain.first.map { Self.clientKey(Self.withoutPort($0)) } ?? peerKey
    }

    /// One key per client: an IPv4 address, or an IPv6 /64 (one household or host, which can pick any address in it).
    static func clientKey(_ address: String) -> String {
        guard let bytes = IPAddressRange.bytes(of: address) else { return String(address.prefix(64)) }
        guard bytes.count == 16, bytes != IPAddressRange.bytes(of: "::1") else { return IPAddressRange.text(of: bytes) }
        return IPAddressRange.text(of: Array(bytes[0..<8]) + [UInt8](repeating: 0, count: 8)) + "/64"
    }

    /// Whether the socket peer is a proxy whose forwarding headers we believe.
    func isTrustedProxy(peer: String?) -> Bool {
        guard trustProxy else { return false }
        guard let peer else { return true }
        return isProxy(peer)
    }

    func isTrustedProxy(_ context: AppRequestContext) -> Bool { isTrustedProxy(peer: context.remoteAddress?.ipAddress) }

    private func isProxy(_ address: String) -> Bool {
        guard let parsed = IPAddressRange.bytes(of: Self.withoutPort(address)) else { return false }
        return proxies.contains { $0.contains(parsed) }
    }

    /// `1.2.3.4:567` → `1.2.3.4`, `[::1]:80` → `::1`; anything else unchanged.
    static func withoutPort(_ entry: String) -> String {
        if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
            return String(entry[entry.index(after: entry.startIndex)..<close])
        }
        let colons = entry.filter { $0 == ":" }.count
        if colons == 1, let colon = entry.firstIndex(of: ":") { return String(entry[..<colon]) }
        return entry
    }
}

/// An IPv4 or IPv6 address range in CIDR notation (`10.0.0.0/8`, `::1`, `fd00::/8`); a bare address is a range of one.
struct IPAddressRange: Sendable, Equatable, CustomStringConvertible {
    /// 4 or 16 bytes; IPv4-mapped IPv6 addresses are stored as IPv4.
    let network: [UInt8]
    let prefixLength: Int

    /// 127.0.0.0/8 and ::1: a proxy on the same machine.
    static let loopback: [IPAddressRange] = [IPAddressRange("127.0.0.0/8")!, IPAddressRange("::1")!]

    init?(_ text: String) {
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
    static func list(_ text: String) -> (ranges: [IPAddressRange], invalid: String?) {
        var ranges: [IPAddressRange] = []
        for entry in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !entry.isEmpty {
            guard let range = IPAddressRange(entry) else { return (ranges, entry) }
            ranges.append(range)
        }
        return (ranges, nil)
    }

    func contains(_ address: [UInt8]) -> Bool {
        address.count == network.count && Self.masked(address, prefixLength: prefixLength) == network
    }

    var description: String { "\(Self.text(of: network))/\(prefixLength)" }

    /// The address's bytes (4 for IPv4 and IPv4-mapped IPv6, 16 for IPv6), or nil when it is not an address.
    static func bytes(of text: String) -> [UInt8]? {
        var v4 = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, text, &v4) == 1 { return v4 }
        var bytes = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, text, &bytes) == 1 else { return nil }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12..<16]) }
        return bytes
    }

    /// One spelling per address (`::ffff:127.0.0.2` and `127.0.0.2` are the same client); other text unchanged.
    static func normalised(_ text: String) -> String {
        bytes(of: text).map(Self.text(of:)) ?? text
    }

    static func text(of bytes: [UInt8]) -> String {
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
