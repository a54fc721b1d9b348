import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TenkiBase
@testable import TenkiHTTPClient
@testable import TenkiHTTPServer

@Suite("EventLoop: what a connection may buffer while its answers wait")
struct EventLoopReadBoundTests {
    /// The loop writes answers, and with them updates each connection's read interest, only after
    /// its rounds of reads. Reading must still stop once a connection has buffered `readRoom`
    /// bytes, or a client pipelining behind a slow request would make the loop buffer several
    /// times the limit before the interest catches up.
    @Test func readingStopsAtTheRoomBeforeTheInterestIsUpdated() throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, loopCount: 1)
        configuration.maxHeaderBytes = 1024
        configuration.maxBodyBytes = 1024
        let loop = try EventLoop(
            index: 0, configuration: configuration, handler: TestHandler(), logger: .discarding,
            observer: nil, coordinator: LoopCoordinator(loopCount: 1), listenerFD: -1)
        defer {
            loop.poller.close()
            loop.waker.close()
        }
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer {
            _ = close(fds[0])
            _ = close(fds[1])
        }
        Socket.setNonBlocking(fds[0])
        Socket.setNonBlocking(fds[1])

        // A stream of pipelined requests, as much as the socket takes, behind one in flight.
        var bufferSize: Int32 = 1 << 20
        _ = setsockopt(fds[1], SOL_SOCKET, SO_SNDBUF, &bufferSize, socklen_t(MemoryLayout<Int32>.size))
        let chunk = Array(String(repeating: get("/inline/x"), count: 2_000).utf8)
        var sent = 0
        while sent < 1_000_000 {
            let count = chunk.withUnsafeBytes { send(fds[1], $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            sent += count
        }
        let connection = Connection(
            id: 1, fd: fds[0], remoteAddress: "test", overloaded: false,
            parser: HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 1024), now: .now)
        connection.inFlight = Connection.InFlight(
            task: Task {},
            request: Connection.RequestSummary(method: "GET", target: "/gate/a", version: .http1_1, keepAlive: true, startedAt: .now))
        loop.connections[fds[0]] = connection

        for _ in 0..<EventLoop.readRoundsBeforeWriting {
            loop.readAvailable(connection)
        }

        #expect(sent > 2 * loop.readRoom, "more was waiting than the room")
        // One read may overshoot the room by at most the read buffer.
        #expect(connection.parser.bufferedByteCount < loop.readRoom + 64 * 1024)
        #expect(connection.parser.bufferedByteCount >= loop.readRoom)
    }
}
