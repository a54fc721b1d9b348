import Foundation
import Testing

@testable import TenkiWebSocket

/// Timeouts and the keep-alive on the wire, against raw peers that misbehave on purpose
/// (Tests/Scripts/websocket_peer.py `silent` and `mute`). The keep-alive runs on a manual clock:
/// the test moves it and wakes the connection's thread, nothing waits for real seconds.
@Suite(.enabled(if: PeerTools.isEnabled), .timeLimit(.minutes(3)))
struct WebSocketTimeoutTests {
    static func configuration(clock: ManualWebSocketClock = ManualWebSocketClock()) -> WebSocketConfiguration {
        var configuration = WebSocketConfiguration()
        configuration.clock = clock
        configuration.environment = [:]
        return configuration
    }

    @Test func aPeerSilentForNinetySecondsIsDropped() async throws {
        try PeerTools.check()
        let peer = try await PeerProcess.start("websocket_peer.py", ["silent"])
        defer { peer.stop() }
        let clock = ManualWebSocketClock()
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("ws://127.0.0.1:\(peer.port)/"), configuration: Self.configuration(clock: clock))
        clock.advance(by: .seconds(90))
        connection.wake()
        await #expect(throws: WebSocketError.timedOut(.silence)) { try await connection.receive() }
    }

    /// The silent peer hangs up on the first ping: it comes once the clock reaches 30 s.
    @Test func aPingGoesOutAfterThirtySeconds() async throws {
        try PeerTools.check()
        let peer = try await PeerProcess.start("websocket_peer.py", ["silent"])
        defer { peer.stop() }
        let clock = ManualWebSocketClock()
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("ws://127.0.0.1:\(peer.port)/"), configuration: Self.configuration(clock: clock))
        clock.advance(by: .seconds(30))
        connection.wake()
        await #expect(throws: WebSocketError.connectionLost("the peer closed the TCP connection without a close frame")) {
            try await connection.receive()
        }
    }

    @Test func aServerThatNeverAnswersTheHandshakeTimesOut() async throws {
        try PeerTools.check()
        let peer = try await PeerProcess.start("websocket_peer.py", ["mute"])
        defer { peer.stop() }
        var configuration = Self.configuration()
        configuration.handshakeTimeout = .milliseconds(200)
        await #expect(throws: WebSocketError.timedOut(.handshake)) {
            try await WebSocketConnection.open(try WebSocketURL("ws://127.0.0.1:\(peer.port)/"), configuration: configuration)
        }
    }

    @Test func aServerThatNeverAnswersTLSTimesOut() async throws {
        try PeerTools.check()
        let peer = try await PeerProcess.start("websocket_peer.py", ["mute"])
        defer { peer.stop() }
        var configuration = Self.configuration()
        configuration.tlsTimeout = .milliseconds(200)
        await #expect(throws: WebSocketError.timedOut(.tls)) {
            try await WebSocketConnection.open(try WebSocketURL("wss://127.0.0.1:\(peer.port)/"), configuration: configuration)
        }
    }

    /// The deaf peer prints the close code it read and never answers: `close` gives up after `closeTimeout`.
    @Test func aCloseThePeerNeverAnswersTimesOut() async throws {
        try PeerTools.check()
        let peer = try await PeerProcess.start("websocket_peer.py", ["deaf"])
        defer { peer.stop() }
        let clock = ManualWebSocketClock()
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("ws://127.0.0.1:\(peer.port)/"), configuration: Self.configuration(clock: clock))
        async let closing: WebSocketClose = connection.close(code: .goingAway)
        // The close frame is on the wire, so the thread took the request and set its deadline.
        #expect(await peer.line() == "CLOSE 1001")
        clock.advance(by: .seconds(5))
        connection.wake()
        do {
            let close = try await closing
            Issue.record("the deaf peer's close arrived: \(close)")
        } catch {
            #expect(error as? WebSocketError == .timedOut(.closingHandshake))
        }
    }
}
