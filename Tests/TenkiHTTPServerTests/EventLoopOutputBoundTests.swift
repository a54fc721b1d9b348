import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TenkiBase
@testable import TenkiHTTPServer

@Suite("EventLoop: a client that pipelines without reading holds bounded memory")
struct EventLoopOutputBoundTests {
    static let request = Array("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
    static let count = 1000

    /// 1,000 pipelined requests in one write, answered with 4 KiB each, and a client that does not
    /// read: without a bound the loop would queue all 4 MB of answers. It answers only while less
    /// than `outputRoom` waits, and reads no more while it does.
    @Test func answersWaitWhileTheClientDoesNotRead() throws {
        let harness = try EventLoopHarness(handler: LargeAnswerHandler(), serverSendBuffer: 16 * 1024)
        harness.clientSends(Array(Array(repeating: Self.request, count: Self.count).joined()))
        for _ in 0..<50 { harness.turn() }

        let connection = harness.connection
        #expect(!connection.isClosed)
        #expect(connection.requestCount < Self.count / 4, "answered \(connection.requestCount) requests nobody read")
        // At most the room plus the one response that crossed it.
        #expect(connection.pendingOutputCount <= harness.loop.outputRoom + 4096 + 200)
        #expect(connection.parser.bufferedByteCount <= harness.loop.readRoom)
    }

    /// The same client reading at last gets every answer, in order: nothing was lost while the
    /// loop waited.
    @Test func everyAnswerArrivesOnceTheClientReads() throws {
        let count = 400  // 1.2 MB of answers, many times what the socket and the room hold
        let harness = try EventLoopHarness(handler: LargeAnswerHandler(size: 3000), serverSendBuffer: 16 * 1024)
        var requests: [UInt8] = []
        for index in 0..<count { requests += Array("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n".utf8) }
        harness.clientSends(requests)
        var received: [UInt8] = []
        var turns = 0
        while harness.connection.requestCount < count || harness.connection.hasPendingOutput, turns < 10_000 {
            harness.turn()
            received += harness.clientReceives()
            turns += 1
        }
        received += harness.clientReceives()
        // Every answer has the same length (same body, fixed-width Date): all of them arrived, whole.
        let statusLine = Array("HTTP/1.1 200 OK\r\n".utf8)
        let second = (1..<min(received.count, 8192)).first { received[$0...].starts(with: statusLine) }
        let answerLength = try #require(second)
        #expect(harness.connection.requestCount == count)
        #expect(received.count == count * answerLength)
        #expect(received.suffix(3000).allSatisfy { $0 == UInt8(ascii: "m") })
        #expect(!harness.connection.hasPendingOutput)
        #expect(!harness.connection.answersWaitForOutput)
    }

    /// A client that pipelines, never reads and closes: the loop stops at the first write that
    /// fails and drops the requests it had not answered.
    @Test func queuedRequestsAreDroppedWhenThePeerCloses() throws {
        let harness = try EventLoopHarness(handler: LargeAnswerHandler(), serverSendBuffer: 16 * 1024)
        harness.clientSends(Array(Array(repeating: Self.request, count: Self.count).joined()))
        for _ in 0..<10 { harness.turn() }
        harness.closeClient()
        for _ in 0..<10 { harness.turn() }

        #expect(harness.connection.isClosed)
        #expect(harness.loop.connections.isEmpty)
        #expect(harness.connection.requestCount < Self.count / 4)
    }

    /// A client trickling its first head byte by byte gets one header timeout from its accept,
    /// not a fresh one from its first byte.
    @Test func theFirstHeadIsTimedFromTheAccept() throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, loopCount: 1)
        configuration.headerTimeout = .seconds(10)
        let harness = try EventLoopHarness(configuration, acceptedAt: .now.advanced(by: .seconds(-9)))
        harness.clientSends(Array("G".utf8))
        harness.turn()
        #expect(harness.connection.phase == .head)

        harness.loop.sweep(now: .now.advanced(by: .seconds(2)))
        let answer = String(decoding: harness.clientReceives(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 408 "))
    }

    /// A head that follows an answered request on a kept-alive connection is timed from its own
    /// first byte (the idle timeout covered the wait before it).
    @Test func laterHeadsAreTimedFromTheirFirstByte() throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, loopCount: 1)
        configuration.headerTimeout = .seconds(10)
        let harness = try EventLoopHarness(configuration, acceptedAt: .now.advanced(by: .seconds(-9)))
        harness.clientSends(Array(get("/inline/a").utf8))
        harness.turn()
        #expect(String(decoding: harness.clientReceives(), as: UTF8.self).hasPrefix("HTTP/1.1 200 "))
        harness.clientSends(Array("G".utf8))
        harness.turn()

        harness.loop.sweep(now: .now.advanced(by: .seconds(2)))
        #expect(harness.clientReceives().isEmpty)
        #expect(!harness.connection.isClosed)
    }
}
