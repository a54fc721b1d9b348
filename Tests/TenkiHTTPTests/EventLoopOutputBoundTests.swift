import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import TenkiHTTP

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
        let harness = try EventLoopHarness(handler: LargeAnswerHandler(size: 3000), serverSendBuffer: 16 * 1024)
        var requests: [UInt8] = []
        for index in 0..<Self.count { requests += Array("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n".utf8) }
        harness.clientSends(requests)
        var received: [UInt8] = []
        for _ in 0..<100_000 where harness.connection.requestCount < Self.count || harness.connection.hasPendingOutput {
            harness.turn()
            received += harness.clientReceives()
        }
        received += harness.clientReceives()
        let statusLines = String(decoding: received, as: UTF8.self).components(separatedBy: "HTTP/1.1 200 OK\r\n").count - 1
        #expect(harness.connection.requestCount == Self.count)
        #expect(statusLines == Self.count)
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
