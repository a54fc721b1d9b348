import Foundation
import TenkiCore

extension Settings {
    /// Decodes the settings from the environment (and `*_FILE` secrets, and `TENKI_CONFIG`).
    /// Requirements that depend on the command (a signing secret for `serve`) are checked by the
    /// command, so `preview` works without Slack settings.
    public static func load(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        readFile: @escaping (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) }
    ) throws(ConfigurationError) -> Settings {
        let source = try SettingsSource(environment: environment, readFile: readFile)
        let reader = SettingsReader(source: source)

        let signingSecrets = try reader.list("SLACK_SIGNING_SECRET", separator: ",") ?? []
        var settings = Settings(
            signingSecrets: signingSecrets,
            allowedResponseHosts: try reader.list("TENKI_ALLOWED_RESPONSE_HOSTS", separator: ",")?.map { $0.lowercased() }
                ?? ["hooks.slack.com", "hooks.slack-gov.com"],
            commandNames: CommandNames(
                weather: try reader.commandName("TENKI_WEATHER_COMMAND", default: "/weather"),
                news: try reader.commandName("TENKI_NEWS_COMMAND", default: "/news")
            ),
            openWeatherAPIKey: try source.value("OPENWEATHER_API_KEY"),
            openWeatherBaseURL: try reader.url("OPENWEATHER_BASE_URL") ?? URL(string: "https://api.openweathermap.org")!,
            openWeatherBearerToken: try source.value("OPENWEATHER_BEARER_TOKEN"),
            newsAPIKey: try source.value("NEWSAPI_KEY"),
            newsAPIBaseURL: try reader.url("NEWSAPI_BASE_URL") ?? URL(string: "https://newsapi.org")!,
            newsAPIBearerToken: try source.value("NEWSAPI_BEARER_TOKEN"),
            newsCountry: try reader.choice("TENKI_NEWS_COUNTRY", default: NewsCountry.default.code) { NewsCountry(code: $0)?.code },
            newsDailyBudget: try reader.integer("TENKI_NEWS_DAILY_BUDGET", default: 100, range: 1...1_000_000),
            upstreamTimeout: try reader.milliseconds("TENKI_UPSTREAM_TIMEOUT_MS", default: 5000, range: 100...120_000),
            upstreamConnectTimeout: try reader.milliseconds("TENKI_UPSTREAM_CONNECT_TIMEOUT_MS", default: 3000, range: 1000...60_000),
            upstreamConnectionsPerHost: try reader.integer("TENKI_UPSTREAM_CONNECTIONS_PER_HOST", default: 32, range: 16...1024),
            language: try reader.choice("TENKI_LANG", default: WeatherLanguage.en, WeatherLanguage.init(rawValue:)),
            units: try reader.choice("TENKI_UNITS", default: Units.metric, Units.init(rawValue:)),
            defaultCity: try source.value("TENKI_DEFAULT_CITY"),
            inlineBudget: try reader.milliseconds("TENKI_INLINE_BUDGET_MS", default: 2000, range: 100...2800),
            userRateLimitPerMinute: try reader.integer("TENKI_USER_RATE_LIMIT", default: 20, range: 0...10_000),
            resultVisibility: try reader.choice("TENKI_RESULT_VISIBILITY", default: SlackMessage.ResponseType.inChannel) {
                SlackMessage.ResponseType(rawValue: $0)
            },
            statePath: try source.value("TENKI_STATE") ?? Self.defaultStatePath(environment: environment),
            schedulerEnabled: try reader.onOff("TENKI_SCHEDULER", default: true),
            logLevel: try reader.choice("TENKI_LOG_LEVEL", default: "info") { ["debug", "info", "notice", "warning", "error"].contains($0) ? $0 : nil },
            logFormat: try reader.choice("TENKI_LOG_FORMAT", default: "logfmt") { ["logfmt", "json"].contains($0) ? $0 : nil },
            listener: ListenerSettings(
                maxHeaderBytes: try reader.integer("TENKI_MAX_HEADER_BYTES", default: 16 * 1024, range: 1024...1_048_576),
                maxBodyBytes: try reader.integer("TENKI_MAX_BODY_BYTES", default: 64 * 1024, range: 1024...16_777_216),
                maxConnections: try reader.integer("TENKI_MAX_CONNECTIONS", default: 1024, range: 1...100_000),
                maxRequestsPerConnection: try reader.integer("TENKI_MAX_REQUESTS_PER_CONNECTION", default: 1000, range: 1...1_000_000),
                handlerTimeout: try reader.milliseconds("TENKI_HANDLER_TIMEOUT_MS", default: 10_000, range: 1000...120_000),
                headerTimeout: try reader.milliseconds("TENKI_HEADER_TIMEOUT_MS", default: 10_000, range: 100...300_000),
                idleTimeout: try reader.milliseconds("TENKI_IDLE_TIMEOUT_MS", default: 60_000, range: 100...3_600_000),
                drainTimeout: try reader.milliseconds("TENKI_DRAIN_TIMEOUT_MS", default: 10_000, range: 0...600_000),
                drainDelay: try reader.milliseconds("TENKI_DRAIN_DELAY_MS", default: 1000, range: 0...120_000)
            ),
            metricsToken: try source.value("TENKI_METRICS_TOKEN"),
            metricsAddress: try reader.address("TENKI_METRICS_ADDRESS"),
            delivery: DeliverySettings(
                requestTimeout: try reader.milliseconds("TENKI_DELIVERY_TIMEOUT_MS", default: 10_000, range: 1000...120_000),
                retryBase: try reader.milliseconds("TENKI_RETRY_BASE_MS", default: 1000, range: 100...600_000),
                retryCap: try reader.milliseconds("TENKI_RETRY_CAP_MS", default: 300_000, range: 1000...3_600_000),
                webhookDeadline: TimeInterval(try reader.integer("TENKI_WEBHOOK_DEADLINE_HOURS", default: 6, range: 1...72) * 3600),
                retention: TimeInterval(try reader.integer("TENKI_DELIVERY_RETENTION_HOURS", default: 168, range: 1...8760) * 3600)
            ),
            digest: try reader.digest()
        )
        try reader.loadDigests(into: &settings)
        return settings
    }

    static func defaultStatePath(environment: [String: String]) -> String {
        if let directory = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !directory.isEmpty {
            return "\(directory)/tenki.sqlite"
        }
        return "./tenki-state.sqlite"
    }
}
