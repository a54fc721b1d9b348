import TenkiBase

/// One name or value at a time: for the decoder's fast path and for scanners that decode only the
/// fields they need.
extension FormURLEncoded {
    /// Whether `decode` would accept this name or value: every `%` followed by two hex digits, and
    /// UTF-8 once decoded. Decodes only when a byte at or above 0x80 may result (rare in Slack's fields).
    static func isValidComponent(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        var ascii = true
        while index < range.upperBound {
            let byte = buffer[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, let high = buffer[index + 1].hexDigitValue,
                    buffer[index + 2].hexDigitValue != nil
                else {
                    return false
                }
                if high >= 8 { ascii = false }
                index += 3
            } else {
                if byte >= 0x80 { ascii = false }
                index += 1
            }
        }
        return ascii || decodedComponent(buffer, range) != nil
    }

    /// Whether `range` holds none of `%`, `+` (when `plusIsSpecial`) and bytes at or above 0x80, eight
    /// bytes at a time: such a name or value is its own decoding, valid, and a `String` as it stands.
    static func isPlain(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, plusIsSpecial: Bool) -> Bool {
        guard let base = buffer.baseAddress.map(UnsafeRawPointer.init) else { return true }
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & highs != 0 || zeroBytes(word ^ (ones &* 0x25)) != 0
                || (plusIsSpecial && zeroBytes(word ^ (ones &* 0x2B)) != 0)
            {
                return false
            }
            index += 8
        }
        while index < range.upperBound {
            let byte = buffer[index]
            if byte >= 0x80 || byte == UInt8(ascii: "%") || (plusIsSpecial && byte == UInt8(ascii: "+")) { return false }
            index += 1
        }
        return true
    }

    /// The first index in `start..<end` holding `target`, or `end`; eight bytes at a time.
    static func index(of target: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard let base = buffer.baseAddress.map(UnsafeRawPointer.init) else { return end }
        let pattern = ones &* UInt64(target)
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let flags = zeroBytes(word ^ pattern)
            // The lowest flag is always a real match (only bytes above a zero byte can be flagged falsely),
            // and read little-endian the lowest flag is the first byte in memory.
            if flags != 0 { return index + flags.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < end, buffer[index] != target { index += 1 }
        return index
    }

    static var ones: UInt64 { 0x0101_0101_0101_0101 }
    static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The high bit of each byte of `word` that is zero, and possibly of bytes above such a byte (the classic
    /// bit trick: exact for "any" and for the lowest, which is all it is asked).
    static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// One name or value decoded exactly as `decode` decodes it; nil where `decode` would throw.
    static func decodedComponent(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        var scratch: [UInt8] = []
        return try? unescape(buffer, range, pairStart: range.lowerBound, scratch: &scratch)
    }
}
