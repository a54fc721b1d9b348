/// Why a WebSocket connection could not be opened, or ended. Messages name the host and the step,
/// never a credential (proxy passwords and the request's headers are not repeated).
public enum WebSocketError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The step a timeout interrupted.
    public enum Phase: String, Sendable {
        case connect = "TCP connect"
        case proxy = "proxy CONNECT"
        case tls = "TLS handshake"
        case handshake = "WebSocket opening handshake"
        case closingHandshake = "closing handshake (waiting for the peer's close frame)"
        case silence = "keep-alive (the peer sent nothing, not even a pong)"
    }

    /// Not a `ws://` or `wss://` URL Tenki can use.
    case invalidURL(String)
    /// `ws://` (no TLS) to a host that is not loopback.
    case insecureURL(host: String)
    /// The name did not resolve.
    case resolve(host: String, reason: String)
    /// No address of the host accepted a TCP connection.
    case connect(host: String, port: Int, reason: String)
    /// The proxy's URL is unusable, or it refused the tunnel.
    case proxy(String)
    /// The TLS handshake failed for a reason other than the certificate.
    case tls(host: String, reason: String)
    /// The server's certificate did not verify: an untrusted issuer, an expired certificate, a name
    /// that is not the host's.
    case certificateRejected(host: String, reason: String)
    /// The server's answer to the opening handshake is not a valid `101 Switching Protocols`.
    case handshake(String)
    case timedOut(Phase)
    /// The peer broke RFC 6455; the connection was closed with the error's close code.
    case protocolViolation(WebSocketProtocolError)
    /// The connection is closed: by the peer's close frame or ours. Nothing more can be sent or received.
    case closed(WebSocketClose)
    /// A message given to `send` is larger than the configured limit.
    case messageTooBig(bytes: Int, limit: Int)
    /// The task waiting in `receive()` was cancelled; the connection itself stays open.
    case cancelled
    /// The connection ended without a closing handshake (reset, EOF, a read or write error).
    case connectionLost(String)

    public var description: String {
        switch self {
        case .invalidURL(let why): "invalid WebSocket URL: \(why)"
        case .insecureURL(let host): "ws:// (no TLS) is only allowed to a loopback host, not \(host): use wss://"
        case .resolve(let host, let reason): "could not resolve \(host): \(reason)"
        case .connect(let host, let port, let reason): "could not connect to \(host):\(port): \(reason)"
        case .proxy(let why): "proxy: \(why)"
        case .tls(let host, let reason): "TLS with \(host) failed: \(reason)"
        case .certificateRejected(let host, let reason): "the certificate of \(host) was refused: \(reason)"
        case .handshake(let why): "WebSocket handshake refused: \(why)"
        case .timedOut(let phase): "timed out in the \(phase.rawValue)"
        case .protocolViolation(let error): "protocol error from the peer: \(error) (closed with \(error.closeCode))"
        case .closed(let close): "connection closed with \(close.code)\(close.reason.isEmpty ? "" : " (\(close.reason))")"
        case .messageTooBig(let bytes, let limit): "a message of \(bytes) bytes is over the limit of \(limit)"
        case .cancelled: "receive() was cancelled (the connection stays open)"
        case .connectionLost(let why): "connection lost: \(why)"
        }
    }
}
