import TenkiBase

/// One client connection and everything its loop knows about it. Confined to the loop that accepted
/// it (never shared across threads), so it needs no locks and is deliberately not Sendable.
final class Connection {
    /// A request handed to `HTTPHandler.handle` in a task; later requests wait, buffered in the parser,
    /// so responses leave in request order.
    struct InFlight {
        var task: Task<Void, Never>
        var request: RequestSummary
    }

    /// What the server remembers of a request while it is being answered.
    struct RequestSummary {
        var method: String
        /// The target as sent (the request's own string, shared): `path` is cut from it only when
        /// a log line or the observer asks, not for every request.
        var target: String
        var version: HTTPVersion
        var keepAlive: Bool
        var startedAt: MonotonicInstant

        /// The target without its query string (queries may carry secrets).
        var path: String { String(HTTPRequest.path(of: target)) }
    }

    /// Unique per loop for its lifetime, unlike file descriptors, which the kernel reuses: a late
    /// response for a closed connection must not reach the next one on the same descriptor.
    let id: UInt64
    let fd: Int32
    let remoteAddress: String
    /// Accepted over `maxConnections`: answered 503 at once, without waiting for its request, and closed.
    let overloaded: Bool

    var parser: HTTPRequestParser
    var output: [UInt8] = []
    var outputOffset = 0
    var requestCount = 0
    var inFlight: InFlight?
    /// The last response carried `Connection: close`: no more requests are read.
    var closeAfterWrite = false
    /// The peer sent EOF; answer what is already buffered, then close.
    var peerClosed = false
    /// Our write side is shut down and we wait briefly for the peer's EOF before closing, so unread
    /// request bytes do not turn the close into a reset that destroys the response in flight.
    var lingerDeadline: MonotonicInstant?
    var isClosed = false
    /// In the loop's `answered` list: its output is written once the batch of events is handled.
    var awaitsWrite = false
    /// Requests were left unanswered because too much output waited (`EventLoop.outputRoom`);
    /// `flush` answers them once it has written that output.
    var answersWaitForOutput = false

    /// The loop turn `answeredThisTurn` counts in (`EventLoop.turn`).
    var answeringTurn: UInt64 = 0
    /// Requests answered (or started) in that turn: at `EventLoop.answersPerTurn` the rest wait
    /// for the next turn, so one pipelining client cannot hold the loop.
    var answeredThisTurn = 0
    /// In the loop's `deferred` list: requests wait for the next turn (see `answeredThisTurn`).
    var deferred = false

    /// The parser phase the timers apply to, and when it began.
    var phase: HTTPRequestParser.Phase = .idle
    var phaseStartedAt: MonotonicInstant
    /// Last time bytes moved in either direction (for a peer that stops reading our response).
    var lastProgress: MonotonicInstant

    /// The interest currently registered with the poller, so it is only changed when it must be.
    var registeredRead = true
    var registeredWrite = false

    init(id: UInt64, fd: Int32, remoteAddress: String, overloaded: Bool, parser: HTTPRequestParser, now: MonotonicInstant) {
        self.id = id
        self.fd = fd
        self.remoteAddress = remoteAddress
        self.overloaded = overloaded
        self.parser = parser
        self.phaseStartedAt = now
        self.lastProgress = now
    }

    var hasPendingOutput: Bool { outputOffset < output.count }

    /// Bytes queued for the peer and not yet written.
    var pendingOutputCount: Int { output.count - outputOffset }

    /// Nothing in progress in either direction: safe to close when draining.
    var isIdle: Bool { inFlight == nil && !hasPendingOutput && parser.phase == .idle }
}
