#if canImport(Glibc)
import Glibc
import CTenkiSystem
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the socket calls the server makes, so the loop reads as HTTP, not as C.
enum Socket {
    /// A dotted IPv4 address, as `listen` parses it.
    static func isIPv4(_ host: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1
    }

    /// A bound, listening, non-blocking IPv4 socket and the port it got.
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws(HTTPServerError) -> (fd: Int32, port: Int) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port)).bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else { throw .invalidHost(host) }
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw .systemCall("socket", errno: errno) }
        var failure: HTTPServerError?
        var one: Int32 = 1
        if setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) != 0 {
            failure = .systemCall("setsockopt(SO_REUSEADDR)", errno: errno)
        } else if withUnsafePointer(to: &address, {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }) != 0 {
            failure = .systemCall("bind", errno: errno)
        } else if systemListen(fd, backlog) != 0 {
            failure = .systemCall("listen", errno: errno)
        }
        #if !os(Linux)
        if failure == nil { setNonBlocking(fd) }
        #endif
        if let failure {
            close(fd)
            throw failure
        }
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: bound.sin_port)))
    }

    enum AcceptResult {
        case accepted(fd: Int32, remote: String)
        case wouldBlock
        case failed(errno: Int32)
    }

    /// Accepts one connection as a non-blocking socket with Nagle's algorithm off (a response is
    /// written in one go; waiting to coalesce it only adds latency).
    static func accept(_ listener: Int32) -> AcceptResult {
        var storage = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        #if os(Linux)
        let fd = withUnsafeMutablePointer(to: &storage) { tenki_accept(listener, $0, &length) }
        #else
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Darwin.accept(listener, $0, &length) }
        }
        #endif
        guard fd >= 0 else {
            let code = errno
            return code == EAGAIN || code == EWOULDBLOCK || code == EINTR || code == ECONNABORTED
                ? .wouldBlock : .failed(errno: code)
        }
        #if !os(Linux)
        setNonBlocking(fd)
        var noSigPipe: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &noSigPipe, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return .accepted(fd: fd, remote: describe(storage))
    }

    static func describe(_ address: sockaddr_in) -> String {
        var copy = address.sin_addr
        var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
        guard inet_ntop(AF_INET, &copy, &text, socklen_t(text.count)) != nil else { return "-" }
        let host = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "\(host):\(UInt16(bigEndian: address.sin_port))"
    }

    /// Sends without raising SIGPIPE when the peer has gone; returns bytes written or -1 with errno.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        #if os(Linux)
        return Glibc.send(fd, base, bytes.count, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.send(fd, base, bytes.count, 0)
        #endif
    }

    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        return recv(fd, base, buffer.count, 0)
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    static func closeWrite(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }
}

#if os(Linux)
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
#else
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
#endif
