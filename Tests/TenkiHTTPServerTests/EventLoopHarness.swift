import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TenkiBase
@testable import TenkiHTTPServer

/// One event loop driven by hand (no thread, no poller wait) and one connection to it over a
/// socket pair: the test plays the client on `clientFD` and calls the loop's steps itself, so
/// what the loop buffers can be looked at between steps without timing.
final class EventLoopHarness {
    let loop: EventLoop
    let connection: Connection
    let clientFD: Int32

    init(
        _ configuration: HTTPServer.Configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, loopCount: 1),
        handler: any HTTPHandler = TestHandler(), serverSendBuffer: Int32? = nil,
        acceptedAt: MonotonicInstant = .now
    ) throws {
        loop = try EventLoop(
            index: 0, configuration: configuration, handler: handler, logger: .discarding,
            observer: nil, coordinator: LoopCoordinator(loopCount: 1), listenerFD: -1)
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
            throw TestClientError(description: "socketpair failed: errno \(errno)")
        }
        Socket.setNonBlocking(fds[0])
        Socket.setNonBlocking(fds[1])
        if var size = serverSendBuffer {
            _ = setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        clientFD = fds[1]
        connection = Connection(
            id: 1, fd: fds[0], remoteAddress: "test", overloaded: false,
            parser: HTTPRequestParser(maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes),
            now: acceptedAt)
        loop.connections[fds[0]] = connection
        _ = loop.coordinator.connectionOpened()
        loop.poller.add(fds[0], read: true, write: false)
    }

    deinit {
        for peer in peers { loop.close(peer) }
        loop.close(connection)  // closes the server's end unless the loop already did
        closeClient()
        loop.poller.close()
        loop.waker.close()
    }

    private var clientClosed = false

    func closeClient() {
        guard !clientClosed else { return }
        clientClosed = true
        _ = close(clientFD)
    }

    /// Writes all of `bytes` from the client (the socket's buffer must take them).
    func clientSends(_ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(clientFD, $0.baseAddress, $0.count, 0) }
            #expect(count > 0, "the client's send buffer is full")
            if count <= 0 { return }
            sent += count
        }
    }

    /// Everything the server has written that the client has not read yet.
    func clientReceives() -> [UInt8] {
        var received: [UInt8] = []
        while true {
            let count = receiveBuffer.withUnsafeMutableBytes { recv(clientFD, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return received }
            received += receiveBuffer[..<count]
        }
    }

    private var receiveBuffer = [UInt8](repeating: 0, count: 64 * 1024)

    /// Another connection on the same loop, over its own socket pair: the test plays its client
    /// with `clientSends` and `clientReceives`; `turn(_:)` handles both connections' events in one turn.
    final class Peer {
        let connection: Connection
        let clientFD: Int32
        private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

        fileprivate init(connection: Connection, clientFD: Int32) {
            self.connection = connection
            self.clientFD = clientFD
        }

        deinit { _ = close(clientFD) }

        func clientSends(_ bytes: [UInt8]) {
            let count = bytes.withUnsafeBytes { send(clientFD, $0.baseAddress, $0.count, 0) }
            #expect(count == bytes.count)
        }

        func clientReceives() -> [UInt8] {
            var received: [UInt8] = []
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(clientFD, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return received }
                received += buffer[..<count]
            }
        }
    }

    /// Registers a second connection with the loop.
    func addPeer(id: UInt64 = 2) throws -> Peer {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
            throw TestClientError(description: "socketpair failed: errno \(errno)")
        }
        Socket.setNonBlocking(fds[0])
        Socket.setNonBlocking(fds[1])
        let connection = Connection(
            id: id, fd: fds[0], remoteAddress: "peer", overloaded: false, parser: HTTPRequestParser(), now: .now)
        loop.connections[fds[0]] = connection
        _ = loop.coordinator.connectionOpened()
        loop.poller.add(fds[0], read: true, write: false)
        peers.append(connection)
        return Peer(connection: connection, clientFD: fds[1])
    }

    private var peers: [Connection] = []

    /// One turn in which both the harness' connection and `peer` are readable, in that order.
    func turn(with peer: Peer) {
        loop.startTurn()
        for connection in [connection, peer.connection] where !connection.isClosed {
            loop.readAvailable(connection)
        }
        loop.writeAnswered()
        for connection in [connection, peer.connection] where !connection.isClosed {
            loop.flush(connection)
        }
    }

    /// One turn of the loop as `run` takes it when the socket is readable and writable: read,
    /// write what was answered, then write on the writable event.
    func turn() {
        loop.startTurn()
        guard !connection.isClosed else { return }
        loop.readAvailable(connection)
        loop.writeAnswered()
        if !connection.isClosed { loop.flush(connection) }
    }
}

/// Answers every request on the loop with `size` bytes, as `/metrics` does with its exposition.
struct LargeAnswerHandler: HTTPHandler {
    var size = 4096

    func route(_ request: HTTPRequest) -> HTTPHandling {
        .respond(HTTPResponse(status: .ok, body: [UInt8](repeating: UInt8(ascii: "m"), count: size)))
    }
}
