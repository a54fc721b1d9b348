import Synchronization

#if canImport(Glibc)
import Glibc
import CTenkiSystem
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor that is ready, as the loop needs to know it.
struct PollEvent {
    var fd: Int32
    var readable: Bool
    var writable: Bool
    /// Error or hang-up: reading will say what happened (EOF or an error).
    var failed: Bool
}

/// Readiness notification for one loop: level-triggered epoll on Linux, poll(2) elsewhere (a
/// portable fallback so the package builds on macOS; it is not meant to be fast).
/// Confined to its loop's thread; only `Waker` crosses threads.
final class Poller {
    #if os(Linux)
    private let epollFD: Int32
    private var ready = [tenki_epoll_event](repeating: tenki_epoll_event(), count: 256)

    init() throws(HTTPServerError) {
        epollFD = tenki_epoll_create()
        guard epollFD >= 0 else { throw .systemCall("epoll_create1", errno: errno) }
    }

    private static func mask(read: Bool, write: Bool) -> UInt32 {
        (read ? TENKI_EPOLLIN | TENKI_EPOLLRDHUP : 0) | (write ? TENKI_EPOLLOUT : 0)
    }

    /// `exclusive` is for a listening socket shared by several loops: one loop is woken per
    /// connection instead of all of them (EPOLLEXCLUSIVE).
    /// (EPOLLEXCLUSIVE accepts only a few companion flags, hence plain EPOLLIN with it.)
    @discardableResult
    func add(_ fd: Int32, read: Bool, write: Bool, exclusive: Bool = false) -> Bool {
        let events = exclusive ? TENKI_EPOLLIN | TENKI_EPOLLEXCLUSIVE : Self.mask(read: read, write: write)
        return tenki_epoll_add(epollFD, fd, events) == 0
    }

    func modify(_ fd: Int32, read: Bool, write: Bool) {
        _ = tenki_epoll_modify(epollFD, fd, Self.mask(read: read, write: write))
    }

    func remove(_ fd: Int32) {
        _ = tenki_epoll_remove(epollFD, fd)
    }

    func wait(timeoutMilliseconds: Int32, into events: inout [PollEvent]) {
        events.removeAll(keepingCapacity: true)
        let count = ready.withUnsafeMutableBufferPointer { buffer in
            tenki_epoll_wait(epollFD, buffer.baseAddress, Int32(buffer.count), timeoutMilliseconds)
        }
        guard count > 0 else { return }
        for index in 0..<Int(count) {
            let event = ready[index]
            events.append(
                PollEvent(
                    fd: event.fd,
                    readable: event.events & (TENKI_EPOLLIN | TENKI_EPOLLRDHUP) != 0,
                    writable: event.events & TENKI_EPOLLOUT != 0,
                    failed: event.events & (TENKI_EPOLLERR | TENKI_EPOLLHUP) != 0
                ))
        }
    }

    func close() {
        _ = Glibc.close(epollFD)
    }
    #else
    private var interest: [Int32: (read: Bool, write: Bool)] = [:]

    init() throws(HTTPServerError) {}

    @discardableResult
    func add(_ fd: Int32, read: Bool, write: Bool, exclusive: Bool = false) -> Bool {
        interest[fd] = (read, write)
        return true
    }

    func modify(_ fd: Int32, read: Bool, write: Bool) {
        interest[fd] = (read, write)
    }

    func remove(_ fd: Int32) {
        interest[fd] = nil
    }

    func wait(timeoutMilliseconds: Int32, into events: inout [PollEvent]) {
        events.removeAll(keepingCapacity: true)
        var fds = interest.map { fd, wanted in
            pollfd(fd: fd, events: Int16((wanted.read ? POLLIN : 0) | (wanted.write ? POLLOUT : 0)), revents: 0)
        }
        guard poll(&fds, nfds_t(fds.count), timeoutMilliseconds) > 0 else { return }
        for entry in fds where entry.revents != 0 {
            events.append(
                PollEvent(
                    fd: entry.fd,
                    readable: entry.revents & Int16(POLLIN) != 0,
                    writable: entry.revents & Int16(POLLOUT) != 0,
                    failed: entry.revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0
                ))
        }
    }

    func close() {}
    #endif
}

/// Wakes a loop blocked in `Poller.wait` from any thread (an eventfd on Linux, a pipe elsewhere).
/// The descriptors are immutable and `closed` is only touched under its lock, so no thread ever
/// writes to a descriptor number that has been closed and reused.
final class Waker: Sendable {
    let readFD: Int32
    private let writeFD: Int32
    private let closed = Mutex(false)

    init() throws(HTTPServerError) {
        #if os(Linux)
        let fd = tenki_eventfd_create()
        guard fd >= 0 else { throw .systemCall("eventfd", errno: errno) }
        readFD = fd
        writeFD = fd
        #else
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .systemCall("pipe", errno: errno) }
        Socket.setNonBlocking(fds[0])
        Socket.setNonBlocking(fds[1])
        readFD = fds[0]
        writeFD = fds[1]
        #endif
    }

    func wake() {
        closed.withLock { closed in
            guard !closed else { return }
            #if os(Linux)
            tenki_eventfd_signal(writeFD)
            #else
            var byte: UInt8 = 1
            _ = write(writeFD, &byte, 1)
            #endif
        }
    }

    /// Called by the loop when it wakes, so the next wait blocks again.
    func drain() {
        #if os(Linux)
        tenki_eventfd_drain(readFD)
        #else
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readFD, &bytes, bytes.count) > 0 {}
        #endif
    }

    func close() {
        closed.withLock { closed in
            guard !closed else { return }
            closed = true
            #if os(Linux)
            _ = Glibc.close(readFD)
            #else
            _ = Darwin.close(readFD)
            _ = Darwin.close(writeFD)
            #endif
        }
    }
}
