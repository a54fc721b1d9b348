import Foundation
import Testing
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

@Suite("HTTPServer: concurrent handlers and graceful shutdown")
struct HTTPServerConcurrencyTests {
    @Test(arguments: [1, 2])
    func slowHandlerDoesNotHoldUpOtherConnections(loops: Int) async throws {
        let handler = TestHandler()
        try await withServer({ $0.loopCount = loops }, handler: handler) { _, port in
            let slow = try TestClient(port: port)
            try await slow.send(get("/gate/a"))
            try await handler.gates.waitUntilStarted("a")

            for path in ["/async/b", "/inline/c"] {
                let other = try TestClient(port: port)
                try await other.send(get(path))
                #expect(try await other.readResponse().body.hasSuffix(path))
            }
            handler.gates.release("a").signal()
            #expect(try await slow.readResponse().body == "released a")
        }
    }

    @Test func manyConnectionsAtOnceAreAllServed() async throws {
        try await withServer { server, port in
            let clients = try (0..<100).map { _ in try TestClient(port: port) }
            try await withThrowingTaskGroup(of: Bool.self) { group in
                for (index, client) in clients.enumerated() {
                    group.addTask {
                        let path = index.isMultiple(of: 2) ? "/inline/\(index)" : "/async/\(index)"
                        try await client.send(get(path))
                        return try await client.readResponse().body.hasSuffix(path)
                    }
                }
                for try await matched in group { #expect(matched) }
            }
            #expect(server.connectionCount == 100)
        }
    }

    @Test func fiveHundredIdleConnectionsDoNotStopANewClient() async throws {
        try await withServer { server, port in
            // Connected and silent, as a slowloris herd or an idle keep-alive pool would be.
            let idle = try (0..<500).map { _ in try TestClient(port: port) }
            let fresh = try TestClient(port: port)
            try await fresh.send(get("/async/fresh"))
            #expect(try await fresh.readResponse().body.hasSuffix("/async/fresh"))
            #expect(server.connectionCount >= 500)
            // The idle ones are still usable afterwards.
            try await idle[499].send(get("/inline/last"))
            #expect(try await idle[499].readResponse().body.hasSuffix("/inline/last"))
            _ = idle.count
        }
    }

    @Test func pipelinedRequestWaitsForTheSlowOneBeforeIt() async throws {
        let handler = TestHandler()
        try await withServer(handler: handler) { _, port in
            let client = try TestClient(port: port)
            try await client.send(get("/gate/first") + get("/inline/second"))
            try await handler.gates.waitUntilStarted("first")
            handler.gates.release("first").signal()
            #expect(try await client.readResponse().body == "released first")
            #expect(try await client.readResponse().body == "inline /inline/second")
        }
    }

    @Test func gracefulShutdownFinishesTheRequestInFlight() async throws {
        let handler = TestHandler()
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, loopCount: 2, headerTimeout: .seconds(600), handlerTimeout: .seconds(600)),
            handler: handler,
            logger: .discarding
        )
        let port = try server.start()
        let busy = try TestClient(port: port)
        let idle = try TestClient(port: port)
        try await idle.send(get("/inline/warm"))
        #expect(try await idle.readResponse().status == 200)
        try await busy.send(get("/gate/inflight"))
        try await handler.gates.waitUntilStarted("inflight")
        #expect(!server.isDraining)

        let shutdown = Task { await server.shutdown(gracePeriod: .seconds(5)) }
        while !server.isDraining { await Task.yield() }
        // The idle keep-alive connection is closed at once; the busy one is still waiting.
        #expect(try await idle.isClosedByServer())
        #expect(server.connectionCount == 1)

        handler.gates.release("inflight").signal()
        let response = try await busy.readResponse()
        #expect(response.status == 200)
        #expect(response.headers["Connection"] == "close")
        await shutdown.value
        #expect(server.connectionCount == 0)
        #expect(server.isDraining)
        #expect(throws: (any Error).self) { _ = try TestClient(port: port) }
    }

    @Test func shutdownGivesUpAfterTheGracePeriod() async throws {
        let handler = TestHandler()
        // The handler's own timeout far away: only the grace period may end this connection (with
        // the default 30 s, a stalled test saw the 503 of the handler timeout instead of a close).
        let server = HTTPServer(configuration: .init(port: 0, loopCount: 1, handlerTimeout: .seconds(600)), handler: handler, logger: .discarding)
        let port = try server.start()
        let client = try TestClient(port: port)
        try await client.send(get("/forever"))
        try await handler.gates.waitUntilStarted("forever")
        await server.shutdown(gracePeriod: .milliseconds(100))
        #expect(server.connectionCount == 0)
        #expect(try await client.isClosedByServer())
    }

    #if os(Linux)
    /// Each loop's thread is named where `top -H` and perf look (the kernel's comm), so an operator
    /// can tell the listener from Swift's cooperative pool.
    @Test func loopThreadsAreNamedForTheKernel() async throws {
        try await withServer({ $0.loopCount = 1 }) { _, port in
            let client = try TestClient(port: port)
            try await client.send(get("/inline/x"))
            _ = try await client.readResponse()  // the loop is past its naming once it answers
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
            let names = tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            #expect(names.contains("tenki-http-0\n"))
        }
    }
    #endif

    @Test func startTwiceIsAnError() async throws {
        let server = HTTPServer(configuration: .init(port: 0, loopCount: 1), handler: TestHandler(), logger: .discarding)
        _ = try server.start()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
        await server.shutdown(gracePeriod: .zero)
    }

    @Test func invalidHostIsReported() {
        let server = HTTPServer(configuration: .init(host: "localhost", port: 0), handler: TestHandler(), logger: .discarding)
        #expect(throws: HTTPServerError.invalidHost("localhost")) { try server.start() }
    }
}
