import Foundation
import TenkiBase
import TenkiTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port where nobody is home, held for as long as this value lives: bound but never
/// listening, so every connection to it is refused, and no other socket (another suite's port-0
/// listener) can be given the port meanwhile. "Bind port 0, close it, connect later" leaves the port
/// free for anyone in between, and a test of a refused connection then reaches someone else's server.
final class RefusingPort {
    let port: Int
    private let fd: Int32

    /// The call and the system's words for its errno, taken when it failed (a later call may change errno).
    struct Failed: Error, CustomStringConvertible {
        var call: String
        var reason = errnoText()
        var description: String { "\(call) failed: \(reason)" }
    }

    init() throws {
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw Failed(call: "socket") }
        guard let port = bindToLoopback(fd) else {
            let failure = Failed(call: "bind")
            close(fd)
            throw failure
        }
        self.fd = fd
        self.port = port
    }

    deinit { close(fd) }
}
