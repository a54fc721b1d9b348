/// The HTTP proxy a `wss://` connection goes through, from `HTTPS_PROXY` (or `https_proxy`) and
/// `NO_PROXY` (or `no_proxy`), read the way curl reads them:
///
/// - `HTTPS_PROXY` is `http://[user:password@]host[:port]` (no scheme means `http://`; the port
///   defaults to 1080, as curl's does); an `https://` proxy (TLS to the proxy itself) is refused.
/// - `NO_PROXY` is a comma-separated list: `*` (no proxy at all), or host names and addresses; a
///   name matches itself and its subdomains (`example.com` and `.example.com` both match
///   `api.example.com`). Ports, CIDR ranges and wildcards inside names are not understood.
///
/// `ws://` goes only to loopback hosts (see `WebSocketURL`) and is never proxied.
struct ProxyRoute: Sendable, Equatable {
    var host: String
    var port: Int
    /// `Basic base64(user:password)`, for `Proxy-Authorization`; never logged.
    var authorization: String?

    /// The proxy for `url`, or nil for a direct connection.
    static func route(for url: WebSocketURL, environment: [String: String]) throws(WebSocketError) -> ProxyRoute? {
        guard url.isSecure else { return nil }
        let setting = environment["HTTPS_PROXY"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["https_proxy"] ?? ""
        guard !setting.isEmpty else { return nil }
        let exclusions = environment["NO_PROXY"].flatMap { $0.isEmpty ? nil : $0 } ?? environment["no_proxy"] ?? ""
        if isExcluded(url.host, by: exclusions) { return nil }
        return try parse(setting)
    }

    /// Whether `NO_PROXY` names `host`.
    static func isExcluded(_ host: String, by list: String) -> Bool {
        let host = host.lowercased()
        for entry in list.split(separator: ",") {
            var name = WebSocketHandshake.trimmed(entry).lowercased()
            if name == "*" { return true }
            while name.hasPrefix(".") { name.removeFirst() }
            if name.hasPrefix("[") && name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
            guard !name.isEmpty else { continue }
            if host == name || host.hasSuffix("." + name) { return true }
        }
        return false
    }

    static func parse(_ setting: String) throws(WebSocketError) -> ProxyRoute {
        var rest = Substring(setting)
        if let scheme = rest.range(of: "://") {
            let name = rest[..<scheme.lowerBound].lowercased()
            guard name == "http" else { throw .proxy("HTTPS_PROXY with scheme \(name)://: only http:// proxies are supported") }
            rest = rest[scheme.upperBound...]
        }
        let authority = rest.prefix { $0 != "/" }
        var authorization: String?
        var hostPort = authority
        if let at = authority.lastIndex(of: "@") {
            let credentials = authority[..<at]
            hostPort = authority[authority.index(after: at)...]
            guard let user = percentDecoded(credentials) else { throw .proxy("HTTPS_PROXY has a malformed user or password") }
            authorization = "Basic " + Base64.encode(Array(user.utf8))
        }
        let (host, port): (String, Int)
        do {
            (host, port) = try WebSocketURL.split(hostPort, defaultPort: 1080)
        } catch {
            throw .proxy("HTTPS_PROXY has no usable host and port")
        }
        return ProxyRoute(host: host, port: port, authorization: authorization)
    }

    /// `%XX` escapes decoded (a password may hold `@` or `:` written that way); nil on a bad escape.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex,
                    let value = UInt8(String(decoding: [utf8[high], utf8[utf8.index(after: high)]], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
                index = utf8.index(high, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Asks the proxy, over `stream`, for a tunnel to `host:port` (RFC 9110 §9.3.6) and checks that it
    /// answered 2xx with nothing after the head. The stream then carries the TLS handshake.
    func openTunnel(
        over stream: any ByteStream, to host: String, port: Int, until deadline: ContinuousClock.Instant
    )
        throws(WebSocketError)
    {
        let target = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var request = "CONNECT \(target) HTTP/1.1\r\nHost: \(target)\r\n"
        if let authorization { request += "Proxy-Authorization: \(authorization)\r\n" }
        request += "\r\n"
        try SocketWait.writeAll(Array(request.utf8), to: stream, until: deadline, phase: .proxy)
        let answer: (head: HTTPResponseHead, rest: [UInt8])
        do {
            answer = try SocketWait.readHead(from: stream, until: deadline, phase: .proxy)
        } catch .handshake(let why) {
            throw .proxy("malformed answer to CONNECT: \(why)")
        }
        guard (200...299).contains(answer.head.status) else {
            throw .proxy(
                "the proxy \(self.host):\(self.port) refused the tunnel to \(target): \(answer.head.status) \(answer.head.reason)"
            )
        }
        guard answer.rest.isEmpty else { throw .proxy("the proxy sent bytes after its answer to CONNECT") }
    }
}
