import TenkiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The head of a request: line scanning, the request line and the Host field (chunk size lines:
/// `HTTPRequestParser+Chunked.swift`).
extension HTTPRequestParser {
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
            // From LF to LF with memchr (vectorised): a byte-by-byte scan of every head costs a
            // few per cent of a request. The checks are those of a byte-by-byte scan, in its order.
            while index < count {
                guard let lf = Self.firstIndex(of: Self.lf, in: bytes, from: index, to: count) else {
                    index = count
                    if count - start > limit { throw HTTPParseError(.headersTooLarge, "\(what) over \(limit) bytes") }
                    return nil
                }
                if lf > index, lf - start > limit {
                    throw HTTPParseError(.headersTooLarge, "\(what) over \(limit) bytes")
                }
                guard lf > start, bytes[lf - 1] == Self.cr else {
                    index = lf
                    throw HTTPParseError(.malformed, "bare LF line ending")
                }
                let isEmptyLine = lf - 1 == currentLine
                index = lf + 1
                // The closing LF counts towards the limit like every other byte.
                if index - start > limit {
                    throw HTTPParseError(.headersTooLarge, "\(what) over \(limit) bytes")
                }
                if isEmptyLine { return index }
                currentLine = index
            }
            return nil
        }
        if found == nil, count - readIndex > limit {
            throw HTTPParseError(.headersTooLarge, "\(what) over \(limit) bytes")
        }
        return found
    }

    /// Parses the request line and header fields in `readIndex..<end` (which ends with CRLF CRLF), noting on the
    /// way what the fields say about the body.
    func parseHead(upTo end: Int, framing: inout FramingFields) throws(HTTPParseError) -> HTTPRequest {
        try buffer.withUnsafeBufferPointer { (bytes) throws(HTTPParseError) -> HTTPRequest in
            var lineStart = readIndex
            var request: HTTPRequest?
            var authority: String?
            var headers = HTTPHeaders()
            headers.reserveCapacity(12)  // one allocation for a typical head, not four (1, 2, 4, 8)
            var hostCount = 0
            while lineStart < end - 2 {
                let lineEnd = Self.firstIndex(of: Self.lf, in: bytes, from: lineStart, to: end) ?? end
                if Self.firstIndex(of: Self.cr, in: bytes, from: lineStart, to: lineEnd - 1) != nil {
                    throw HTTPParseError(.malformed, "bare CR in head")
                }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<(lineEnd - 1)])
                if request == nil {
                    (request, authority) = try Self.parseRequestLine(line)
                } else {
                    let field = try Self.parseField(line, framing: &framing)
                    if Self.isHostField(line) {
                        hostCount += 1
                        guard Self.isValidHostValue(line) else {
                            throw HTTPParseError(.malformed, "invalid Host")
                        }
                    }
                    headers.add(field.name, field.value)
                }
                lineStart = lineEnd + 1
            }
            guard var parsed = request else { throw HTTPParseError(.malformed, "missing request line") }
            // RFC 9112 §3.2: exactly one Host in HTTP/1.1, at most one in HTTP/1.0.
            if hostCount > 1 { throw HTTPParseError(.malformed, "more than one Host") }
            if hostCount == 0, parsed.version == .http1_1 { throw HTTPParseError(.malformed, "missing Host") }
            // RFC 9112 §3.2.2: the authority of an absolute-form target replaces the Host field.
            if let authority { headers.set("Host", authority) }
            parsed.headers = headers
            parsed.remoteAddress = remoteAddress
            return parsed
        }
    }

    /// The line is a `Host` field (checked on bytes, before any String: this runs for every field).
    static func isHostField(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.count >= 5 && line[4] == UInt8(ascii: ":") && line[0] | 0x20 == UInt8(ascii: "h")
            && line[1] | 0x20 == UInt8(ascii: "o") && line[2] | 0x20 == UInt8(ascii: "s") && line[3] | 0x20 == UInt8(ascii: "t")
    }

    /// The value of a `Host` line (after `host:`, without OWS at either end) is `uri-host [":" port]`
    /// as far as its bytes tell; checked on bytes, as the String's UTF-8 view is slow to walk.
    static func isValidHostValue(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 5, end = line.count
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        return line[start..<end].allSatisfy(isHostByte)
    }

    /// A byte of `uri-host [":" port]` (RFC 3986: reg-name, IP literal, percent-encoding), as two
    /// bit masks over ASCII like `isTokenByte`.
    static func isHostByte(_ byte: UInt8) -> Bool {
        let below64: UInt64 = 0x2FFF_7FF2_0000_0000, from64: UInt64 = 0x47FF_FFFE_AFFF_FFFE
        if byte < 64 { return below64 >> byte & 1 == 1 }
        if byte < 128 { return from64 >> (byte - 64) & 1 == 1 }
        return false
    }

    /// The first `byte` in `from..<to`, found with memchr.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = bytes.baseAddress, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// `method SP request-target SP HTTP-version`, single spaces only (RFC 9112 §3). The target is
    /// origin-form, or absolute-form (`http://host/path`), which is returned as its origin-form
    /// with the authority beside it.
    static func parseRequestLine(
        _ line: UnsafeBufferPointer<UInt8>
    ) throws(HTTPParseError) -> (request: HTTPRequest, authority: String?) {
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
        // No authority-form or `*`: this server is nobody's proxy and answers no `OPTIONS *`.
        guard target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPParseError(.malformed, "invalid request target")
        }
        var authority: String?
        var path = target
        if target.first != UInt8(ascii: "/") {
            let split = try splitAbsoluteForm(target)
            authority = String(decoding: split.authority, as: UTF8.self)
            path = split.path
        }
        let pathText = String(decoding: path, as: UTF8.self)
        let request = HTTPRequest(
            method: String(decoding: method, as: UTF8.self),
            target: path.first == UInt8(ascii: "/") ? pathText : "/" + pathText,
            version: try parseVersion(version)
        )
        return (request, authority)
    }

    /// `http://authority/path?query` (or `https://`, any case) split into its authority and the
    /// rest, which is empty or starts with `/` or `?` (the caller makes it `/` or `/?query`).
    /// Userinfo and other schemes are refused.
    static func splitAbsoluteForm(
        _ target: UnsafeBufferPointer<UInt8>
    ) throws(HTTPParseError) -> (authority: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>) {
        let invalid = HTTPParseError(.malformed, "invalid request target")
        var schemeLength = 0
        for scheme in ["http://", "https://"] where target.count > scheme.utf8.count {
            if zip(scheme.utf8, target).allSatisfy({ ASCIICase.equal($0, $1) }) { schemeLength = scheme.utf8.count }
        }
        guard schemeLength > 0 else { throw invalid }
        let rest = UnsafeBufferPointer(rebasing: target[schemeLength...])
        let end = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.count
        let authority = UnsafeBufferPointer(rebasing: rest[..<end])
        guard !authority.isEmpty, authority.allSatisfy(isHostByte) else { throw invalid }
        return (authority, UnsafeBufferPointer(rebasing: rest[end...]))
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

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
