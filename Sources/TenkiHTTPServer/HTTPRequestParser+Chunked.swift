/// A chunked body's framing (RFC 9112 §7.1): each chunk's size line, and the trailer lines after
/// the last chunk, checked as strictly as the head so that no two parsers read one body differently.
extension HTTPRequestParser {
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
        // The length is checked first, as above, so a line refused for its length is refused the
        // same way whether its LF arrived in the same read or not.
        guard lf - readIndex <= Self.maxChunkLineBytes else {
            throw HTTPParseError(.malformed, "chunk size line too long")
        }
        guard lf > readIndex, buffer[lf - 1] == Self.cr else {
            throw HTTPParseError(.malformed, "malformed chunk size line")
        }
        var size = 0
        var index = readIndex
        while index < lf - 1, let digit = buffer[index].hexDigitValue {
            guard index - readIndex < 15 else {
                throw HTTPParseError(.contentTooLarge, "chunk size too large", head: pending)
            }
            size = size * 16 + Int(digit)
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
                var ignored = FramingFields()
                _ = try Self.parseField(line, framing: &ignored)
                lineStart = lineEnd + 1
            }
        }
    }
}
