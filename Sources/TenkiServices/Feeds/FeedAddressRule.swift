import Foundation

/// Where a feed fetch may go. A feed URL comes from the settings, but its server chooses every
/// redirect, so each hop is checked again: a redirect must stay on HTTPS (HTTP only to a private
/// address that is allowed), and no hop may reach a loopback, private or link-local address
/// unless `allowsPrivateAddresses` (demo, tests, an intranet feed).
///
/// Hosts are checked as written: an IP literal or `localhost` is classified here; a name that
/// resolves to a private address is not (resolution happens inside the transport).
public struct FeedAddressRule: Sendable {
    public var allowsPrivateAddresses: Bool

    public init(allowsPrivateAddresses: Bool) {
        self.allowsPrivateAddresses = allowsPrivateAddresses
    }

    /// Why the configured URL itself may not be fetched, or nil when it may (HTTP or HTTPS, an
    /// administrator's choice, but a private address only when allowed).
    public func refusal(forFeed url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let host = url.host else {
            return "not an http or https URL"
        }
        if !allowsPrivateAddresses, Self.isPrivate(host) {
            return "a private or loopback address (set TENKI_NEWS_FEEDS_ALLOW_PRIVATE=on to allow it)"
        }
        return nil
    }

    /// Whether a redirect may go to `url`.
    public func permitsRedirect(to url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host else { return false }
        if Self.isPrivate(host) { return allowsPrivateAddresses }
        return scheme == "https"
    }

    /// Loopback, private, link-local, carrier-grade NAT and unspecified addresses, and `localhost`.
    public static func isPrivate(_ rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        if let v4 = ipv4(host) { return isPrivate(v4) }
        guard host.contains(":") else { return false }
        if host == "::1" || host == "::" { return true }
        if host.hasPrefix("::ffff:"), let v4 = ipv4(String(host.dropFirst(7))) { return isPrivate(v4) }
        let firstGroup = host.split(separator: ":", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard let first = UInt16(firstGroup, radix: 16) else { return false }
        return (first & 0xfe00) == 0xfc00 || (first & 0xffc0) == 0xfe80
    }

    private static func isPrivate(_ v4: [UInt8]) -> Bool {
        switch (v4[0], v4[1]) {
        case (0, _), (10, _), (127, _): true
        case (169, 254), (192, 168): true
        case (172, let b): (16...31).contains(b)
        case (100, let b): (64...127).contains(b)
        default: false
        }
    }

    /// The four bytes of a dotted-quad literal.
    private static func ipv4(_ host: String) -> [UInt8]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { UInt8($0) }
        return bytes.count == 4 ? bytes : nil
    }
}
