import TenkiBase
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Header fields: one `name: value` line checked and turned into two strings, the common ones as
/// constants.
extension HTTPRequestParser {
    /// `field-name ":" OWS field-value OWS` (RFC 9112 §5); no whitespace before the colon, no folding.
    /// What the field says about the body goes into `framing`, from its bytes.
    static func parseField(
        _ line: UnsafeBufferPointer<UInt8>, framing: inout FramingFields
    ) throws(HTTPParseError) -> (name: String, value: String) {
        if let first = line.first, first == 0x20 || first == 0x09 {
            throw HTTPParseError(.malformed, "obsolete line folding")
        }
        guard let colon = firstIndex(of: UInt8(ascii: ":"), in: line, from: 0, to: line.count), colon > 0 else {
            throw HTTPParseError(.malformed, "malformed header field")
        }
        let name = UnsafeBufferPointer(rebasing: line[..<colon])
        // A common name is a token by construction; any other is checked byte by byte.
        let knownName = constant(name, in: commonFieldNames)
        guard knownName != nil || name.allSatisfy(isTokenByte) else {
            throw HTTPParseError(.malformed, "invalid header field name")
        }
        var start = colon + 1
        var end = line.count
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        while end > start, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        let value = UnsafeBufferPointer(rebasing: line[start..<end])
        // Likewise a common value is valid by construction.
        let knownValue = constant(value, in: commonFieldValues)
        guard knownValue != nil || isFieldValue(value) else {
            throw HTTPParseError(.malformed, "control character in header field value")
        }
        framing.note(name: name, value: value)
        return (knownName ?? String(decoding: name, as: UTF8.self), knownValue ?? String(decoding: value, as: UTF8.self))
    }

    /// Every byte is a tab, visible ASCII, a space or obs-text (0x80 and up): no control character
    /// and no DEL. Eight bytes at a time, then byte by byte from the first word that has a byte
    /// below 0x20 or a DEL (a tab is allowed, so such a word is looked at closely).
    static func isFieldValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while index + 8 <= bytes.count {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let belowSpace = (word &- ones &* 0x20) & ~word & highs  // some byte < 0x20 (exact as a yes/no)
                let delete = word ^ (ones &* 0x7F)
                if belowSpace != 0 || (delete &- ones) & ~delete & highs != 0 { break }
                index += 8
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x20 ? byte != 0x7F : byte == 0x09 else { return false }
            index += 1
        }
        return true
    }

    /// Names and values most requests carry, as constants: a field that matches one byte for byte
    /// becomes that constant, without an allocation or a UTF-8 check (two new `String`s per header
    /// would cost a tenth of a cached command's instructions). Anything else is decoded.
    /// Grouped by length, so a field is compared with one or two candidates at most.
    static let commonFieldNames = ByLength([
        "Host", "Content-Type", "Content-Length", "X-Slack-Request-Timestamp", "X-Slack-Signature", "User-Agent",
        "Accept", "Accept-Encoding", "Connection", "X-Forwarded-For", "X-Forwarded-Proto", "X-Real-IP",
        "host", "content-type", "content-length", "x-slack-request-timestamp", "x-slack-signature", "user-agent",
        "accept", "accept-encoding", "connection", "x-forwarded-for", "x-forwarded-proto", "x-real-ip",
    ])
    static let commonFieldValues = ByLength([
        "application/x-www-form-urlencoded", "keep-alive", "close", "*/*",
        "Slackbot 1.0 (+https://api.slack.com/robots)",  // the User-Agent of every Slack request
    ])

    struct ByLength: Sendable {
        /// A constant's bytes, inline: comparing them needs no call, no reference count and no other storage.
        typealias Bytes = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

        /// Every constant's bytes, shortest first; those of length n are `bytes[first[n]..<first[n + 1]]`.
        let bytes: [Bytes]
        let first: [Int]
        /// The constants, in the order of `bytes`. Written as string literals, they are immortal: a
        /// request's fields share them without reference counting, where a `String` made at run time
        /// would be retained and released atomically for each field that holds it and each copy of the request.
        let constants: [String]

        /// The longest constant, in bytes.
        static let maximumCount = MemoryLayout<Bytes>.size

        init(_ constants: [String]) {
            let sorted = constants.enumerated().sorted { ($0.element.utf8.count, $0.offset) < ($1.element.utf8.count, $1.offset) }
            var bytes: [Bytes] = [], first = [Int](repeating: 0, count: Self.maximumCount + 2)
            for (_, constant) in sorted {
                precondition(constant.utf8.count <= Self.maximumCount, "a common field constant is longer than 64 bytes")
                var inline: Bytes = (0, 0, 0, 0, 0, 0, 0, 0)
                withUnsafeMutableBytes(of: &inline) { $0.copyBytes(from: constant.utf8) }
                bytes.append(inline)
                first[constant.utf8.count + 1] += 1
            }
            for length in 1..<first.count { first[length] += first[length - 1] }
            self.bytes = bytes
            self.first = first
            self.constants = sorted.map(\.element)
        }
    }

    /// The constant equal to `bytes`, if there is one.
    static func constant(_ bytes: UnsafeBufferPointer<UInt8>, in constants: ByLength) -> String? {
        let count = bytes.count
        guard let base = bytes.baseAddress, count <= ByLength.maximumCount else { return nil }
        let found = constants.bytes.withUnsafeBytes { table -> Int? in
            let stride = MemoryLayout<ByLength.Bytes>.stride
            for index in constants.first[count]..<constants.first[count + 1]
            where ShortBytes.equal(table.baseAddress! + index * stride, base, count: count) {
                return index
            }
            return nil
        }
        return found.map { constants.constants[$0] }
    }

    /// `tchar` from RFC 9110 §5.6.2, as two bit masks over ASCII (bit n set when byte n is a tchar):
    /// this runs for every byte of every header name.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        let below64: UInt64 = 0x03FF_6CFA_0000_0000, from64: UInt64 = 0x57FF_FFFF_C7FF_FFFE
        if byte < 64 { return below64 >> byte & 1 == 1 }
        if byte < 128 { return from64 >> (byte - 64) & 1 == 1 }
        return false
    }
}
