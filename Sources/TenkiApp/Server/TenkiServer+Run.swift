import Foundation
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiServices

extension TenkiServer {
    /// Where and how `run` listens.
    public struct ListenOptions: Sendable {
        public var host: String
        public var port: Int
        /// A socket already listening (`serve` listens before the state file opens); nil listens on `host:port`.
        public var listening: HTTPServer.ListeningSocket?
        /// Whether the digest scheduler runs.
        public var scheduler = true
        /// Where verified requests are written as replay files (`serve --record`).
        public var recorder: RequestRecorder?
    }

    /// What `start` started, for `drain` to stop in order.
    public struct Running: Sendable {
        public let port: Int
        let listener: HTTPServer
        let metricsListener: HTTPServer?
        let deliveries: Task<Void, Never>
        let scheduler: Task<Void, Never>?
        let abandoned: Task<Void, Never>?
    }

    /// Starts the listeners, the delivery queue (pending deliveries from before a restart resume
    /// here), the look for commands a dead process left unanswered and, when asked and configured,
    /// the digest scheduler.
    public func start(_ options: ListenOptions) throws(HTTPServerError) -> Running {
        var router = router
        router.recorder = options.recorder
        let listener = HTTPServer(
            configuration: Self.listenerConfiguration(settings, host: options.host, port: options.port),
            handler: router, logger: logger.with("component", "listener"),
            observer: ListenerMetrics(metrics: metrics, logger: logger.with("component", "listener")))
        let port = try listener.start(on: options.listening)
        var metricsListener: HTTPServer?
        if let address = settings.metricsAddress {
            let server = HTTPServer(
                configuration: HTTPServer.Configuration(host: address.host, port: address.port, loopCount: 1),
                handler: metricsRouter(), logger: logger.with("component", "metrics-listener"))
            do {
                let metricsPort = try server.start()
                logger.notice("metrics listening", [("address", "\(address.host):\(metricsPort)")])
                metricsListener = server
            } catch {
                Task { await listener.shutdown(gracePeriod: .zero) }
                throw error
            }
        }
        warmGeocoding()
        checkCharts()
        let queue = queue
        let deliveries = Task { await queue.run() }
        let scheduler = scheduler(enabled: options.scheduler).map { scheduler in Task { await scheduler.run() } }
        let logger = logger
        let abandoned = abandoned.map { abandoned in Task { await abandoned.run(logger: logger) } }
        return Running(
            port: port, listener: listener, metricsListener: metricsListener, deliveries: deliveries, scheduler: scheduler,
            abandoned: abandoned)
    }

    /// Reads the places this deployment has geocoded into memory, in the background: after a
    /// restart, a place seen before is then answered with one call and no read of the store.
    private func warmGeocoding() {
        guard let weather = providers.weather else { return }
        let logger = logger
        background.start {
            let places = await weather.warmGeocoding()
            if places > 0 { logger.info("stored geocoding answers read into memory", [("places", String(places))]) }
        }
    }

    /// With charts on, asks the public URL for one in the background and warns when it fails.
    private func checkCharts() {
        guard let links = ChartLinks(settings: settings) else { return }
        let transport = dependencies.transport, logger = logger
        background.start { await ChartReachability.warnIfUnreachable(links: links, transport: transport, logger: logger) }
    }

    /// The ordered drain: `/healthz` says 503 at once; requests are still served for the drain
    /// delay (so load balancers notice), then the listener drains within the drain timeout; late
    /// answers whose placeholder already went out are queued (within the drain timeout, so they
    /// are posted, or kept in the state for the next start); the look for abandoned commands stops,
    /// and the commands still held (not ready by then) are left to other replicas at once (their
    /// leases ended); then the scheduler and the queue stop.
    public func drain(_ running: Running, delay: Duration? = nil, timeout: Duration? = nil) async {
        let delay = delay ?? settings.listener.drainDelay
        let timeout = timeout ?? settings.listener.drainTimeout
        drainFlag.set()
        // A stopping process takes over nothing more: it would only hand it back.
        running.abandoned?.cancel()
        if delay > .zero { try? await Task.sleep(for: delay) }
        await running.listener.shutdown(gracePeriod: timeout)
        await running.metricsListener?.shutdown(gracePeriod: .seconds(1))
        if background.count > 0 {
            logger.notice("waiting for late answers", [("count", String(background.count))])
            if await !background.waitUntilIdle(atMost: timeout) {
                logger.warning("late answers still being computed are dropped", [("count", String(background.count))])
                background.cancelAll()
            }
        }
        await running.abandoned?.value
        // What this process still holds (a lookup cut short) goes to another replica at once.
        await queue.releasePendingCommands()
        running.scheduler?.cancel()
        await running.scheduler?.value
        running.deliveries.cancel()
        await running.deliveries.value
    }

    /// `serve`: starts, waits for `termination` (SIGTERM or SIGINT in production; tests pass their
    /// own), then drains. Returns the signal that ended it.
    func run(
        _ options: ListenOptions, termination: @Sendable () async -> Int32 = { await TerminationSignal.wait() },
        started: (Int) -> Void = { _ in }
    ) async throws(HTTPServerError) -> Int32 {
        let running = try start(options)
        started(running.port)
        let signal = await termination()
        logger.notice("draining", [
            ("signal", String(signal)), ("delay_ms", String(settings.listener.drainDelay.milliseconds)),
            ("deadline_ms", String(settings.listener.drainTimeout.milliseconds)),
        ])
        await drain(running)
        logger.notice("stopped")
        return signal
    }

    static func listenerConfiguration(_ settings: Settings, host: String, port: Int) -> HTTPServer.Configuration {
        HTTPServer.Configuration(
            host: host, port: port,
            maxHeaderBytes: settings.listener.maxHeaderBytes, maxBodyBytes: settings.listener.maxBodyBytes,
            maxConnections: settings.listener.maxConnections, maxRequestsPerConnection: settings.listener.maxRequestsPerConnection,
            headerTimeout: settings.listener.headerTimeout, bodyTimeout: settings.listener.headerTimeout,
            idleTimeout: settings.listener.idleTimeout, handlerTimeout: settings.listener.handlerTimeout)
    }
}
