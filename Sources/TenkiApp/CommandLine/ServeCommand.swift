import Foundation
import TenkiCore
import TenkiHTTP
import TenkiLogging
import TenkiMetrics
import TenkiServices

/// `tenki serve`: the webhook listener, until SIGTERM or SIGINT, then a graceful drain.
enum ServeCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(
            arguments, command: "serve", valueOptions: ["host", "port", "record"],
            flagOptions: ["no-scheduler", "insecure-skip-verification"])
        guard list.positional.isEmpty else {
            throw UsageError("unexpected argument \"\(list.positional[0])\"", command: "serve")
        }
        let insecure = list.has("insecure-skip-verification")
        let host = list.value("host") ?? (insecure ? "127.0.0.1" : "0.0.0.0")
        if insecure, !isLoopback(host) {
            throw UsageError("--insecure-skip-verification only listens on loopback; drop --host \(host) or use 127.0.0.1", command: "serve")
        }
        if insecure, list.value("record") != nil {
            throw UsageError("--record writes only verified requests; it cannot be used with --insecure-skip-verification", command: "serve")
        }
        let port = try list.port("port", command: "serve") ?? environmentPort() ?? 8080

        let settings = try Settings.load()
        if settings.openWeatherAPIKey == nil, settings.newsAPIKey == nil {
            throw ConfigurationError(setting: "OPENWEATHER_API_KEY", problem: "and NEWSAPI_KEY are both unset", fix: "set at least one provider key")
        }
        let logger = TenkiCLI.makeLogger(settings)
        if insecure {
            logger.warning("signature verification is OFF (--insecure-skip-verification): never expose this listener")
        }
        if settings.openWeatherAPIKey == nil {
            logger.warning("OPENWEATHER_API_KEY is not set: /weather will answer that it is not configured")
        }
        if settings.newsAPIKey == nil {
            logger.warning("NEWSAPI_KEY is not set: /news will answer that it is not configured")
        }
        MetricsExposureWarning.log(
            listenerHost: host, metricsHost: settings.metricsAddress?.host, hasToken: settings.metricsToken != nil, to: logger)

        // Listening before the state file opens: a request that arrives meanwhile waits in the
        // backlog and is answered once the listener starts, instead of being refused.
        let listening = try HTTPServer.listen(host: host, port: port)
        let metrics = MetricsRegistry()
        let state = try StateFile.open(settings)
        let transport = CurlTransport.configured(by: settings)
        let queue = DeliveryQueue(
            store: state.deliveries, transport: transport, configuration: settings.delivery.queueConfiguration(), metrics: metrics,
            logger: logger)
        let clock = SystemWallClock()
        let lateAnswersInFlight = LateAnswersInFlight()
        let dependencies = Dependencies(
            transport: transport, clock: clock, logger: logger, metrics: metrics, preferences: state.preferences,
            lateAnswers: QueuedLateAnswers(
                queue: queue, clock: clock,
                fallbackDelay: QueuedLateAnswers.fallbackDelay(upstreamTimeout: settings.upstreamTimeout),
                inFlight: lateAnswersInFlight))
        let drainFlag = DrainFlag()
        let application = try buildApplication(
            settings: settings, dependencies: dependencies, verification: insecure ? .skipped : .required,
            isDraining: { drainFlag.isSet })
        var router = application.router
        if let directory = list.value("record") {
            router.recorder = try RequestRecorder(directory: URL(fileURLWithPath: directory), settings: RequestRecorder.answerSettings(settings))
            logger.notice("recording verified requests as replay files", [("directory", directory)])
        }
        let server = HTTPServer(
            configuration: listenerConfiguration(settings, host: host, port: port),
            handler: router, logger: logger.with("component", "listener"),
            observer: ListenerMetrics(metrics: metrics, logger: logger.with("component", "listener")))
        // Built before listening, so a digest setting that cannot work stops the start (exit 78).
        let scheduler = try DigestComponents.scheduler(
            settings: settings, enabled: settings.schedulerEnabled && !list.has("no-scheduler"), database: state.database,
            queue: queue, transport: transport, clock: clock, metrics: metrics, logger: logger)
        let boundPort = try server.start(on: listening)
        // libcurl loads now, beside a listener that already answers, instead of delaying `main` as
        // a linked library would (see CurlTransport); the first command then finds it ready.
        Thread.detachNewThread {
            do throws(TransportError) {
                try CurlTransport.loadLibrary()
            } catch {
                logger.error("outbound HTTP is unavailable: no weather, news or deliveries", [("reason", error.description)])
            }
        }
        // Pending deliveries from before a restart resume here.
        let deliveries = Task { await queue.run() }
        let digests = scheduler.map { scheduler in Task { await scheduler.run() } }
        logger.notice("listening", [("address", "\(host):\(boundPort)"), ("commands", "POST \(TenkiRouter.commandsPath)")])
        var metricsServer: HTTPServer?
        if let address = settings.metricsAddress {
            let router = application.metricsRouter(metrics: metrics, logger: logger, isDraining: { drainFlag.isSet })
            let server = HTTPServer(
                configuration: HTTPServer.Configuration(host: address.host, port: address.port, loopCount: 1),
                handler: router, logger: logger.with("component", "metrics-listener"))
            let port = try server.start()
            logger.notice("metrics listening", [("address", "\(address.host):\(port)")])
            metricsServer = server
        }

        let signal = await TerminationSignal.wait()
        drainFlag.set()
        logger.notice("draining", [
            ("signal", String(signal)), ("delay_ms", String(settings.listener.drainDelay.milliseconds)),
            ("deadline_ms", String(settings.listener.drainTimeout.milliseconds)),
        ])
        // /healthz says 503 from here on; requests are still served until the delay is over.
        try? await Task.sleep(for: settings.listener.drainDelay)
        await server.shutdown(gracePeriod: settings.listener.drainTimeout)
        await metricsServer?.shutdown(gracePeriod: .seconds(1))
        // Answers whose placeholder already went out are queued before the queue stops (so they
        // are posted, or kept in the state file for the next start), within the drain timeout.
        if lateAnswersInFlight.count > 0 {
            logger.notice("waiting for late answers", [("count", String(lateAnswersInFlight.count))])
            if await !lateAnswersInFlight.waitUntilNone(atMost: settings.listener.drainTimeout) {
                logger.warning("late answers still being computed are dropped", [("count", String(lateAnswersInFlight.count))])
            }
        }
        // Late answers queued by the last requests stay in the state file if not yet posted.
        digests?.cancel()
        await digests?.value
        deliveries.cancel()
        await deliveries.value
        logger.notice("stopped")
        return .success
    }

    static func listenerConfiguration(_ settings: Settings, host: String, port: Int) -> HTTPServer.Configuration {
        HTTPServer.Configuration(
            host: host, port: port,
            maxHeaderBytes: settings.listener.maxHeaderBytes, maxBodyBytes: settings.listener.maxBodyBytes,
            maxConnections: settings.listener.maxConnections, maxRequestsPerConnection: settings.listener.maxRequestsPerConnection,
            headerTimeout: settings.listener.headerTimeout, bodyTimeout: settings.listener.headerTimeout,
            idleTimeout: settings.listener.idleTimeout, handlerTimeout: settings.listener.handlerTimeout)
    }

    static func environmentPort() throws(ConfigurationError) -> Int? {
        guard let raw = ProcessInfo.processInfo.environment["PORT"], !raw.isEmpty else { return nil }
        guard let port = Int(raw), (1...65535).contains(port) else {
            throw ConfigurationError(setting: "PORT", problem: "is not a port number (got \"\(raw)\")", fix: "set it to a number from 1 to 65535")
        }
        return port
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
