import TenkiBase

#if canImport(Glibc)
import Glibc
#endif

/// Opens a non-blocking TCP connection to a host name or address, trying each address the resolver
/// gives until one accepts within the timeout. The name lookup itself (`getaddrinfo`) is blocking
/// and has the resolver's own timeouts; it runs on the connection's thread, never on Swift's pool.
enum TCPConnector {
    static func connect(host: String, port: Int, timeout: Duration) throws(WebSocketError) -> PlainStream {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else { throw .resolve(host: host, reason: String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(first) }

        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let deadline = ContinuousClock.now + timeout
            let fd = socket(
                info.pointee.ai_family,
                Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                lastError = errnoText()
                continue
            }
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) != 0 && errno != EINPROGRESS {
                lastError = errnoText()
                _ = close(fd)
                continue
            }
            guard SocketWait.wait(fd, forWriting: true, until: deadline) else {
                _ = close(fd)
                if entry == nil { throw .timedOut(.connect) }
                lastError = "timed out"
                continue
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            guard code == 0 else {
                lastError = errnoText(code)
                _ = close(fd)
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            return PlainStream(fileDescriptor: fd)
        }
        throw .connect(host: host, port: port, reason: lastError)
    }
}
