import Foundation
import Testing
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

@Suite("ResponseSerializer and the Date header")
struct ResponseSerializerTests {
    private func serialize(
        _ response: HTTPResponse, keepAlive: Bool = true, version: HTTPVersion = .http1_1, omitBody: Bool = false
    ) -> String {
        var output: [UInt8] = []
        ResponseSerializer.append(
            response, to: &output, keepAlive: keepAlive, requestVersion: version, omitBody: omitBody,
            date: Array("Sun, 06 Nov 1994 08:49:37 GMT".utf8)
        )
        return String(decoding: output, as: UTF8.self)
    }

    @Test func writesStatusHeadersLengthDateAndBody() {
        let text = serialize(.text(.ok, "hi", headers: ["X-Id": "7"]))
        #expect(text == "HTTP/1.1 200 OK\r\nX-Id: 7\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 2\r\n"
            + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\nhi")
    }

    @Test(arguments: [
        (true, HTTPVersion.http1_1, nil as String?), (false, .http1_1, "close"),
        (true, .http1_0, "keep-alive"), (false, .http1_0, "close"),
    ])
    func connectionHeader(keepAlive: Bool, version: HTTPVersion, expected: String?) {
        let text = serialize(HTTPResponse(status: .ok), keepAlive: keepAlive, version: version)
        if let expected {
            #expect(text.contains("\r\nConnection: \(expected)\r\n"))
        } else {
            #expect(!text.contains("Connection:"))
        }
    }

    @Test func serverOwnedAndUnsafeHandlerHeadersAreDropped() {
        let headers: HTTPHeaders = [
            "Content-Length": "999", "Transfer-Encoding": "chunked", "connection": "keep-alive", "Date": "yesterday",
            "X-Split": "a\r\nSet-Cookie: evil=1", "Bad Name": "x", "X-Fine": "ok",
        ]
        let text = serialize(HTTPResponse(status: .ok, headers: headers, body: Array("abc".utf8)), keepAlive: false)
        #expect(!text.contains("999"))
        #expect(!text.contains("chunked"))
        #expect(!text.contains("keep-alive"))
        #expect(!text.contains("yesterday"))
        #expect(!text.contains("evil"))
        #expect(!text.contains("Bad Name"))
        #expect(text.contains("X-Fine: ok\r\n"))
        #expect(text.contains("Content-Length: 3\r\n"))
    }

    @Test func reasonPhraseLosesLineBreaksAndControlsButKeepsTabs() {
        let status = HTTPStatus(code: 299, reason: "Odd\r\nSet-Cookie: x=1\u{7F}\tfine")
        let text = serialize(HTTPResponse(status: status))
        #expect(text.hasPrefix("HTTP/1.1 299 OddSet-Cookie: x=1\tfine\r\nContent-Length: 0\r\n"))
    }

    @Test(arguments: [(0, "0"), (7, "7"), (10, "10"), (758, "758"), (65_536, "65536")])
    func contentLengthDigits(count: Int, expected: String) {
        let text = serialize(HTTPResponse(status: .ok, body: [UInt8](repeating: 0x61, count: count)))
        #expect(text.contains("\r\nContent-Length: \(expected)\r\n"))
    }

    @Test func aStatusWithoutAReasonTakesItsStandardPhrase() {
        #expect(serialize(HTTPResponse(status: HTTPStatus(code: 304))).hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
        #expect(HTTPStatus(code: 410) == .gone)
        #expect(HTTPStatus(code: 299).reason == "Status")
        #expect(HTTPStatus(code: 404, reason: "Gone Fishing").reason == "Gone Fishing")
    }

    @Test func outOfRangeStatusCodeIsSentAs500() {
        #expect(serialize(HTTPResponse(status: HTTPStatus(code: 42, reason: "Nope"))).hasPrefix("HTTP/1.1 500 Nope\r\n"))
    }

    @Test func headKeepsTheLengthAndDropsTheBody() {
        let text = serialize(HTTPResponse(status: .ok, body: Array("abc".utf8)), omitBody: true)
        #expect(text.contains("Content-Length: 3\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func noContentHasNoLengthAndNoBody() {
        let text = serialize(HTTPResponse(status: .noContent, body: Array("x".utf8)))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test(arguments: [
        (784_111_777, "Sun, 06 Nov 1994 08:49:37 GMT"),
        (0, "Thu, 01 Jan 1970 00:00:00 GMT"),
        (1_709_164_800, "Thu, 29 Feb 2024 00:00:00 GMT"),
    ])
    func imfFixdate(seconds: Int, expected: String) {
        #expect(HTTPDateCache.format(time_t(seconds)) == expected)
    }
}

@Suite("HTTPRequestParser.isFieldValue")
struct FieldValueScanTests {
    /// The eight-bytes-at-a-time check agrees with the byte-by-byte rule for every byte value at
    /// every offset, in whole words and in the tail.
    @Test func agreesWithTheByteRuleForEveryByteAtEveryOffset() {
        func byteRule(_ byte: UInt8) -> Bool { byte >= 0x20 ? byte != 0x7F : byte == 0x09 }
        for length in [1, 7, 8, 9, 16, 19] {
            for offset in 0..<length {
                for byte in UInt8.min...UInt8.max {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes[offset] = byte
                    let scanned = bytes.withUnsafeBufferPointer { HTTPRequestParser.isFieldValue($0) }
                    #expect(scanned == byteRule(byte), "length \(length) offset \(offset) byte \(byte)")
                }
            }
        }
    }
}

@Suite("HTTPRequest path and query")
struct RequestTargetTests {
    @Test(arguments: [
        ("/slack/commands", "/slack/commands", nil as String?), ("/healthz?verbose=1", "/healthz", "verbose=1"),
        ("/?", "/", ""), ("/a?b?c", "/a", "b?c"), ("/東京?q=大阪", "/東京", "q=大阪"),
    ])
    func splitsAtTheFirstQuestionMark(target: String, path: String, query: String?) {
        let request = HTTPRequest(method: "GET", target: target)
        #expect(request.path == path)
        #expect(request.query.map(String.init) == query)
    }
}
