/// The reading half of the connection's thread: bytes into the parser, frames into events, and
/// what each event does (a message to the receiver, a pong for a ping, the closing handshake).
extension WebSocketConnectionLoop {
    /// Reads what is there (a bounded number of times, so writes get their turn) and handles each
    /// frame; true when there may be more to read without waiting.
    func readAvailable() -> Bool {
        readWantsWrite = false
        for _ in 0..<16 {
            if !handleFrames() { return false }
            let result = readBuffer.withUnsafeMutableBytes { stream.read(into: $0) }
            switch result {
            case .bytes(let count):
                keepAlive.heard(at: clock.now())
                readBuffer.withUnsafeBytes { parser.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            case .wouldBlock(let wantsWrite):
                readWantsWrite = wantsWrite
                _ = handleFrames()
                return false
            case .endOfStream:
                _ = handleFrames()
                if ending == nil { end(.connectionLost("the peer closed the TCP connection without a close frame")) }
                return false
            case .failed(let why):
                end(.connectionLost("read failed: \(why)"))
                return false
            }
        }
        return handleFrames()
    }

    /// Handles every complete frame in the parser; false once the connection is ending.
    private func handleFrames() -> Bool {
        while ending == nil {
            let event: WebSocketEvent?
            do {
                guard let frame = try parser.nextFrame() else { return true }
                event = try assembler.receive(frame)
            } catch {
                // The peer broke the protocol: say why in a close frame, and stop.
                if closeDeadline == nil {
                    queue(WebSocketFrame(opcode: .close, payload: WebSocketClose(code: error.closeCode).payload))
                }
                end(.protocolViolation(error))
                return false
            }
            switch event {
            case nil: continue
            case .message(let message): deliver(message)
            case .ping(let payload): if closeDeadline == nil { queue(WebSocketFrame(opcode: .pong, payload: payload)) }
            case .pong(let payload):
                let waiters = connection.shared.withLock { $0.pings.removeValue(forKey: payload) } ?? []
                for waiter in waiters { waiter.resume(returning: .success(())) }
            case .close(let close):
                if closeDeadline == nil {
                    // Echo the peer's code (§5.5.1); a close without a code is answered by one without.
                    let payload = close.code == .noStatusReceived ? [] : WebSocketClose(code: close.code).payload
                    queue(WebSocketFrame(opcode: .close, payload: payload))
                    closeDeadline = clock.now() + connection.configuration.closeTimeout
                }
                end(.closed(close))
                return false
            }
        }
        return false
    }

    private func deliver(_ message: WebSocketMessage) {
        let receiver = connection.shared.withLock { shared in
            guard let receiver = shared.receiver.take() else {
                shared.received.append(message)
                return nil as CheckedContinuation<Result<WebSocketMessage, WebSocketError>, Never>?
            }
            return receiver
        }
        receiver?.resume(returning: .success(message))
    }
}
