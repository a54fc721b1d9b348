/// Hexadecimal text to bytes and back, for keys and signatures that travel as hex (Discord's
/// `X-Signature-Ed25519` and `DISCORD_PUBLIC_KEY`).
package enum HexBytes {
    /// The bytes that `text` spells with two hex digits (either case) per byte, or nil when it has an odd
    /// length or any other character (no `0x`, no spaces). Never traps, whatever the input.
    package static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { utf8 -> [UInt8]? in  // the string's own bytes: no copy
            guard utf8.count % 2 == 0 else { return nil }
            var bytes = [UInt8]()
            bytes.reserveCapacity(utf8.count / 2)
            var index = 0
            while index < utf8.count {
                guard let high = value(of: utf8[index]), let low = value(of: utf8[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
                index += 2
            }
            return bytes
        }
    }

    /// Lowercase hex, two digits per byte.
    package static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            text.unicodeScalars.append(digits[Int(byte >> 4)])
            text.unicodeScalars.append(digits[Int(byte & 0x0F)])
        }
        return text
    }

    private static let digits = Array("0123456789abcdef".unicodeScalars)

    private static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
