/// When a connection pings and when it gives up on a silent peer, as a pure state machine: it is
/// told the time and what was heard, and answers what to do, so tests drive it with numbers.
///
/// - A ping goes out every `pingInterval` (30 s), whatever else is flowing: the peer's pong, or any
///   frame at all, proves the path still works, and the pings keep idle NAT and proxy mappings open.
/// - A peer that sent nothing at all (no message, no ping, no pong) for `silenceLimit` (90 s: three
///   unanswered pings) is dropped.
public struct WebSocketKeepAlive: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case none
        case sendPing
        /// The peer has been silent for the limit: close the connection without a closing handshake.
        case drop
    }

    public let pingInterval: Duration
    public let silenceLimit: Duration
    private(set) var lastHeard: Duration
    private(set) var lastPing: Duration

    /// Starts with the connection opened (the handshake's answer was the last thing heard) at `now`.
    public init(now: Duration, pingInterval: Duration = .seconds(30), silenceLimit: Duration = .seconds(90)) {
        precondition(pingInterval > .zero && silenceLimit > .zero)
        self.pingInterval = pingInterval
        self.silenceLimit = silenceLimit
        lastHeard = now
        lastPing = now
    }

    /// Any frame from the peer arrived at `now`.
    public mutating func heard(at now: Duration) {
        lastHeard = max(lastHeard, now)
    }

    /// What to do at `now`. A `sendPing` is counted as sent: the next one is due `pingInterval` later.
    public mutating func tick(at now: Duration) -> Action {
        if now - lastHeard >= silenceLimit { return .drop }
        if now - lastPing >= pingInterval {
            lastPing = now
            return .sendPing
        }
        return .none
    }

    /// The next time `tick` has something to do (the earlier of the next ping and the silence limit).
    public var nextDeadline: Duration { min(lastPing + pingInterval, lastHeard + silenceLimit) }
}
