import Foundation
import Synchronization
import TenkiBase
import TenkiLogging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One event-loop thread: it accepts from the shared listening socket, and reads, parses and writes
/// its own connections. Handlers that must wait run in tasks and post their responses back through
/// `inbox` plus a wake-up, so only the loop's thread ever touches a connection.
///
/// `@unchecked Sendable` around C handles: the epoll descriptor (the poller), the sockets of
/// `connections` and the state that goes with them (the read buffer, counters) are touched only on
/// the loop's own thread, inside `run()`; other threads use only `inbox` (behind its lock) and
/// `waker` (itself `Sendable`).
final class EventLoop: @unchecked Sendable {
    /// What other threads ask of the loop.
    struct Inbox {
        var completions: [Completion] = []
        var drainRequested = false
        var stopRequested = false
    }

    struct Completion {
        var fd: Int32
        var connectionID: UInt64
        var response: HTTPResponse
    }

    let index: Int
    let configuration: HTTPServer.Configuration
    let handler: any HTTPHandler
    let logger: Logger
    let observer: (any HTTPServerObserver)?
    let coordinator: LoopCoordinator
    let listenerFD: Int32

    let poller: Poller
    let waker: Waker
    private let inbox = Mutex(Inbox())

    var connections: [Int32: Connection] = [:]
    var nextConnectionID: UInt64 = 0
    var draining = false
    /// Connections answered during the current batch of events, written after it (see `run`).
    var answered: [Connection] = []
    /// Connections whose ready requests wait for the next turn (`answersPerTurn`).
    var deferred: [Connection] = []
    /// Counts the loop's turns (one wait for events, the answers it produced written).
    var turn: UInt64 = 0
    var listening = true
    /// Accepting failed (out of descriptors): the listener is out of the poller until the next sweep.
    var listenerPaused = false
    private var reportedDrained = false
    var dateCache = HTTPDateCache()
    /// The clock as the current wait for events returned: what a turn's progress marks and request
    /// starts are stamped with (timeouts are seconds long, a turn microseconds), so a request pays
    /// for one clock reading, its duration's end, rather than one per mark.
    var turnTime = MonotonicInstant.now
    /// One read buffer for all connections of this loop: bytes are copied into the parser at once.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    init(
        index: Int, configuration: HTTPServer.Configuration, handler: any HTTPHandler, logger: Logger,
        observer: (any HTTPServerObserver)?, coordinator: LoopCoordinator, listenerFD: Int32
    ) throws(HTTPServerError) {
        self.index = index
        self.configuration = configuration
        self.handler = handler
        self.logger = logger
        self.observer = observer
        self.coordinator = coordinator
        self.listenerFD = listenerFD
        self.poller = try Poller()
        do throws(HTTPServerError) {
            self.waker = try Waker()
        } catch {
            poller.close()
            throw error
        }
    }

    deinit {
        readBuffer.deallocate()
    }

    // MARK: Called from other threads

    /// Hands an async handler's response back to the loop that owns the connection.
    func complete(_ completion: Completion) {
        inbox.withLock { $0.completions.append(completion) }
        waker.wake()
    }

    func requestDrain() {
        inbox.withLock { $0.drainRequested = true }
        waker.wake()
    }

    func requestStop() {
        inbox.withLock { $0.stopRequested = true }
        waker.wake()
    }

    // MARK: The loop

    func run() {
        watchListener()
        poller.add(waker.readFD, read: true, write: false)
        var events: [PollEvent] = []
        let interval = configuration.sweepInterval
        var nextSweep = MonotonicInstant.now.advanced(by: interval)
        var running = true
        var worked = false
        while running {
            startTurn()
            // Requests waiting for this turn: look for other events without sleeping.
            let timeout = deferred.isEmpty ? Self.milliseconds(until: nextSweep, from: turnTime) : 0
            waitForEvents(timeoutMilliseconds: timeout, afterWork: worked, into: &events)
            turnTime = MonotonicInstant.now
            worked = !events.isEmpty
            running = handle(events)
            // Answers are written together once nothing more is ready, not each as soon as it is
            // computed: a write that finds the client asleep pays for waking it (on loopback and
            // behind a proxy on the same host; on a virtual machine an interrupt to another CPU and
            // an exit to the hypervisor), and writes in quick succession share one wake-up.
            // Requests that became ready meanwhile are read first (a few rounds at most, so writes
            // never wait long under a steady stream), which also spares them a wait for the next
            // batch. `bench/run.sh` measures the effect (cached `/weather` at c=50).
            // When every open connection was in the batch, none can have become ready since: each
            // client waits for the answers not yet written, so polling again would find nothing (one
            // wasted system call per request with one client). A pipelining client's next requests
            // are read in the next turn.
            var rounds = 1
            while running, rounds < Self.readRoundsBeforeWriting, events.count < connections.count {
                poller.wait(timeoutMilliseconds: 0, into: &events)
                if events.isEmpty { break }
                turnTime = MonotonicInstant.now
                running = handle(events)
                rounds += 1
            }
            writeAnswered()
            turnTime = MonotonicInstant.now
            let now = turnTime
            if now >= nextSweep {
                if listenerPaused, listening {
                    listenerPaused = false
                    watchListener()
                }
                sweep(now: now)
                nextSweep = now.advanced(by: interval)
            }
            if draining, connections.isEmpty, !reportedDrained {
                reportedDrained = true
                coordinator.loopDrained()
            }
        }
        for connection in Array(connections.values) { close(connection) }
        poller.close()
        waker.close()
        coordinator.loopExited()
    }

    /// How many rounds of ready events (the later ones polled without waiting) are handled before
    /// the answers they produced are written.
    static let readRoundsBeforeWriting = 4

    /// Handles one batch of ready events; returns false when the loop must stop.
    private func handle(_ events: [PollEvent]) -> Bool {
        var running = true
        for event in events {
            if event.fd == waker.readFD {
                waker.drain()
                if !processInbox() { running = false }
            } else if event.fd == listenerFD {
                if listening { acceptConnections() }
            } else if let connection = connections[event.fd] {
                // Hang-up after EOF: the peer is gone both ways and a level-triggered HUP would
                // keep waking us until the handler finishes, so give up on the connection now.
                // Likewise when the loop is not reading it (bounds reached): an error or hang-up
                // means nothing more can be said to the peer, and would wake us at every poll.
                if event.failed, connection.peerClosed || !connection.registeredRead {
                    close(connection)
                    continue
                }
                if event.readable || event.failed { readAvailable(connection) }
                if event.writable, !connection.isClosed { flush(connection) }
            }
        }
        return running
    }

    /// Applies what other threads posted; returns false when the loop must stop.
    private func processInbox() -> Bool {
        let posted = inbox.withLock { inbox -> Inbox in
            defer { inbox.completions.removeAll(keepingCapacity: true) }
            return inbox
        }
        for completion in posted.completions {
            guard let connection = connections[completion.fd], connection.id == completion.connectionID,
                let inFlight = connection.inFlight
            else { continue }  // closed or timed out meanwhile
            connection.inFlight = nil
            respond(connection, completion.response, to: inFlight.request)
            process(connection)
        }
        if posted.drainRequested, !draining { startDraining() }
        return !posted.stopRequested
    }

    private func startDraining() {
        draining = true
        if listening {
            listening = false
            if !listenerPaused { poller.remove(listenerFD) }
        }
        for connection in Array(connections.values) where connection.isIdle {
            close(connection)
        }
    }
}
