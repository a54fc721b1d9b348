/// Quoting and escaping: what keeps a value from outside (a place name, a header, an error) from
/// splitting a line, forging a field or moving a terminal's cursor, in both formats.
extension LogLineFormatter {
    /// Quoted (as a JSON string) when empty or holding a space, `=`, `"`, a line break or any
    /// other control character (C0, DEL, C1): those are then escaped as JSON does (`\u001b`), so
    /// a value from outside can neither split a line nor move a terminal's cursor, and grep still
    /// sees text.
    static func quoteIfNeeded(_ value: String) -> String {
        var bytes = LineBuffer()
        appendQuotedIfNeeded(value, to: &bytes)
        return bytes.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    static func appendQuotedIfNeeded(_ value: String, to out: inout LineBuffer) {
        withUTF8(value) { bytes in
            if needsQuotes(bytes) {
                appendJSONString(bytes, to: &out)
            } else {
                out.append(bytes)
            }
        }
    }

    /// Scans bytes, not Characters (this runs for every field of every line): the characters that
    /// matter are ASCII (space, `=`, `"`, C0 controls, DEL), the C1 controls (C2 80 to C2 9F, NEL
    /// among them) and the Unicode line breaks LS (E2 80 A8) and PS (E2 80 A9). In valid UTF-8,
    /// C2 and E2 only ever start a scalar, so matching those sequences finds exactly those scalars.
    /// (A space or `=` carrying a combining mark is quoted too, unlike a Character scan; harmless.)
    ///
    /// Eight bytes at a time: a word with none of those bytes, nothing below 0x21 and nothing from
    /// 0x80 up cannot need quotes; only a word that might is checked byte by byte. (A byte loop
    /// took about 12 instructions a byte, a fifth of a request's log line.)
    static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if mayNeedQuotes(word), needsQuotes(bytes, from: index, to: index + 8) { return true }
            index += 8
        }
        guard index < bytes.count else { return false }
        // The last few bytes: the last eight again (overlapping), or, for a short string, its
        // bytes over a word of letters.
        var tail: UInt64
        if bytes.count >= 8 {
            tail = raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)
        } else {
            tail = 0x4141_4141_4141_4141
            for offset in 0..<bytes.count {
                tail = tail & ~(0xFF << (8 * UInt64(offset))) | UInt64(bytes[offset]) << (8 * UInt64(offset))
            }
        }
        return mayNeedQuotes(tail) && needsQuotes(bytes, from: index, to: bytes.count)
    }

    /// Whether a byte of `word` is below 0x21 (controls and space), `"`, `=`, DEL or from 0x80 up
    /// (the classic "has a zero byte" and "has a byte less than n" tests: never a false negative).
    @inline(__always)
    static func mayNeedQuotes(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
        let below21 = (word &- ones &* 0x21) & ~word & highs
        let special = hasZeroByte(word ^ (ones &* 0x22)) | hasZeroByte(word ^ (ones &* 0x3D)) | hasZeroByte(word ^ (ones &* 0x7F))
        return (word & highs) | below21 | special != 0
    }

    /// The exact test, for the bytes from `start` to `end` (looking past `end` for a multi-byte
    /// scalar's continuation bytes).
    static func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x00...0x20, 0x3D, 0x22, 0x7F:
                return true
            case 0xC2:
                if index < bytes.count, bytes[index] & 0xE0 == 0x80 { return true }
            case 0xE2:
                if index + 1 < bytes.count, bytes[index] == 0x80, bytes[index + 1] & 0xFE == 0xA8 { return true }
            default:
                continue
            }
        }
        return false
    }

    static func appendJSONString(_ value: String, to out: inout LineBuffer) {
        withUTF8(value) { appendJSONString($0, to: &out) }
    }

    /// A JSON string: `"`, `\`, and control characters escaped (`\n`, `\r`, `\t`, else `\u00XX`,
    /// DEL and the C1 controls U+0080 to U+009F too, which JSON allows raw but terminals obey);
    /// everything else is copied as is, in runs (whole scalars, since the string is valid UTF-8).
    static func appendJSONString(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout LineBuffer) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            // A C1 control is C2 followed by 80 to 9F; its code point is that second byte.
            let c1 = byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] & 0xE0 == 0x80
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || c1 else {
                index += 1
                continue
            }
            if runStart < index { out.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            let codePoint = c1 ? bytes[index + 1] : byte
            index += c1 ? 2 : 1
            runStart = index
            out.append(UInt8(ascii: "\\"))
            switch codePoint {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(codePoint)
            case 0x0A: out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "t"))
            default:
                out.append(ascii: "u00")
                out.append(hexDigit(codePoint >> 4))
                out.append(hexDigit(codePoint & 0x0F))
            }
        }
        if runStart < bytes.count { out.append(UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        out.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
