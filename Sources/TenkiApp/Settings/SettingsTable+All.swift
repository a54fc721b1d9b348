/// The table as a list, for what goes through every setting: loading, the reference, the names.
/// Plain calls rather than `Mirror` or key paths, which cost a fifth of a command's start-up
/// between them; `SettingsTableListTests` fails when a property of the table is missing here or
/// out of order.
extension SettingsTable {
    /// Hands every setting to `visitor`, in the order of the properties (the configuration reference's).
    /// A part per section of the table, never inlined: one setting's decoding, inlined, takes a few KB of
    /// stack, and parts called one after the other need the deepest part's stack rather than the sum (in one
    /// function, the thread that loaded the settings kept 261 KB of stack resident for good).
    mutating func visitAll<Visitor: SettingVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitSlackAndProviders(&visitor)
        try visitReplies(&visitor)
        try visitDelivery(&visitor)
        try visitProcess(&visitor)
        try visitListener(&visitor)
        try visitDigests(&visitor)
    }

    /// Slack and providers.
    @inline(never)
    private mutating func visitSlackAndProviders<Visitor: SettingVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.visit(&signingSecrets)
        try visitor.visit(&openWeatherAPIKey)
        try visitor.visit(&newsAPIKey)
        try visitor.visit(&openWeatherBaseURL)
        try visitor.visit(&newsAPIBaseURL)
        try visitor.visit(&openWeatherBearerToken)
        try visitor.visit(&newsAPIBearerToken)
        try visitor.visit(&newsFeeds)
        try visitor.visit(&newsProvider)
        try visitor.visit(&newsFeedsAllowPrivate)
        try visitor.visit(&allowedResponseHosts)
        try visitor.visit(&mattermostTokens)
        try visitor.visit(&discordPublicKey)
        try visitor.visit(&discordAPIBaseURL)
        try visitor.visit(&discordApplicationID)
        try visitor.visit(&discordBotToken)
        try visitor.visit(&slackBotToken)
        try visitor.visit(&slackClientID)
        try visitor.visit(&slackClientSecret)
        try visitor.visit(&slackOAuthAuthorizeURL)
        try visitor.visit(&allowedTeams)
        try visitor.visit(&slackAppToken)
        try visitor.visit(&socketConnections)
        try visitor.visit(&encryptionKeys)
        try visitor.visit(&slackAPIBaseURL)
        try visitor.visit(&publicURL)
        try visitor.visit(&subscriptionTimeZone)
        try visitor.visit(&maxSubscriptionsPerChannel)
    }

    /// Replies.
    @inline(never)
    private mutating func visitReplies<Visitor: SettingVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.visit(&language)
        try visitor.visit(&units)
        try visitor.visit(&defaultCity)
        try visitor.visit(&resultVisibility)
        try visitor.visit(&newsCountry)
        try visitor.visit(&newsDailyBudget)
        try visitor.visit(&newsUserSharePercent)
        try visitor.visit(&newsReservedPercent)
        try visitor.visit(&weatherCommand)
        try visitor.visit(&newsCommand)
        try visitor.visit(&inlineBudget)
        try visitor.visit(&upstreamTimeout)
        try visitor.visit(&upstreamConnectTimeout)
        try visitor.visit(&upstreamConnectionsPerHost)
        try visitor.visit(&replayCacheEntries)
        try visitor.visit(&userRateLimitPerMinute)
        try visitor.visit(&inboundInFlight)
    }

    /// Delivery.
    @inline(never)
    private mutating func visitDelivery<Visitor: SettingVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.visit(&deliveryTimeout)
        try visitor.visit(&retryBase)
        try visitor.visit(&retryCap)
        try visitor.visit(&webhookDeadline)
        try visitor.visit(&deliveryRetention)
    }

    /// Process.
    @inline(never)
    private mutating func visitProcess<Visitor: SettingVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.visit(&statePath)
        try visitor.visit(&databaseURL)
        try visitor.visit(&databasePoolSize)
        try visitor.visit(&config)
        try visitor.visit(&schedulerEnabled)
        try visitor.visit(&logLevel)
        try visitor.visit(&logFormat)
    }

    /// Listener.
    @inline(never)
    private mutating func visitListener<Visitor: SettingVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.visit(&maxHeaderBytes)
        try visitor.visit(&maxBodyBytes)
        try visitor.visit(&maxRequestsPerConnection)
        try visitor.visit(&handlerTimeout)
        try visitor.visit(&maxConnections)
        try visitor.visit(&headerTimeout)
        try visitor.visit(&idleTimeout)
        try visitor.visit(&pollBeforeSleeping)
        try visitor.visit(&drainDelay)
        try visitor.visit(&drainTimeout)
        try visitor.visit(&metricsToken)
        try visitor.visit(&metricsAddress)
        try visitor.visit(&port)
    }

    /// Digests.
    @inline(never)
    private mutating func visitDigests<Visitor: SettingVisitor>(_ visitor: inout Visitor) throws(Visitor.Failure) {
        try visitor.visit(&digestWebhookURL)
        try visitor.visit(&digestWebhookFormat)
        try visitor.visit(&digestSchedule)
        try visitor.visit(&digestTimeZone)
        try visitor.visit(&digestCities)
        try visitor.visit(&digestNewsQuery)
        try visitor.visit(&digestCatchUp)
        try visitor.visit(&digestWait)
    }

    /// Every declaration, in the table's order.
    static let declarations: [SettingDeclaration] = {
        var table = shared, collector = DeclarationCollector()
        table.visitAll(&collector)
        return collector.declarations
    }()

    static let names: Set<String> = Set(declarations.map(\.name))
}

/// Something done to each setting of `SettingsTable` in turn (`SettingsTable.visitAll`).
protocol SettingVisitor {
    associatedtype Failure: Error
    mutating func visit<Value>(_ setting: inout Setting<Value>) throws(Failure)
}

/// Lists the declarations.
private struct DeclarationCollector: SettingVisitor {
    var declarations: [SettingDeclaration] = []

    mutating func visit<Value>(_ setting: inout Setting<Value>) {
        declarations.append(setting.declaration)
    }
}
