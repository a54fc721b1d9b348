import Foundation

/// Turns a feed's bytes into UTF-8 for `XMLPullParser`, from its byte-order mark or the `encoding` its
/// XML declaration names (`<?xml version="1.0" encoding="Shift_JIS"?>`).
///
/// UTF-8 (the default) is passed through untouched when valid. A document that declares nothing (or
/// UTF-8) but is not valid UTF-8 is read as Windows-1252, which is what such feeds almost always are.
/// ISO-8859-1 is read as Windows-1252 too (as browsers do): its 0x80–0x9F range is control codes
/// nobody means, and the curly quotes feeds put there are what Windows-1252 has there. For the same
/// reason the C1 controls U+0080–U+009F in any feed (Windows-1252 bytes once taken for Latin-1 and
/// converted to UTF-8: `don\u{92}t`) become the Windows-1252 characters (`don’t`).
enum FeedTextEncoding {
    /// `bytes` as UTF-8, or `malformed` for an encoding this parser does not read.
    static func utf8(_ bytes: [UInt8]) throws(FeedParseError) -> [UInt8] {
        replacingC1Controls(try transcoded(bytes))
    }

    private static func transcoded(_ bytes: [UInt8]) throws(FeedParseError) -> [UInt8] {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return try transcode(bytes, from: .utf16, label: "UTF-16")
        }
        let label = declaredEncoding(bytes)?.lowercased()
        switch label {
        case nil, "utf-8", "utf8":
            if String(validating: bytes, as: UTF8.self) != nil { return bytes }
            return try transcode(bytes, from: .windowsCP1252, label: "Windows-1252")
        case "us-ascii", "ascii", "iso-8859-1", "latin1", "iso_8859-1", "windows-1252", "cp1252":
            return try transcode(bytes, from: .windowsCP1252, label: label ?? "")
        case "shift_jis", "shift-jis", "sjis", "windows-31j", "cp932", "x-sjis":
            return try transcode(bytes, from: .shiftJIS, label: label ?? "")
        case "euc-jp":
            return try transcode(bytes, from: .japaneseEUC, label: label ?? "")
        case "iso-2022-jp":
            return try transcode(bytes, from: .iso2022JP, label: label ?? "")
        case "iso-8859-2", "latin2":
            return try transcode(bytes, from: .isoLatin2, label: label ?? "")
        case "windows-1250":
            return try transcode(bytes, from: .windowsCP1250, label: label ?? "")
        case "windows-1251":
            return try transcode(bytes, from: .windowsCP1251, label: label ?? "")
        case "utf-16", "utf-16le", "utf-16be":
            return try transcode(bytes, from: .utf16, label: label ?? "")
        case let other?:
            throw .malformed(reason: "the encoding \(other) is not supported (UTF-8 is)", offset: 0)
        }
    }

    /// UTF-8 `C2 80`…`C2 9F` replaced by the UTF-8 of the Windows-1252 character for `80`…`9F`
    /// (the five bytes Windows-1252 leaves undefined are kept).
    static func replacingC1Controls(_ bytes: [UInt8]) -> [UInt8] {
        var index = bytes.firstIndex(of: 0xC2) ?? bytes.endIndex
        guard index < bytes.endIndex else { return bytes }
        var out = Array(bytes[..<index])
        out.reserveCapacity(bytes.count + 16)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]),
                let scalar = windows1252C1[Int(bytes[index + 1] - 0x80)]
            {
                out.append(contentsOf: String(scalar).utf8)
                index += 2
            } else {
                out.append(byte)
                index += 1
            }
        }
        return out
    }

    /// Windows-1252's characters for bytes 0x80–0x9F; nil where it has none.
    static let windows1252C1: [Unicode.Scalar?] = [
        "\u{20AC}", nil, "\u{201A}", "\u{0192}", "\u{201E}", "\u{2026}", "\u{2020}", "\u{2021}",
        "\u{02C6}", "\u{2030}", "\u{0160}", "\u{2039}", "\u{0152}", nil, "\u{017D}", nil,
        nil, "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}", "\u{2022}", "\u{2013}", "\u{2014}",
        "\u{02DC}", "\u{2122}", "\u{0161}", "\u{203A}", "\u{0153}", nil, "\u{017E}", "\u{0178}",
    ]

    private static func transcode(
        _ bytes: [UInt8], from encoding: String.Encoding, label: String
    )
        throws(FeedParseError) -> [UInt8]
    {
        // Windows-1252 leaves five bytes undefined; a feed using one is read as ISO-8859-1 instead.
        let fallback = encoding == .windowsCP1252 ? String(data: Data(bytes), encoding: .isoLatin1) : nil
        guard let text = String(data: Data(bytes), encoding: encoding) ?? fallback else {
            throw .malformed(reason: "the bytes are not valid \(label)", offset: 0)
        }
        return Array(text.utf8)
    }

    /// The `encoding` pseudo-attribute of an XML declaration at the very start (after a UTF-8 BOM),
    /// read as ASCII from the first 256 bytes.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        let head = bytes[start..<min(bytes.count, start + 256)]
        guard head.starts(with: Array("<?xml".utf8)), let close = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let declaration = String(decoding: head[head.startIndex..<close], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        var rest = declaration[key.upperBound...].drop(while: { $0 == " " || $0 == "=" || $0 == "\t" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let end = rest.firstIndex(of: quote) else { return nil }
        let name = String(rest[..<end])
        return name.isEmpty ? nil : name
    }
}
