import Foundation
import TenkiCore
import TenkiLogging
import TenkiMetrics
import TenkiProviders
import TenkiDelivery
import TenkiSecurity
import TenkiSlackAPI
import TenkiStorage

extension TenkiServer {
    /// The composition root: builds one of everything from the settings and the dependencies.
    /// Throws a `ConfigurationError` naming the setting when the settings cannot work together (no
    /// signing secret where one is required, a digest with cities but no weather key, a state file
    /// that cannot be opened), or a `TemporaryFailure` when the state file may work on a later try.
    public static func build(settings: Settings, dependencies: ServerDependencies) throws -> TenkiServer {
        let clock = dependencies.clock, logger = dependencies.logger, metrics = dependencies.metrics
        let verifier = try verifier(settings: settings, dependencies: dependencies)
        try requireWeatherKey(settings, for: settings.digests)
        let state = try StateFile.open(dependencies.state, settings: settings, clock: clock)
        let background = BackgroundWork()
        // What the providers fetch is written to the state store after the answer went back, as owned work.
        let keepsAnswers = dependencies.keepsAnswers
        let deferWrite: WeatherService.DeferredWrite = { write in
            if keepsAnswers { background.start(write) }
        }
        let providers = ProviderServices(
            settings: settings, transport: dependencies.transport, budgets: state.budgets, geocoding: state.geocoding,
            weatherAnswers: state.weatherAnswers, deferWrite: deferWrite, clock: clock, metrics: metrics, logger: logger)
        let workspaces = SlackWorkspaces(
            settings: settings, installations: state.installations?.installations, clock: clock,
            transport: dependencies.transport)
        var queueConfiguration = settings.delivery.queueConfiguration()
        if workspaces.isDistributed { queueConfiguration.installationToken = { await workspaces.token(forKey: $0) } }
        let queue = DeliveryQueue(
            store: state.deliveries, transport: dependencies.transport, clock: clock,
            configuration: queueConfiguration, metrics: metrics, logger: logger)
        // Saved defaults are read on every command (and on the listener's thread for stored answers): keep them in memory.
        let preferences = CachedUserPreferencesStore(state.preferences, clock: clock)
        let subscriptions = SubscriptionCommands(
            store: state.subscriptions, weather: providers.weather, queue: queue,
            workspaces: workspaces, settings: settings, clock: clock)
        let weather = WeatherCommandHandler(
            weather: providers.weather, preferences: preferences, settings: settings, clock: clock,
            replies: ReplyCache(metrics: metrics), subscriptions: subscriptions)
        let feedNews = providers.feeds.map { feeds in
            FeedNewsAnswer(
                feeds: feeds, deadline: ProviderServices.feedAnswerDeadline(inlineBudget: settings.inlineBudget),
                settings: settings,
                clock: clock)
        }
        // Every handler is built here, once, in each language a request may ask for.
        let news = NewsCommandHandler(
            news: providers.news, feeds: feedNews, settings: settings, clock: clock, notices: weather.notices
        ).withLanguages()
        let commands = TenkiCommands(
            weather: weather, news: news, settings: settings,
            rateLimiter: UserRateLimiter(
                perMinute: settings.userRateLimitPerMinute, clock: clock,
                // Replicas share one database; on SQLite one `serve` counts in memory, without a write per command.
                shared: settings.databaseURL != nil ? state.budgets : nil, waitForShared: dependencies.waitForBudget)
        ).withLanguages()
        let queued = QueuedLateAnswers(queue: queue, clock: clock)
        let lateAnswers: (any LateAnswerDelivery)? =
            switch dependencies.lateAnswers {
            case .queued: queued
            case .none: nil
            case .custom(let delivery): delivery
            }
        let inbound = InboundLimit(bound: settings.inboundInFlight, metrics: metrics)
        let presses = ButtonPresses(
            weather: providers.weather, news: news, settings: settings, clock: clock, queue: queue,
            rateLimiter: commands.rateLimiter, inbound: inbound)
        let dispatcher = InboundDispatcher(
            commands: commands, presses: presses,
            rule: TimelyResponder(
                budget: settings.inlineBudget, waitForBudget: dependencies.waitForBudget, lateAnswers: lateAnswers,
                pressAnswers: lateAnswers ?? queued, allowedResponseHosts: settings.allowedResponseHosts, background: background,
                inbound: inbound),
            language: settings.language, resultVisibility: settings.resultVisibility, renderers: dependencies.renderers,
            workspaces: workspaces,
            events: EventLedger(seen: state.seenEvents, clock: clock, metrics: metrics),
            home: workspaces.isDistributed || workspaces.singleToken != nil
                ? HomeSurfaces(
                    workspaces: workspaces, queue: queue, weather: weather, subscriptions: subscriptions, settings: settings,
                    clock: clock)
                : nil)
        EventLedger.describe(metrics)
        AbandonedCommands.describeMetrics(metrics)
        let abandoned: AbandonedCommands? =
            if case .queued = dependencies.lateAnswers {
                AbandonedCommands(
                    queue: queue, dispatcher: dispatcher.withoutRateLimits(clock: clock), lateAnswers: queued, clock: clock,
                    language: settings.language, metrics: metrics)
            } else {
                nil
            }
        let drainFlag = DrainFlag()
        let metricsAccess: TenkiRouter.MetricsAccess =
            settings.metricsAddress != nil ? .elsewhere : settings.metricsToken.map { .bearer($0) } ?? .open
        var router = TenkiRouter(
            dispatcher: dispatcher, slackCommands: SlackCommandAdapter(verifier: verifier, decoder: dependencies.decoder),
            slackInteractions: SlackInteractionAdapter(verifier: verifier),
            mattermost: MattermostTokenVerifier(tokens: settings.mattermostTokens).map {
                MattermostCommandAdapter(verifier: $0, decoder: dependencies.decoder)
            },
            discord: settings.discordPublicKey.map {
                DiscordInteractionAdapter(
                    verifier: DiscordRequestVerifier(
                        publicKey: $0, clock: clock, replays: Self.replayCache(settings, tolerance: 300)),
                    apiBase: settings.discordAPIBaseURL, commandNames: settings.commandNames)
            },
            charts: ChartLinks(settings: settings).map { ChartEndpoint(links: $0) }, metrics: metrics, logger: logger,
            isDraining: { [drainFlag] in drainFlag.isSet }, metricsAccess: metricsAccess,
            servesSlackOverHTTP: settings.servesSlackOverHTTP || dependencies.verification == .skipped)
        router.install = installEndpoint(settings, state: state, workspaces: workspaces, dependencies: dependencies)
        let socketMode = settings.socketMode.map { socket in
            SocketModeService(
                settings: socket, apiBase: settings.delivery.slackAPIBaseURL, transport: dependencies.transport, router: router,
                metrics: metrics, logger: logger.with("component", "socket-mode"))
        }
        if let health = socketMode?.health { router.healthProblem = { health.problem } }
        var digestBuilder = DigestBuilder(
            weather: providers.weather, news: providers.news, feeds: providers.feeds, newsCountry: settings.newsCountry.code,
            logger: logger)
        if let links = ChartLinks(settings: settings) {
            digestBuilder.chart = {
                @Sendable (forecast: Forecast, content: DigestBuilder.Content, now: Date) -> ChatMessage.Part? in
                links.digestChart(forecast, units: content.units, language: content.language, now: now)
            }
        }
        let digests = DigestRunner(
            digests: settings.digests,
            builder: digestBuilder,
            ledger: state.ledger, catchUpWindow: settings.digestCatchUp, metrics: metrics, logger: logger,
            queued: { [queue] in queue.wake() })
        describeLogMetrics(logger: logger, metrics: metrics)
        return TenkiServer(
            settings: settings, dependencies: dependencies, state: state, providers: providers, queue: queue,
            background: background, digests: digests, commands: commands, abandoned: abandoned, router: router,
            drainFlag: drainFlag, workspaces: workspaces, socketMode: socketMode)
    }

