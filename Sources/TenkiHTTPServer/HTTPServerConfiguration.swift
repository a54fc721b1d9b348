import Foundation
#if os(Linux)
import CTenkiSystem
#endif

extension HTTPServer {
    /// Where to listen and how much to tolerate. Every field has a default suited to a Slack bot
    /// behind a load balancer: small requests, many idle keep-alive connections.
    public struct Configuration: Sendable {
        /// IPv4 address to bind, such as `127.0.0.1` or `0.0.0.0`.
        public var host: String
        /// 0 asks the kernel for a free port; `start()` returns the one it chose.
        public var port: Int
        /// Event-loop threads, each owning its connections.
        public var loopCount: Int
        /// Request line plus header fields (and chunked trailers); over it: 431.
        public var maxHeaderBytes: Int
        /// Body, decoded when chunked; over it: 413.
        public var maxBodyBytes: Int
        /// Open connections across all loops; a connection over it is answered 503 and closed.
        public var maxConnections: Int
        /// Requests on one connection before the server answers with `Connection: close`.
        public var maxRequestsPerConnection: Int
        /// Time from the first byte of a request to the end of its head; then 408 and close.
        /// A new connection that sends nothing at all within it is closed silently.
        public var headerTimeout: Duration
        /// Time from the end of the head to the end of the body; then 408 and close.
        public var bodyTimeout: Duration
        /// Time a keep-alive connection may wait for its next request; then it is closed silently.
        public var idleTimeout: Duration
        /// Time an async handler may take; then 503 and close, so no connection is held forever.
        public var handlerTimeout: Duration
        /// After a turn that did work, with few connections open, how long a loop keeps polling
        /// before it sleeps until the next event (`EventLoop.waitForEvents`); zero never polls.
        public var pollBeforeSleeping: Duration

        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            loopCount: Int = HTTPServer.Configuration.defaultLoopCount,
            maxHeaderBytes: Int = 16 * 1024,
            maxBodyBytes: Int = 64 * 1024,
            maxConnections: Int = 1024,
            maxRequestsPerConnection: Int = 1000,
            headerTimeout: Duration = .seconds(10),
            bodyTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(60),
            handlerTimeout: Duration = .seconds(30),
            pollBeforeSleeping: Duration = .microseconds(50)
        ) {
            self.host = host
            self.port = port
            self.loopCount = max(1, loopCount)
            self.maxHeaderBytes = maxHeaderBytes
            self.maxBodyBytes = maxBodyBytes
            self.maxConnections = max(1, maxConnections)
            self.maxRequestsPerConnection = max(1, maxRequestsPerConnection)
            self.headerTimeout = headerTimeout
            self.bodyTimeout = bodyTimeout
            self.idleTimeout = idleTimeout
            self.handlerTimeout = handlerTimeout
            self.pollBeforeSleeping = max(.zero, pollBeforeSleeping)
        }

        /// One loop per CPU this process may use: the CPUs in its affinity mask (`taskset`, a cpuset),
        /// which can be fewer than the machine's. Two busy loops sharing one CPU take turns by the
        /// scheduler's time slice, which showed as a multi-millisecond p99 under the benchmark's pinning.
        public static var defaultLoopCount: Int {
            #if os(Linux)
            let allowed = Int(tenki_allowed_cpu_count())
            if allowed > 0 { return min(allowed, ProcessInfo.processInfo.activeProcessorCount) }
            #endif
            return ProcessInfo.processInfo.activeProcessorCount
        }

        /// How often deadlines are checked: often enough for the shortest timeout, at most every 250 ms.
        var sweepInterval: Duration {
            let shortest = [headerTimeout, bodyTimeout, idleTimeout, handlerTimeout].min() ?? .seconds(1)
            return max(.milliseconds(5), min(.milliseconds(250), shortest / 4))
        }
    }
}
