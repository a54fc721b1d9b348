import TenkiBase

/// `application/x-www-form-urlencoded`, the body format of Slack's (and Mattermost's) slash commands.
///
/// The decoder is strict where leniency would hide a broken or hostile sender: a `%` that is not followed
/// by two hex digits is an error rather than being passed through, and bytes that are not UTF-8 after
/// percent-decoding are an error rather than being replaced with U+FFFD (Slack always sends UTF-8, so
/// anything else is not Slack, and silently rewriting a command's text would be worse than refusing it).
/// It is lenient where browsers and Slack agree: empty pairs (`a=1&&b=2`, a trailing `&`) are skipped, and
/// a name without `=` has the value "". Order and duplicates are kept; deciding what a repeated field
/// means is the caller's business.
public enum FormURLEncoded {
    /// Decodes a whole body. Works on a contiguous copy only when the collection is not contiguous already.
    public static func decode(_ bytes: some Collection<UInt8>) throws(FormDecodingError) -> [(name: String, value: String)] {
        let result =
            bytes.withContiguousStorageIfAvailable { buffer in
                Result { () throws(FormDecodingError) in try decode(buffer: buffer) }
            }
            ?? Array(bytes).withUnsafeBufferPointer { buffer in
                Result { () throws(FormDecodingError) in try decode(buffer: buffer) }
            }
        return try result.get()
    }

    /// Encodes fields the way browsers do (WHATWG URL standard): ASCII letters, digits and `*-._` stay,
    /// space becomes `+`, every other byte of the UTF-8 becomes `%XX`. `decode(encode(x)) == x` for every x.
    public static func encode(_ fields: [(String, String)]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(fields.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 2 })
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { out.append(UInt8(ascii: "&")) }
            appendEscaped(name, to: &out)
            out.append(UInt8(ascii: "="))
            appendEscaped(value, to: &out)
        }
        // Every byte appended is ASCII, so this never repairs anything.
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: - Decoding

    private static func decode(buffer: UnsafeBufferPointer<UInt8>) throws(FormDecodingError) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        var scratch: [UInt8] = []
        var start = 0
        while start < buffer.count {
            var end = start
            while end < buffer.count, buffer[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end, buffer[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try unescape(buffer, start..<equals, pairStart: start, scratch: &scratch)
                let value =
                    equals < end ? try unescape(buffer, (equals + 1)..<end, pairStart: start, scratch: &scratch) : ""
                fields.append((name: name, value: value))
            }
            start = end + 1
        }
        return fields
    }

    /// Decodes one name or value. Plain ASCII (most Slack IDs and tokens) becomes a String straight from the
    /// body's bytes; only escaped text goes through the reused scratch buffer.
    private static func unescape(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        pairStart: Int,
        scratch: inout [UInt8]
    ) throws(FormDecodingError) -> String {
        let slice = UnsafeBufferPointer(rebasing: buffer[range])
        if !slice.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") || $0 >= 0x80 }) {
            return String(decoding: slice, as: UTF8.self)
        }
        scratch.removeAll(keepingCapacity: true)
        scratch.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "+"):
                scratch.append(UInt8(ascii: " "))
                index += 1
            case UInt8(ascii: "%"):
                guard index + 2 < range.upperBound,
                    let high = buffer[index + 1].hexDigitValue,
                    let low = buffer[index + 2].hexDigitValue
                else { throw .malformedPercentEscape(offset: index) }
                scratch.append(high << 4 | low)
                index += 3
            default:
                scratch.append(byte)
                index += 1
            }
        }
        if !scratch.contains(where: { $0 >= 0x80 }) { return String(decoding: scratch, as: UTF8.self) }  // ASCII: valid as is
        guard let string = validatedString(scratch) else { throw .invalidUTF8(offset: pairStart) }
        return string
    }

    private static func validatedString(_ bytes: [UInt8]) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8()
        while true {
            switch parser.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }

    // MARK: - One component, for scanners that decode only the fields they need

    /// Whether `decode` would accept this name or value: every `%` followed by two hex digits, and
    /// UTF-8 once decoded. Decodes only when a byte at or above 0x80 may result (rare in Slack's fields).
    static func isValidComponent(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        var ascii = true
        while index < range.upperBound {
            let byte = buffer[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound, let high = buffer[index + 1].hexDigitValue, buffer[index + 2].hexDigitValue != nil else {
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

    // MARK: - Encoding

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func appendEscaped(_ string: String, to out: inout [UInt8]) {
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"),
                UInt8(ascii: "."), UInt8(ascii: "_"):
                out.append(byte)
            case UInt8(ascii: " "):
                out.append(UInt8(ascii: "+"))
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }
}
