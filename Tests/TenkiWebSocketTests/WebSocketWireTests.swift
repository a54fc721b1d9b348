import Foundation
import Testing

@testable import TenkiWebSocket

/// What the client puts on the wire when the server misbehaves or pings, seen by a raw peer
/// (Tests/Scripts/websocket_peer.py `scripted`) that sends fixed bytes after the handshake and
/// prints the pongs and the close code it reads from the client.
@Suite(.enabled(if: PeerTools.isEnabled), .timeLimit(.minutes(3)))
struct WebSocketWireTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var hex: String
        var error: WebSocketProtocolError
        var closeCode: Int
        var testDescription: String { name }
    }

    static let violations: [Case] = [
        Case(name: "a masked frame", hex: "818001020304", error: .maskedFrameFromServer, closeCode: 1002),
        Case(name: "RSV1 set", hex: "c100", error: .reservedBitsSet(4), closeCode: 1002),
        Case(name: "text that is not UTF-8", hex: "8102c080", error: .invalidUTF8, closeCode: 1007),
        Case(name: "a 4 MiB + 1 frame", hex: "827f0000000000400001", error: .messageTooBig(limit: 4 << 20), closeCode: 1009),
        Case(name: "a continuation first", hex: "800161", error: .unexpectedContinuation, closeCode: 1002),
    ]

    static func open(_ peer: PeerProcess) async throws -> WebSocketConnection {
        var configuration = WebSocketConfiguration()
        configuration.environment = [:]
        return try await WebSocketConnection.open(try WebSocketURL("ws://127.0.0.1:\(peer.port)/"), configuration: configuration)
    }

    @Test(arguments: violations)
    func aProtocolViolationIsClosedWithItsCode(_ test: Case) async throws {
        try PeerTools.check()
        let peer = try await PeerProcess.start("websocket_peer.py", ["scripted", test.hex])
        defer { peer.stop() }
        let connection = try await Self.open(peer)
        await #expect(throws: WebSocketError.protocolViolation(test.error)) { try await connection.receive() }
        #expect(await peer.line() == "CLOSE \(test.closeCode)")
    }

    @Test func aPingFromTheServerIsAnsweredWithItsPayload() async throws {
        try PeerTools.check()
        // A ping "tenki" between two fragments of "Hello".
        let peer = try await PeerProcess.start("websocket_peer.py", ["scripted", "010348656c890574656e6b6980026c6f"])
        defer { peer.stop() }
        let connection = try await Self.open(peer)
        #expect(try await connection.receive() == .text("Hello"))
        #expect(await peer.line() == "PONG tenki")
        #expect(
            try await connection.close(code: WebSocketCloseCode(4000), reason: "done")
                == WebSocketClose(code: WebSocketCloseCode(4000), reason: "done"))
        #expect(await peer.line() == "CLOSE 4000")
    }

    @Test func aCancelledReceiveLeavesTheConnectionOpen() async throws {
        try PeerTools.check()
        let peer = try await PeerProcess.start("websocket_peer.py", ["scripted", ""])
        defer { peer.stop() }
        let connection = try await Self.open(peer)
        let outcome = await withTaskGroup(of: WebSocketError?.self) { group in
            group.addTask {
                do throws(WebSocketError) {
                    _ = try await connection.receive()
                    return nil
                } catch {
                    return error
                }
            }
            group.cancelAll()
            return await group.next() ?? nil
        }
        #expect(outcome == .cancelled)
        #expect(connection.endReason == nil)
        try await connection.close()
        #expect(await peer.line() == "CLOSE 1000")
    }
}
