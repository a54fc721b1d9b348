import Testing
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

@Suite("HTTPServer: limits, rejections and timeouts")
struct HTTPServerLimitTests {
    @Test(arguments: [
        ("GET / HTTP/1.1\nHost: x\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\n\r\n", 505),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabc", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n", 400),
        // Smuggling by obfuscated Transfer-Encoding (TE.TE) and whitespace before the colon.
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0x10\r\n\r\n", 400),
    ])
    func malformedRequestIsAnsweredAndClosed(raw: String, status: Int) async throws {
        let observer = CountingObserver()
        try await withServer(observer: observer) { _, port in
            let client = try TestClient(port: port)
            try await client.send(raw)
            let response = try await client.readResponse()
            #expect(response.status == status)
            #expect(response.headers["Connection"] == "close")
            #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
            #expect(try await client.isClosedByServer())
        }
        #expect(observer.rejections.withLock { $0 } == [.malformed(status: status)])
    }

    @Test func headersOverTheLimitGet431() async throws {
        let observer = CountingObserver()
        try await withServer({ $0.maxHeaderBytes = 1024 }, observer: observer) { _, port in
            let client = try TestClient(port: port)
            try await client.send(get("/inline/x", "X-Big: \(String(repeating: "a", count: 2000))\r\n"))
            #expect(try await client.readResponse().status == 431)
            #expect(try await client.isClosedByServer())
        }
        #expect(observer.rejections.withLock { $0 } == [.headersTooLarge])
    }

    @Test func bodyOverTheLimitGets413WithoutBeingSent() async throws {
        try await withServer({ $0.maxBodyBytes = 1000 }) { _, port in
            let client = try TestClient(port: port)
            try await client.send("POST /known HTTP/1.1\r\nHost: x\r\nContent-Length: 1001\r\n\r\n")
            #expect(try await client.readResponse().status == 413)
            #expect(try await client.isClosedByServer())
        }
    }

    /// A client that writes its whole oversized body before reading still gets the 413.
    @Test func clientSendingAHugeBodyAnywayStillReads413() async throws {
        try await withServer({ $0.maxBodyBytes = 1000 }) { _, port in
            let client = try TestClient(port: port)
            let body = [UInt8](repeating: UInt8(ascii: "a"), count: 512 * 1024)
            try await client.send(Array("POST /known HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            #expect(try await client.readResponse().status == 413)
        }
    }

    @Test func chunkedBodyOverTheLimitGets413() async throws {
        try await withServer({ $0.maxBodyBytes = 10 }) { _, port in
            let client = try TestClient(port: port)
            try await client.send("POST /known HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n8\r\n12345678\r\n8\r\n12345678\r\n0\r\n\r\n")
            #expect(try await client.readResponse().status == 413)
        }
    }

    @Test func routingAnswerRanksBefore413() async throws {
        try await withServer({ $0.maxBodyBytes = 10 }) { _, port in
            let client = try TestClient(port: port)
            try await client.send("POST /unknown HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 404)
            #expect(response.headers["Connection"] == "close")
        }
    }

    @Test func slowClientGets408WhileAnotherIsServed() async throws {
        let observer = CountingObserver()
        try await withServer({ $0.headerTimeout = .milliseconds(200) }, observer: observer) { _, port in
            let slow = try TestClient(port: port)
            try await slow.send("GET /inline/slow HTTP/1.1\r\nHost: x\r\n")
            let fast = try TestClient(port: port)
            try await fast.send(get("/async/fast"))
            #expect(try await fast.readResponse().status == 200)
            let response = try await slow.readResponse()
            #expect(response.status == 408)
            #expect(response.headers["Connection"] == "close")
            #expect(try await slow.isClosedByServer())
        }
        #expect(observer.rejections.withLock { $0 } == [.timedOut])
    }

    @Test func silentNewConnectionIsClosedAfterTheHeaderTimeout() async throws {
        try await withServer({
            $0.headerTimeout = .milliseconds(200)
            $0.idleTimeout = .seconds(60)
        }) { server, port in
            let client = try TestClient(port: port)
            #expect(try await client.isClosedByServer())
            #expect(server.connectionCount == 0)
        }
    }

    @Test func slowBodyGets408() async throws {
        try await withServer({ $0.bodyTimeout = .milliseconds(200) }) { _, port in
            let client = try TestClient(port: port)
            try await client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try await client.readResponse().status == 408)
        }
    }

    @Test func connectionsOverTheLimitGet503() async throws {
        let observer = CountingObserver()
        try await withServer({ $0.maxConnections = 2 }, observer: observer) { server, port in
            let first = try TestClient(port: port)
            let second = try TestClient(port: port)
            for client in [first, second] {
                try await client.send(get("/inline/ok"))
                #expect(try await client.readResponse().status == 200)
            }
            let third = try TestClient(port: port)
            try await third.send(get("/inline/ok"))
            let refused = try await third.readResponse()
            #expect(refused.status == 503)
            #expect(refused.headers["Connection"] == "close")
            #expect(try await third.isClosedByServer())
            // The first two are still served.
            try await first.send(get("/inline/again"))
            #expect(try await first.readResponse().status == 200)
        }
        #expect(observer.rejections.withLock { $0 } == [.overloaded])
    }

    @Test func handlerTakingTooLongGets503AndClose() async throws {
        try await withServer({ $0.handlerTimeout = .milliseconds(200) }) { _, port in
            let client = try TestClient(port: port)
            try await client.send(get("/forever"))
            let response = try await client.readResponse()
            #expect(response.status == 503)
            #expect(response.headers["Connection"] == "close")
            #expect(try await client.isClosedByServer())
        }
    }
}

@Suite("HTTPServer: over the connection limit and before the body")
struct HTTPServerRefusalTests {
    /// A connection over the limit is answered 503 at once, before it sends anything: a slow or
    /// silent client over the limit gets an answer instead of holding a place until a timeout.
    @Test func connectionOverTheLimitGets503BeforeItsRequest() async throws {
        let observer = CountingObserver()
        try await withServer({ $0.maxConnections = 1 }, observer: observer) { _, port in
            let holder = try TestClient(port: port)
            try await holder.send(get("/inline/ok"))
            #expect(try await holder.readResponse().status == 200)
            let silent = try TestClient(port: port)
            let refused = try await silent.readResponse()
            #expect(refused.status == 503)
            #expect(refused.headers["Connection"] == "close")
            #expect(try await silent.isClosedByServer())
        }
        #expect(observer.rejections.withLock { $0 } == [.overloaded])
    }

    @Test(arguments: [
        "GET /inline/a HTTP/1.1\r\n\r\n",
        "GET /inline/a HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n",
        "GET /inline/a HTTP/1.1\r\nHost: a/b\r\n\r\n",
    ])
    func missingDuplicateOrInvalidHostIs400(raw: String) async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send(raw)
            #expect(try await client.readResponse().status == 400)
            #expect(try await client.isClosedByServer())
        }
    }

    @Test func absoluteFormTargetIsServed() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send("GET http://tenki.example/inline/abs?x=1 HTTP/1.1\r\nHost: tenki.example\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 200)
            #expect(response.body == "inline /inline/abs")
        }
    }

    /// `Expect: 100-continue` on a route that answers without the body gets that answer, not an
    /// invitation to send a body that would be thrown away.
    @Test func expectContinueOnAnUnknownRouteGetsTheRoutingAnswer() async throws {
        try await withServer { _, port in
            let client = try TestClient(port: port)
            try await client.send("POST /unknown HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
            let response = try await client.readResponse()
            #expect(response.status == 404)
            #expect(response.headers["Connection"] == "close")
            #expect(try await client.isClosedByServer())
        }
    }
}
