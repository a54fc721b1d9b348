import TenkiBase
import TenkiLogging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Connections coming and going: the listener's accepts, the 503 for a connection over the limit,
/// and the close that keeps the server's count in step with what clients see.
extension EventLoop {
    /// Adds the shared listening socket to this loop's poller: exclusively when several loops share
    /// it (one wake-up per connection, not one per loop), plainly on kernels older than 4.5.
    func watchListener() {
        if configuration.loopCount > 1, poller.add(listenerFD, read: true, write: false, exclusive: true) { return }
        if !poller.add(listenerFD, read: true, write: false) {
            logger.error("cannot watch the listening socket", [("errno", "\(errno)")])
        }
    }

    func acceptConnections() {
        for _ in 0..<64 {
            switch Socket.accept(listenerFD) {
            case .wouldBlock:
                return
            case .failed(let code):
                // EMFILE and friends: leave the connection in the backlog and retry on the next sweep,
                // instead of spinning on a listener that stays readable.
                poller.remove(listenerFD)
                if code == EINVAL {  // the listener was shut down: shutdown has begun
                    listening = false
                } else {
                    logger.warning("accept failed", [("errno", "\(code)")])
                    listenerPaused = true
                }
                return
            case .accepted(let fd, let remote):
                register(fd: fd, remote: remote)
            }
        }
    }

    func register(fd: Int32, remote: String) {
        let open = coordinator.connectionOpened()
        // Far over the limit, a connection is not worth its memory: a 503 in one write, then close.
        guard open <= configuration.maxConnections * 2 else {
            refuseAtOnce(fd)
            coordinator.connectionClosed()
            observer?.rejected(.overloaded)
            return
        }
        nextConnectionID &+= 1
        let parser = HTTPRequestParser(
            maxHeaderBytes: configuration.maxHeaderBytes, maxBodyBytes: configuration.maxBodyBytes, remoteAddress: remote
        )
        let connection = Connection(
            id: nextConnectionID, fd: fd, remoteAddress: remote, overloaded: open > configuration.maxConnections,
            parser: parser, now: .now
        )
        connections[fd] = connection
        poller.add(fd, read: true, write: false)
        observer?.connectionOpened()
        if connection.overloaded { refuse(connection) }
    }

    /// Answers a connection over `maxConnections` with 503 now, before its request arrives, then
    /// closes it after a short lingering close: a slow or silent client over the limit holds its
    /// place for at most that, not for a header timeout, and gets an answer rather than a reset.
    func refuse(_ connection: Connection) {
        observer?.rejected(.overloaded)
        let summary = Connection.RequestSummary(method: "-", target: "-", version: .http1_1, keepAlive: false, startedAt: .now)
        respond(connection, ResponseSerializer.rejection(.serviceUnavailable, "server busy"), to: summary)
        flush(connection)
    }

    /// Writes a prepared 503 to a connection that is not registered, then closes it. Whatever the
    /// client sent already is read first, so the close does not turn into a reset that would
    /// destroy the answer (bytes that arrive later still do).
    func refuseAtOnce(_ fd: Int32) {
        _ = Socket.receive(fd, into: readBuffer)
        var answer: [UInt8] = []
        ResponseSerializer.append(
            ResponseSerializer.rejection(.serviceUnavailable, "server busy"), to: &answer, keepAlive: false,
            requestVersion: .http1_1, omitBody: false, date: dateCache.current())
        answer.withUnsafeBytes { _ = Socket.send(fd, $0) }
        Socket.closeWrite(fd)
        _ = systemClose(fd)
    }

    func close(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connection.inFlight?.task.cancel()
        connection.inFlight = nil
        // Counted as closed before the peer can see EOF, so the count never lags what clients observe.
        coordinator.connectionClosed()
        observer?.connectionClosed()
        poller.remove(connection.fd)
        connections[connection.fd] = nil
        _ = systemClose(connection.fd)
    }
}

func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(fd)
    #else
    Darwin.close(fd)
    #endif
}
