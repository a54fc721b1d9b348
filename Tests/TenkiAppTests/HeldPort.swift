import Foundation
import TenkiBase
@testable import TenkiHTTPServer
import TenkiLogging
import TenkiTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port kept for a receiver that comes up later: bound from the start but not
/// listening, so connections to it are refused (as to a receiver that is down), and no other
/// socket, in this process or another, can be given the port meanwhile. `start` listens on the
/// same socket, so the port is never released between the two.
///
/// Replaces "bind port 0, read the port, close, bind it again later", which leaves the port free
/// for anyone (another suite's port-0 listener, an outgoing connection) while the test waits.
final class HeldPort: @unchecked Sendable {
    let port: Int
    private var fd: Int32

    struct Failed: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call) failed: \(errnoText(code))" }
    }

    init() throws {
        // No SO_REUSEADDR: with it, another socket that also sets it could bind the same port
        // while this one is not listening.
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failed(call: "socket", code: errno) }
        #if !os(Linux)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        #endif
        guard let port = bindToLoopback(fd) else {
            let code = errno
            close(fd)
            throw Failed(call: "bind", code: code)
        }
        self.fd = fd
        self.port = port
    }

    /// Starts listening on the held socket and serves `handler` there; the server owns the socket
    /// from now on.
    func start(_ handler: some AsyncHTTPHandler) throws -> HTTPServer {
        precondition(fd >= 0, "started twice")
        guard listen(fd, 128) == 0 else { throw Failed(call: "listen", code: errno) }
        let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: port, loopCount: 1), handler: handler, logger: .discarding)
        _ = try server.start(on: HTTPServer.ListeningSocket(fd: fd, port: port))
        fd = -1
        return server
    }

    deinit {
        if fd >= 0 { close(fd) }
    }
}
