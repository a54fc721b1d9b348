/// What the app learns from the server, for metrics and access logs. Callbacks run on the loop
/// threads (or the handler's task) and must be cheap and non-blocking: count, enqueue, return.
/// Every method has an empty default, so an observer implements only what it uses. A class: the
/// loops call it for every request, and an existential of a value type is copied for each call.
public protocol HTTPServerObserver: AnyObject, Sendable {
    func connectionOpened()
    func connectionClosed()
    /// A response was written, whoever produced it (handler, inline, or the server's own rejection).
    /// The record is made only when asked for (it reads the clock): an observer that does not
    /// implement this costs a request nothing.
    func requestCompleted(_ record: @autoclosure () -> HTTPRequestRecord)
    /// The server refused a request or connection itself, before or instead of the handler.
    func rejected(_ rejection: HTTPRejection)
}

extension HTTPServerObserver {
    public func connectionOpened() {}
    public func connectionClosed() {}
    public func requestCompleted(_ record: @autoclosure () -> HTTPRequestRecord) {}
    public func rejected(_ rejection: HTTPRejection) {}
}

/// One answered request, for the access log and latency histograms.
public struct HTTPRequestRecord: Sendable {
    public var method: String
    /// The target without its query string (queries may carry secrets).
    public var path: String
    public var status: Int
    /// From the complete request being parsed to its response being handed to the socket.
    public var duration: Duration
    public var remoteAddress: String
}

/// Why the server answered on its own.
public enum HTTPRejection: Sendable, Hashable, CustomStringConvertible {
    /// Malformed request (400), unsupported version (505) or transfer coding (501).
    case malformed(status: Int)
    /// Request line and headers over `maxHeaderBytes`: 431.
    case headersTooLarge
    /// Body over `maxBodyBytes`: 413.
    case contentTooLarge
    /// Head or body not received in time: 408.
    case timedOut
    /// Over `maxConnections`: 503.
    case overloaded
    /// The handler did not answer within `handlerTimeout`: 503.
    case handlerTimedOut

    public var status: Int {
        switch self {
        case .malformed(let status): status
        case .headersTooLarge: 431
        case .contentTooLarge: 413
        case .timedOut: 408
        case .overloaded, .handlerTimedOut: 503
        }
    }

    public var description: String {
        switch self {
        case .malformed(let status): "malformed (\(status))"
        case .headersTooLarge: "headers too large"
        case .contentTooLarge: "content too large"
        case .timedOut: "timed out"
        case .overloaded: "overloaded"
        case .handlerTimedOut: "handler timed out"
        }
    }
}
