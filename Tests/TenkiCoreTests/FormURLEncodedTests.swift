import Testing

@testable import TenkiCore

@Suite("FormURLEncoded")
struct FormURLEncodedTests {
    private static func decoded(_ body: String) throws -> [Pair] {
        try FormURLEncoded.decode(Array(body.utf8)).map { Pair($0.name, $0.value) }
    }

    @Test(arguments: [
        ("a=1&b=2", [Pair("a", "1"), Pair("b", "2")]),
        ("text=hello+world", [Pair("text", "hello world")]),
        ("text=hello%20world", [Pair("text", "hello world")]),
        ("text=a%2Bb", [Pair("text", "a+b")]),
        ("text=%E6%9D%B1%E4%BA%AC", [Pair("text", "東京")]),
        ("text=%C4%90%C3%A0+N%E1%BA%B5ng", [Pair("text", "Đà Nẵng")]),
        ("text=%c4%90%c3%a0", [Pair("text", "Đà")]),
        ("command=%2Fweather", [Pair("command", "/weather")]),
        ("a=1&&b=2", [Pair("a", "1"), Pair("b", "2")]),
        ("&a=1&", [Pair("a", "1")]),
        ("flag&b=2", [Pair("flag", ""), Pair("b", "2")]),
        ("text=", [Pair("text", "")]),
        ("=v", [Pair("", "v")]),
        ("a=b=c", [Pair("a", "b=c")]),
        ("a=1&a=2", [Pair("a", "1"), Pair("a", "2")]),
        ("", []),
        ("&&", []),
        ("na%6De=v", [Pair("name", "v")]),
        ("url=https%3A%2F%2Fx.com%2Fa+b", [Pair("url", "https://x.com/a b")]),
        ("t=%2F+%E6%9D%B1", [Pair("t", "/ 東")]),
        ("t=%2Fa\u{E9}", [Pair("t", "/a\u{E9}")]),
    ])
    func decodes(body: String, expected: [Pair]) throws {
        #expect(try Self.decoded(body) == expected)
    }

    @Test(arguments: [
        ("a=%", 2),
        ("a=%4", 2),
        ("a=%zz", 2),
        ("a=%4g", 2),
        ("a=ok&b=x%", 8),
        ("%=1", 0),
        ("a=%%41", 2),
        // Decoded text that leaves ASCII goes the checked way; a bad escape after it is found all the same.
        ("a=%C3%A9%zz", 8),
        ("a=\u{E9}+%4", 5),
        ("a=%2F%zz%C3%A9", 5),
    ])
    func rejectsMalformedEscapes(body: String, offset: Int) {
        #expect(throws: FormDecodingError.malformedPercentEscape(offset: offset)) {
            try FormURLEncoded.decode(Array(body.utf8))
        }
    }

    @Test(arguments: [
        ("a=%FF", 0),
        ("a=1&b=%C4", 4),
        ("a=1&b=%ED%A0%80", 4),  // an encoded UTF-16 surrogate
        ("a=1&%C3%28=x", 4),
    ])
    func rejectsInvalidUTF8(body: String, offset: Int) {
        #expect(throws: FormDecodingError.invalidUTF8(offset: offset)) {
            try FormURLEncoded.decode(Array(body.utf8))
        }
    }

    @Test func rejectsRawInvalidUTF8() {
        #expect(throws: FormDecodingError.invalidUTF8(offset: 0)) {
            try FormURLEncoded.decode([UInt8(ascii: "a"), UInt8(ascii: "="), 0xC3])
        }
    }

    @Test func acceptsRawUTF8() throws {
        #expect(try Self.decoded("text=東京") == [Pair("text", "東京")])
    }

    @Test func decodesNonContiguousCollections() throws {
        let fields = try FormURLEncoded.decode("a=1&text=%E6%9D%B1".utf8)
        #expect(fields.map { Pair($0.name, $0.value) } == [Pair("a", "1"), Pair("text", "東")])
        let slice = Array("xxa=b".utf8).dropFirst(2)
        #expect(try FormURLEncoded.decode(slice).map { Pair($0.name, $0.value) } == [Pair("a", "b")])
        let lazy = "a=%41".utf8.lazy.map { $0 }
        #expect(try FormURLEncoded.decode(lazy).map { Pair($0.name, $0.value) } == [Pair("a", "A")])
    }

    @Test func encodesLikeBrowsers() {
        #expect(FormURLEncoded.encode([("command", "/weather"), ("text", "Da Nang")]) == "command=%2Fweather&text=Da+Nang")
        #expect(FormURLEncoded.encode([("a*-._", "~!")]) == "a*-._=%7E%21")
        #expect(FormURLEncoded.encode([]) == "")
    }

    @Test(arguments: [
        "a&b=c", "100%", "1+1=2", "+", " ", "%20", "東京", "Đà Nẵng", "🌧️☀️👨‍👩‍👧", "line\nbreak\r\n", "=&=&", "",
        "%E6%9D%B1", "tab\there", "\u{0}",
    ])
    func roundTrips(text: String) throws {
        let fields = [("name \(text)", text), (text, "x"), ("text", text)]
        let body = FormURLEncoded.encode(fields)
        #expect(body.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: " ") })
        #expect(try Self.decoded(body) == fields.map { Pair($0.0, $0.1) })
    }

    @Test("a byte is found where a plain search finds it, in every range of a buffer, at every offset")
    func indexOfMatchesAPlainSearch() {
        let text = Array("token=abc&team_id=T0001&text=%E6%9D%B1&&x=y=z&command=%2Fweather&".utf8)
        text.withUnsafeBufferPointer { buffer in
            for target in [UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "%"), UInt8(ascii: "#")] {
                for start in 0...buffer.count {
                    for end in start...buffer.count {
                        let expected = buffer[start..<end].firstIndex(of: target) ?? end
                        let found = FormURLEncoded.index(of: target, in: buffer, from: start, to: end)
                        #expect(found == expected)
                    }
                }
            }
        }
    }
}

/// A decoded field, Equatable and readable in failure messages (tuples are neither).
struct Pair: Equatable, Sendable, CustomStringConvertible {
    let name: String
    let value: String
    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
    var description: String { "\(name.debugDescription)=\(value.debugDescription)" }
}
