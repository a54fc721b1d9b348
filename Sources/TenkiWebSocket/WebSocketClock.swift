/// Monotonic time for the connection's keep-alive and closing timeouts, injected so tests move it
/// by hand instead of waiting: a duration since an origin of the clock's choosing.
public protocol WebSocketClock: Sendable {
    func now() -> Duration
}

/// The real clock: `ContinuousClock`, measured from the first use.
public struct SystemWebSocketClock: WebSocketClock {
    private static let origin = ContinuousClock.now
    public init() {}
    public func now() -> Duration { ContinuousClock.now - Self.origin }
}
