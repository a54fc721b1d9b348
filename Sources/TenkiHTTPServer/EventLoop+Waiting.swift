import TenkiBase

/// How a loop waits for its next events: in the kernel until the next deadline, or, right after
/// work with few connections open, polling for a moment first.
///
/// A client with one request in flight (a proxy on the same host, Slack's few keep-alive
/// connections, a benchmark at one connection) sends its next request some tens of microseconds
/// after reading an answer. A loop that sleeps in `epoll_wait` then costs that request a wake-up:
/// a context switch and, when the CPU went idle, leaving its idle state (on a virtual machine, an
/// interrupt through the hypervisor), with caches cooled meanwhile. At one connection that doubled
/// the round trip (`docs/performance.md`). With many connections the sleep is what gathers a batch
/// of requests for one wake-up, so polling there would only cost system calls. The count that
/// decides is the server's, not the loop's: loops share the CPUs, and with many connections split
/// unevenly, a loop holding few would spin on a CPU that the busy loop (or the clients) needs.
extension EventLoop {
    /// At most this many connections open in the whole server for a loop to poll before sleeping.
    static let pollingConnectionLimit = 8

    /// Waits for events until the poll timeout (`timeoutMilliseconds`; 0 returns at once). After a
    /// turn that did work, first polls without sleeping for up to `Configuration.pollBeforeSleeping`
    /// from the end of that turn (`turnTime`).
    func waitForEvents(timeoutMilliseconds timeout: Int32, afterWork: Bool, into events: inout [PollEvent]) {
        if Self.pollsBeforeSleeping(
            timeoutMilliseconds: timeout, afterWork: afterWork, loopConnections: connections.count,
            serverConnections: coordinator.connectionCount, pollFor: configuration.pollBeforeSleeping)
        {
            let until = turnTime.advanced(by: configuration.pollBeforeSleeping)
            repeat {
                poller.wait(timeoutMilliseconds: 0, into: &events)
                if !events.isEmpty { return }
            } while MonotonicInstant.now < until
        }
        poller.wait(timeoutMilliseconds: timeout, into: &events)
    }

    /// Whether a wait polls first: only one that would sleep, right after work, with few connections
    /// in the server. The loop's own count is looked at first: it is free, and the server's is shared.
    static func pollsBeforeSleeping(
        timeoutMilliseconds: Int32, afterWork: Bool, loopConnections: Int, serverConnections: @autoclosure () -> Int,
        pollFor: Duration
    ) -> Bool {
        timeoutMilliseconds != 0 && afterWork && pollFor > .zero && loopConnections <= pollingConnectionLimit
            && serverConnections() <= pollingConnectionLimit
    }

    /// The poll timeout, rounded up so the loop does not wake just before the deadline and spin.
    static func milliseconds(until deadline: MonotonicInstant, from now: MonotonicInstant) -> Int32 {
        let wait = now.duration(to: deadline)
        guard wait >= .zero else { return 0 }
        let whole = Int32(clamping: wait.milliseconds)
        return whole == .max ? whole : whole + 1
    }
}
