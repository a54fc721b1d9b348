/// Names, attributes and references.
extension XMLPullParser {
    mutating func skipSpaces() {
        while offset < bytes.count, Self.isSpace(bytes[offset]) { offset += 1 }
    }

    /// A name: one or more bytes up to a space, `/`, `>`, `=`, `<` or a quote, not starting with a
    /// digit, `-` or `.`. Non-ASCII bytes are allowed (XML allows most letters of any script).
    mutating func readName() throws(FeedParseError) -> String {
        let start = offset
        while offset < bytes.count, !Self.endsName(bytes[offset]) {
            offset += 1
            guard offset - start <= limits.maxNameBytes else { throw .tooLarge(.nameBytes(limits.maxNameBytes)) }
        }
        guard offset > start else {
            throw offset < bytes.count ? malformed("a `<` that starts no tag") : malformed("the document ends inside a tag")
        }
        let first = bytes[start]
        guard !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first), first != UInt8(ascii: "-"), first != UInt8(ascii: ".")
        else { throw malformed("a name starting with `\(Unicode.Scalar(first))`", at: start) }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    static func endsName(_ byte: UInt8) -> Bool {
        isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "=")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// The attributes of the tag being read, up to and including its `>` or `/>`.
    mutating func readAttributes(of element: String) throws(FeedParseError) -> ([XMLAttribute], selfClosing: Bool) {
        var attributes: [XMLAttribute] = []
        while true {
            let hadSpace = offset < bytes.count && Self.isSpace(bytes[offset])
            skipSpaces()
            guard offset < bytes.count else { throw malformed("the document ends inside <\(element)>") }
            if bytes[offset] == UInt8(ascii: ">") {
                offset += 1
                return (attributes, false)
            }
            if at("/>") {
                offset += 2
                return (attributes, true)
            }
            guard hadSpace else { throw malformed("no space before an attribute of <\(element)>") }
            let nameStart = offset
            let name = try readName()
            skipSpaces()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "=") else {
                throw malformed("attribute \(name) of <\(element)> has no value", at: nameStart)
            }
            offset += 1
            skipSpaces()
            let value = try readAttributeValue(name: name)
            guard !attributes.contains(where: { $0.name == name }) else {
                throw malformed("attribute \(name) twice in <\(element)>", at: nameStart)
            }
            attributes.append(XMLAttribute(name: name, value: value))
            guard attributes.count <= limits.maxAttributesPerElement else {
                throw .tooLarge(.attributes(limits.maxAttributesPerElement))
            }
        }
    }

    /// A quoted value, references decoded and tabs and line breaks made spaces (XML's normalisation).
    private mutating func readAttributeValue(name: String) throws(FeedParseError) -> String {
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "'") else {
            throw malformed("attribute \(name) is not quoted")
        }
        let quote = bytes[offset]
        offset += 1
        let start = offset
        while offset < bytes.count, bytes[offset] != quote {
            guard bytes[offset] != UInt8(ascii: "<") else { throw malformed("a `<` inside attribute \(name)") }
            offset += 1
            guard offset - start <= limits.maxAttributeBytes else { throw .tooLarge(.attributeBytes(limits.maxAttributeBytes)) }
        }
        guard offset < bytes.count else { throw malformed("the document ends inside attribute \(name)") }
        let raw = bytes[start..<offset]
        offset += 1
        let value = Self.decodingReferences(raw)
        guard value.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return value }
        return String(decoding: value.utf8.map { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
    }

    /// `raw` with `&lt;`, `&#8217;`, `&#x2019;` and the HTML names `HTMLText` knows replaced by their
    /// character. Anything else starting with `&` stays as written. One reference gives at most one
    /// character (never more bytes than it took), and nothing is decoded twice.
    static func decodingReferences(_ raw: ArraySlice<UInt8>) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "&"), let (scalar, length) = reference(at: index, in: raw) else {
                out.append(byte)
                index += 1
                continue
            }
            out.append(contentsOf: String(scalar).utf8)
            index += length
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character a reference at `start` stands for and the bytes it spans (`&` to `;`).
    private static func reference(at start: Int, in raw: ArraySlice<UInt8>) -> (Character, Int)? {
        let limit = min(raw.endIndex, start + 12)
        guard let semicolon = raw[(start + 1)..<limit].firstIndex(of: UInt8(ascii: ";")), semicolon > start + 1 else {
            return nil
        }
        let body = raw[(start + 1)..<semicolon]
        let length = semicolon - start + 1
        if body.first == UInt8(ascii: "#") {
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
                value = UInt32(String(decoding: digits.dropFirst(), as: UTF8.self), radix: 16)
            } else {
                value = UInt32(String(decoding: digits, as: UTF8.self), radix: 10)
            }
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (Character(scalar), length)
        }
        switch String(decoding: body, as: UTF8.self) {
        case "lt": return ("<", length)
        case "gt": return (">", length)
        case "amp": return ("&", length)
        case "quot": return ("\"", length)
        case "apos": return ("'", length)
        case let name:
            guard let text = HTMLText.namedEntities[name], let character = text.first, text.count == 1 else { return nil }
            return (character, length)
        }
    }
}
