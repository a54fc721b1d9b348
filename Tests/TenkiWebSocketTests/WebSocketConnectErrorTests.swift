import Testing

@testable import TenkiWebSocket

/// Failures before any peer answers, which need no helper process.
@Suite struct WebSocketConnectErrorTests {
    static func configuration() -> WebSocketConfiguration {
        var configuration = WebSocketConfiguration()
        configuration.environment = [:]
        return configuration
    }

    @Test func aClosedPortIsAClearConnectError() async throws {
        // Port 1 on loopback: nothing listens there in a test environment.
        await #expect(throws: WebSocketError.connect(host: "127.0.0.1", port: 1, reason: "Connection refused")) {
            try await WebSocketConnection.open(try WebSocketURL("ws://127.0.0.1:1/"), configuration: Self.configuration())
        }
    }

    @Test func anUnusableProxySettingIsAClearError() async throws {
        var configuration = Self.configuration()
        configuration.environment = ["HTTPS_PROXY": "socks5://127.0.0.1:1080"]
        await #expect(throws: WebSocketError.proxy("HTTPS_PROXY with scheme socks5://: only http:// proxies are supported")) {
            try await WebSocketConnection.open(try WebSocketURL("wss://localhost:1/"), configuration: configuration)
        }
    }
}
