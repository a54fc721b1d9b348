/// The table as a list, for what goes through every setting: loading, the reference, the names.
/// A list of key paths rather than `Mirror`, which costs about a fifth of a command's start-up;
/// `SettingsTableListTests` fails when a property of the table is missing here or out of order.
extension SettingsTable {
    /// Every setting, in the order of the properties (the order of the configuration reference).
    static let all: [any TableSetting] = [
        slot(\.signingSecrets), slot(\.openWeatherAPIKey), slot(\.newsAPIKey), slot(\.openWeatherBaseURL),
        slot(\.newsAPIBaseURL), slot(\.openWeatherBearerToken), slot(\.newsAPIBearerToken), slot(\.newsFeeds),
        slot(\.newsProvider), slot(\.newsFeedsAllowPrivate), slot(\.allowedResponseHosts), slot(\.mattermostTokens),
        slot(\.discordPublicKey), slot(\.discordAPIBaseURL), slot(\.discordApplicationID), slot(\.discordBotToken),
        slot(\.slackBotToken), slot(\.slackClientID), slot(\.slackClientSecret), slot(\.slackOAuthAuthorizeURL),
        slot(\.allowedTeams), slot(\.slackAppToken), slot(\.socketConnections), slot(\.encryptionKeys),
        slot(\.slackAPIBaseURL), slot(\.publicURL), slot(\.subscriptionTimeZone), slot(\.maxSubscriptionsPerChannel),
        slot(\.language), slot(\.units), slot(\.defaultCity), slot(\.resultVisibility), slot(\.newsCountry),
        slot(\.newsDailyBudget), slot(\.newsUserSharePercent), slot(\.newsReservedPercent), slot(\.weatherCommand),
        slot(\.newsCommand), slot(\.inlineBudget), slot(\.upstreamTimeout), slot(\.upstreamConnectTimeout),
        slot(\.upstreamConnectionsPerHost), slot(\.replayCacheEntries), slot(\.userRateLimitPerMinute),
        slot(\.inboundInFlight), slot(\.deliveryTimeout), slot(\.retryBase), slot(\.retryCap), slot(\.webhookDeadline),
        slot(\.deliveryRetention), slot(\.statePath), slot(\.databaseURL), slot(\.databasePoolSize), slot(\.config),
        slot(\.schedulerEnabled), slot(\.logLevel), slot(\.logFormat), slot(\.maxHeaderBytes), slot(\.maxBodyBytes),
        slot(\.maxRequestsPerConnection), slot(\.handlerTimeout), slot(\.maxConnections), slot(\.headerTimeout),
        slot(\.idleTimeout), slot(\.drainDelay), slot(\.drainTimeout), slot(\.metricsToken), slot(\.metricsAddress),
        slot(\.port), slot(\.digestWebhookURL), slot(\.digestWebhookFormat), slot(\.digestSchedule), slot(\.digestTimeZone),
        slot(\.digestCities), slot(\.digestNewsQuery), slot(\.digestCatchUp), slot(\.digestWait),
    ]

    /// Every declaration, in the table's order.
    static let declarations: [SettingDeclaration] = all.map { $0.declaration(in: shared) }

    static let names: Set<String> = Set(declarations.map(\.name))

    private static func slot<Value>(_ key: any WritableKeyPath<SettingsTable, Setting<Value>> & Sendable) -> any TableSetting {
        Slot(key: key)
    }

    /// One setting of the table, its value's type hidden.
    private struct Slot<Value: Sendable>: TableSetting {
        let key: any WritableKeyPath<SettingsTable, Setting<Value>> & Sendable

        func declaration(in table: SettingsTable) -> SettingDeclaration { table[keyPath: key].declaration }

        func load(into table: inout SettingsTable, from reader: SettingsReader) throws(ConfigurationError) {
            table[keyPath: key].value = try reader.read(key)
        }
    }
}

/// A setting of `SettingsTable` of any value type: what listing and loading the table need.
protocol TableSetting: Sendable {
    func declaration(in table: SettingsTable) -> SettingDeclaration
    /// Decodes the setting from `reader` into `table`, or throws the error naming it.
    func load(into table: inout SettingsTable, from reader: SettingsReader) throws(ConfigurationError)
}
