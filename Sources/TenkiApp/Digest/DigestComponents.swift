import Foundation
import TenkiCore
import TenkiHTTP
import TenkiLogging
import TenkiMetrics
import TenkiServices

/// Builds the digest's parts from the settings, the same way for `serve` and `tenki digest`: its
/// own weather and news services (with their caches) and the runner on the state file's ledger.
enum DigestComponents {
    static func builder(
        settings: Settings, transport: any HTTPTransport, clock: any WallClock, metrics: MetricsRegistry?, logger: Logger
    ) -> DigestBuilder {
        let providers = ProviderServices(settings: settings, transport: transport, clock: clock, metrics: metrics, logger: logger)
        return DigestBuilder(weather: providers.weather, news: providers.news, newsCountry: settings.newsCountry.code, logger: logger)
    }

    static func runner(
        settings: Settings, digests: [Settings.DigestSettings], database: SQLiteDatabase, transport: any HTTPTransport,
        clock: any WallClock, metrics: MetricsRegistry?, logger: Logger, queued: @escaping @Sendable () -> Void
    ) throws(ConfigurationError) -> DigestRunner {
        let ledger: SQLiteDigestLedger
        do {
            ledger = try SQLiteDigestLedger(database: database)
        } catch {
            throw ConfigurationError(
                setting: "TENKI_STATE", problem: "cannot hold the digest ledger (\(error))", fix: "point it at a writable path on local disk")
        }
        return DigestRunner(
            digests: digests,
            builder: builder(settings: settings, transport: transport, clock: clock, metrics: metrics, logger: logger),
            ledger: ledger, catchUpWindow: settings.digestCatchUp, metrics: metrics, logger: logger, queued: queued)
    }

    /// A digest with cities needs OpenWeatherMap: without a key it would post only notes.
    static func requireWeatherKey(_ settings: Settings, for digests: [Settings.DigestSettings]) throws(ConfigurationError) {
        if settings.openWeatherAPIKey == nil, let digest = digests.first(where: { !$0.cities.isEmpty }) {
            throw ConfigurationError(
                setting: "OPENWEATHER_API_KEY", problem: "is not set, and digest \"\(digest.name)\" lists cities",
                fix: "set it (or OPENWEATHER_API_KEY_FILE) to your OpenWeatherMap API key")
        }
    }

    /// `tenki serve`'s scheduler, or nil when it is turned off or no digest is configured.
    static func scheduler(
        settings: Settings, enabled: Bool, database: SQLiteDatabase, queue: DeliveryQueue, transport: any HTTPTransport,
        clock: any WallClock, metrics: MetricsRegistry, logger: Logger
    ) throws(ConfigurationError) -> DigestScheduler? {
        guard enabled else {
            logger.info("digest scheduler off (--no-scheduler or TENKI_SCHEDULER=off)")
            return nil
        }
        guard !settings.digests.isEmpty else { return nil }
        try requireWeatherKey(settings, for: settings.digests)
        let runner = try runner(
            settings: settings, digests: settings.digests, database: database, transport: transport, clock: clock,
            metrics: metrics, logger: logger, queued: { queue.wake() })
        return DigestScheduler(runner: runner, clock: clock, logger: logger)
    }
}
