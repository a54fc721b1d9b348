import Foundation
import TenkiBase

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Binds `fd` to 127.0.0.1 on a port the system picks, and returns that port; nil when the bind
/// fails (errno says why). The test listeners and held ports share it; each makes its own socket.
public func bindToLoopback(_ fd: Int32) -> Int? {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    return bound ? Int(UInt16(bigEndian: address.sin_port)) : nil
}

/// A port on 127.0.0.1 that nothing listens on right now (bound with port 0, read back, closed),
/// for a process that must be told its port before it starts.
public func freeLoopbackPort() throws(FreeLoopbackPortUnavailable) -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw FreeLoopbackPortUnavailable(reason: errnoText()) }
    defer { close(fd) }
    guard let port = bindToLoopback(fd) else { throw FreeLoopbackPortUnavailable(reason: errnoText()) }
    return port
}

/// No loopback port could be bound, and why.
public struct FreeLoopbackPortUnavailable: Error, CustomStringConvertible {
    public var reason: String
    public var description: String { "no free port on 127.0.0.1: \(reason)" }
}
