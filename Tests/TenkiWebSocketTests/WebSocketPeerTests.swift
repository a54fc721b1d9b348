import Foundation
import Testing

@testable import TenkiWebSocket

/// The client against an independent implementation: Python's `websockets` over TLS, with a
/// throwaway CA trusted through `SSL_CERT_FILE` (in the configuration's environment, so that tests
/// running side by side do not share one). `.ci/run` requires these to run
/// (TENKI_TEST_REQUIRE_WEBSOCKETS=1); elsewhere they are skipped with a notice when the tools are missing.
@Suite("Against Python's websockets", .enabled(if: PeerTools.isEnabled), .timeLimit(.minutes(3)))
struct WebSocketPeerTests {
    /// The throwaway CA and certificates (made on first use, off the cooperative pool: openssl runs).
    static func pki() async throws -> TestPKI {
        try PeerTools.check()
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: TestPKI.shared.mapError { $0 as any Error }) }
        }
    }

    /// The `websockets` server with the good certificate (or the one for another name).
    static func startPeer(wrongName: Bool = false) async throws -> PeerProcess {
        let pki = try await pki()
        return try await PeerProcess.start(
            "websocket_peer.py",
            ["tls", wrongName ? pki.wrongNameCertificate : pki.serverCertificate, wrongName ? pki.wrongNameKey : pki.serverKey])
    }

    static func configuration(trusting caFile: String? = nil) async throws -> WebSocketConfiguration {
        var configuration = WebSocketConfiguration()
        let trusted: String
        if let caFile { trusted = caFile } else { trusted = try await pki().caFile }
        configuration.environment = ["SSL_CERT_FILE": trusted]
        return configuration
    }

    @Test func theHandshakeAndMaskedFramesBothWaysThenACleanClose() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(peer.port)/echo"), configuration: try await Self.configuration())
        try await connection.send(.text("天気 Tenki"))
        #expect(try await connection.receive() == .text("天気 Tenki"))
        try await connection.send(.binary([0, 1, 2, 255]))
        #expect(try await connection.receive() == .binary([0, 1, 2, 255]))
        let close = try await connection.close(code: .normalClosure, reason: "bye")
        #expect(close.code == .normalClosure)
        #expect(connection.endReason == .closed(close))
        await #expect(throws: WebSocketError.closed(close)) { try await connection.receive() }
        await #expect(throws: WebSocketError.closed(close)) { try await connection.send(.text("late")) }
    }

    /// The peer refuses unmasked client frames (close 1002), so the test above proves the client masks.
    @Test func thePeerRefusesUnmaskedFrames() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        var configuration = try await Self.configuration()
        configuration.masksFrames = false
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(peer.port)/echo"), configuration: configuration)
        try await connection.send(.text("unmasked"))
        do {
            let message = try await connection.receive()
            Issue.record("the peer echoed an unmasked frame: \(message)")
        } catch {
            guard case .closed(let close) = error else { throw error }
            #expect(close.code == .protocolError)
        }
    }

    @Test func anIPAddressHostIsVerifiedAgainstTheCertificatesAddresses() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://127.0.0.1:\(peer.port)/echo"), configuration: try await Self.configuration())
        try await connection.send(.text("by address"))
        #expect(try await connection.receive() == .text("by address"))
        try await connection.close()
    }

    @Test func aMessageOfOneMiBGoesInFragmentsAndComesBackInFragments() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        var configuration = try await Self.configuration()
        configuration.fragmentSize = 64 * 1024
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(peer.port)/fragments"), configuration: configuration)
        let payload = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        try await connection.send(.binary(payload))
        #expect(try await connection.receive() == .text("fragments=16 bytes=1048576"))
        // The peer sends it back as 64 fragments of 16 KiB; the client reassembles them.
        #expect(try await connection.receive() == .binary(payload))
        try await connection.close()
    }

    @Test func thePeersPingIsAnsweredAndOursGetsItsPong() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(peer.port)/ping"), configuration: try await Self.configuration())
        #expect(try await connection.receive() == .text("pong received"))
        try await connection.ping()
        try await connection.close()
    }

    @Test func aMessageOverFourMiBIsRefusedWith1009() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(peer.port)/big"), configuration: try await Self.configuration())
        await #expect(throws: WebSocketError.protocolViolation(.messageTooBig(limit: 4 * 1024 * 1024))) {
            try await connection.receive()
        }
    }

    @Test func thePeersCloseIsAnsweredAndEndsTheConnection() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(peer.port)/goodbye"), configuration: try await Self.configuration())
        let goodbye = WebSocketClose(code: .goingAway, reason: "bye")
        await #expect(throws: WebSocketError.closed(goodbye)) { try await connection.receive() }
        #expect(try await connection.close() == goodbye)
    }

    /// Sends from many tasks at once: each message's frames stay together and every one comes back.
    @Test func concurrentSendsAreNeverInterleaved() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        var configuration = try await Self.configuration()
        configuration.fragmentSize = 1000
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(peer.port)/echo"), configuration: configuration)
        let messages = (0..<20).map { "\($0):" + String(repeating: "\($0 % 10)", count: 5000) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for message in messages { group.addTask { try await connection.send(.text(message)) } }
            try await group.waitForAll()
        }
        var received: Set<String> = []
        for _ in messages {
            guard case .text(let text) = try await connection.receive() else {
                throw PeerProcess.Failure(description: "binary echo")
            }
            received.insert(text)
        }
        #expect(received == Set(messages))
        try await connection.close()
    }

    @Test func aCertificateForAnotherNameIsRefused() async throws {
        let peer = try await Self.startPeer(wrongName: true)
        defer { peer.stop() }
        await #expect(throws: WebSocketError.certificateRejected(host: "localhost", reason: "hostname mismatch")) {
            try await WebSocketConnection.open(
                try WebSocketURL("wss://localhost:\(peer.port)/echo"), configuration: try await Self.configuration())
        }
    }

    @Test func aCertificateFromAnUntrustedCAIsRefused() async throws {
        let peer = try await Self.startPeer()
        defer { peer.stop() }
        let pki = try await Self.pki()
        let untrusted = WebSocketError.certificateRejected(host: "localhost", reason: "unable to get local issuer certificate")
        await #expect(throws: untrusted) {
            try await WebSocketConnection.open(
                try WebSocketURL("wss://localhost:\(peer.port)/echo"),
                configuration: try await Self.configuration(trusting: pki.otherCAFile))
        }
        // Without SSL_CERT_FILE the system's store is used, which does not know the test CA either.
        var system = WebSocketConfiguration()
        system.environment = [:]
        await #expect(throws: untrusted) {
            try await WebSocketConnection.open(try WebSocketURL("wss://localhost:\(peer.port)/echo"), configuration: system)
        }
    }
}
