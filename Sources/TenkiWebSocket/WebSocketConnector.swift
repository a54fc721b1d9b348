/// The opening steps of a connection, in order, each with its own timeout: the proxy's tunnel when
/// `HTTPS_PROXY` applies, TCP, TLS for `wss://`, then the WebSocket handshake. Blocking; it runs on
/// the thread that then owns the connection.
enum WebSocketConnector {
    /// The stream, ready for frames, and any bytes the server sent right after its `101`.
    static func open(
        _ url: WebSocketURL, configuration: WebSocketConfiguration
    ) throws(WebSocketError)
        -> (stream: any ByteStream, leftover: [UInt8])
    {
        let proxy = try ProxyRoute.route(for: url, environment: configuration.environment)
        let tcp = try TCPConnector.connect(
            host: proxy?.host ?? url.host, port: proxy?.port ?? url.port, timeout: configuration.connectTimeout)
        if let proxy {
            try proxy.openTunnel(over: tcp, to: url.host, port: url.port, until: .now + configuration.handshakeTimeout)
        }
        let stream: any ByteStream
        if url.isSecure {
            stream = try TLSStream(
                over: tcp, host: url.host, hostIsAddress: url.hostIsAddress, environment: configuration.environment,
                deadline: .now + configuration.tlsTimeout)
        } else {
            stream = tcp
        }
        let handshake = WebSocketHandshake(url: url, nonce: configuration.randomBytes(16), headers: configuration.headers)
        let deadline = ContinuousClock.now + configuration.handshakeTimeout
        try SocketWait.writeAll(handshake.request, to: stream, until: deadline, phase: .handshake)
        let (head, rest) = try SocketWait.readHead(from: stream, until: deadline, phase: .handshake)
        try handshake.validate(head)
        return (stream, rest)
    }
}
