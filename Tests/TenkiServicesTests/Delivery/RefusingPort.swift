import Foundation
import TenkiBase

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
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0 else {
            close(fd)
            throw Failed(call: "bind")
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(fd) }
}
