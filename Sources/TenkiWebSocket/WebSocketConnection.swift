import CTenkiSystem
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An open WebSocket connection (the client's end). One thread of its own owns the socket for the
/// connection's whole life: it runs the opening steps, then reads, writes, answers pings, pings
/// every 30 s and drops a silent peer (`WebSocketConnectionLoop`). The methods here only hand work
/// to that thread and wait for it, so none of them blocks Swift's cooperative pool.
///
/// Messages are received in order with `receive()`; after the connection ends, every call throws
/// the reason it ended: `.closed` with the peer's close frame after a closing handshake, or the
/// failure (`.timedOut(.silence)`, `.protocolViolation`, `.connectionLost`, …).
public final class WebSocketConnection: Sendable {
    typealias Completion = CheckedContinuation<Result<Void, WebSocketError>, Never>

    /// Frames waiting for the thread to write them; the completion is resumed once they are written.
    struct Outgoing {
        var bytes: [UInt8]
        var completion: Completion?
    }

    /// What the callers and the thread share, behind one lock.
    struct Shared {
        var outgoing: [Outgoing] = []
        var received: [WebSocketMessage] = []
        var receiver: CheckedContinuation<Result<WebSocketMessage, WebSocketError>, Never>?
        var pings: [[UInt8]: [Completion]] = [:]
        var nextPing: UInt64 = 0
        var closeRequest: WebSocketClose?
        var closeWaiters: [CheckedContinuation<Result<WebSocketClose, WebSocketError>, Never>] = []
        var abortRequested = false
        /// Set once, when the thread is done: why the connection ended.
        var ended: WebSocketError?
    }

    let shared = Mutex(Shared())
    let configuration: WebSocketConfiguration
    /// An eventfd the thread polls beside the socket: written to whenever there is new work.
    let wakeDescriptor: Int32
    public let url: WebSocketURL

    init(url: WebSocketURL, configuration: WebSocketConfiguration) {
        self.url = url
        self.configuration = configuration
        wakeDescriptor = tenki_eventfd_create()
    }

    deinit { _ = Glibc.close(wakeDescriptor) }

    /// Opens a connection: proxy, TCP, TLS and the opening handshake, each within its timeout, on
    /// the thread that will own the connection. Throws what failed, naming the host and the step.
    /// Not cancellable: the configuration's timeouts bound it (the name lookup has the resolver's own).
    public static func open(
        _ url: WebSocketURL, configuration: WebSocketConfiguration = WebSocketConfiguration()
    )
        async throws(WebSocketError) -> WebSocketConnection
    {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<WebSocketConnection, WebSocketError>, Never>) in
            let thread = Thread {
                Thread.current.name = "tenki-websocket"  // from inside: a name set before start() is lost
                let stream: any ByteStream
                let leftover: [UInt8]
                do throws(WebSocketError) {
                    (stream, leftover) = try WebSocketConnector.open(url, configuration: configuration)
                } catch {
                    continuation.resume(returning: .failure(error))
                    return
                }
                let connection = WebSocketConnection(url: url, configuration: configuration)
                let loop = WebSocketConnectionLoop(connection: connection, stream: stream, leftover: leftover)
                continuation.resume(returning: .success(connection))
                loop.run()
            }
            thread.start()
        }
        return try result.get()
    }

    /// The next message; throws once the connection has ended and every message before the end was
    /// taken. A cancelled wait throws `.cancelled` and leaves the connection open.
    public func receive() async throws(WebSocketError) -> WebSocketMessage {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<WebSocketMessage, WebSocketError>, Never>) in
                let now: Result<WebSocketMessage, WebSocketError>? = shared.withLock { shared in
                    if !shared.received.isEmpty { return .success(shared.received.removeFirst()) }
                    if let ended = shared.ended { return .failure(ended) }
                    if Task.isCancelled { return .failure(.cancelled) }
                    precondition(shared.receiver == nil, "receive() called while another receive() waits")
                    shared.receiver = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            shared.withLock { $0.receiver.take() }?.resume(returning: .failure(.cancelled))
        }
        return try result.get()
    }

    /// Sends one message, in fragments of `fragmentSize`; returns once its frames were handed to the
    /// socket (TLS included), not when the peer read them.
    public func send(_ message: WebSocketMessage) async throws(WebSocketError) {
        let (opcode, payload): (WebSocketOpcode, [UInt8]) =
            switch message {
            case .text(let text): (.text, Array(text.utf8))
            case .binary(let bytes): (.binary, bytes)
            }
        guard payload.count <= configuration.maxMessageBytes else {
            throw .messageTooBig(bytes: payload.count, limit: configuration.maxMessageBytes)
        }
        var bytes: [UInt8] = []
        for frame in WebSocketFrameEncoder.fragments(of: payload, opcode: opcode, fragmentSize: configuration.fragmentSize) {
            bytes += encode(frame)
        }
        try await enqueue(bytes)
    }

    /// Sends a ping and returns when its pong arrives (the keep-alive's own pings need no call).
    public func ping() async throws(WebSocketError) {
        let result = await withCheckedContinuation { (continuation: Completion) in
            let failure: WebSocketError? = shared.withLock { shared in
                if let ended = shared.ended { return ended }
                shared.nextPing += 1
                let payload = Array("tenki-\(shared.nextPing)".utf8)
                shared.pings[payload, default: []].append(continuation)
                shared.outgoing.append(Outgoing(bytes: encode(WebSocketFrame(opcode: .ping, payload: payload)), completion: nil))
                return nil
            }
            if let failure { continuation.resume(returning: .failure(failure)) } else { wake() }
        }
        try result.get()
    }

    /// The closing handshake: sends a close frame with `code` and `reason`, keeps delivering what
    /// arrives meanwhile, and returns the peer's close frame; throws `.timedOut(.closingHandshake)`
    /// when it does not come within `closeTimeout`, or why the connection had already ended.
    @discardableResult
    public func close(
        code: WebSocketCloseCode = .normalClosure, reason: String = ""
    ) async throws(WebSocketError) -> WebSocketClose {
        precondition(code.isSendable, "close code \(code) may not be sent")
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<WebSocketClose, WebSocketError>, Never>) in
            let ended: WebSocketError? = shared.withLock { shared in
                if let ended = shared.ended { return ended }
                if shared.closeRequest == nil { shared.closeRequest = WebSocketClose(code: code, reason: reason) }
                shared.closeWaiters.append(continuation)
                return nil
            }
            if let ended {
                if case .closed(let peer) = ended {
                    continuation.resume(returning: .success(peer))
                } else {
                    continuation.resume(returning: .failure(ended))
                }
            } else {
                wake()
            }
        }
        return try result.get()
    }

    /// Drops the connection at once, without a closing handshake (shutdown after a drain timed out).
    public func abort() {
        shared.withLock { $0.abortRequested = true }
        wake()
    }

    /// Why the connection ended, or nil while it is open.
    public var endReason: WebSocketError? { shared.withLock { $0.ended } }

    /// Makes the thread look at its queues and the clock again (tests call it after moving the clock).
    func wake() { tenki_eventfd_signal(wakeDescriptor) }

    /// A frame as this client writes it: masked with a fresh random key (RFC 6455 §5.3).
    func encode(_ frame: WebSocketFrame) -> [UInt8] {
        guard configuration.masksFrames else { return WebSocketFrameEncoder.encode(frame, maskKey: nil) }
        let key = configuration.randomBytes(4)
        return WebSocketFrameEncoder.encode(frame, maskKey: (key[0], key[1], key[2], key[3]))
    }

    private func enqueue(_ bytes: [UInt8]) async throws(WebSocketError) {
        let result = await withCheckedContinuation { (continuation: Completion) in
            let failure: WebSocketError? = shared.withLock { shared in
                if let ended = shared.ended { return ended }
                if shared.closeRequest != nil { return .closed(shared.closeRequest!) }
                shared.outgoing.append(Outgoing(bytes: bytes, completion: continuation))
                return nil
            }
            if let failure { continuation.resume(returning: .failure(failure)) } else { wake() }
        }
        try result.get()
    }
}
