import TenkiBase

/// Deadlines, checked on a sweep every `Configuration.sweepInterval` with a monotonic clock.
extension EventLoop {
    func sweep(now: MonotonicInstant) {
        for connection in Array(connections.values) where !connection.isClosed {
            if let lingerDeadline = connection.lingerDeadline {
                if now >= lingerDeadline { close(connection) }
            } else if let inFlight = connection.inFlight {
                if inFlight.request.startedAt.duration(to: now) >= configuration.handlerTimeout {
                    handlerTimedOut(connection, inFlight)
                }
            } else if connection.hasPendingOutput {
                // The peer stopped reading our response.
                if connection.lastProgress.duration(to: now) >= configuration.idleTimeout { close(connection) }
            } else {
                checkPhase(connection, now: now)
            }
        }
    }

    private func checkPhase(_ connection: Connection, now: MonotonicInstant) {
        let elapsed = connection.phaseStartedAt.duration(to: now)
        switch connection.phase {
        case .idle:
            // A new connection that sends nothing gets the header timeout, not the idle one, so
            // connecting and staying silent is no cheaper way to hold a connection than a slow head.
            let limit = connection.requestCount == 0 ? configuration.headerTimeout : configuration.idleTimeout
            if draining || elapsed >= limit { close(connection) }
        case .head:
            if elapsed >= configuration.headerTimeout { timedOut(connection, "request head not received in time") }
        case .body:
            if elapsed >= configuration.bodyTimeout { timedOut(connection, "request body not received in time") }
        }
    }

    private func timedOut(_ connection: Connection, _ reason: String) {
        observer?.rejected(.timedOut)
        let summary = Connection.RequestSummary(method: "-", target: "-", version: .http1_1, keepAlive: false, startedAt: .now)
        respond(connection, ResponseSerializer.rejection(.requestTimeout, reason), to: summary)
        flush(connection)
    }

    /// The handler took too long: cancel its task, answer 503 and close. Its late response, if any,
    /// is dropped because the connection no longer has a request in flight.
    private func handlerTimedOut(_ connection: Connection, _ inFlight: Connection.InFlight) {
        inFlight.task.cancel()
        connection.inFlight = nil
        observer?.rejected(.handlerTimedOut)
        logger.warning("handler timed out", [("method", inFlight.request.method), ("path", inFlight.request.path)])
        var request = inFlight.request
        request.keepAlive = false
        respond(connection, ResponseSerializer.rejection(.serviceUnavailable, "the request took too long"), to: request)
        flush(connection)
    }
}
