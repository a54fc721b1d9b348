import Foundation
import Testing

@testable import TenkiWebSocket

/// `HTTPS_PROXY` through a tiny CONNECT proxy (Tests/Scripts/connect_proxy.py) that requires
/// credentials and logs every tunnel it opens, to the `websockets` peer over TLS.
@Suite(.enabled(if: PeerTools.isEnabled), .timeLimit(.minutes(3)))
struct WebSocketProxyTests {
    struct Setup {
        let peer: PeerProcess
        let proxy: PeerProcess
        let log: URL
        let caFile: String
        func stop() {
            proxy.stop()
            peer.stop()
            try? FileManager.default.removeItem(at: log)
        }
        func logged() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    }

    static func start() async throws -> Setup {
        let peer = try await WebSocketPeerTests.startPeer()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-proxy-\(UUID().uuidString).log")
        let proxy = try await PeerProcess.start("connect_proxy.py", [log.path, "tenki:s3cret@x"])
        return Setup(peer: peer, proxy: proxy, log: log, caFile: try await WebSocketPeerTests.pki().caFile)
    }

    @Test func theConnectionGoesThroughTheProxyWithItsCredentials() async throws {
        let setup = try await Self.start()
        defer { setup.stop() }
        var configuration = WebSocketConfiguration()
        configuration.environment = [
            "SSL_CERT_FILE": setup.caFile, "HTTPS_PROXY": "http://tenki:s3cret%40x@127.0.0.1:\(setup.proxy.port)",
        ]
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(setup.peer.port)/echo"), configuration: configuration)
        try await connection.send(.text("via the proxy"))
        #expect(try await connection.receive() == .text("via the proxy"))
        try await connection.close()
        #expect(setup.logged() == "CONNECT localhost:\(setup.peer.port)\n")
    }

    @Test func wrongCredentialsAreAClearProxyError() async throws {
        let setup = try await Self.start()
        defer { setup.stop() }
        var configuration = WebSocketConfiguration()
        configuration.environment = [
            "SSL_CERT_FILE": setup.caFile, "HTTPS_PROXY": "http://tenki:wrong@127.0.0.1:\(setup.proxy.port)",
        ]
        let target = "localhost:\(setup.peer.port)"
        let refused = WebSocketError.proxy(
            "the proxy 127.0.0.1:\(setup.proxy.port) refused the tunnel to \(target): 407 Proxy Authentication Required")
        await #expect(throws: refused) {
            try await WebSocketConnection.open(
                try WebSocketURL("wss://localhost:\(setup.peer.port)/echo"), configuration: configuration)
        }
        #expect(setup.logged() == "REFUSED localhost:\(setup.peer.port)\n")
    }

    @Test func noProxyGoesDirect() async throws {
        let setup = try await Self.start()
        defer { setup.stop() }
        var configuration = WebSocketConfiguration()
        configuration.environment = [
            "SSL_CERT_FILE": setup.caFile, "HTTPS_PROXY": "http://127.0.0.1:\(setup.proxy.port)",
            "NO_PROXY": "example.org,localhost",
        ]
        let connection = try await WebSocketConnection.open(
            try WebSocketURL("wss://localhost:\(setup.peer.port)/echo"), configuration: configuration)
        try await connection.close()
        #expect(setup.logged().isEmpty)
    }
}
