import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import TenkiServices

/// The two providers behind their caches, built once per process by the composition root and
/// shared by the slash commands and the digest; nil for a provider whose key is not set.
struct ProviderServices: Sendable {
    let weather: WeatherService?
    let news: NewsService?

    init(
        settings: Settings, transport: any HTTPTransport, budgets: any CallBudgetStore, geocoding: any GeocodingStore,
        clock: any WallClock,
        metrics: MetricsRegistry?, logger: Logger
    ) {
        weather = settings.openWeatherAPIKey.map { key in
            WeatherService(
                client: OpenWeatherClient(
                    transport: transport, baseURL: settings.openWeatherBaseURL, apiKey: key,
                    bearerToken: settings.openWeatherBearerToken, timeout: settings.upstreamTimeout,
                    logger: logger.with("component", "openweather")),
                clock: clock, metrics: metrics, geocodingStore: geocoding)
        }
        news = settings.newsAPIKey.map { key in
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

extension CurlTransport {
    /// The transport for provider and Slack calls as the settings ask, naming Tenki and its
    /// version in `User-Agent` (NewsAPI refuses requests without one).
    static func configured(by settings: Settings) -> CurlTransport {
        CurlTransport(
            maximumConnectionsPerHost: settings.upstreamConnectionsPerHost, connectTimeout: settings.upstreamConnectTimeout,
            userAgent: "tenki/\(Help.version)")
    }
}
