import TenkiBase

/// The status line and header fields of an HTTP/1.1 response: all the WebSocket client reads of
/// HTTP (the server's `101` and a proxy's answer to `CONNECT`), so there is no body handling.
public struct HTTPResponseHead: Sendable, Equatable {
    public var status: Int
    public var reason: String
    public var headers: HTTPHeaders

    /// The longest head accepted, status line to the empty line included.
    public static let maxBytes = 16 * 1024

    /// Parses the head at the start of `bytes`: nil while its empty line has not arrived, else the
    /// head and how many bytes it took (what follows is the next protocol's: frames, or TLS).
    ///
    /// Strict, as RFC 9112 allows a recipient to be: lines end in CRLF (a bare CR or LF is an
    /// error), the version is `HTTP/1.1` (or `HTTP/1.0`, which proxies answer), the status is three
    /// digits, field names are tokens, values hold no control characters but tab, and obsolete line
    /// folding is refused.
    public static func parse(_ bytes: some Collection<UInt8>) throws(WebSocketError) -> (head: HTTPResponseHead, length: Int)? {
        let bytes = Array(bytes.prefix(maxBytes + 1))
        guard let end = headEnd(bytes) else {
            if bytes.count > maxBytes { throw .handshake("response head over \(maxBytes) bytes") }
            return nil
        }
        var lines = try splitLines(bytes[0..<end])
        guard !lines.isEmpty else { throw .handshake("empty response head") }
        let statusLine = lines.removeFirst()
        var head = try parseStatusLine(statusLine)
        for line in lines {
            if line.first == 0x20 || line.first == 0x09 { throw .handshake("obsolete line folding") }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw .handshake("header line without a colon") }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .handshake("invalid header name") }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                throw .handshake("control character in the value of \(String(decoding: name, as: UTF8.self))")
            }
            head.headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
        }
        return (head, end + 4)
    }

    /// The index of the CRLF CRLF that ends the head.
    private static func headEnd(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 0x0D && bytes[index + 1] == 0x0A && bytes[index + 2] == 0x0D && bytes[index + 3] == 0x0A {
            return index
        }
        return nil
    }

    /// The lines of the head (without the final empty one), each ending in CRLF on the wire.
    private static func splitLines(_ bytes: ArraySlice<UInt8>) throws(WebSocketError) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case 0x0D:
                guard index + 1 < bytes.endIndex, bytes[index + 1] == 0x0A else {
                    throw .handshake("bare CR in the response head")
                }
                lines.append(bytes[start..<index])
                index += 2
                start = index
            case 0x0A: throw .handshake("bare LF in the response head")
            default: index += 1
            }
        }
        lines.append(bytes[start..<bytes.endIndex])
        return lines
    }

    private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(WebSocketError) -> HTTPResponseHead {
        let text = String(decoding: line, as: UTF8.self)
        let version = line.prefix(9)
        guard version.elementsEqual("HTTP/1.1 ".utf8) || version.elementsEqual("HTTP/1.0 ".utf8) else {
            throw .handshake("not an HTTP/1.1 status line: \(text.prefix(40))")
        }
        let code = line.dropFirst(9).prefix(3)
        guard code.count == 3, code.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { throw .handshake("invalid status code") }
        let rest = line.dropFirst(12)
        guard rest.isEmpty || rest.first == 0x20 else { throw .handshake("invalid status line") }
        let reason = rest.dropFirst()
        guard reason.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw .handshake("control character in the reason")
        }
        let status = code.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return HTTPResponseHead(status: status, reason: String(decoding: reason, as: UTF8.self), headers: HTTPHeaders())
    }

    /// RFC 9110's `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
