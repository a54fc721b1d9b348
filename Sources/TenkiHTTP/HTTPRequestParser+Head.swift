/// The head of a request: line scanning, the request line, header fields and body framing.
extension HTTPRequestParser {
    enum Framing: Equatable {
        case none
        case contentLength(Int)
        case chunked
    }

    /// Finds the end of a block of CRLF-terminated lines closed by an empty line (a head, or
    /// chunked trailers) and returns the index just past it, or nil when more bytes are needed.
    /// Every LF must follow a CR; the block may not exceed `limit` bytes.
    mutating func findLineBlockEnd(limit: Int, what: String, allowEmpty: Bool = false) throws(HTTPParseError) -> Int? {
        if !allowEmpty {
            // RFC 9112 §2.2: a server SHOULD ignore empty lines received before the request line.
            while bufferedByteCount >= 2, buffer[readIndex] == Self.cr, buffer[readIndex + 1] == Self.lf {
                readIndex += 2
            }
            if bufferedByteCount >= 1, buffer[readIndex] == Self.lf {
                throw HTTPParseError(.malformed, "bare LF line ending")
            }
        }
        scanIndex = max(scanIndex, readIndex)
        lineStart = max(lineStart, readIndex)
        let count = buffer.count, start = readIndex
        var index = scanIndex, currentLine = lineStart
        defer {
            scanIndex = index
            lineStart = currentLine
        }
        let found: Int? = try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) -> Int? in
            while index < count {
                if bytes[index] == Self.lf {
                    guard index > start, bytes[index - 1] == Self.cr else {
                        throw HTTPParseError(.malformed, "bare LF line ending")
                    }
                    if index - 1 == currentLine {
                        index += 1
                        // The closing LF counts towards the limit like every other byte.
                        if index - start > limit {
                            throw HTTPParseError(.headersTooLarge, "\(what) over \(limit) bytes")
                        }
                        return index
                    }
                    currentLine = index + 1
                }
                index += 1
                if index - start > limit {
                    throw HTTPParseError(.headersTooLarge, "\(what) over \(limit) bytes")
                }
            }
            return nil
        }
        if found == nil, count - readIndex > limit {
            throw HTTPParseError(.headersTooLarge, "\(what) over \(limit) bytes")
        }
        return found
    }

    /// Parses the request line and header fields in `readIndex..<end` (which ends with CRLF CRLF).
    func parseHead(upTo end: Int) throws(HTTPParseError) -> HTTPRequest {
        try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) -> HTTPRequest in
            var lineStart = readIndex
            var request: HTTPRequest?
            var headers = HTTPHeaders()
            headers.reserveCapacity(12)  // growing 1, 2, 4, 8 was four allocations per request
            while lineStart < end - 2 {
                var lineEnd = lineStart
                while bytes[lineEnd] != Self.lf { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<(lineEnd - 1)])
                if line.contains(Self.cr) { throw HTTPParseError(.malformed, "bare CR in head") }
                if request == nil {
                    request = try Self.parseRequestLine(line)
                } else {
                    let field = try Self.parseField(line)
                    headers.add(field.name, field.value)
                }
                lineStart = lineEnd + 1
            }
            guard var parsed = request else { throw HTTPParseError(.malformed, "missing request line") }
            parsed.headers = headers
            parsed.remoteAddress = remoteAddress
            return parsed
        }
    }

    /// Checks the trailer lines in `readIndex..<end` as strictly as header fields, then drops them:
    /// Tenki uses no trailer, but a malformed one must not pass where the head would have failed.
    func validateTrailers(upTo end: Int) throws(HTTPParseError) {
        try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in
            var lineStart = readIndex
            while lineStart < end - 2 {
                var lineEnd = lineStart
                while bytes[lineEnd] != Self.lf { lineEnd += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<(lineEnd - 1)])
                if line.contains(Self.cr) { throw HTTPParseError(.malformed, "bare CR in trailers") }
                _ = try Self.parseField(line)
                lineStart = lineEnd + 1
            }
        }
    }

    /// `method SP origin-form SP HTTP-version`, single spaces only (RFC 9112 §3).
    static func parseRequestLine(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> HTTPRequest {
        let space = UInt8(ascii: " ")
        guard let firstSpace = line.firstIndex(of: space) else {
            throw HTTPParseError(.malformed, "malformed request line")
        }
        guard let secondSpace = line[(firstSpace + 1)...].firstIndex(of: space) else {
            throw HTTPParseError(.malformed, "malformed request line")
        }
        let method = UnsafeBufferPointer(rebasing: line[..<firstSpace])
        let target = UnsafeBufferPointer(rebasing: line[(firstSpace + 1)..<secondSpace])
        let version = UnsafeBufferPointer(rebasing: line[(secondSpace + 1)...])
        guard !method.isEmpty, method.allSatisfy(isTokenByte) else {
            throw HTTPParseError(.malformed, "invalid method")
        }
        // origin-form only: this server is nobody's proxy, so absolute-form and `*` are refused.
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPParseError(.malformed, "invalid request target")
        }
        return HTTPRequest(
            method: String(decoding: method, as: UTF8.self),
            target: String(decoding: target, as: UTF8.self),
            version: try parseVersion(version)
        )
    }

    /// `HTTP/1.1` or `HTTP/1.0`; any other well-formed version is 505, anything else 400.
    static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> HTTPVersion {
        guard bytes.count == 8, bytes[0] == UInt8(ascii: "H"), bytes[1] == UInt8(ascii: "T"),
              bytes[2] == UInt8(ascii: "T"), bytes[3] == UInt8(ascii: "P"), bytes[4] == UInt8(ascii: "/"),
              bytes[6] == UInt8(ascii: "."),
              isDigit(bytes[5]), isDigit(bytes[7]) else {
            throw HTTPParseError(.malformed, "malformed HTTP version")
        }
        let version = HTTPVersion(major: Int(bytes[5] - 0x30), minor: Int(bytes[7] - 0x30))
        guard version == .http1_1 || version == .http1_0 else {
            throw HTTPParseError(.versionNotSupported, "only HTTP/1.0 and HTTP/1.1 are supported")
        }
        return version
    }

    /// `field-name ":" OWS field-value OWS` (RFC 9112 §5); no whitespace before the colon, no folding.
    static func parseField(_ line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) -> (name: String, value: String) {
        if let first = line.first, first == 0x20 || first == 0x09 {
            throw HTTPParseError(.malformed, "obsolete line folding")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else {
            throw HTTPParseError(.malformed, "malformed header field")
        }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        guard name.allSatisfy(isTokenByte) else {
            throw HTTPParseError(.malformed, "invalid header field name")
        }
        var start = colon + 1
        var end = line.count
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        let value = UnsafeBufferPointer(rebasing: line[start..<end])
        guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
            throw HTTPParseError(.malformed, "control character in header field value")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// How the body is delimited (RFC 9112 §6.3), refusing every ambiguous combination.
    static func framing(of request: HTTPRequest, maxBodyBytes: Int) throws(HTTPParseError) -> Framing {
        let transferEncodings = request.headers.values(for: "Transfer-Encoding")
        let contentLengths = request.headers.values(for: "Content-Length")
        if !transferEncodings.isEmpty {
            guard contentLengths.isEmpty else {
                throw HTTPParseError(.malformed, "both Content-Length and Transfer-Encoding")
            }
            guard request.version == .http1_1 else {
                throw HTTPParseError(.malformed, "Transfer-Encoding in an HTTP/1.0 request")
            }
            let codings = transferEncodings.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingSpacesAndTabs() }
            if codings.count == 1, codings[0].equalsIgnoringASCIICase("chunked") { return .chunked }
            let chunkedCount = codings.filter { $0.equalsIgnoringASCIICase("chunked") }.count
            if let last = codings.last, last.equalsIgnoringASCIICase("chunked"), chunkedCount == 1,
               codings.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isTokenByte) }) {
                throw HTTPParseError(.unsupportedTransferCoding, "only the chunked transfer coding is supported")
            }
            throw HTTPParseError(.malformed, "invalid Transfer-Encoding")
        }
        guard let text = contentLengths.first else { return .none }
        guard contentLengths.count == 1 else {
            throw HTTPParseError(.malformed, "more than one Content-Length")
        }
        guard !text.isEmpty, text.utf8.allSatisfy(isDigit) else {
            throw HTTPParseError(.malformed, "invalid Content-Length")
        }
        guard text.utf8.count <= 15, let length = Int(text), length <= maxBodyBytes else {
            throw HTTPParseError(.contentTooLarge, "body over \(maxBodyBytes) bytes", head: request)
        }
        return length == 0 ? .none : .contentLength(length)
    }

    /// Reads `chunk-size [chunk-ext] CRLF`; nil when the line is incomplete.
    mutating func readChunkSize() throws(HTTPParseError) -> Int? {
        scanIndex = max(scanIndex, readIndex)
        guard let lf = buffer[scanIndex...].firstIndex(of: Self.lf) else {
            scanIndex = buffer.count
            if bufferedByteCount > Self.maxChunkLineBytes {
                throw HTTPParseError(.malformed, "chunk size line too long")
            }
            return nil
        }
        guard lf > readIndex, buffer[lf - 1] == Self.cr, lf - readIndex <= Self.maxChunkLineBytes else {
            throw HTTPParseError(.malformed, "malformed chunk size line")
        }
        var size = 0
        var index = readIndex
        while index < lf - 1, let digit = Self.hexValue(buffer[index]) {
            guard index - readIndex < 15 else {
                throw HTTPParseError(.contentTooLarge, "chunk size too large", head: pending)
            }
            size = size * 16 + digit
            index += 1
        }
        guard index > readIndex else { throw HTTPParseError(.malformed, "missing chunk size") }
        // Extensions are tolerated and ignored: `; name=value`, preceded by optional whitespace.
        // Whitespace with no extension after it is not in the grammar, so it is refused: two
        // parsers must never read one chunk line differently.
        var rest = index
        while rest < lf - 1, buffer[rest] == 0x20 || buffer[rest] == 0x09 { rest += 1 }
        if rest == lf - 1, rest > index {
            throw HTTPParseError(.malformed, "whitespace after chunk size without an extension")
        }
        if rest < lf - 1 {
            guard buffer[rest] == UInt8(ascii: ";"),
                  buffer[rest..<(lf - 1)].allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                throw HTTPParseError(.malformed, "malformed chunk extension")
            }
        }
        readIndex = lf + 1
        scanIndex = readIndex
        return size
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    /// `tchar` from RFC 9110 §5.6.2.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
             UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }
}

extension StringProtocol {
    /// Without optional whitespace (RFC 9110 OWS: spaces and tabs) at either end.
    func trimmingSpacesAndTabs() -> Substring {
        let string = Substring(self)
        let start = string.firstIndex { $0 != " " && $0 != "\t" } ?? string.endIndex
        let end = string.lastIndex { $0 != " " && $0 != "\t" }.map { string.index(after: $0) } ?? start
        return string[start..<Swift.max(start, end)]
    }
}
