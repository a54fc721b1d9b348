import Foundation
import TenkiCore
import TenkiProviders
import TenkiSecurity

extension Settings {
    /// Decodes the settings from the environment (and `*_FILE` secrets, and `TENKI_CONFIG`).
    /// Requirements that depend on the command (a signing secret for `serve`) are checked by the
    /// command, so `preview` works without Slack settings.
    public static func load(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        readFile: @escaping (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) }
    ) throws(ConfigurationError) -> Settings {
        let reader = SettingsReader(source: try SettingsSource(environment: environment, readFile: readFile))
        var settings = Settings(
            signingSecrets: try reader.read(\.signingSecrets),
            allowedResponseHosts: try reader.read(\.allowedResponseHosts),
            commandNames: try reader.commandNames(),
            openWeatherAPIKey: try reader.read(\.openWeatherAPIKey),
            openWeatherBaseURL: try reader.read(\.openWeatherBaseURL),
            openWeatherBearerToken: try reader.read(\.openWeatherBearerToken),
            newsAPIKey: try reader.read(\.newsAPIKey),
            newsAPIBaseURL: try reader.read(\.newsAPIBaseURL),
            newsAPIBearerToken: try reader.read(\.newsAPIBearerToken),
            newsCountry: try reader.read(\.newsCountry),
            newsDailyBudget: try reader.read(\.newsDailyBudget),
            replayCacheEntries: try reader.read(\.replayCacheEntries),
            newsBudgetShares: BudgetShares(
                userPercent: try reader.read(\.newsUserSharePercent), reservedPercent: try reader.read(\.newsReservedPercent)),
            upstreamTimeout: try reader.read(\.upstreamTimeout),
            upstreamConnectTimeout: try reader.read(\.upstreamConnectTimeout),
            upstreamConnectionsPerHost: try reader.read(\.upstreamConnectionsPerHost),
            language: try reader.read(\.language),
            units: try reader.read(\.units),
            defaultCity: try reader.read(\.defaultCity),
            inlineBudget: try reader.read(\.inlineBudget),
            userRateLimitPerMinute: try reader.read(\.userRateLimit),
            resultVisibility: try reader.read(\.resultVisibility),
            statePath: try reader.read(\.statePath) ?? Self.defaultStatePath(environment: environment),
            schedulerEnabled: try reader.read(\.scheduler),
            logLevel: try reader.read(\.logLevel),
            logFormat: try reader.read(\.logFormat),
            listener: ListenerSettings(
                maxHeaderBytes: try reader.read(\.maxHeaderBytes),
                maxBodyBytes: try reader.read(\.maxBodyBytes),
                maxConnections: try reader.read(\.maxConnections),
                maxRequestsPerConnection: try reader.read(\.maxRequestsPerConnection),
                handlerTimeout: try reader.read(\.handlerTimeout),
                headerTimeout: try reader.read(\.headerTimeout),
                idleTimeout: try reader.read(\.idleTimeout),
                drainTimeout: try reader.read(\.drainTimeout),
                drainDelay: try reader.read(\.drainDelay)
            ),
            metricsToken: try reader.read(\.metricsToken),
            metricsAddress: try reader.read(\.metricsAddress),
            port: try reader.read(\.port),
            delivery: DeliverySettings(
                requestTimeout: try reader.read(\.deliveryTimeout),
                retryBase: try reader.read(\.retryBase),
                retryCap: try reader.read(\.retryCap),
                webhookDeadline: try reader.read(\.webhookDeadline),
                retention: try reader.read(\.deliveryRetention)
            ),
            digest: nil,
            digestCatchUp: try reader.read(\.digestCatchUp),
            digestWait: try reader.read(\.digestWait)
        )
        settings.mattermostTokens = try reader.read(\.mattermostTokens)
        settings.discordPublicKey = try reader.read(\.discordPublicKey)
        settings.discordAPIBaseURL = try reader.read(\.discordAPIBaseURL)
        settings.subscriptionTimeZone = try reader.read(\.subscriptionTimeZone)
        settings.publicURL = try reader.read(\.publicURL)
        settings.maxSubscriptionsPerChannel = try reader.read(\.maxSubscriptionsPerChannel)
        settings.inboundInFlight = try reader.read(\.inboundInFlight)
        settings.discordApplicationID = try reader.read(\.discordApplicationID)
        settings.discordBotToken = try reader.read(\.discordBotToken)
        settings.delivery.slackBotToken = try reader.read(\.slackBotToken).flatMap(SlackBotToken.init)
        settings.delivery.slackAPIBaseURL = try reader.read(\.slackAPIBaseURL)
        settings.encryptionKeys = try reader.read(\.encryptionKeys)
        settings.slackApp = try reader.slackApp(settings)
        let socketConnections = try reader.read(\.socketConnections)
        settings.socketMode = try reader.read(\.slackAppToken).map {
            SocketModeSettings(appToken: $0, connections: socketConnections)
        }
        try reader.loadNewsProvider(into: &settings)
        try reader.loadDigests(into: &settings)
        settings.databaseURL = try reader.read(\.databaseURL)
        settings.databasePoolSize = try reader.read(\.databasePoolSize)
        if settings.databaseURL != nil, try reader.read(\.statePath) != nil {
            // Checked before any connection: two places for the state would split it silently.
            throw ConfigurationError(
                \.statePath,
                problem: "is set, and so is \(SettingsTable.name(\.databaseURL)): the state lives in one place",
                fix: "unset \(SettingsTable.name(\.statePath)) to keep the state in PostgreSQL, "
                    + "or \(SettingsTable.name(\.databaseURL)) to keep it in the SQLite file")
        }
        settings.misspeltVariables = SettingNameSuggestion.misspelt(in: environment)
        return settings
    }

    /// Only `PORT`, for `tenki healthcheck`, which must not fail on a setting it does not use.
    public static func port(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        readFile: @escaping (String) throws -> String = { try String(contentsOfFile: $0, encoding: .utf8) }
    ) throws(ConfigurationError) -> Int {
        try SettingsReader(source: try SettingsSource(environment: environment, readFile: readFile)).read(\.port)
    }

    static func defaultStatePath(environment: [String: String]) -> String {
        if let directory = environment["STATE_DIRECTORY"]?.split(separator: ":").first, !directory.isEmpty {
            return "\(directory)/tenki.sqlite"
        }
        return "./tenki-state.sqlite"
    }
}

