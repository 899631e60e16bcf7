// Who a request comes from, for per-client limits: the socket's address, or behind a trusted proxy the right-most
// X-Forwarded-For entry that is not one of our proxies (everything left of it was written by the client).
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Settings

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
