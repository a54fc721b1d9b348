import Foundation
import TenkiBase
import TenkiCore

/// One entry of `TENKI_ALLOWED_RESPONSE_HOSTS`: where a command's `response_url` may point.
///
/// - `host`: HTTPS on port 443 only (Slack's hosts);
/// - `host:port` (or `https://host[:port]`): HTTPS on that port;
/// - `http://host[:port]`: plain HTTP to that host and port (a self-hosted Mattermost), never for
///   Slack's own hosts, which only speak HTTPS;
/// - a loopback host (`127.0.0.1`, `localhost`, `::1`): HTTP or HTTPS on any port (tests, replay).
///
/// Wildcards, paths, queries and user names are refused, so an entry names exactly one origin.
///
/// Where the entry's host may lead is `DestinationAddressRule`'s, decided when a delivery is sent:
/// a public name reaches public addresses only; a host private by its text (an address, a name
/// without dots, `*.internal`, ...) keeps its private addresses.
public struct AllowedResponseHost: Sendable, Hashable, CustomStringConvertible {
    /// Lowercased, without brackets for IPv6.
    public let host: String
    public let scheme: String
    public let port: Int
}

extension AllowedResponseHost {
    init(parsing entry: String) throws(SettingProblem) {
        let text = entry.trimmingWhitespace()
        let fix = "write hooks.slack.com, host:port or http://host:port, one origin per entry"
        guard !text.contains("*") else {
            throw SettingProblem("has a wildcard entry", fix: "list each host Tenki may post to: \(fix)", got: text)
        }
        let explicitScheme = text.range(of: "://") != nil
        guard let components = URLComponents(string: explicitScheme ? text : "https://" + text),
            let scheme = components.scheme?.lowercased(), let rawHost = components.host, !rawHost.isEmpty
        else {
            throw SettingProblem("has an entry that is not a host", fix: fix, got: text)
        }
        guard scheme == "https" || scheme == "http" else {
            throw SettingProblem("has an entry whose scheme is neither https nor http", fix: fix, got: text)
        }
        guard components.path.isEmpty || components.path == "/", components.query == nil, components.fragment == nil else {
            throw SettingProblem("has an entry with a path", fix: "give the host only: \(fix)", got: text)
        }
        guard components.user == nil, components.password == nil else {
            throw SettingProblem("has an entry with a user name", fix: fix, got: text)
        }
        let host = Self.normalized(rawHost)
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == ":") }) else {
            throw SettingProblem("has an entry that is not a host name", fix: fix, got: text)
        }
        if scheme == "http", Self.isSlack(host) {
            throw SettingProblem(
                "lists \(host) over plain http, which Slack never uses", fix: "write \(host) (HTTPS on 443)", got: text)
        }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        guard (1...65535).contains(port) else {
            throw SettingProblem("has an entry whose port is not from 1 to 65535", fix: fix, got: text)
        }
        self.host = host
        self.scheme = scheme
        self.port = port
    }

    /// Whether `url` goes to this entry's origin (any port and either scheme for a loopback host).
    public func permits(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http", let rawHost = url.host else {
            return false
        }
        guard Self.normalized(rawHost) == host else { return false }
        if Self.isLoopback(host) { return true }
        return scheme == self.scheme && (url.port ?? (scheme == "https" ? 443 : 80)) == port
    }

    /// The entry in its shortest form.
    public var description: String {
        let shownHost = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host  // an IPv6 address
        switch (scheme, port) {
        case ("https", 443): return shownHost
        case ("https", _): return "\(shownHost):\(port)"
        case (_, 80): return "http://\(shownHost)"
        default: return "http://\(shownHost):\(port)"
        }
    }

    static func normalized(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }

    /// Loopback addresses and `localhost`: the process's own machine. An address is read as the
    /// resolver reads it (`IPAddress`, the one address rule), not by its first characters.
    public static func isLoopback(_ host: String) -> Bool {
        let host = normalized(host)
        if host == "localhost" { return true }
        if case .address(let address) = IPAddress.host(host) { return address.isLoopback }
        return false
    }

    static func isSlack(_ host: String) -> Bool {
        ["slack.com", "slack-gov.com"].contains { host == $0 || host.hasSuffix("." + $0) }
    }
}