extension SettingsReader {
    /// The two command names, which must differ: a request for a command named like both could
    /// only ever reach one of them.
    func commandNames() throws(ConfigurationError) -> Settings.CommandNames {
        let names = Settings.CommandNames(weather: try read(\.weatherCommand), news: try read(\.newsCommand))
        guard names.weather != names.news else {
            let weatherRenamed = try source.value(table.weatherCommand.declaration) != nil
            let (renamed, other) =
                weatherRenamed ? (table.weatherCommand, table.newsCommand) : (table.newsCommand, table.weatherCommand)
            throw ConfigurationError(
                setting: renamed.name, problem: "names the same command as \(other.name) (\(names.weather))",
                fix: "give the weather and news commands different names")
        }
        return names
    }
}

extension SettingsReader {
    /// `TENKI_NEWS_PROVIDER` with its default, and the setting its provider needs: a provider named
    /// without its setting is a configuration error.
    func loadNewsProvider(into settings: inout Settings) throws(ConfigurationError) {
        settings.newsFeeds = try read(\.newsFeeds)
        settings.newsFeedsAllowPrivate = try read(\.newsFeedsAllowPrivate)
        let chosen = try read(\.newsProvider)
        settings.newsProvider = chosen ?? (settings.newsFeeds.isEmpty ? .newsapi : .feeds)
        switch chosen {
        case .feeds? where settings.newsFeeds.isEmpty:
            throw ConfigurationError(
                setting: table.newsProvider.name, problem: "is feeds, but TENKI_NEWS_FEEDS is not set",
                fix: "list feeds in TENKI_NEWS_FEEDS (URL or name=URL, separated by ;)")
        case .newsapi? where settings.newsAPIKey == nil:
            throw ConfigurationError(
                setting: table.newsProvider.name, problem: "is newsapi, but NEWSAPI_KEY is not set",
                fix: "set NEWSAPI_KEY (or NEWSAPI_KEY_FILE), or use feeds with TENKI_NEWS_FEEDS")
        default:
            break
        }
    }
}
