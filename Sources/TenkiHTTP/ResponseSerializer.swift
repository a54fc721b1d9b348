#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns an `HTTPResponse` into bytes. The server owns framing: `Content-Length`, `Date` and
/// `Connection` are written here and the handler's own copies of them (and `Transfer-Encoding`)
/// are dropped, so a handler cannot desynchronise the connection. Fields with CR, LF or other
/// control characters are dropped too: no response splitting through a reflected value.
enum ResponseSerializer {
    static func append(
        _ response: HTTPResponse, to output: inout [UInt8], keepAlive: Bool, requestVersion: HTTPVersion,
        omitBody: Bool, date: [UInt8]
    ) {
        let code = (100...999).contains(response.status.code) ? response.status.code : 500
        output.append(contentsOf: "HTTP/1.1 \(code) ".utf8)
        output.append(contentsOf: response.status.reason.utf8.filter { $0 >= 0x20 && $0 != 0x7F })
        output.append(contentsOf: crlf)
        for (name, value) in response.headers where isAllowed(name: name, value: value) {
            output.append(contentsOf: name.utf8)
            output.append(contentsOf: ": ".utf8)
            output.append(contentsOf: value.utf8)
            output.append(contentsOf: crlf)
        }
        let hasBody = !(code < 200 || code == 204 || code == 304)
        if hasBody {
            output.append(contentsOf: "Content-Length: \(response.body.count)\r\n".utf8)
        }
        output.append(contentsOf: "Date: ".utf8)
        output.append(contentsOf: date)
        output.append(contentsOf: crlf)
        if !keepAlive {
            output.append(contentsOf: "Connection: close\r\n".utf8)
        } else if requestVersion == .http1_0 {
            output.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        output.append(contentsOf: crlf)
        if hasBody, !omitBody {
            output.append(contentsOf: response.body)
        }
    }

    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let serverOwned = ["content-length", "transfer-encoding", "connection", "date"]

    static func isAllowed(name: String, value: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy(HTTPRequestParser.isTokenByte)
            && value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
            && !serverOwned.contains { name.equalsIgnoringASCIICase($0) }
    }

    /// The short text/plain answer the server sends on its own (parse errors, timeouts, overload).
    static func rejection(_ status: HTTPStatus, _ reason: String) -> HTTPResponse {
        .text(status, reason + "\n")
    }
}

/// The IMF-fixdate for the `Date` header (RFC 9110 §5.6.7), formatted once per second per loop
/// without Foundation: DateFormatter is slow and pulls time-zone data into start-up.
struct HTTPDateCache {
    private var second = -1
    private var formatted: [UInt8] = []

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    mutating func current() -> [UInt8] {
        let now = time(nil)
        if Int(now) != second {
            second = Int(now)
            formatted = Array(Self.format(now).utf8)
        }
        return formatted
    }

    static func format(_ seconds: time_t) -> String {
        var clock = seconds
        var parts = tm()
        gmtime_r(&clock, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(two(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
