import CTenkiSystem

#if canImport(Glibc)
import Glibc
#endif

/// The thread that owns one connection's socket: reads frames and hands out messages, writes what
/// callers queued, answers pings, runs the keep-alive and the closing handshake, and records why
/// the connection ended. Only this thread touches the stream, the parser and the keep-alive; it
/// shares nothing with callers but `WebSocketConnection.shared`. Reading and handling frames is in
/// `WebSocketConnectionLoop+Reading.swift`.
final class WebSocketConnectionLoop {
    let connection: WebSocketConnection
    let stream: any ByteStream
    let clock: any WebSocketClock
    var parser: WebSocketFrameParser
    var assembler: WebSocketMessageAssembler
    var keepAlive: WebSocketKeepAlive
    /// Frames being written, oldest first; `written` bytes of the first one are out.
    private var writing: [WebSocketConnection.Outgoing] = []
    private var written = 0
    /// Set when our close frame was queued: nothing but the peer's close is awaited after it.
    var closeDeadline: Duration?
    /// The reason the connection ends, once known; the loop stops when writes drained or at once.
    var ending: WebSocketError?
    private var pingCounter: UInt64 = 0
    /// `abort()` was called: nothing more is written, not even a close frame.
    private var aborted = false
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    var readWantsWrite = false
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

    func queue(_ frame: WebSocketFrame) {
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

    func end(_ reason: WebSocketError) {
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
