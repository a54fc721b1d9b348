import TenkiBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Answers on their way out: serialised into a connection's output, written as far as the socket
/// takes, and the connection's interest (read, write) kept in step, all on the loop's thread.
extension EventLoop {
    /// Writes what the batch of events just handled answered, back to back (see `run`), and
    /// updates each connection's interest. (`flush` may answer more requests, but never adds to
    /// `answered`: it writes what it answers itself.)
    func writeAnswered() {
        for connection in answered {
            connection.awaitsWrite = false
            if !connection.isClosed { flush(connection) }
        }
        answered.removeAll(keepingCapacity: true)
    }

    /// Queues a response for writing; `flush` sends it.
    func respond(_ connection: Connection, _ response: HTTPResponse, to request: Connection.RequestSummary) {
        let keepAlive = request.keepAlive && !draining
        ResponseSerializer.append(
            response, to: &connection.output, keepAlive: keepAlive, requestVersion: request.version,
            omitBody: request.method == "HEAD", date: dateCache.current()
        )
        if !keepAlive { connection.closeAfterWrite = true }
        observer?.requestCompleted(HTTPRequestRecord(
            method: request.method, path: request.path, status: response.status.code,
            duration: request.startedAt.duration(to: .now), remoteAddress: connection.remoteAddress
        ))
    }

    /// Answers a request the parser refused, then closes: after a framing error the rest of the
    /// stream cannot be trusted. Routing still ranks before 413 (see `HTTPHandler.answerWithoutBody`).
    func reject(_ connection: Connection, _ error: HTTPParseError) {
        let head = error.head
        let summary = Connection.RequestSummary(
            method: head?.method ?? "-", target: head?.target ?? "-",
            version: head?.version ?? .http1_1, keepAlive: false, startedAt: .now
        )
        if error.kind == .contentTooLarge, let head, let routed = handler.answerWithoutBody(head) {
            respond(connection, routed, to: summary)
            return
        }
        switch error.kind {
        case .headersTooLarge: observer?.rejected(.headersTooLarge)
        case .contentTooLarge: observer?.rejected(.contentTooLarge)
        default: observer?.rejected(.malformed(status: error.status.code))
        }
        logger.debug("rejected request", [("status", "\(error.status.code)"), ("reason", error.reason), ("peer", connection.remoteAddress)])
        respond(connection, ResponseSerializer.rejection(error.status, error.reason), to: summary)
    }

    /// Writes as much pending output as the socket takes, answering requests that waited for the
    /// output to go (see `answerReady`); closes (or lingers) once a final response is out.
    func flush(_ connection: Connection) {
        while connection.hasPendingOutput {
            let written = connection.output.withUnsafeBytes { bytes in
                Socket.send(connection.fd, UnsafeRawBufferPointer(rebasing: bytes[connection.outputOffset...]))
            }
            if written > 0 {
                connection.outputOffset += written
                connection.lastProgress = turnTime
                if !connection.hasPendingOutput, connection.answersWaitForOutput {
                    connection.output.removeAll(keepingCapacity: true)
                    connection.outputOffset = 0
                    connection.answersWaitForOutput = false
                    answerReady(connection)
                    if connection.isClosed { return }
                }
            } else {
                let code = errno
                if written < 0, code == EINTR { continue }
                if written < 0, code == EAGAIN || code == EWOULDBLOCK { break }
                close(connection)
                return
            }
        }
        if !connection.hasPendingOutput {
            connection.output.removeAll(keepingCapacity: connection.output.capacity <= 64 * 1024)
            connection.outputOffset = 0
            if connection.closeAfterWrite, connection.inFlight == nil {
                finish(connection)
                return
            }
            // Every complete request is answered (none in flight, none waiting for a turn or for
            // room): what the parser still holds after the peer's EOF can never complete.
            if connection.peerClosed, connection.inFlight == nil, !connection.deferred, !connection.answersWaitForOutput {
                close(connection)
                return
            }
        }
        updateInterest(connection)
    }

    /// Ends a connection whose last response is written. When the peer may still be sending (a
    /// rejected body, a broken or unfinished request, pipelined requests we will not answer), shut
    /// our side and wait briefly for its EOF (a "lingering close"): closing with unread bytes would
    /// send a reset that can destroy our answer before the peer reads it. Otherwise close now. A
    /// connection refused when it was accepted lingers too: its request may still be on its way.
    private func finish(_ connection: Connection) {
        guard !connection.peerClosed, connection.parser.phase != .idle || connection.overloaded else {
            close(connection)
            return
        }
        Socket.closeWrite(connection.fd)
        connection.lingerDeadline = MonotonicInstant.now.advanced(by: min(.seconds(2), configuration.idleTimeout))
        updateInterest(connection)
    }

    /// The most a connection may have buffered before the loop stops reading it: a request in
    /// flight may have a few pipelined ones behind it, no more than one maximal request.
    var readRoom: Int { configuration.maxHeaderBytes + configuration.maxBodyBytes + readBuffer.count }

    /// The unsent output over which the loop neither reads nor answers a connection's requests.
    /// With `readRoom` this bounds what one connection holds (plus one response), whatever it
    /// pipelines: requests are answered as fast as the client reads the answers.
    var outputRoom: Int { 64 * 1024 }

    /// Reads while there is room (`readRoom`, `outputRoom`), writes while output is pending.
    func updateInterest(_ connection: Connection) {
        guard !connection.isClosed else { return }
        let read = connection.lingerDeadline != nil
            || (!connection.peerClosed && !connection.closeAfterWrite && connection.parser.bufferedByteCount < readRoom
                && connection.pendingOutputCount < outputRoom)
        let write = connection.hasPendingOutput
        guard read != connection.registeredRead || write != connection.registeredWrite else { return }
        connection.registeredRead = read
        connection.registeredWrite = write
        poller.modify(connection.fd, read: read, write: write)
    }
}
