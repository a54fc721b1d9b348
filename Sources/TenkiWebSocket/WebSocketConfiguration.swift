import Foundation
import TenkiBase

/// How a connection is opened and kept. The defaults are the ones Slack's Socket Mode needs.
public struct WebSocketConfiguration: Sendable {
    /// Each address of the host in turn, TCP only (the proxy's, when there is one).
    public var connectTimeout: Duration = .seconds(10)
    /// The TLS handshake, certificate checks included.
    public var tlsTimeout: Duration = .seconds(10)
    /// From the request's first byte to the server's `101` (and the proxy's answer to `CONNECT`).
    public var handshakeTimeout: Duration = .seconds(10)
    /// How long `close` waits for the peer's close frame before it drops the connection.
    public var closeTimeout: Duration = .seconds(5)
    public var pingInterval: Duration = .seconds(30)
    /// A peer silent this long is dropped.
    public var silenceLimit: Duration = .seconds(90)
    /// Larger messages (received) are refused with close 1009; larger ones (sent) are an error.
    public var maxMessageBytes = WebSocketLimits.maxMessageBytes
    /// Messages longer than this are sent as several frames.
    public var fragmentSize = 64 * 1024
    /// More fields for the opening request (an `Authorization`, say); never logged or repeated in errors.
    public var headers = HTTPHeaders()
    /// Where `HTTPS_PROXY`, `NO_PROXY`, `SSL_CERT_FILE` and `SSL_CERT_DIR` are read (the process's
    /// environment; tests pass their own so that parallel tests do not share one).
    public var environment: [String: String] = ProcessEnvironment.variables()
    /// The keep-alive's and the closing handshake's clock (the timeouts of the opening steps are real time).
    public var clock: any WebSocketClock = SystemWebSocketClock()
    /// Random bytes for `Sec-WebSocket-Key` and the frames' masks (the system's generator; fixed in tests).
    public var randomBytes: @Sendable (Int) -> [UInt8] = { count in
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
    /// Off only in tests that prove the peer refuses unmasked frames (RFC 6455 requires the mask).
    var masksFrames = true

    public init() {}
}
