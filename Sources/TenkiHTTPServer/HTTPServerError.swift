/// Why the server could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `start()` was called twice, or after `shutdown`.
    case alreadyStarted
    /// The host is not an IPv4 address in dotted form.
    case invalidHost(String)
    /// A system call failed; `errno` says why (EADDRINUSE, EMFILE, ...).
    case systemCall(String, errno: Int32)

    public var description: String {
        switch self {
        case .alreadyStarted: "server already started"
        case .invalidHost(let host): "not an IPv4 address: \(host)"
        case .systemCall(let call, let errno): "\(call) failed (errno \(errno))"
        }
    }
}
