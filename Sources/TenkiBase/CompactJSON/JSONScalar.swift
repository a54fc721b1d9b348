/// The bytes of JSON's scalars as `CompactJSONEncoder` writes them.
enum JSONScalar {
    /// A string in quotes: `"` and `\` escaped, the control characters JSON forbids written as
    /// `\b \f \n \r \t` or `\u00XX`, everything else (`/` and all non-ASCII) as its UTF-8 bytes.
    static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { escape($0, into: &output) }
        output.append(UInt8(ascii: "\""))
    }

    private static func escape(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x00..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            default: output.append(byte)
            }
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    /// A finite number as Swift's shortest round-trip text, without a `.0` for whole numbers
    /// (`2`, `0.5`, `1e+20`); nil for infinity and NaN, which JSON cannot hold.
    static func number(_ value: some BinaryFloatingPoint & LosslessStringConvertible) -> [UInt8]? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return Array(text.utf8)
    }

    static let null = Array("null".utf8)
    static let `true` = Array("true".utf8)
    static let `false` = Array("false".utf8)
}
