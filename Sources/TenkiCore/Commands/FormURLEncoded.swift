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
        fields.reserveCapacity(pairCountBound(buffer))  // one allocation instead of one per doubling
        var reader = FieldReader(buffer)
        while let field = try reader.next() {
            switch field.value {
            case .decoded(let value): fields.append((name: field.name, value: value))
            case .plain(let range):
                fields.append(
                    (name: field.name, value: String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)))
            }
        }
        return fields
    }

    /// The non-empty pairs of a body in order, decoded, each with the slash-command field its name is,
    /// if any (known by its bytes while the name is read, so a caller never looks a name up again).
    /// A reader, not a closure, so that what a caller collects stays a plain local it can move on.
    /// With `deferring`, the value of a field the payload reads on demand
    /// (`KnownField.isReadOnDemand`) that is plain (no escape, `+` or non-ASCII byte: valid as it
    /// stands) comes back as its range in the body, not as a `String`.
    struct FieldReader {
        let buffer: UnsafeBufferPointer<UInt8>
        let deferring: Bool
        private var start = 0
        private var scratch: [UInt8] = []

        init(_ buffer: UnsafeBufferPointer<UInt8>, deferring: Bool = false) {
            self.buffer = buffer
            self.deferring = deferring
        }

        mutating func next() throws(FormDecodingError) -> (
            name: String, value: SlashCommandPayload.FieldValue, known: SlashCommandPayload.KnownField?
        )? {
            while start < buffer.count {
                let pairStart = start
                let end = index(of: UInt8(ascii: "&"), in: buffer, from: pairStart, to: buffer.count)
                start = end + 1
                guard end > pairStart else { continue }
                let equals = index(of: UInt8(ascii: "="), in: buffer, from: pairStart, to: end)
                // A known name written plainly is its literal (no validation, no copy); an escaped one
                // (`user%5Fid`) is still that field once decoded.
                var known = SlashCommandPayload.KnownField(name: UnsafeBufferPointer(rebasing: buffer[pairStart..<equals]))
                let name: String
                if let known {
                    name = known.name
                } else {
                    name = try component(buffer, pairStart..<equals, pairStart: pairStart, scratch: &scratch)
                    known = SlashCommandPayload.KnownField(name: name)
                }
                let valueRange = equals < end ? (equals + 1)..<end : end..<end
                if deferring, let known, known.isReadOnDemand, isPlain(buffer, valueRange, plusIsSpecial: true) {
                    return (name, .plain(valueRange), known)
                }
                let value = valueRange.isEmpty ? "" : try component(buffer, valueRange, pairStart: pairStart, scratch: &scratch)
                return (name, .decoded(value), known)
            }
            return nil
        }
    }

    /// At least the number of pairs (one more than the `&`s), for reserving an array once.
    /// The word-at-a-time test flags every `&` and at worst a few bytes after one, so the bound is never short.
    static func pairCountBound(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress.map(UnsafeRawPointer.init) else { return 1 }
        var count = 1
        var index = 0
        while index + 8 <= buffer.count {
            count += zeroBytes(base.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x26)).nonzeroBitCount
            index += 8
        }
        for byte in UnsafeBufferPointer(rebasing: buffer[index...]) where byte == UInt8(ascii: "&") { count += 1 }
        return count
    }

    /// A name or value with no escapes, `+` or non-ASCII byte (checked a word at a time) is a `String` as
    /// it stands; the rest is unescaped.
    private static func component(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        pairStart: Int,
        scratch: inout [UInt8]
    ) throws(FormDecodingError) -> String {
        if isPlain(buffer, range, plusIsSpecial: true) {
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        }
        return try unescape(buffer, range, pairStart: pairStart, scratch: &scratch)
    }

    /// Decodes one name or value. Plain ASCII (most Slack IDs and tokens) becomes a String straight from the
    /// body's bytes; only escaped text goes through the reused scratch buffer.
    static func unescape(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        pairStart: Int,
        scratch: inout [UInt8]
    ) throws(FormDecodingError) -> String {
        let slice = UnsafeBufferPointer(rebasing: buffer[range])
        if !slice.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") || $0 >= 0x80 }) {
            return String(decoding: slice, as: UTF8.self)
        }
        // Most escaped values are ASCII once decoded (`%2Fweather`, a `response_url`): decoded straight
        // into the String's storage, valid as they stand. The first byte at or above 0x80 sends the
        // value to the checked path below, which decodes it again from the start (and meets any bad
        // escape at the same offset).
        var failure: FormDecodingError?
        var needsUTF8Check = false
        let ascii = String(unsafeUninitializedCapacity: range.count) { out in
            var index = range.lowerBound, count = 0
            while index < range.upperBound {
                var byte = buffer[index]
                if byte == UInt8(ascii: "+") {
                    byte = UInt8(ascii: " ")
                    index += 1
                } else if byte == UInt8(ascii: "%") {
                    guard index + 2 < range.upperBound, let high = buffer[index + 1].hexDigitValue,
                        let low = buffer[index + 2].hexDigitValue
                    else {
                        failure = .malformedPercentEscape(offset: index)
                        return 0
                    }
                    byte = high << 4 | low
                    index += 3
                } else {
                    index += 1
                }
                guard byte < 0x80 else {
                    needsUTF8Check = true
                    return 0
                }
                out[count] = byte
                count += 1
            }
            return count
        }
        if let failure { throw failure }
        if !needsUTF8Check { return ascii }
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
