#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TenkiBase

/// Turns an `HTTPResponse` into bytes. The server owns framing: `Content-Length`, `Date` and
/// `Connection` are written here and the handler's own copies of them (and `Transfer-Encoding`)
/// are dropped, so a handler cannot desynchronise the connection. Fields with CR, LF or other
/// control characters are dropped too: no response splitting through a reflected value.
enum ResponseSerializer {
    /// Byte by byte, without string interpolation or per-header `String` work: this runs for every
    /// response (with them it would cost a tenth of a cached command's instructions).
    static func append(
        _ response: HTTPResponse, to output: inout [UInt8], keepAlive: Bool, requestVersion: HTTPVersion,
        omitBody: Bool, date: [UInt8]
    ) {
        let code = (100...999).contains(response.status.code) ? response.status.code : 500
        output.reserveCapacity(output.count + 160 + response.body.count)
        if code == 200, response.status.reason == "OK" {
            output.append(contentsOf: statusLineOK)
        } else {
            output.append(contentsOf: statusLinePrefix)
            appendDecimal(code, to: &output)
            output.append(UInt8(ascii: " "))
            appendText(response.status.reason, to: &output)
            output.append(contentsOf: crlf)
        }
        for (name, value) in response.headers {
            appendField(name, value, to: &output)
        }
        let hasBody = !(code < 200 || code == 204 || code == 304)
        if hasBody {
            output.append(contentsOf: contentLengthPrefix)
            appendDecimal(response.body.count, to: &output)
            output.append(contentsOf: crlf)
        }
        output.append(contentsOf: datePrefix)
        output.append(contentsOf: date)
        output.append(contentsOf: crlf)
        if !keepAlive {
            output.append(contentsOf: connectionClose)
        } else if requestVersion == .http1_0 {
            output.append(contentsOf: connectionKeepAlive)
        }
        output.append(contentsOf: crlf)
        if hasBody, !omitBody {
            output.append(contentsOf: response.body)
        }
    }

    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let statusLinePrefix = Array("HTTP/1.1 ".utf8)
    static let statusLineOK = Array("HTTP/1.1 200 OK\r\n".utf8)
    static let contentLengthPrefix = Array("Content-Length: ".utf8)
    static let datePrefix = Array("Date: ".utf8)
    static let connectionClose = Array("Connection: close\r\n".utf8)
    static let connectionKeepAlive = Array("Connection: keep-alive\r\n".utf8)
    static let serverOwned = ["content-length", "transfer-encoding", "connection", "date"].map { Array($0.utf8) }

    /// The text's bytes without control characters other than tab (RFC 9112 allows HTAB in a reason
    /// phrase): a reason phrase cannot smuggle in a line break. Header fields go through `appendField`,
    /// which drops a bad field whole instead.
    static func appendText(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            if bytes.allSatisfy(isFieldByte) {
                output.append(contentsOf: bytes)
            } else {
                output.append(contentsOf: bytes.lazy.filter(isFieldByte))
            }
        }
    }

    static func isFieldByte(_ byte: UInt8) -> Bool { byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }

    static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        guard value >= 10 else {
            output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: max(value, 0)))
            return
        }
        appendDecimal(value / 10, to: &output)
        output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
    }

    /// Appends `name: value` and CRLF when the field may be sent: a token for a name, no control
    /// character but tab in the value, and not a field the server owns. Each byte is looked at once.
    static func appendField(_ name: String, _ value: String, to output: inout [UInt8]) {
        var name = name, value = value
        name.withUTF8 { name in
            value.withUTF8 { value in
                guard !name.isEmpty, name.allSatisfy(HTTPRequestParser.isTokenByte), value.allSatisfy(isFieldByte) else { return }
                // Only names as long as a server-owned one (4, 10, 14 or 17 bytes) can be one.
                switch name.count {
                case 4, 10, 14, 17:
                    for owned in serverOwned where owned.withUnsafeBufferPointer({ ASCIICase.equal(name, $0) }) { return }
                default: break
                }
                output.append(contentsOf: name)
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
                output.append(contentsOf: value)
                output.append(contentsOf: crlf)
            }
        }
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
