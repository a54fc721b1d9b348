import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TenkiBase
@testable import TenkiHTTPServer

@Suite("EventLoop: one pipelining connection cannot hold the loop")
struct EventLoopFairnessTests {
    static let request = Array("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
    static let statusLine = Array("HTTP/1.1 200 OK\r\n".utf8)

    /// How many responses `bytes` holds (each starts with the status line).
    static func answers(in bytes: [UInt8]) -> Int {
        guard bytes.count >= statusLine.count else { return 0 }
        return (0...(bytes.count - statusLine.count)).count { bytes[$0...].starts(with: statusLine) }
    }

    /// 200 pipelined requests in one write, with room to write every answer: one turn answers
    /// `answersPerTurn` of them and leaves the rest for the next turns, in order, none lost.
    @Test func aTurnAnswersAFewRequestsOfOneConnection() throws {
        let count = 200
        let harness = try EventLoopHarness(handler: LargeAnswerHandler(size: 100))
        harness.clientSends(Array(Array(repeating: Self.request, count: count).joined()))
        harness.turn()
        #expect(harness.connection.requestCount == EventLoop.answersPerTurn)
        #expect(harness.connection.deferred)
        #expect(harness.loop.deferred.count == 1)
        var received = harness.clientReceives()
        #expect(Self.answers(in: received) == EventLoop.answersPerTurn)

        var turns = 1
        while harness.connection.requestCount < count, turns < 1000 {
            harness.turn()
            turns += 1
            #expect(harness.connection.requestCount <= turns * EventLoop.answersPerTurn)
        }
        harness.turn()
        received += harness.clientReceives()
        #expect(harness.connection.requestCount == count)
        #expect(Self.answers(in: received) == count)
        #expect(turns == (count + EventLoop.answersPerTurn - 1) / EventLoop.answersPerTurn)
        #expect(!harness.connection.deferred && harness.loop.deferred.isEmpty)
        #expect(!harness.connection.isClosed)
    }

    /// A connection flooding pipelined requests and a connection with one request, readable in
    /// the same turn: the lone request is answered in that turn, while the flood got only its share.
    @Test func anotherConnectionIsAnsweredInTheSameTurn() throws {
        let harness = try EventLoopHarness(handler: LargeAnswerHandler(size: 100))
        let quiet = try harness.addPeer()
        harness.clientSends(Array(Array(repeating: Self.request, count: 500).joined()))
        quiet.clientSends(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        harness.turn(with: quiet)
        #expect(Self.answers(in: quiet.clientReceives()) == 1)
        #expect(harness.connection.requestCount == EventLoop.answersPerTurn)
        // The next turns keep serving the flood a share at a time, and a new request from the
        // quiet client is still answered in the turn it arrives.
        harness.turn(with: quiet)
        quiet.clientSends(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        harness.turn(with: quiet)
        #expect(Self.answers(in: quiet.clientReceives()) == 1)
        #expect(harness.connection.requestCount == 3 * EventLoop.answersPerTurn)
    }

    /// Writing answers frees room, and `flush` answers more: that too stops at the turn's share.
    @Test func flushingDoesNotAnswerPastTheShare() throws {
        let harness = try EventLoopHarness(handler: LargeAnswerHandler(size: 100))
        harness.clientSends(Array(Array(repeating: Self.request, count: 100).joined()))
        harness.loop.startTurn()
        harness.loop.readAvailable(harness.connection)
        harness.loop.writeAnswered()
        for _ in 0..<10 { harness.loop.flush(harness.connection) }
        #expect(harness.connection.requestCount == EventLoop.answersPerTurn)
    }

    /// A client that pipelines and half-closes still gets every answer, over several turns, and
    /// the connection closes once the last is written.
    @Test func aHalfClosedClientGetsEveryAnswerThenTheClose() throws {
        let count = 30
        let harness = try EventLoopHarness(handler: LargeAnswerHandler(size: 100))
        harness.clientSends(Array(Array(repeating: Self.request, count: count).joined()))
        _ = shutdown(harness.clientFD, Int32(SHUT_WR))
        var received: [UInt8] = []
        var turns = 0
        while !harness.connection.isClosed, turns < 100 {
            harness.turn()
            received += harness.clientReceives()
            turns += 1
        }
        #expect(harness.connection.isClosed)
        #expect(Self.answers(in: received) == count)
        #expect(harness.loop.connections.isEmpty)
    }
}
