/// One step of an XML document, as `XMLPullParser` reads it.
enum XMLEvent: Equatable, Sendable {
    /// `<name a="v">`; a self-closing `<name/>` is a `start` followed at once by its `end`.
    case start(name: String, attributes: [XMLAttribute])
    case end(name: String)
    /// Character data with references decoded, or the inside of a CDATA section as written.
    case text(String)
}

struct XMLAttribute: Equatable, Sendable {
    let name: String
    let value: String
}

/// A small, strict XML pull parser for feeds, written so that nothing in a document can make it do
/// more than read the document once.
///
/// What it reads: elements, attributes, character data, CDATA sections, comments and processing
/// instructions (skipped), the predefined and numeric character references, and, since feeds written
/// by hand use them without a DTD, the HTML named references `HTMLText` knows (`&nbsp;`, `&rsquo;`).
///
/// What it refuses: a DOCTYPE with an internal subset (`refusedDoctype`, before any element is read:
/// that is where entity declarations live); any other `<!…>` declaration; mismatched or unclosed tags;
/// unquoted attributes; text outside the root element; the limits in `FeedLimits` (depth, element count,
/// attribute size and count, name size), each checked while scanning, so a huge attribute is refused
/// after `maxAttributeBytes` bytes rather than after reading it whole.
///
/// What it never does: resolve an entity (there is no entity table: an unknown `&name;` stays as
/// written), fetch anything, or expand one reference into more than one character. Decoded text is
/// therefore never longer than the document. A DOCTYPE without internal subset (RSS 0.91's
/// `<!DOCTYPE rss PUBLIC … "…dtd">`) is skipped, never fetched.
///
/// Leniencies for real feeds: a `&` that does not start a known reference is text (`Q&A`, raw `&` in
/// URLs); anything after the root element closes is ignored. Input must be UTF-8 (`FeedTextEncoding`
/// transcodes first); a leading byte-order mark is skipped.
struct XMLPullParser {
    let bytes: [UInt8]
    let limits: FeedLimits
    /// Byte offset of the next unread byte.
    var offset = 0
    private var open: [String] = []
    private var pendingEnd: String?
    private var sawRoot = false
    private var elementCount = 0

    init(utf8 bytes: [UInt8], limits: FeedLimits = .standard) {
        self.bytes = bytes
        self.limits = limits
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
    }

    /// Elements currently open, outermost first.
    var depth: Int { open.count }

    /// The next event, or nil once the root element has closed.
    mutating func next() throws(FeedParseError) -> XMLEvent? {
        if let name = pendingEnd {
            pendingEnd = nil
            open.removeLast()
            return .end(name: name)
        }
        if sawRoot && open.isEmpty { return nil }
        while offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "<") {
                if let event = try markup() { return event }
                continue
            }
            let text = try characterData()
            if open.isEmpty {
                guard text.utf8.allSatisfy(Self.isSpace) else {
                    if sawRoot { return nil }
                    throw .notAFeed(root: nil)
                }
                continue
            }
            return .text(text)
        }
        if let name = open.last { throw malformed("the document ends inside <\(name)>") }
        throw sawRoot ? malformed("unexpected end") : malformed("no root element")
    }

    func malformed(_ reason: String, at position: Int? = nil) -> FeedParseError {
        .malformed(reason: reason, offset: position ?? offset)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The bytes at `offset` are `literal`.
    func at(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for index in 0..<count where bytes[offset + index] != pointer[index] { return false }
        return true
    }

    /// The offset of the first occurrence of `literal` at or after `from`, or nil.
    func find(_ literal: StaticString, from: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        let pointer = literal.utf8Start
        var index = from
        while index + count <= bytes.count {
            if bytes[index] == pointer[0] {
                var match = true
                for inner in 1..<count where bytes[index + inner] != pointer[inner] {
                    match = false
                    break
                }
                if match { return index }
            }
            index += 1
        }
        return nil
    }

    /// Everything up to the next `<`, references decoded.
    private mutating func characterData() throws(FeedParseError) -> String {
        let start = offset
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "<") { offset += 1 }
        return Self.decodingReferences(bytes[start..<offset])
    }

    /// Reads one piece of markup starting at `<`: an event for tags and CDATA, nil for what is skipped.
    private mutating func markup() throws(FeedParseError) -> XMLEvent? {
        if at("<?") {
            guard let end = find("?>", from: offset + 2) else { throw malformed("an unterminated processing instruction") }
            offset = end + 2
            return nil
        }
        if at("<!--") {
            guard let end = find("-->", from: offset + 4) else { throw malformed("an unterminated comment") }
            offset = end + 3
            return nil
        }
        if at("<![CDATA[") {
            guard !open.isEmpty else { throw malformed("a CDATA section outside the root element") }
            guard let end = find("]]>", from: offset + 9) else { throw malformed("an unterminated CDATA section") }
            let text = String(decoding: bytes[(offset + 9)..<end], as: UTF8.self)
            offset = end + 3
            return .text(text)
        }
        if at("<!DOCTYPE") || at("<!doctype") {
            try skipDoctype()
            return nil
        }
        if at("<!") { throw malformed("a markup declaration outside a DOCTYPE") }
        if at("</") { return try endTag() }
        return try startTag()
    }

    /// Skips `<!DOCTYPE name PUBLIC "…" "…">`; refuses one with an internal subset (`[`) or one that
    /// comes after the root element has started.
    private mutating func skipDoctype() throws(FeedParseError) {
        let start = offset
        guard !sawRoot else { throw malformed("a DOCTYPE inside the document") }
        var index = offset + 9
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "<") {
                throw .refusedDoctype(offset: start)
            } else if byte == UInt8(ascii: ">") {
                offset = index + 1
                return
            }
            index += 1
        }
        throw malformed("an unterminated DOCTYPE", at: start)
    }

    private mutating func endTag() throws(FeedParseError) -> XMLEvent {
        let start = offset
        offset += 2
        let name = try readName()
        skipSpaces()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ">") else { throw malformed("an unterminated </\(name)>") }
        offset += 1
        guard let current = open.last else { throw malformed("</\(name)> with no element open", at: start) }
        guard current == name else { throw malformed("</\(name)> closes <\(current)>", at: start) }
        open.removeLast()
        return .end(name: name)
    }

    private mutating func startTag() throws(FeedParseError) -> XMLEvent {
        offset += 1
        let name = try readName()
        guard open.count < limits.maxDepth else { throw .tooLarge(.depth(limits.maxDepth)) }
        elementCount += 1
        guard elementCount <= limits.maxElements else { throw .tooLarge(.elements(limits.maxElements)) }
        let (attributes, selfClosing) = try readAttributes(of: name)
        sawRoot = true
        open.append(name)
        if selfClosing { pendingEnd = name }
        return .start(name: name, attributes: attributes)
    }
}
