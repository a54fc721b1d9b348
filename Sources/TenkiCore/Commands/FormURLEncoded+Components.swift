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
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        /// Some byte of `word` is zero (the classic bit trick: exact for "any", which is all we ask).
        func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & highs != 0 }
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if word & highs != 0 || hasZeroByte(word ^ (ones &* 0x25)) || (plusIsSpecial && hasZeroByte(word ^ (ones &* 0x2B))) {
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

    /// One name or value decoded exactly as `decode` decodes it; nil where `decode` would throw.
    static func decodedComponent(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        var scratch: [UInt8] = []
        return try? unescape(buffer, range, pairStart: range.lowerBound, scratch: &scratch)
    }
}
