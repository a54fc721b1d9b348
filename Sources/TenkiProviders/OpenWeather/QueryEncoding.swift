/// Percent-encoding for query item names and values.
///
/// Foundation's `URLQueryItem` leaves `+`, `,`, `&`-adjacent characters and `;` alone in some
/// versions, and servers read a bare `+` as a space; encoding everything but the RFC 3986
/// unreserved set makes `Da Nang,VN`, `東京`, `Đà Nẵng` and `C++&Co` arrive exactly as typed.
enum QueryEncoding {
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += byte < 0x10 ? "%0" + hex : "%" + hex
            }
        }
        return out
    }

    /// `name=value&…` for the items in order.
    static func encode(_ items: [(name: String, value: String)]) -> String {
        items.map { encode($0.name) + "=" + encode($0.value) }.joined(separator: "&")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
