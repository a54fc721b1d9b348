import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiProviders
import TenkiStorage

/// The providers behind their caches, built once per process by the composition root and
/// shared by the slash commands and the digest; nil for a provider whose key is not set. News
/// comes from one provider per deployment: NewsAPI (`news`) or feeds (`feeds`). What the weather's
/// caches keep in the state store is written by `deferWrite`, after the answer went back.
struct ProviderServices: Sendable {
    let weather: WeatherService?
    let news: NewsService?
    let feeds: FeedService?

    init(
        settings: Settings, transport: any HTTPTransport, budgets: any CallBudgetStore, geocoding: any GeocodingStore,
        weatherAnswers: any WeatherAnswerStore, deferWrite: @escaping WeatherService.DeferredWrite, clock: any WallClock,
        metrics: MetricsRegistry?, logger: Logger
    ) {
        weather = settings.openWeatherAPIKey.map { key in
            WeatherService(
                client: OpenWeatherClient(
                    transport: transport, baseURL: settings.openWeatherBaseURL, apiKey: key,
                    bearerToken: settings.openWeatherBearerToken, timeout: settings.upstreamTimeout,
                    logger: logger.with("component", "openweather")),
                clock: clock, metrics: metrics, geocodingStore: geocoding, weatherStore: weatherAnswers,
                deferWrite: deferWrite)
        }
        feeds = Self.feeds(settings: settings, transport: transport, clock: clock, metrics: metrics, logger: logger)
        news = settings.newsProvider == .feeds ? nil : settings.newsAPIKey.map { key in
            NewsService(
                client: NewsAPIClient(
                    transport: transport, baseURL: settings.newsAPIBaseURL, apiKey: key,
                    bearerToken: settings.newsAPIBearerToken, timeout: settings.upstreamTimeout,
                    logger: logger.with("component", "newsapi")),
                budget: DailyCallBudget(
                    upstream: "newsapi", limit: settings.newsDailyBudget, shares: settings.newsBudgetShares, store: budgets, clock: clock, metrics: metrics,
                    logger: logger.with("component", "newsapi")),
                clock: clock, metrics: metrics)
        }
    }
}

extension ProviderServices {
    /// The feeds of `TENKI_NEWS_FEEDS` behind their store, when the provider is `feeds`.
    static func feeds(
        settings: Settings, transport: any HTTPTransport, clock: any WallClock, metrics: MetricsRegistry?, logger: Logger
    ) -> FeedService? {
        guard settings.newsProvider == .feeds, !settings.newsFeeds.isEmpty else { return nil }
        let client = FeedClient(
            transport: transport, userAgent: "tenki/\(Help.version) (RSS and Atom reader)", timeout: settings.upstreamTimeout,
            rule: FeedAddressRule(
                allowsPrivateAddresses: settings.newsFeedsAllowPrivate,
                allowingSetting: SettingsTable.name(\.newsFeedsAllowPrivate)),
            logger: logger.with("component", "feeds"))
        return FeedService(sources: settings.newsFeeds, client: client, clock: clock, metrics: metrics)
    }

    /// How long `/news` waits for feeds: the inline budget less the time to format and send.
    static func feedAnswerDeadline(inlineBudget: Duration) -> Duration {
        max(.milliseconds(100), inlineBudget - .milliseconds(300))
    }
}

extension CurlTransport {
    /// The transport for provider and Slack calls as the settings ask, naming Tenki and its
    /// version in `User-Agent` (NewsAPI refuses requests without one). libcurl loads at the first
    /// call; when it cannot, `logger` says so once, as an error.
    static func configured(by settings: Settings, logger: Logger = .discarding) -> CurlTransport {
        CurlTransport(
            maximumConnectionsPerHost: settings.upstreamConnectionsPerHost, connectTimeout: settings.upstreamConnectTimeout,
            userAgent: "tenki/\(Help.version)",
            unavailable: { error in
                logger.error("outbound HTTP is unavailable: no weather, news or deliveries", [("reason", error.description)])
            })
    }
}
