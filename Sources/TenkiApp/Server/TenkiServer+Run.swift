import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

extension TenkiServer {
    /// Where and how `run` listens.
    public struct ListenOptions: Sendable {
        public var host: String
        public var port: Int
        /// A socket already listening (`serve` listens before the state file opens); nil listens on `host:port`.
        public var listening: HTTPServer.ListeningSocket?
        /// Likewise for the metrics address (`serve` binds it before anything starts, so that an
        /// address in use is its own one-line error); nil listens on the settings' metrics address.
        public var metricsListening: HTTPServer.ListeningSocket?
        /// Whether the digest scheduler runs.
        public var scheduler = true
        /// Where verified requests are written as replay files (`serve --record`).
        public var recorder: RequestRecorder?
    }

    /// `serve`: runs the listeners and the services until `termination` returns (SIGTERM or SIGINT
    /// in production; tests pass their own), then drains them in order. Returns the signal.
    func run(
        _ options: ListenOptions, termination: @Sendable () async -> Int32 = { await TerminationSignal.wait() },
        started: (Int) -> Void = { _ in }
    ) async throws(HTTPServerError) -> Int32 {
        let signal = try await serving(options) { port in
            started(port)
            let signal = await termination()
            logger.notice(
                "draining",
                [
                    ("signal", String(signal)), ("delay_ms", String(settings.listener.drainDelay.milliseconds)),
                    ("deadline_ms", String(settings.listener.drainTimeout.milliseconds)),
                ])
            return signal
        }
        logger.notice("stopped")
        return signal
    }

    /// Runs the listeners and every service (`services`) while `body` runs with the bound port.
    /// When `body` returns, `/healthz` says 503 at once and the services drain in order; returns
    /// `body`'s result once the last one has stopped. `delay` and `timeout` replace the settings'
    /// drain delay and drain timeout (`replay` drains at once).
    public func serving<Result>(
        _ options: ListenOptions, drainDelay delay: Duration? = nil, drainTimeout timeout: Duration? = nil,
        while body: (Int) async -> Result
    ) async throws(HTTPServerError) -> Result {
        let bounds = DrainBounds(delay: delay ?? settings.listener.drainDelay, timeout: timeout ?? settings.listener.drainTimeout)
        return try await serving(options, bounds: bounds, observing: { $0 }, while: body)
    }

    /// `serving`, with each service passed through `observe` first (tests record the drain with it).
    func serving<Result>(
        _ options: ListenOptions, bounds: DrainBounds, observing observe: (ServiceGroup.Member) -> ServiceGroup.Member,
        while body: (Int) async -> Result
    ) async throws(HTTPServerError) -> Result {
        let listeners = try await startListeners(options)
        warmGeocoding()
        checkCharts()
        let logger = logger
        let group = ServiceGroup(
            services(listeners, scheduler: scheduler(enabled: options.scheduler), bounds: bounds).map(observe),
            failed: { name, error in logger.error("service failed", [("service", name), ("error", String(describing: error))]) })
        return await group.run {
            let result = await body(listeners.port)
            drainFlag.set()
            return result
        }
    }

    /// The listener (on `options.listening`, or bound now) and, with `TENKI_METRICS_ADDRESS`, the
    /// metrics listener; both answer from here on.
    private func startListeners(_ options: ListenOptions) async throws(HTTPServerError) -> Listeners {
        var router = router
        router.recorder = options.recorder
        let listener = HTTPServer(
            configuration: Self.listenerConfiguration(settings, host: options.host, port: options.port),
            handler: router, logger: logger.with("component", "listener"),
            observer: ListenerMetrics(metrics: metrics, logger: logger.with("component", "listener")))
        let port = try listener.start(on: options.listening)
        guard let address = settings.metricsAddress else { return Listeners(main: listener, port: port, metrics: nil) }
        let metricsListener = HTTPServer(
            configuration: HTTPServer.Configuration(host: address.host, port: address.port, loopCount: 1),
            handler: metricsRouter(), logger: logger.with("component", "metrics-listener"))
        do {
            let metricsPort = try metricsListener.start(on: options.metricsListening)
            logger.notice("metrics listening", [("address", "\(address.host):\(metricsPort)")])
            return Listeners(main: listener, port: port, metrics: metricsListener)
        } catch {
            await listener.shutdown(gracePeriod: .zero)
            throw error
        }
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

    static func listenerConfiguration(_ settings: Settings, host: String, port: Int) -> HTTPServer.Configuration {
        HTTPServer.Configuration(
            host: host, port: port,
            maxHeaderBytes: settings.listener.maxHeaderBytes, maxBodyBytes: settings.listener.maxBodyBytes,
            maxConnections: settings.listener.maxConnections,
            maxRequestsPerConnection: settings.listener.maxRequestsPerConnection,
            headerTimeout: settings.listener.headerTimeout, bodyTimeout: settings.listener.headerTimeout,
            idleTimeout: settings.listener.idleTimeout, handlerTimeout: settings.listener.handlerTimeout,
            pollBeforeSleeping: settings.listener.pollBeforeSleeping)
    }
}
