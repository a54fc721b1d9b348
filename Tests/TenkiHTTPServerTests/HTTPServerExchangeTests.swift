import Testing
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

@Suite("HTTPServer: requests and responses over loopback")
struct HTTPServerExchangeTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        let observer = CountingObserver()
        try await withServer(observer: observer) { _, port in
            let client = try TestClient(port: port)
            for path in ["/inline/1", "/async/2", "/inline/3", "/async/4"] {
                try await client.send(get(path))
                let response = try await client.readResponse()
                #expect(response.status == 200)
                #expect(response.body.hasSuffix(path))
                #expect(response.headers["Connection"] == nil)
                #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
            }
        }
        #expect(observer.statuses.withLock { $0 } == [200, 200, 200, 200])
        #expect(observer.opened.withLock { $0 } == 1)
        #expect(observer.closed.withLock { $0 } == 1)
        #expect(observer.rejections.withLock { $0 }.isEmpty)
    }

    @Test func bodyArrivingInSeveralWritesIsAssembled() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Len")
            try await client.send("gth: 11\r\n\r\nhello")
            try await client.send(" world")
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(response.body == "hello world")
        }
    }

    @Test func expectContinueGetsAnInterimResponse() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
            #expect(try await client.readResponse(ignoringBody: true).status == 100)
            try await client.send("hello")
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(response.body == "hello")
        }
    }

    @Test func chunkedBodyIsDecoded() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n")
            try await client.send("2;ext=1\r\nde\r\n0\r\nTrailer: x\r\n\r\n")
            #expect(try await client.readResponse().body == "abcde")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            let paths = ["/async/a", "/inline/b", "/async/c", "/inline/d", "/async/e"]
            try await client.send(paths.map { get($0) }.joined())
            for path in paths {
                let response = try await client.readResponse()
                #expect(response.body.hasSuffix(path))
            }
        }
    }

    /// A client may shut its sending side right after its last request: what it sent before the
    /// EOF is answered (in order, inline and async alike), then the connection is closed.
    @Test func requestsBeforeAHalfCloseAreAnsweredThenTheConnectionCloses() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            let paths = ["/inline/a", "/async/b", "/inline/c"]
            try await client.send(paths.map { get($0) }.joined())
            client.finishSending()
            for path in paths {
                #expect(try await client.readResponse().body.hasSuffix(path))
            }
            #expect(try await client.isClosedByServer())
        }
    }

    /// An unfinished request followed by EOF can never complete: it is dropped without an answer.
    @Test func anUnfinishedRequestBeforeAHalfCloseIsDroppedSilently() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send(get("/inline/a") + "GET /inline/b HTTP/1.1\r\nHost: x\r\n")
            client.finishSending()
            #expect(try await client.readResponse().body.hasSuffix("/inline/a"))
            #expect(try await client.isClosedByServer())
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send(get("/inline/x", "Connection: close\r\n"))
            let response = try await client.readResponse()
            #expect(response.headers["Connection"] == "close")
            #expect(try await client.isClosedByServer())
        }
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() async throws {
        try await withServer { _, port in
            let closing = try TestClient(port: port)
            try await closing.send("GET /inline/a HTTP/1.0\r\n\r\n")
            #expect(try await closing.readResponse().headers["Connection"] == "close")
            #expect(try await closing.isClosedByServer())

            let keeping = try TestClient(port: port)
            try await keeping.send("GET /inline/a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try await keeping.readResponse().headers["Connection"] == "keep-alive")
            try await keeping.send("GET /inline/b HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try await keeping.readResponse().body == "inline /inline/b")
        }
    }

    @Test func headResponseHasLengthButNoBody() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send("HEAD /inline/abc HTTP/1.1\r\nHost: x\r\n\r\n" + get("/inline/next"))
            // The client frames by Content-Length, so read HEAD's answer by hand: head only.
            let head = try await client.readResponse(ignoringBody: true)
            #expect(head.headers["Content-Length"] == "\("inline /inline/abc".utf8.count)")
            #expect(try await client.readResponse().body == "inline /inline/next")
        }
    }

    @Test func maxRequestsPerConnectionEndsWithClose() async throws {
        try await withServer({ $0.maxRequestsPerConnection = 2 }) { _, port in
            let client = try TestClient(port: port)
            try await client.send(get("/inline/1") + get("/inline/2"))
            #expect(try await client.readResponse().headers["Connection"] == nil)
            #expect(try await client.readResponse().headers["Connection"] == "close")
            #expect(try await client.isClosedByServer())
        }
    }

    @Test func idleKeepAliveConnectionIsClosedSilently() async throws {
        try await withServer({ $0.idleTimeout = .milliseconds(100) }) { _, port in
            let client = try TestClient(port: port)
            try await client.send(get("/inline/1"))
            #expect(try await client.readResponse().status == 200)
            #expect(try await client.isClosedByServer())
        }
    }
}