    /// The install pages of a multi-workspace deployment; nil with one workspace.
    private static func installEndpoint(
        _ settings: Settings, state: StateFile, workspaces: SlackWorkspaces, dependencies: ServerDependencies
    ) -> InstallEndpoint? {
        guard let app = settings.slackApp, let stores = state.installations, let installations = workspaces.installations else {
            return nil
        }
        let client = oauthClient(app, settings: settings, dependencies: dependencies)
        return InstallEndpoint(
            app: app, states: stores.oauthStates, installations: installations,
            exchange: { code, redirectURI throws(SlackWebAPIError) in
                try await client.exchange(code: code, redirectURI: redirectURI)
            },
            metrics: dependencies.metrics)
    }

    static func oauthClient(
        _ app: Settings.SlackAppSettings, settings: Settings, dependencies: ServerDependencies
    ) -> SlackOAuthClient {
        SlackOAuthClient(
            transport: dependencies.transport, baseURL: settings.delivery.slackAPIBaseURL, credentials: app.credentials,
            clock: dependencies.clock)
    }

    private static func verifier(
        settings: Settings, dependencies: ServerDependencies
    ) throws(ConfigurationError) -> (any CommandRequestVerifier)? {
        if let injected = dependencies.verifier { return injected }
        switch dependencies.verification {
        case .skipped:
            return nil
        case .required:
            // Socket Mode only: the Slack HTTP ways in are not served (404), so nothing is left to verify.
            if !settings.servesSlackOverHTTP { return nil }
            guard !settings.signingSecrets.isEmpty else {
                throw ConfigurationError(
                    \.signingSecrets, problem: "is not set",
                    fix: "copy the Signing Secret from the Slack app's Basic Information page, "
                        + "or set \(SettingsTable.name(\.slackAppToken)) for Socket Mode only "
                        + "(or use --insecure-skip-verification on loopback)"
                )
            }
            let tolerance: TimeInterval = 300
            let replays = replayCache(settings, tolerance: tolerance)
            return SlackRequestVerifier(
                signingSecrets: settings.signingSecrets, tolerance: tolerance, clock: dependencies.clock, replays: replays)
        }
    }

