// Refuses requests addressed to a name this server does not answer to (DNS rebinding), and requests without exactly
// one Host.
import Foundation
import HTTPTypes
import Hummingbird
import Settings
import Support

/// The names this server answers to. A page on another site that makes its own name resolve to this machine (DNS
/// rebinding) sends that name as Host; refusing it keeps the page from reading or changing anything here.
///
/// Always allowed: IP addresses (a browser that opened an address sees that address as the origin, so another
/// site's page cannot borrow it), `localhost` and `*.localhost`, the machine's own host name (and `NAME.local`), and
/// `--host` when it is a name. Added by `SNAPPOST_ALLOWED_HOSTS`: names, or `.example.com` / `*.example.com` for
/// every name under one.
struct HostAllowList: Sendable {
    /// Lowercased names from `SNAPPOST_ALLOWED_HOSTS` (a leading "." matches every name under it).
    let configured: [String]
    /// Lowercased names allowed without configuration: the machine's and `--host`'s.
    let implicit: [String]

    init(configured: [String], listenHost: String = "", machineName: String? = ProcessInfo.processInfo.hostName) {
        self.configured = configured.compactMap { entry in
            var name = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if name.hasPrefix("*.") { name.removeFirst() }
            // A port written with a name is not part of the name.
            if !name.hasPrefix("["), let colon = name.lastIndex(of: ":"), name.filter({ $0 == ":" }).count == 1 { name = String(name[..<colon]) }
            return name.isEmpty ? nil : name
        }
        var implicit: [String] = []
        for name in [listenHost, machineName ?? ""] {
            let lower = name.lowercased()
            guard !lower.isEmpty, Self.isName(lower) else { continue }
            implicit.append(lower)
            if !lower.contains(".") { implicit.append(lower + ".local") }
        }
        self.implicit = implicit
    }

    /// Whether a Host (or X-Forwarded-Host) value names this server. `authority` is `name`, `name:port`, an address
    /// or `[v6]:port`; anything else (a path, spaces, an empty name) is refused.
    func allows(_ authority: String) -> Bool {
        guard let host = Self.hostPart(of: authority) else { return false }
        if IPAddressRange.bytes(of: host) != nil { return true }
        guard Self.isName(host) else { return false }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        return implicit.contains(host) || isConfigured(host)
    }

    /// Whether `host` (no port) is one of the names configured in `SNAPPOST_ALLOWED_HOSTS`: a browser page from there
    /// may post here even when a proxy reaches us by another name.
    func isConfigured(_ host: String) -> Bool {
        let host = host.lowercased()
        return configured.contains { $0.hasPrefix(".") ? host.hasSuffix($0) || host == String($0.dropFirst()) : host == $0 }
    }

    /// `example.com:8080` → `example.com`, `[::1]:80` → `::1`, `127.0.0.1` → itself; nil when malformed.
    static func hostPart(of authority: String) -> String? {
        let value = authority.trimmingCharacters(in: .whitespaces).lowercased()
        guard !value.isEmpty, value.count <= 255 else { return nil }
        if value.hasPrefix("[") {
            guard let close = value.firstIndex(of: "]") else { return nil }
            let rest = value[value.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isASCIIDigit) && rest.count > 1) else { return nil }
            return String(value[value.index(after: value.startIndex)..<close])
        }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return String(parts[0])
        case 2:
            guard !parts[1].isEmpty, parts[1].allSatisfy(\.isASCIIDigit) else { return nil }
            return String(parts[0])
        default: return nil
        }
    }

    /// A DNS name: letters, digits, hyphens and dots, no empty labels.
    static func isName(_ host: String) -> Bool {
        let trimmed = host.hasSuffix(".") ? String(host.dropLast()) : host
        let labels = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        return !trimmed.isEmpty
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

struct HostGuardMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let allowList: HostAllowList
    /// X-Forwarded-Host is looked at from a trusted proxy only.
    let clientAddress: ClientAddress

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1.1 wants exactly one Host; NIO keeps the first as the authority and leaves any other among the fields.
        guard let host = request.head.authority, request.headers[values: Self.hostField].isEmpty else { throw BadHostError(host: nil) }
        guard allowList.allows(host) else { throw BadHostError(host: host) }
        // Behind a trusted proxy the name the browser used is the forwarded one: it must be allowed too (the Host a
        // proxy sends is checked as well, since from loopback a browser and a local proxy look alike).
        if clientAddress.isTrustedProxy(context) {
            let forwarded = request.headers[values: Self.forwardedHostField]
            guard forwarded.count <= 1 else { throw BadHostError(host: nil) }
            if let name = forwarded.first?.split(separator: ",").first.map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard allowList.allows(name) else { throw BadHostError(host: name) }
            }
        }
        return try await next(request, context)
    }

    static let hostField = HTTPField.Name("Host")!
    static let forwardedHostField = HTTPField.Name("X-Forwarded-Host")!
}

/// A request addressed to a name this server does not answer to, or without exactly one Host.
struct BadHostError: UserFacingError {
    /// The name asked for; nil when the request had no Host or more than one.
    let host: String?
    var message: String {
        guard let host else { return "The request did not say which server it is for (it needs exactly one Host header)." }
        let name = HostAllowList.hostPart(of: host) ?? String(host.prefix(100))
        return
            "SnapPost is not set up to answer to the name \u{201C}\(name.prefix(100))\u{201D}. Open it by its address, or, if you run it, add the name to SNAPPOST_ALLOWED_HOSTS."
    }
    var code: String { host == nil ? "missing_host" : "bad_host" }
    var category: ErrorCategory { .badInput }
}
