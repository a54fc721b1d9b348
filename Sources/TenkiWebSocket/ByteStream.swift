#if canImport(Glibc)
import Glibc
#endif
import TenkiBase

/// What a non-blocking read or write did.
enum StreamResult: Equatable {
    /// This many bytes moved (never 0).
    case bytes(Int)
    /// Nothing now: wait until the socket is readable (`wantsWrite` false) or writable (true). TLS
    /// may need to write in order to read and the reverse.
    case wouldBlock(wantsWrite: Bool)
    /// The peer closed its side.
    case endOfStream
    case failed(String)
}

/// A connected, non-blocking byte stream: plain TCP (loopback `ws://`, the proxy's tunnel before
/// TLS) or TLS over it. Owned by one thread at a time; never shared.
protocol ByteStream: AnyObject {
    var fileDescriptor: Int32 { get }
    func read(into buffer: UnsafeMutableRawBufferPointer) -> StreamResult
    func write(_ bytes: UnsafeRawBufferPointer) -> StreamResult
    /// Releases the socket (and the TLS session), without a TLS close_notify wait.
    func close()
}

/// A TCP socket as a byte stream.
final class PlainStream: ByteStream {
    let fileDescriptor: Int32
    private var isClosed = false

    init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    deinit { close() }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> StreamResult {
        let count = recv(fileDescriptor, buffer.baseAddress, buffer.count, 0)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .endOfStream }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock(wantsWrite: false) : .failed(errnoText())
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> StreamResult {
        let count = send(fileDescriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
        if count >= 0 { return count == 0 ? .wouldBlock(wantsWrite: true) : .bytes(count) }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .wouldBlock(wantsWrite: true) : .failed(errnoText())
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = Glibc.close(fileDescriptor)
    }
}

/// Waiting on one socket with a deadline in real time, for the opening steps (connect, proxy, TLS,
/// handshake), which run before the connection has a thread loop of its own.
enum SocketWait {
    /// Waits until `fd` is readable or writable as asked; false when `deadline` passed first.
    static func wait(_ fd: Int32, forWriting: Bool, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return false }
            var entry = pollfd(fd: fd, events: Int16(forWriting ? POLLOUT : POLLIN), revents: 0)
            let milliseconds = Int32(
                clamping: max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }  // let the read or write report the error
        }
    }

    /// Writes all of `bytes`, waiting as the stream asks, until `deadline`.
    static func writeAll(
        _ bytes: [UInt8], to stream: any ByteStream, until deadline: ContinuousClock.Instant, phase: WebSocketError.Phase
    )
        throws(WebSocketError)
    {
        var offset = 0
        while offset < bytes.count {
            let result = bytes[offset...].withUnsafeBytes { stream.write($0) }
            switch result {
            case .bytes(let count): offset += count
            case .wouldBlock(let wantsWrite):
                guard wait(stream.fileDescriptor, forWriting: wantsWrite, until: deadline) else { throw .timedOut(phase) }
            case .endOfStream: throw .connectionLost("the peer closed the connection during the \(phase.rawValue)")
            case .failed(let why): throw .connectionLost("\(why) during the \(phase.rawValue)")
            }
        }
    }

    /// Reads until an HTTP response head is complete; returns it and the bytes that came after it.
    static func readHead(
        from stream: any ByteStream, until deadline: ContinuousClock.Instant, phase: WebSocketError.Phase
    )
        throws(WebSocketError) -> (head: HTTPResponseHead, rest: [UInt8])
    {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let (head, length) = try HTTPResponseHead.parse(received) { return (head, Array(received[length...])) }
            let result = chunk.withUnsafeMutableBytes { stream.read(into: $0) }
            switch result {
            case .bytes(let count): received += chunk[0..<count]
            case .wouldBlock(let wantsWrite):
                guard wait(stream.fileDescriptor, forWriting: wantsWrite, until: deadline) else { throw .timedOut(phase) }
            case .endOfStream: throw .connectionLost("the peer closed the connection during the \(phase.rawValue)")
            case .failed(let why): throw .connectionLost("\(why) during the \(phase.rawValue)")
            }
        }
    }
}