    /// Signatures remembered for twice the timestamp tolerance (`TENKI_REPLAY_CACHE_ENTRIES`; nil
    /// when 0): Slack's and Discord's verifiers each have their own.
    static func replayCache(_ settings: Settings, tolerance: TimeInterval) -> RecentSignatures? {
        settings.replayCacheEntries > 0 ? RecentSignatures(capacity: settings.replayCacheEntries, hold: 2 * tolerance) : nil
    }

    /// A digest with cities needs OpenWeatherMap: without a key it would post only notes.
    static func requireWeatherKey(_ settings: Settings, for digests: [Settings.DigestSettings]) throws(ConfigurationError) {
        if settings.openWeatherAPIKey == nil, let digest = digests.first(where: { !$0.cities.isEmpty }) {
            throw ConfigurationError(
                \.openWeatherAPIKey, problem: "is not set, and digest \"\(digest.name)\" lists cities",
                fix: "set it (or \(SettingsTable.name(\.openWeatherAPIKey))_FILE) to your OpenWeatherMap API key")
        }
    }

    private static func describeLogMetrics(logger: Logger, metrics: MetricsRegistry) {
        guard let sink = logger.sink as? BufferedLogSink else { return }
        metrics.describe(
            "tenki_log_lines_dropped_total", type: "counter", help: "Log lines dropped because the log output could not keep up.")
        metrics.counter("tenki_log_lines_dropped_total") { Double(sink.droppedLines) }
    }
}
