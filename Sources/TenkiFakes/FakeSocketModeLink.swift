import Foundation
import Synchronization
import TenkiWebSocket

#if canImport(Glibc)
import Glibc
#endif

/// One accepted connection of the fake Socket Mode server. Its thread runs the handshake, then
/// reads frames until the connection ends; any thread may write (under a lock), so envelopes go out
/// while the reader waits. Server frames are never masked; client frames must be (the parser's role).
final class FakeSocketModeLink: Sendable {
    struct Writer {
        var isClosed = false
        /// The close frame this server sent first, if it did.
        var closeSent: WebSocketClose?
        /// The code of the client's close frame, once it came.
        var closeReceived: UInt16?
        var dropped = false
        /// A write failed: the peer is gone, the reader will see the end.
        var writeFailed = false
    }

    let id: Int
    let descriptor: Int32
    private let writer = Mutex(Writer())

    init(id: Int, descriptor: Int32) {
        self.id = id
        self.descriptor = descriptor
    }

    /// The connection's whole life on the calling thread: handshake, `hello`, reads, and the end.
    static func serve(_ descriptor: Int32, server: FakeSocketModeServer) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var headLength: Int?
        while headLength == nil {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return close(descriptor) }
            bytes += chunk[0..<count]
            headLength = FakeSocketModeHandshake.headLength(bytes)
            if headLength == nil && bytes.count > FakeSocketModeHandshake.maxHeadBytes {
                return refuse(descriptor, .init(status: "431 Request Header Fields Too Large", reason: "the head is too long"))
            }
        }
        let head = Array(bytes[0..<headLength!])
        let request: FakeSocketModeHandshake.Request
        switch FakeSocketModeHandshake.parse(head) {
        case .failure(let refusal): return refuse(descriptor, refusal)
        case .success(let parsed): request = parsed
        }
        guard let ticket = request.ticket, server.redeem(ticket) else {
            return refuse(
                descriptor, .init(status: "401 Unauthorized", reason: "unknown or used ticket: call apps.connections.open"))
        }
        // Registered before the 101 goes out: the client may act on its open connection (close the one
        // it replaces) as soon as it reads the 101, and the recorded order must show this one open first.
        guard let link = server.opened({ FakeSocketModeLink(id: $0, descriptor: descriptor) }) else { return close(descriptor) }
        guard writeAll(descriptor, FakeSocketModeHandshake.accept(key: request.key)) else {
            server.ended(link.id, by: .client, code: nil)
            return close(descriptor)
        }
        link.sendText(server.helloJSON(connections: server.openConnections.count))
        link.read(server: server, leftover: Array(bytes[headLength!...]), chunk: &chunk)
    }

    private func read(server: FakeSocketModeServer, leftover: [UInt8], chunk: inout [UInt8]) {
        var parser = WebSocketFrameParser(role: .server)
        var assembler = WebSocketMessageAssembler()
        parser.append(leftover)
        while true {
            do {
                while let frame = try parser.nextFrame() {
                    guard let event = try assembler.receive(frame) else { continue }
                    switch event {
                    case .message(.text(let text)): server.received(text, on: id)
                    case .message(.binary(let bytes)): server.received("(binary, \(bytes.count) bytes)", on: id)
                    case .ping(let payload):
                        if !server.isSilent(id) { write(WebSocketFrame(opcode: .pong, payload: payload)) }
                    case .pong: break
                    case .close(let close): return answerClose(close, server: server)
                    }
                }
            } catch {
                sendClose(WebSocketClose(code: .protocolError, reason: "\(error)"))
                return finish(server: server)
            }
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return finish(server: server) }
            parser.append(chunk[0..<count])
        }
    }

    /// The client's close frame: echoed when it came first (its code, or none for 1005), then the socket ends.
    private func answerClose(_ close: WebSocketClose, server: FakeSocketModeServer) {
        let echo = writer.withLock { writer -> Bool in
            writer.closeReceived = close.code.rawValue
            return writer.closeSent == nil
        }
        if echo {
            let payload = close.code == .noStatusReceived ? [] : WebSocketClose(code: close.code).payload
            write(WebSocketFrame(opcode: .close, payload: payload))
        }
        finish(server: server)
    }

    private func finish(server: FakeSocketModeServer) {
        let (side, code) = writer.withLock { writer -> (FakeSocketModeServer.Side, UInt16?) in
            writer.isClosed = true
            _ = Glibc.close(descriptor)
            if let sent = writer.closeSent { return (.server, sent.code.rawValue) }
            return (writer.dropped ? .server : .client, writer.closeReceived)
        }
        server.ended(id, by: side, code: code)
    }

    /// Sends a text message; false once either side has sent a close frame (as Slack, the server
    /// sends nothing more on a closing connection), or when the socket is gone.
    @discardableResult
    func sendText(_ text: String) -> Bool {
        let bytes = WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .text, payload: Array(text.utf8)), maskKey: nil)
        return writer.withLock { writer in
            guard !writer.isClosed, !writer.writeFailed, writer.closeSent == nil, writer.closeReceived == nil else {
                return false
            }
            if !Self.writeAll(descriptor, bytes) { writer.writeFailed = true }
            return !writer.writeFailed
        }
    }

    /// Whether a close frame went either way: the connection takes no more envelopes.
    var isClosing: Bool { writer.withLock { $0.isClosed || $0.writeFailed || $0.closeSent != nil || $0.closeReceived != nil } }

    /// Sends a close frame (once) and waits for the client's.
    func sendClose(_ close: WebSocketClose) {
        let first = writer.withLock { writer -> Bool in
            guard writer.closeSent == nil, writer.closeReceived == nil else { return false }
            writer.closeSent = close
            return true
        }
        if first { write(WebSocketFrame(opcode: .close, payload: close.payload)) }
    }

    /// Ends the TCP connection without a close frame; the reading thread sees the end.
    func drop() {
        writer.withLock { writer in
            guard !writer.isClosed else { return }
            writer.dropped = true
            _ = shutdown(descriptor, Int32(SHUT_RDWR))
        }
    }

    private func write(_ frame: WebSocketFrame) {
        let bytes = WebSocketFrameEncoder.encode(frame, maskKey: nil)
        writer.withLock { writer in
            guard !writer.isClosed else { return }
            _ = Self.writeAll(descriptor, bytes)
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    private static func refuse(_ descriptor: Int32, _ refusal: FakeSocketModeHandshake.Refusal) {
        _ = writeAll(descriptor, FakeSocketModeHandshake.refuse(refusal))
        close(descriptor)
    }

    private static func close(_ descriptor: Int32) { _ = Glibc.close(descriptor) }
}
