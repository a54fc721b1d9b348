import TenkiBase

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
    /// Byte by byte, without string interpolation or per-header `String` work: this runs for every
    /// response (with them it would cost a tenth of a cached command's instructions). The head is
    /// written into memory sized for it first and appended to `output` at once, with the body:
    /// two appends per response, not one per piece.
    static func append(
        _ response: HTTPResponse, to output: inout [UInt8], keepAlive: Bool, requestVersion: HTTPVersion,
        omitBody: Bool, date: [UInt8]
    ) {
        let code = (100...999).contains(response.status.code) ? response.status.code : 500
        let hasBody = !(code < 200 || code == 204 || code == 304)
        // Status line, fields, Content-Length (at most 20 digits), Date, Connection, the empty line.
        var bound = statusLinePrefix.count + 4 + response.status.reason.utf8.count + 2
        for field in response.headers.fields { bound += field.name.utf8.count + 2 + field.value.utf8.count + 2 }
        bound += contentLengthPrefix.count + 20 + 2 + datePrefix.count + date.count + 2 + connectionKeepAlive.count + 2
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bound) { buffer in
            var head = HeadWriter(buffer)
            if code == 200, response.status.reason == "OK" {
                head.write(statusLineOK)
            } else {
                head.write(statusLinePrefix)
                head.writeDecimal(code)
                head.write(UInt8(ascii: " "))
                writeText(response.status.reason, to: &head)
                head.write(crlf)
            }
            for field in response.headers.fields {
                writeField(field.name, field.value, to: &head)
            }
            if hasBody {
                head.write(contentLengthPrefix)
                head.writeDecimal(response.body.count)
                head.write(crlf)
            }
            head.write(datePrefix)
            head.write(date)
            head.write(crlf)
            if !keepAlive {
                head.write(connectionClose)
            } else if requestVersion == .http1_0 {
                head.write(connectionKeepAlive)
            }
            head.write(crlf)
            let sendsBody = hasBody && !omitBody
            output.reserveCapacity(output.count + head.count + (sendsBody ? response.body.count : 0))
            output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<head.count]))
        }
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
    /// Names Tenki's handlers set, recognised by length and bytes instead of checked as tokens.
    static let commonNames = HTTPRequestParser.ByLength([
        "Content-Type", "X-Request-Id", "Retry-After", "Cache-Control", "Location", "Content-Security-Policy",
    ])
    static let serverOwned = ["content-length", "transfer-encoding", "connection", "date"].map { Array($0.utf8) }

    /// The text's bytes without control characters other than tab (RFC 9112 allows HTAB in a reason
    /// phrase): a reason phrase cannot smuggle in a line break. Header fields go through `writeField`,
    /// which drops a bad field whole instead.
    static func writeText(_ text: String, to head: inout HeadWriter) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes where isFieldByte(byte) { head.write(byte) }
        }
    }

    static func isFieldByte(_ byte: UInt8) -> Bool { byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }

    /// Writes `name: value` and CRLF when the field may be sent: a token for a name, no control
    /// character but tab in the value, and not a field the server owns.
    static func writeField(_ name: String, _ value: String, to head: inout HeadWriter) {
        var name = name, value = value
        name.withUTF8 { name in
            value.withUTF8 { value in
                // A common name is a token by construction; any other is checked byte by byte.
                guard !name.isEmpty, HTTPRequestParser.isFieldValue(value),
                    HTTPRequestParser.constant(name, in: commonNames) != nil || name.allSatisfy(HTTPRequestParser.isTokenByte)
                else { return }
                // Only names as long as a server-owned one (4, 10, 14 or 17 bytes) can be one.
                switch name.count {
                case 4, 10, 14, 17:
                    for owned in serverOwned where owned.withUnsafeBufferPointer({ ASCIICase.equal(name, $0) }) { return }
                default: break
                }
                head.write(name)
                head.write(UInt8(ascii: ":"))
                head.write(UInt8(ascii: " "))
                head.write(value)
                head.write(crlf)
            }
        }
    }

    /// A response head's bytes, written into memory allocated for at least as many.
    struct HeadWriter {
        private let buffer: UnsafeMutableBufferPointer<UInt8>
        private(set) var count = 0

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress, let base = buffer.baseAddress else { return }
            // The bound is computed from the same fields; never exceeded, but memory safety must not rest on it.
            precondition(count + bytes.count <= buffer.count, "response head larger than its bound")
            (base + count).initialize(from: source, count: bytes.count)
            count += bytes.count
        }

        mutating func write(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { write($0) }
        }

        mutating func write(_ byte: UInt8) {
            precondition(count < buffer.count, "response head larger than its bound")
            buffer[count] = byte
            count += 1
        }

        mutating func writeDecimal(_ value: Int) {
            guard value >= 10 else {
                write(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: max(value, 0)))
                return
            }
            writeDecimal(value / 10)
            write(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
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
