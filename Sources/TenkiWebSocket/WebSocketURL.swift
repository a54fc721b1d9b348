import TenkiBase

/// A `ws://` or `wss://` URL, checked: `wss` anywhere, `ws` (no TLS) only to a loopback host (local
/// development and tests), never user information or a fragment.
public struct WebSocketURL: Sendable, Equatable, CustomStringConvertible {
    public let isSecure: Bool
    /// The host as written, without IPv6 brackets.
    public let host: String
    public let port: Int
    /// The path and query, at least `/`.
    public let path: String

    public init(_ text: String) throws(WebSocketError) {
        let secure: Bool
        let rest: Substring
        if text.lowercased().hasPrefix("wss://") {
            (secure, rest) = (true, text.dropFirst(6))
        } else if text.lowercased().hasPrefix("ws://") {
            (secure, rest) = (false, text.dropFirst(5))
        } else {
            throw .invalidURL("the scheme must be ws:// or wss://")
        }
        guard !text.contains("#") else { throw .invalidURL("a fragment is not allowed") }
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .invalidURL("spaces or non-ASCII characters") }
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let target = rest.dropFirst(authority.count)
        guard !authority.contains("@") else { throw .invalidURL("user information is not allowed") }
        let (host, port) = try Self.split(authority, defaultPort: secure ? 443 : 80)
        self.isSecure = secure
        self.host = host
        self.port = port
        self.path = target.isEmpty ? "/" : (target.first == "?" ? "/" + target : String(target))
        guard secure || Self.isLoopback(host) else { throw .insecureURL(host: host) }
    }

    /// `host[:port]` or `[v6][:port]`.
    static func split(_ authority: Substring, defaultPort: Int) throws(WebSocketError) -> (String, Int) {
        var host = authority
        var portText: Substring?
        if authority.first == "[" {
            guard let close = authority.firstIndex(of: "]") else { throw .invalidURL("unclosed [ in the host") }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.first == ":" else { throw .invalidURL("junk after the IPv6 address") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty else { throw .invalidURL("no host") }
        var port = defaultPort
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, let value = Int(portText), (1...65535).contains(value) else {
                throw .invalidURL("invalid port \(portText)")
            }
            port = value
        }
        return (String(host), port)
    }

    /// `localhost` or a loopback address (127.0.0.0/8, ::1).
    public static func isLoopback(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        if case .address(let address) = IPAddress.host(host) { return address.isLoopback }
        return false
    }

    /// Whether the host is an IP literal (no SNI; the certificate must name the address).
    public var hostIsAddress: Bool {
        if case .address = IPAddress.host(host) { return true }
        return false
    }

    /// The `Host` header: the port only when it is not the scheme's default; IPv6 in brackets.
    public var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (isSecure ? 443 : 80) ? name : "\(name):\(port)"
    }

    public var description: String { "\(isSecure ? "wss" : "ws")://\(hostHeader)\(path)" }
}
