import CTenkiSystem

#if canImport(Glibc)
import Glibc
#endif

/// The thread that owns one connection's socket: reads frames and hands out messages, writes what
/// callers queued, answers pings, runs the keep-alive and the closing handshake, and records why
/// the connection ended. Only this thread touches the stream, the parser and the keep-alive; it
/// shares nothing with callers but `WebSocketConnection.shared`.
final class WebSocketConnectionLoop {
    private let connection: WebSocketConnection
    private let stream: any ByteStream
    private let clock: any WebSocketClock
    private var parser: WebSocketFrameParser
    private var assembler: WebSocketMessageAssembler
    private var keepAlive: WebSocketKeepAlive
    /// Frames being written, oldest first; `written` bytes of the first one are out.
    private var writing: [WebSocketConnection.Outgoing] = []
    private var written = 0
    /// Set when our close frame was queued: nothing but the peer's close is awaited after it.
    private var closeDeadline: Duration?
    /// The reason the connection ends, once known; the loop stops when writes drained or at once.
    private var ending: WebSocketError?
    private var pingCounter: UInt64 = 0
    /// `abort()` was called: nothing more is written, not even a close frame.
    private var aborted = false
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var readWantsWrite = false
    private var writeWantsRead = false

    init(connection: WebSocketConnection, stream: any ByteStream, leftover: [UInt8]) {
        self.connection = connection
        self.stream = stream
        let configuration = connection.configuration
        clock = configuration.clock
        parser = WebSocketFrameParser(role: .client, maxPayload: configuration.maxMessageBytes)
        assembler = WebSocketMessageAssembler(maxMessageBytes: configuration.maxMessageBytes)
        keepAlive = WebSocketKeepAlive(
            now: configuration.clock.now(), pingInterval: configuration.pingInterval, silenceLimit: configuration.silenceLimit)
        parser.append(leftover)
    }

    func run() {
        var moreToRead = parser.bufferedByteCount > 0
        while ending == nil {
            takeRequests()
            if ending != nil { break }
            flush()
            if ending == nil { moreToRead = readAvailable() }
            if ending == nil { checkTimers() }
            if ending == nil { waitForWork(readNow: moreToRead) }
        }
        // A close frame (ours, answering the peer's, or for a protocol error) goes out before the
        // socket does, within the closing timeout.
        if !aborted { finishWriting() }
        stream.close()
        finish(ending!)
    }

    /// Moves callers' frames into the write queue, and starts the closing handshake when asked.
    private func takeRequests() {
        let (outgoing, close, abort) = connection.shared.withLock { shared in
            defer { shared.outgoing = [] }
            return (shared.outgoing, shared.closeRequest, shared.abortRequested)
        }
        if abort {
            aborted = true
            ending = .closed(WebSocketClose(code: .abnormalClosure, reason: "aborted"))
            return
        }
        writing += outgoing
        if let close, closeDeadline == nil {
            queue(WebSocketFrame(opcode: .close, payload: close.payload))
            closeDeadline = clock.now() + connection.configuration.closeTimeout
        }
    }

    private func queue(_ frame: WebSocketFrame) {
        writing.append(WebSocketConnection.Outgoing(bytes: connection.encode(frame), completion: nil))
    }

    /// Writes until the socket would block or the queue is empty; false when the write failed.
    @discardableResult
    private func flush() -> Bool {
        writeWantsRead = false
        while let first = writing.first {
            let result = first.bytes[written...].withUnsafeBytes { stream.write($0) }
            switch result {
            case .bytes(let count):
                written += count
                if written == first.bytes.count {
                    writing.removeFirst()
                    written = 0
                    first.completion?.resume(returning: .success(()))
                }
            case .wouldBlock(let wantsWrite):
                writeWantsRead = !wantsWrite
                return true
            case .endOfStream:
                end(.connectionLost("the peer closed the connection while we wrote"))
                return false
            case .failed(let why):
                end(.connectionLost("write failed: \(why)"))
                return false
            }
        }
        return true
    }

    /// Reads what is there (a bounded number of times, so writes get their turn) and handles each
    /// frame; true when there may be more to read without waiting.
    private func readAvailable() -> Bool {
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

    private func checkTimers() {
        let now = clock.now()
        if let closeDeadline, now >= closeDeadline { return end(.timedOut(.closingHandshake)) }
        switch keepAlive.tick(at: now) {
        case .none: break
        case .drop: end(.timedOut(.silence))
        case .sendPing:
            pingCounter += 1
            if closeDeadline == nil { queue(WebSocketFrame(opcode: .ping, payload: Array("keepalive-\(pingCounter)".utf8))) }
        }
    }

    /// Polls the socket and the wake-up eventfd until the next deadline of the injected clock.
    private func waitForWork(readNow: Bool) {
        var deadline = keepAlive.nextDeadline
        if let closeDeadline { deadline = min(deadline, closeDeadline) }
        let left = deadline - clock.now()
        let timeout =
            readNow
            ? 0
            : Int32(clamping: max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
        var events = Int16(POLLIN)
        if (!writing.isEmpty && !writeWantsRead) || readWantsWrite { events |= Int16(POLLOUT) }
        var fds = [
            pollfd(fd: stream.fileDescriptor, events: events, revents: 0),
            pollfd(fd: connection.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&fds, 2, timeout)
        if fds[1].revents != 0 { tenki_eventfd_drain(connection.wakeDescriptor) }
    }

    private func end(_ reason: WebSocketError) {
        if ending == nil { ending = reason }
    }

    /// After the end is known: writes what is queued (the close frame above all) until the closing
    /// timeout, in real time; a peer that stopped reading does not hold the thread longer.
    private func finishWriting() {
        let deadline = ContinuousClock.now + connection.configuration.closeTimeout
        while !writing.isEmpty {
            guard flush(), !writing.isEmpty else { break }
            guard SocketWait.wait(stream.fileDescriptor, forWriting: !writeWantsRead, until: deadline) else { break }
        }
    }

    /// Records why the connection ended and answers everyone still waiting.
    private func finish(_ reason: WebSocketError) {
        let (receiver, pings, closeWaiters, outgoing) = connection.shared.withLock { shared in
            shared.ended = reason
            defer {
                shared.pings = [:]
                shared.closeWaiters = []
                shared.outgoing = []
            }
            return (shared.receiver.take(), shared.pings.values.flatMap { $0 }, shared.closeWaiters, shared.outgoing)
        }
        receiver?.resume(returning: .failure(reason))
        for ping in pings { ping.resume(returning: .failure(reason)) }
        for item in writing + outgoing { item.completion?.resume(returning: .failure(reason)) }
        writing = []
        for waiter in closeWaiters {
            if case .closed(let peer) = reason {
                waiter.resume(returning: .success(peer))
            } else {
                waiter.resume(returning: .failure(reason))
            }
        }
    }
}
