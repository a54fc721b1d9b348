import TenkiWebSocket

/// The server's side of the opening handshake (RFC 6455 §4.2) for the fake Socket Mode server:
/// reads the client's `GET`, checks it, and answers 101 with `Sec-WebSocket-Accept`, or refuses
/// with a status and a reason in plain text. Pure: the bytes come from the connection's thread.
struct FakeSocketModeHandshake {
    /// The most a request head may take before it is refused.
    static let maxHeadBytes = 16 * 1024

    /// What the client asked for.
    struct Request: Equatable {
        var path: String
        var ticket: String?
        var key: String
    }

    struct Refusal: Error, Equatable {
        var status: String
        var reason: String
    }

    /// The head's length including its blank line, or nil while it is incomplete.
    static func headLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index] == 10 && bytes[index - 1] == 13 && bytes[index - 2] == 10 && bytes[index - 3] == 13 {
            return index + 1
        }
        return nil
    }

    /// Checks the request head (without its blank line): a `GET` with `Upgrade: websocket`,
    /// `Connection: Upgrade`, version 13 and a key that is the base64 of 16 bytes.
    static func parse(_ head: [UInt8]) -> Result<Request, Refusal> {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count == 3, requestLine[0] == "GET", requestLine[2] == "HTTP/1.1" else {
            return .failure(Refusal(status: "400 Bad Request", reason: "expected GET … HTTP/1.1"))
        }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(Refusal(status: "400 Bad Request", reason: "a header line without a colon"))
            }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields[name] = fields[name].map { $0 + ", " + value } ?? value
        }
        guard fields["upgrade"]?.lowercased() == "websocket",
            fields["connection"]?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == "upgrade"
            })
                == true
        else {
            return .failure(
                Refusal(status: "426 Upgrade Required", reason: "Upgrade: websocket and Connection: Upgrade are required"))
        }
        guard fields["sec-websocket-version"] == "13" else {
            return .failure(Refusal(status: "426 Upgrade Required", reason: "Sec-WebSocket-Version must be 13"))
        }
        guard let key = fields["sec-websocket-key"], key.count == 24, key.hasSuffix("==") else {
            return .failure(Refusal(status: "400 Bad Request", reason: "Sec-WebSocket-Key must be the base64 of 16 bytes"))
        }
        let target = String(requestLine[1])
        let path = String(target.prefix { $0 != "?" })
        let query = target.dropFirst(path.count + 1)
        let ticket = query.split(separator: "&").first { $0.hasPrefix("ticket=") }.map { String($0.dropFirst("ticket=".count)) }
        return .success(Request(path: path, ticket: ticket, key: key))
    }

    /// The 101 answer for `key`.
    static func accept(key: String) -> [UInt8] {
        Array(
            ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(WebSocketHandshake.acceptValue(for: key))\r\n\r\n").utf8)
    }

    static func refuse(_ refusal: Refusal) -> [UInt8] {
        let body = refusal.reason + "\n"
        return Array(
            ("HTTP/1.1 \(refusal.status)\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)").utf8)
    }
}
