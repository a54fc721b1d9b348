import Foundation
import Synchronization
import TenkiBase

#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP listener on 127.0.0.1 for the fake Socket Mode server: one thread accepts, and
/// each accepted socket gets a thread of its own. `stop()` shuts the socket down, which ends the accept.
final class FakeSocketModeListener: Sendable {
    let descriptor: Int32
    let port: Int
    private let stopped = Mutex(false)

    init(port: Int) throws(FakeSocketModeError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .listen(errnoText()) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = errnoText()
            _ = Glibc.close(fd)
            throw .listen(reason)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Accepts until `stop()`, handing each connected socket to `serve` on a new thread (which owns and closes it).
    func run(_ serve: @escaping @Sendable (Int32) -> Void) {
        let thread = Thread { [self] in
            Thread.current.name = "tenki-fake-socket-accept"
            while true {
                let client = accept(descriptor, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    break
                }
                if stopped.withLock({ $0 }) {
                    _ = Glibc.close(client)
                    break
                }
                var one: Int32 = 1
                setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                let connection = Thread {
                    Thread.current.name = "tenki-fake-socket"
                    serve(client)
                }
                connection.start()
            }
            _ = Glibc.close(descriptor)
        }
        thread.start()
    }

    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if first { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
}
