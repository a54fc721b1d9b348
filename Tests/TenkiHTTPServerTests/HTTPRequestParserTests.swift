import Testing
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

/// Feeds `raw` to a parser in pieces of `step` bytes and collects every request until an error.
func parseAll(
    _ raw: String, step: Int = .max, maxHeaderBytes: Int = 16 * 1024, maxBodyBytes: Int = 64 * 1024
) -> (requests: [HTTPRequest], error: HTTPParseError?) {
    var parser = HTTPRequestParser(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes)
    let bytes = Array(raw.utf8)
    var requests: [HTTPRequest] = []
    var offset = 0
    repeat {
        let end = offset + min(step, bytes.count - offset)
        parser.append(bytes[offset..<end])
        offset = end
        do {
            while let request = try parser.nextRequest() { requests.append(request) }
        } catch {
            return (requests, error)
        }
    } while offset < bytes.count
    return (requests, nil)
}

struct ValidCase: Sendable, CustomStringConvertible {
    var description: String
    var raw: String
    var method: String
    var target: String
    var version: HTTPVersion = .http1_1
    var headers: [String: String] = [:]
    var body: String = ""
}

@Suite("HTTPRequestParser: valid requests")
struct HTTPRequestParserValidTests {
    static let cases: [ValidCase] = [
        ValidCase(description: "simple GET", raw: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
                  method: "GET", target: "/healthz", headers: ["host": "x"]),
        ValidCase(description: "HTTP/1.0 with query", raw: "GET /a?b=c HTTP/1.0\r\n\r\n",
                  method: "GET", target: "/a?b=c", version: .http1_0),
        ValidCase(description: "OWS trimmed, tab inside kept", raw: "GET / HTTP/1.1\r\nHost: x\r\nX-A: \t a\tb  \r\n\r\n",
                  method: "GET", target: "/", headers: ["X-A": "a\tb"]),
        ValidCase(description: "empty header value", raw: "GET / HTTP/1.1\r\nHost: x\r\nX-Empty:\r\n\r\n",
                  method: "GET", target: "/", headers: ["x-empty": ""]),
        ValidCase(description: "leading empty line ignored", raw: "\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", method: "GET", target: "/"),
        ValidCase(description: "Content-Length body",
                  raw: "POST /slack/commands HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\ntext=hello!",
                  method: "POST", target: "/slack/commands", headers: ["content-length": "11"], body: "text=hello!"),
        ValidCase(description: "Content-Length zero", raw: "POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n",
                  method: "POST", target: "/x"),
        ValidCase(description: "chunked with extension and trailers",
                  raw: "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n6 ; x\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n",
                  method: "POST", target: "/c", body: "hello world"),
        ValidCase(description: "chunked upper-case hex, no trailers",
                  raw: "POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n",
                  method: "POST", target: "/c", body: "0123456789"),
        ValidCase(description: "HTTP/1.0 without Host", raw: "GET /a HTTP/1.0\r\n\r\n", method: "GET", target: "/a", version: .http1_0),
        ValidCase(description: "empty Host", raw: "GET / HTTP/1.1\r\nHost:\r\n\r\n", method: "GET", target: "/", headers: ["Host": ""]),
        ValidCase(description: "Host with port", raw: "GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n",
                  method: "GET", target: "/", headers: ["Host": "[::1]:8080"]),
        ValidCase(description: "absolute-form: its authority replaces Host",
                  raw: "GET http://tenki.example:8080/healthz?a=b HTTP/1.1\r\nHost: other\r\n\r\n",
                  method: "GET", target: "/healthz?a=b", headers: ["Host": "tenki.example:8080"]),
        ValidCase(description: "absolute-form, scheme in any case, no path",
                  raw: "GET HTTPS://tenki.example HTTP/1.1\r\nHost: tenki.example\r\n\r\n",
                  method: "GET", target: "/", headers: ["Host": "tenki.example"]),
        ValidCase(description: "absolute-form with a query and no path",
                  raw: "GET http://tenki.example?q=1 HTTP/1.1\r\nHost: tenki.example\r\n\r\n",
                  method: "GET", target: "/?q=1"),
        ValidCase(description: "custom method token", raw: "M-SEARCH /x HTTP/1.1\r\nHost: x\r\n\r\n", method: "M-SEARCH", target: "/x"),
    ]

