import TenkiBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and answering one connection, all on the loop's thread (writing: `EventLoop+Writing.swift`).
extension EventLoop {
    /// Reads what the socket has (level-triggered: whatever is left wakes us again), then answers.
    func readAvailable(_ connection: Connection) {
        for _ in 0..<4 {
            // Answers (and with them the interest) wait for the end of the loop's rounds, so the
            // bounds on what a connection may have buffered are checked here too.
            guard connection.parser.bufferedByteCount < readRoom, connection.pendingOutputCount < outputRoom else { break }
            let count = Socket.receive(connection.fd, into: readBuffer)
            if count > 0 {
                connection.lastProgress = turnTime
                if connection.lingerDeadline == nil {
                    connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
                }
                if count < readBuffer.count { break }
            } else if count == 0 {
                peerClosed(connection)
                return
            } else {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { break }
                close(connection)
                return
            }
        }
        if connection.lingerDeadline == nil { process(connection) }
    }

    private func peerClosed(_ connection: Connection) {
        connection.peerClosed = true
        if connection.lingerDeadline != nil {
            close(connection)
            return
        }
        // Answer requests that arrived before the EOF (a client may half-close after sending).
        process(connection)
        if !connection.isClosed { flush(connection) }
        if !connection.isClosed, connection.inFlight == nil, !connection.hasPendingOutput, !connection.deferred {
            close(connection)  // nothing left to say; an incomplete request is dropped silently
        }
    }

    /// Answers what may be answered now (see `answerReady`); the answers are written by
    /// `writeAnswered` once the loop's batch of events is handled.
    func process(_ connection: Connection) {
        answerReady(connection)
        guard !connection.isClosed else { return }
        if !connection.awaitsWrite {
            connection.awaitsWrite = true
            answered.append(connection)
        }
    }

    /// Answers every complete request that may be answered now, in order: inline ones at once, the
    /// first that needs `handle` in a task (the rest wait until its response is written). Stops
    /// while `outputRoom` bytes wait to be sent: a client that pipelines without reading gets its
    /// answers as fast as it reads them, and the rest of its requests wait unparsed (`flush`
    /// answers more once the output has gone). Stops too at `answersPerTurn` requests in this turn
    /// of the loop: the rest wait for the next turn (`deferred`), after every other connection's.
    func answerReady(_ connection: Connection) {
        var started = false
        if connection.answeringTurn != turn {
            connection.answeringTurn = turn
            connection.answeredThisTurn = 0
        }
        while connection.inFlight == nil, !connection.closeAfterWrite, !connection.isClosed {
            guard connection.pendingOutputCount < outputRoom else {
                connection.answersWaitForOutput = true
                break
            }
            guard connection.answeredThisTurn < Self.answersPerTurn else {
                deferToNextTurn(connection)
                break
            }
            let request: HTTPRequest
            do {
                guard let next = try connection.parser.nextRequest() else {
                    // Earlier responses are already queued, so the interim answer stays in order.
                    if connection.parser.takeContinueRequest() { answerExpectation(connection) }
                    break
                }
                request = next
            } catch {
                reject(connection, error)
                break
            }
            started = true
            connection.requestCount += 1
            connection.answeredThisTurn += 1
            let summary = Connection.RequestSummary(
                method: request.method, target: request.target, version: request.version,
                keepAlive: keepsAlive(request, on: connection), startedAt: turnTime
            )
            switch handler.route(consume request) {
            case .respond(let response):
                respond(connection, response, to: summary)
            case .later(let work):
                let completion = (fd: connection.fd, id: connection.id)
                // High priority: an answer someone is waiting for (Slack gives three seconds) goes
                // ahead of background work queued on the same threads, such as deliveries and digests.
                // Owner: the connection (`inFlight`); cancelled on the handler timeout or the close, and
                // the listener's drain waits for every connection, this answer included, within its grace.
                let task = Task(priority: .high) {
                    let response = await work()
                    self.complete(Completion(fd: completion.fd, connectionID: completion.id, response: response))
                }
                connection.inFlight = Connection.InFlight(task: task, request: summary)
            }
        }
        guard !connection.isClosed else { return }
        let phase = connection.parser.phase
        if started || phase != connection.phase {
            // The first request's head is timed from the accept, not from its first byte: a
            // client trickling bytes gets one header timeout per connection, not two.
            let firstHead = !started && connection.requestCount == 0 && phase == .head
            connection.phase = phase
            if !firstHead { connection.phaseStartedAt = turnTime }
        }
    }

    /// A head asked for `100 Continue`: send it only when the body would be read. A request the
    /// handler answers whatever its body (404, 405, unsigned) is answered now, and the connection
    /// closes after it.
    private func answerExpectation(_ connection: Connection) {
        guard let head = connection.parser.pending, let routed = handler.answerBeforeContinue(head) else {
            connection.output.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
            return
        }
        let summary = Connection.RequestSummary(
            method: head.method, target: head.target, version: head.version, keepAlive: false, startedAt: .now
        )
        respond(connection, routed, to: summary)
    }

    /// The most requests one connection has answered (or started) in one turn of the loop. A
    /// client pipelining expensive requests gets this many, then every other connection's ready
    /// events are handled before its next ones.
    static let answersPerTurn = 8

    /// Leaves the connection's remaining requests for the next turn (`startTurn`).
    private func deferToNextTurn(_ connection: Connection) {
        guard !connection.deferred else { return }
        connection.deferred = true
        deferred.append(connection)
    }

    /// Starts a turn of the loop: requests left by the last one (`answersPerTurn`) are answered
    /// now, up to the limit again, and written with this turn's answers.
    func startTurn() {
        turn &+= 1
        guard !deferred.isEmpty else { return }
        let waiting = deferred
        deferred.removeAll(keepingCapacity: true)
        for connection in waiting {
            connection.deferred = false
            guard !connection.isClosed, connection.lingerDeadline == nil else { continue }
            // Written with this turn's answers; `flush` closes a peer that hung up meanwhile.
            process(connection)
        }
    }

    /// HTTP/1.1 keeps the connection unless asked not to; HTTP/1.0 closes unless asked to keep it.
    private func keepsAlive(_ request: HTTPRequest, on connection: Connection) -> Bool {
        // After the peer's EOF, the last request buffered closes; those before it were pipelined
        // and are answered first, over as many turns as they take.
        guard !draining, !connection.overloaded, !(connection.peerClosed && connection.parser.bufferedByteCount == 0),
              connection.requestCount < configuration.maxRequestsPerConnection else { return false }
        var close = false, keepAlive = false
        for field in request.headers.fields where field.name.isHeaderName("Connection") {
            for token in field.value.split(separator: ",") {
                let option = token.trimmingSpacesAndTabs()
                if option.equalsIgnoringASCIICase("close") { close = true }
                if option.equalsIgnoringASCIICase("keep-alive") { keepAlive = true }
            }
        }
        if close { return false }
        return request.version == .http1_1 || keepAlive
    }
}
