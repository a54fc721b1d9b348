import Foundation
import Synchronization
import TenkiLogging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server: `loopCount` event-loop threads share one listening socket, each owning
/// the connections it accepts. Cheap answers come from `HTTPHandler.handleInline` on the loop;
/// the rest run in tasks. bench/README.md has the listener's measurements and how to reproduce them.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), handler: router, logger: logger)
/// let port = try server.start()
/// // ... on SIGTERM:
/// await server.shutdown(gracePeriod: .seconds(10))
/// ```
///
/// The loop threads run until `shutdown` returns; dropping the last reference does not stop them.
public final class HTTPServer: Sendable {
    private enum Lifecycle {
        case idle
        case running(listenerFD: Int32, loops: [EventLoop])
        case stopped
    }

    public let configuration: Configuration
    private let handler: any HTTPHandler
    private let logger: Logger
    private let observer: (any HTTPServerObserver)?
    private let lifecycle = Mutex(Lifecycle.idle)
    private let draining = Mutex(false)
    private let coordinator: LoopCoordinator

    public init(
        configuration: Configuration, handler: any HTTPHandler, logger: Logger,
        observer: (any HTTPServerObserver)? = nil
    ) {
        self.configuration = configuration
        self.handler = handler
        self.logger = logger
        self.observer = observer
        self.coordinator = LoopCoordinator(loopCount: configuration.loopCount)
    }

    /// True from the moment `shutdown` begins; `/healthz` reports 503 while it is.
    public var isDraining: Bool { draining.withLock { $0 } }

    /// Connections open right now, across all loops (including ones being refused with 503).
    public var connectionCount: Int { coordinator.connectionCount }

    /// A socket bound and listening before the server that will accept from it is ready.
    /// Connections that arrive in between wait in the kernel's backlog and are answered once the
    /// server starts, instead of being refused (so a client, a load balancer or a health check
    /// started together with Tenki does not have to retry while the state file opens).
    public struct ListeningSocket: Sendable {
        let fd: Int32
        public let port: Int
    }

    /// Whether `host` is an address `listen(host:port:)` takes: IPv4, dotted (`0.0.0.0`, `127.0.0.1`).
    public static func canListen(on host: String) -> Bool {
        Socket.isIPv4(host)
    }

    /// Binds and listens now; pass the result to `start(on:)`.
    public static func listen(host: String, port: Int) throws(HTTPServerError) -> ListeningSocket {
        let listener = try Socket.listen(host: host, port: port)
        return ListeningSocket(fd: listener.fd, port: listener.port)
    }

    /// Starts the loop threads on `early` (a socket from `listen(host:port:)`), or binds and
    /// listens on `configuration`'s host and port first; returns the bound port (useful with port 0).
    @discardableResult
    public func start(on early: ListeningSocket? = nil) throws(HTTPServerError) -> Int {
        try lifecycle.withLock { (lifecycle: inout Lifecycle) throws(HTTPServerError) -> Int in
            guard case .idle = lifecycle else { throw .alreadyStarted }
            let listener: (fd: Int32, port: Int)
            if let early {
                listener = (early.fd, early.port)
            } else {
                listener = try Socket.listen(host: configuration.host, port: configuration.port)
            }
            var loops: [EventLoop] = []
            do throws(HTTPServerError) {
                for index in 0..<configuration.loopCount {
                    loops.append(
                        try EventLoop(
                            index: index, configuration: configuration, handler: handler,
                            logger: logger.with("loop", "\(index)"), observer: observer,
                            coordinator: coordinator, listenerFD: listener.fd
                        ))
                }
            } catch {
                _ = systemClose(listener.fd)
                throw error
            }
            for loop in loops {
                let thread = Thread {
                    // Named from inside: on Linux a name set before `start()` never reached the
                    // kernel (the thread kept its creator's), where `top -H` and perf read it.
                    Thread.current.name = "tenki-http-\(loop.index)"
                    loop.run()
                }
                thread.start()
            }
            lifecycle = .running(listenerFD: listener.fd, loops: loops)
            logger.info("listening", [("host", configuration.host), ("port", "\(listener.port)"), ("loops", "\(loops.count)")])
            return listener.port
        }
    }

    /// Stops accepting at once, lets requests in progress finish for up to `gracePeriod` (each gets
    /// `Connection: close`), then closes every connection and stops the loop threads. Returns when
    /// the threads have exited. Calling it again, or before `start`, does nothing.
    public func shutdown(gracePeriod: Duration) async {
        draining.withLock { $0 = true }
        let running = lifecycle.withLock { lifecycle -> (listenerFD: Int32, loops: [EventLoop])? in
            guard case .running(let listenerFD, let loops) = lifecycle else { return nil }
            lifecycle = .stopped
            return (listenerFD, loops)
        }
        guard let (listenerFD, loops) = running else { return }
        logger.info("draining", [("connections", "\(coordinator.connectionCount)")])
        // Refuse new connections now (Linux wakes the loops with EINVAL from accept); the loops
        // also drop the listener from their pollers.
        _ = stopListening(listenerFD)
        for loop in loops { loop.requestDrain() }

        // Every loop drained, or the grace period over: whichever comes first.
        await coordinator.allDrained.wait(after: 0, timeout: gracePeriod)
        let remaining = coordinator.connectionCount
        if remaining > 0 {
            logger.warning("grace period over, closing connections", [("connections", "\(remaining)")])
        }
        for loop in loops { loop.requestStop() }
        await coordinator.allExited.wait()
        _ = systemClose(listenerFD)
        logger.info("stopped")
    }
}

private func stopListening(_ fd: Int32) -> Int32 {
    shutdown(fd, Int32(SHUT_RD))
}