    @Test(arguments: cases, [Int.max, 1, 7])
    func parses(_ valid: ValidCase, step: Int) throws {
        let (requests, error) = parseAll(valid.raw, step: step)
        #expect(error == nil)
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.method == valid.method)
        #expect(request.target == valid.target)
        #expect(request.version == valid.version)
        #expect(String(decoding: request.body, as: UTF8.self) == valid.body)
        for (name, value) in valid.headers {
            #expect(request.headers[name] == value)
        }
    }

    @Test func pipelinedRequestsInOneReadComeOutInOrder() {
        let raw = "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /2 HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc"
            + "POST /3 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nz\r\n0\r\n\r\nGET /4 HTTP/1.1\r\nHost: x\r\n\r\n"
        for step in [Int.max, 1, 5] {
            let (requests, error) = parseAll(raw, step: step)
            #expect(error == nil)
            #expect(requests.map(\.target) == ["/1", "/2", "/3", "/4"])
            #expect(requests.map { String(decoding: $0.body, as: UTF8.self) } == ["", "abc", "z", ""])
        }
    }

    @Test func phaseFollowsTheRequest() throws {
        var parser = HTTPRequestParser()
        #expect(parser.phase == .idle)
        parser.append(Array("POST / HTTP/1.1\r\nHost: x\r\nContent-".utf8))
        #expect(try parser.nextRequest() == nil)
        #expect(parser.phase == .head)
        parser.append(Array("Length: 4\r\n\r\nab".utf8))
        #expect(try parser.nextRequest() == nil)
        #expect(parser.phase == .body)
        parser.append(Array("cd".utf8))
        let request = try #require(try parser.nextRequest())
        #expect(request.body == Array("abcd".utf8))
        #expect(parser.phase == .idle)
        #expect(parser.bufferedByteCount == 0)
    }

    /// Names and the `100-continue` token compare in any case; other expectations and HTTP/1.0 get no interim answer.
    @Test(arguments: [
        ("POST /x HTTP/1.1\r\nHost: x\r\nEXPECT: 100-Continue\r\ncontent-length: 2\r\n\r\n", true),
        ("POST /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continued\r\nContent-Length: 2\r\n\r\n", false),
        ("POST /x HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n", false),
    ])
    func expectContinueIsKnownByItsBytes(head: String, continues: Bool) throws {
        var parser = HTTPRequestParser()
        parser.append(Array(head.utf8))
        #expect(try parser.nextRequest() == nil)
        #expect(parser.takeContinueRequest() == continues)
        parser.append(Array("ok".utf8))
        #expect(try parser.nextRequest()?.body == Array("ok".utf8))
    }

    @Test func expectContinueIsReportedOnceWhileTheBodyIsAwaited() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("POST /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8))
        #expect(try parser.nextRequest() == nil)
        let first = parser.takeContinueRequest(), second = parser.takeContinueRequest()
        #expect(first)
        #expect(!second)
        parser.append(Array("ok".utf8))
        #expect(try parser.nextRequest()?.body == Array("ok".utf8))

        // Body already here: no interim response.
        parser.append(Array("POST /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok".utf8))
        #expect(try parser.nextRequest() != nil)
        let late = parser.takeContinueRequest()
        #expect(!late)
    }

    @Test func remoteAddressIsStamped() throws {
        var parser = HTTPRequestParser(remoteAddress: "10.0.0.1:5555")
        parser.append(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(try parser.nextRequest()?.remoteAddress == "10.0.0.1:5555")
    }

    @Test func longKeepAliveConnectionDoesNotGrowTheBuffer() throws {
        var parser = HTTPRequestParser()
        let one = Array("POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100)
        for _ in 0..<2000 {
            parser.append(one + one.prefix(10))
            #expect(try parser.nextRequest() != nil)
            parser.append(one.dropFirst(10))
            #expect(try parser.nextRequest() != nil)
        }
        #expect(parser.buffer.count < 16 * 1024)
    }
}
