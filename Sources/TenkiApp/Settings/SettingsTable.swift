import Foundation
import TenkiCore
import TenkiLogging
import TenkiSecurity
import TenkiStorage

/// Every setting Tenki reads, one declaration each, in the order of the configuration reference
/// (docs/configuration.md, generated from this table).
/// Loading (`Settings.load`), the typed values of `Settings` (`settings.units` reads `units` here),
/// `_FILE` secrets, `TENKI_CONFIG`'s unknown-key check, the warning for a misspelt variable and the
/// configuration reference all come from here: adding a setting is adding a property, and its
/// `visitor.visit` call to its section's part of `SettingsTable.visitAll` (a test fails when one is missing).
public struct SettingsTable: Sendable {
    /// Every setting at its declared default.
    static let shared = SettingsTable()

    // Slack and providers
    var signingSecrets: Setting<[String]> = .custom(
        "SLACK_SIGNING_SECRET", default: [], defaultText: "required for `serve` unless `--insecure-skip-verification`",
        secret: true,
        readers: [.serve, .replay, .digest],
        "verifies every request (Slack's v0 scheme), and signs chart URLs; two secrets separated by `,` are both accepted "
            + "while rotating",
        parse: SettingParsers.signingSecrets)
    var openWeatherAPIKey: Setting<String?> = .text(
        "OPENWEATHER_API_KEY", secret: true,
        none: "`serve` needs it or `NEWSAPI_KEY` (a missing one is warned at start and its command answers \"not configured\"); "
            + "`preview` and `digest` exit 78 when they need it",
        readers: .providers, "OpenWeatherMap key")
    var newsAPIKey: Setting<String?> = .text(
        "NEWSAPI_KEY", secret: true, none: "as above", readers: .providers, "NewsAPI.org key")
    var openWeatherBaseURL: Setting<URL> = .url(
        "OPENWEATHER_BASE_URL", default: "https://api.openweathermap.org", readers: .providers,
        "OpenWeatherMap origin, or a proxy in front of it")
    var newsAPIBaseURL: Setting<URL> = .url(
        "NEWSAPI_BASE_URL", default: "https://newsapi.org", readers: .providers, "NewsAPI origin, or a proxy")
    var openWeatherBearerToken: Setting<String?> = .text(
        "OPENWEATHER_BEARER_TOKEN", secret: true, none: "none", readers: .providers,
        "sent as `Authorization: Bearer` to a proxy at `OPENWEATHER_BASE_URL`")
    var newsAPIBearerToken: Setting<String?> = .text(
        "NEWSAPI_BEARER_TOKEN", secret: true, none: "none", readers: .providers,
        "sent as `Authorization: Bearer` to a proxy at `NEWSAPI_BASE_URL`")
    var newsFeeds: Setting<[FeedSource]> = .custom(
        "TENKI_NEWS_FEEDS", default: [], defaultText: "none", urlCredentials: true, readers: .providers,
        "RSS or Atom feeds, `;`-separated, each `URL` or `name=URL` (`name` of `[A-Za-z0-9_-]`; a bare URL is named by its host)",
        parse: SettingParsers.newsFeeds)
    var newsProvider: Setting<NewsProvider?> = .custom(
        "TENKI_NEWS_PROVIDER", default: nil, defaultText: "`feeds` when `TENKI_NEWS_FEEDS` is set, else `newsapi`",
        readers: .providers, "`newsapi` or `feeds`: where `/news` and the digest's headlines come from",
        parse: SettingParsers.newsProvider)
    var newsFeedsAllowPrivate: Setting<Bool> = .onOff(
        "TENKI_NEWS_FEEDS_ALLOW_PRIVATE", default: false, readers: .providers,
        "whether a feed (or a feed's redirect) may point to a loopback or private address, and be plain HTTP there")
    var allowedResponseHosts: Setting<ResponseURLAllowList> = .custom(
        "TENKI_ALLOWED_RESPONSE_HOSTS", default: .slack, defaultText: "`\(ResponseURLAllowList.slack)`", readers: .serve,
        "hosts that `response_url` may point to, `,`-separated: `host` (HTTPS on 443), `host:port` (HTTPS on that port), "
            + "`http://host[:port]` (plain HTTP, not for Slack's hosts: a server on your own network); loopback hosts allow "
            + "any port. Over HTTPS a public name must resolve to public addresses (checked before connecting); write a "
            + "private HTTPS host as an address, a name without dots, or under `.internal`, `.local`, `.lan`, `.home.arpa`",
        parse: ResponseURLAllowList.init(parsing:))
    var mattermostTokens: Setting<[String]> = .custom(
        "MATTERMOST_TOKENS", default: [], defaultText: "none: `/mattermost/commands` is 404", secret: true, readers: .serve,
        "accepted Mattermost command tokens, `,`-separated (each slash command has its own; any listed one is accepted)",
        parse: SettingParsers.mattermostTokens)
    var discordPublicKey: Setting<Ed25519PublicKey?> = .custom(
        "DISCORD_PUBLIC_KEY", default: nil, defaultText: "none: `/discord/interactions` is 404", readers: .serve,
        "the Discord application's public key, 64 hex digits (Developer Portal → General Information)",
        parse: SettingParsers.discordPublicKey)
    var discordAPIBaseURL: Setting<URL> = .url(
        "DISCORD_API_BASE_URL", default: "https://discord.com/api/v10", readers: [.serve, .discord],
        "Discord API origin and version path: answers that are not ready in time are edited there")
    var discordApplicationID: Setting<String?> = .text(
        "DISCORD_APPLICATION_ID", none: "none", readers: .discord,
        "the application's id (Developer Portal → General Information), for `tenki discord register`")
    var discordBotToken: Setting<String?> = .text(
        "DISCORD_BOT_TOKEN", secret: true, none: "none", readers: .discord,
        "the application's bot token (Developer Portal → Bot), for `tenki discord register`")
    var slackBotToken: Setting<String?> = .text(
        "SLACK_BOT_TOKEN", secret: true, none: "none: `subscribe` is unavailable", readers: [.serve, .digest],
        "bot token (`xoxb-...`) for channel subscriptions (`chat.postMessage`, `users.info`)")
    var slackClientID: Setting<String?> = .text(
        "SLACK_CLIENT_ID", none: "none: one workspace, `SLACK_BOT_TOKEN`", readers: [.serve, .digest],
        "the Slack app's client id (Basic Information → App Credentials): with `SLACK_CLIENT_SECRET`, `TENKI_PUBLIC_URL` and "
            + "`TENKI_ENCRYPTION_KEY`, Tenki is a multi-workspace app with its own install page (see docs/distributed-app.md)")
    var slackClientSecret: Setting<String?> = .text(
        "SLACK_CLIENT_SECRET", secret: true, none: "none", readers: [.serve, .digest],
        "the Slack app's client secret, sent to `oauth.v2.access` when a workspace installs Tenki or a token is refreshed")
    var slackOAuthAuthorizeURL: Setting<URL> = .url(
        "SLACK_OAUTH_AUTHORIZE_URL", default: "https://slack.com/oauth/v2/authorize", readers: .serve,
        "Slack's authorize page, where the install page's \"Add to Slack\" link goes")
    var allowedTeams: Setting<[String]> = .list(
        "TENKI_ALLOWED_TEAMS", separator: ",", none: "any workspace", readers: .serve,
        "team (or, for an org-wide install, enterprise) ids that may install Tenki, `,`-separated; others get a page saying so")
    var slackAppToken: Setting<SlackAppToken?> = .custom(
        "SLACK_APP_TOKEN", default: nil, defaultText: "none: no Socket Mode", secret: true, readers: .serve,
        "app-level token (`xapp-...`, scope `connections:write`): `serve` also takes Slack's commands, presses and events "
            + "over Socket Mode, with no public URL (docs/socket-mode.md); without `SLACK_SIGNING_SECRET`, Socket Mode only",
        parse: SettingParsers.slackAppToken)
    var socketConnections: Setting<Int> = .number(
        "TENKI_SOCKET_CONNECTIONS", default: 2, range: 1...10, readers: .serve,
        "Socket Mode connections each process keeps open (Slack allows 10 per app: connections × (replicas + surge + 1) "
            + "must stay within 10)")
    var encryptionKeys: Setting<EncryptionKeys?> = .custom(
        "TENKI_ENCRYPTION_KEY", default: nil,
        defaultText: "none; required with `SLACK_CLIENT_ID`",
        secret: true, readers: [.serve, .digest],
        "32 bytes, base64 or 64 hex digits (`openssl rand -base64 32`): encrypts the Slack tokens of installed workspaces "
            + "at rest (AES-256-GCM); `NEW,OLD` while rotating (read with either, re-encrypted with the new when read)",
        parse: SettingParsers.encryptionKeys)
    var slackAPIBaseURL: Setting<URL> = .url(
        "SLACK_API_BASE_URL", default: "https://slack.com/api", readers: [.serve, .digest],
        "Slack Web API origin and path")
    var publicURL: Setting<String?> = .custom(
        "TENKI_PUBLIC_URL", default: nil, defaultText: "none: no install page, no charts", readers: [.serve, .digest, .preview],
        "the origin at which Slack and browsers reach this Tenki: `https://…`, or `http://` for a loopback host; "
            + "the OAuth `redirect_uri` and chart image URLs are built from it (see docs/charts.md)",
        parse: SettingParsers.publicURL)
    var subscriptionTimeZone: Setting<String> = .timeZoneName(
        "TENKI_TIMEZONE", default: "UTC", readers: .serve,
        "zone of a subscription's time when the caller names none and Slack does not say theirs")
    var maxSubscriptionsPerChannel: Setting<Int> = .number(
        "TENKI_MAX_SUBSCRIPTIONS_PER_CHANNEL", default: 10, range: 1...100, readers: .serve,
        "subscriptions one channel may hold", as: { $0 })

    // Replies
    var language: Setting<WeatherLanguage> = .choice(
        "TENKI_LANG", default: .en, readers: .providers, "reply language: `en` or `ja`")
    var units: Setting<Units> = .choice(
        "TENKI_UNITS", default: .metric, readers: .providers, "`metric`, `imperial` or `standard`")
    var defaultCity: Setting<String?> = .text(
        "TENKI_DEFAULT_CITY", none: "none: help", readers: .answers, "place used by a bare `/weather` when the caller saved none")
    var resultVisibility: Setting<ChatMessage.Visibility> = .choice(
        "TENKI_RESULT_VISIBILITY", default: .inChannel, options: [("in_channel", .inChannel), ("ephemeral", .ephemeral)],
        readers: .answers,
        "who sees results: `in_channel` or `ephemeral` (help and errors are always ephemeral)")
    var newsCountry: Setting<NewsCountry> = .custom(
        "TENKI_NEWS_COUNTRY", default: .default, defaultText: "`\(NewsCountry.default.code)`", readers: .providers,
        "two-letter country of `/news` top headlines (NewsAPI's list: `us`, `gb`, `jp`, …)", parse: SettingParsers.newsCountry)
    var newsDailyBudget: Setting<Int> = .number(
        "TENKI_NEWS_DAILY_BUDGET", default: 100, range: 1...1_000_000, readers: .providers,
        "NewsAPI calls per UTC day (the free plan allows 100); once spent, the last answer is served with its age")
    var newsUserSharePercent: Setting<Int> = .number(
        "TENKI_NEWS_USER_SHARE_PERCENT", default: 20, range: 1...100, readers: .providers,
        "the part of `TENKI_NEWS_DAILY_BUDGET` one person's commands may spend per day (at least one call)")
    var newsReservedPercent: Setting<Int> = .number(
        "TENKI_NEWS_RESERVED_PERCENT", default: 10, range: 0...90, readers: .providers,
        "the part of `TENKI_NEWS_DAILY_BUDGET` that commands leave for digests")
    var weatherCommand: Setting<String> = .custom(
        "TENKI_WEATHER_COMMAND", default: "/weather", defaultText: "`/weather`", readers: .answers,
        "the weather command's name, when a workspace renamed it (e.g. `/tenki-weather`)", parse: SettingParsers.commandName)
    var newsCommand: Setting<String> = .custom(
        "TENKI_NEWS_COMMAND", default: "/news", defaultText: "`/news`", readers: .answers,
        "the news command's name, when a workspace renamed it (e.g. `/tenki-news`)", parse: SettingParsers.commandName)
    var inlineBudget: Setting<Duration> = .number(
        "TENKI_INLINE_BUDGET_MS", default: 2000, range: 100...2800, readers: .serve,
        "how long an answer may take to go back inline", as: { .milliseconds($0) })
    var upstreamTimeout: Setting<Duration> = .number(
        "TENKI_UPSTREAM_TIMEOUT_MS", default: 5000, range: 100...120_000, readers: .providers, "total time for one provider call",
        as: { .milliseconds($0) })
    var upstreamConnectTimeout: Setting<Duration> = .number(
        "TENKI_UPSTREAM_CONNECT_TIMEOUT_MS", default: 3000, range: 1000...60_000, readers: .providers,
        "how long connecting to a provider may take (the whole call stays within `TENKI_UPSTREAM_TIMEOUT_MS`)",
        as: { .milliseconds($0) })
    var upstreamConnectionsPerHost: Setting<Int> = .number(
        "TENKI_UPSTREAM_CONNECTIONS_PER_HOST", default: 32, range: 16...1024, readers: .providers,
        "concurrent connections to one provider")
    var replayCacheEntries: Setting<Int> = .number(
        "TENKI_REPLAY_CACHE_ENTRIES", default: 50_000, range: 0...1_000_000, readers: .serve,
        "signed commands remembered for 10 minutes, so that a captured request sent again is refused (401); 0 turns it off")
    var userRateLimitPerMinute: Setting<Int> = .number(
        "TENKI_USER_RATE_LIMIT", default: 20, range: 0...10_000, readers: .serve,
        "commands one user may run per minute (a minute's worth at once), counted across every replica on PostgreSQL; "
            + "0 turns it off")
    var inboundInFlight: Setting<Int> = .number(
        "TENKI_INBOUND_IN_FLIGHT", default: 256, range: 1...100_000, readers: .serve,
        "commands and button presses worked on at once (a press until its answer is queued, and presses also count the "
            + "answers waiting in the outbox); more are refused at once with a private \"busy, try again in a moment\" and "
            + "counted in `tenki_inbound_refused_total`")

    // Delivery
    var deliveryTimeout: Setting<Duration> = .number(
        "TENKI_DELIVERY_TIMEOUT_MS", default: 10_000, range: 1000...25_000, readers: [.serve, .digest],
        "the longest one post to Slack may take (at most 25 s: within the 30 s a replica's claims are held)",
        as: { .milliseconds($0) })
    var retryBase: Setting<Duration> = .number(
        "TENKI_RETRY_BASE_MS", default: 1000, range: 100...600_000, readers: [.serve, .digest],
        "retry backoff: full jitter under `base × 2^(attempt−1)`", as: { .milliseconds($0) })
    var retryCap: Setting<Duration> = .number(
        "TENKI_RETRY_CAP_MS", default: 300_000, range: 1000...3_600_000, readers: [.serve, .digest],
        "the longest wait between two retries", as: { .milliseconds($0) })
    var webhookDeadline: Setting<TimeInterval> = .number(
        "TENKI_WEBHOOK_DEADLINE_HOURS", default: 6, range: 1...72, readers: [.serve, .digest],
        "how long a post to an incoming webhook (the digest) keeps being retried", as: { TimeInterval($0 * 3600) })
    var deliveryRetention: Setting<TimeInterval> = .number(
        "TENKI_DELIVERY_RETENTION_HOURS", default: 168, range: 1...8760, readers: [.serve, .digest],
        "how long delivered messages stay in the state file", as: { TimeInterval($0 * 3600) })

    // Process
    var statePath: Setting<String?> = .text(
        "TENKI_STATE", none: "`$STATE_DIRECTORY/tenki.sqlite` under systemd, else `./tenki-state.sqlite`",
        readers: [.serve, .digest, .outbox], "path of the SQLite state file")
    var databaseURL: Setting<PostgresURL?> = .custom(
        "TENKI_DATABASE_URL", default: nil, defaultText: "none: SQLite (`TENKI_STATE`)", secret: true, urlCredentials: true,
        readers: [.serve, .digest, .outbox],
        "PostgreSQL connection URI (`postgres://user:password@host:port/database`, libpq options such as `sslmode`); "
            + "all state goes there instead of `TENKI_STATE`, so several replicas can share it",
        parse: SettingParsers.databaseURL)
    var databasePoolSize: Setting<Int> = .number(
        "TENKI_DATABASE_POOL_SIZE", default: 4, range: 1...100, readers: [.serve, .digest, .outbox],
        "PostgreSQL connections per process (every replica and job together must fit the server's `max_connections`)",
        as: { $0 })
    var config: Setting<String?> = .text(
        Self.configFileName, none: "none", readers: .all,
        "a JSON file of these settings and named digests; the environment wins over it, and an unknown key is an error")
    var schedulerEnabled: Setting<Bool> = .onOff(
        "TENKI_SCHEDULER", default: true, readers: .serve, "`on` or `off`: whether `serve` runs the digest scheduler")
    var logLevel: Setting<LogLevel> = .choice(
        "TENKI_LOG_LEVEL", default: .info, options: LogLevel.allCases.map { ($0.description, $0) }, readers: .all,
        "`debug`, `info`, `notice`, `warning`, `error`")
    var logFormat: Setting<StandardErrorLogSink.Format> = .choice(
        "TENKI_LOG_FORMAT", default: .logfmt, readers: .all,
        "`logfmt` or `json` (one line per record on stderr; `serve` writes `info` and `debug` lines in batches, "
            + "within about 25 ms, and `notice` and above at once)")

    // Listener
    var maxHeaderBytes: Setting<Int> = .number(
        "TENKI_MAX_HEADER_BYTES", default: 16 * 1024, range: 1024...1_048_576, readers: .serve,
        "request line and headers; larger gets 431")
    var maxBodyBytes: Setting<Int> = .number(
        "TENKI_MAX_BODY_BYTES", default: 64 * 1024, range: 1024...16_777_216, readers: .serve,
        "request body (decoded size when chunked); larger gets 413")
    var maxRequestsPerConnection: Setting<Int> = .number(
        "TENKI_MAX_REQUESTS_PER_CONNECTION", default: 1000, range: 1...1_000_000, readers: .serve,
        "requests on one keep-alive connection before it is closed")
    var handlerTimeout: Setting<Duration> = .number(
        "TENKI_HANDLER_TIMEOUT_MS", default: 10_000, range: 1000...120_000, readers: .serve,
        "a command that takes longer is answered 503 and its connection closed (the inline budget answers long before)",
        as: { .milliseconds($0) })
    var maxConnections: Setting<Int> = .number(
        "TENKI_MAX_CONNECTIONS", default: 1024, range: 1...100_000, readers: .serve, "connections open at once; more get 503")
    var headerTimeout: Setting<Duration> = .number(
        "TENKI_HEADER_TIMEOUT_MS", default: 10_000, range: 100...300_000, readers: .serve,
        "time a client has to send its request head, and then its body; slower gets 408", as: { .milliseconds($0) })
    var idleTimeout: Setting<Duration> = .number(
        "TENKI_IDLE_TIMEOUT_MS", default: 60_000, range: 100...3_600_000, readers: .serve,
        "idle keep-alive connections close after this", as: { .milliseconds($0) })
    var pollBeforeSleeping: Setting<Duration> = .number(
        "TENKI_POLL_BEFORE_SLEEP_US", default: 50, range: 0...1000, readers: .serve,
        "after a burst of work with at most 8 connections open, how long a listener thread keeps looking for the next "
            + "request before it sleeps: spares a few clients' requests a wake-up (about half their latency) for up to "
            + "this much CPU per burst; 0 turns it off (see [Performance](performance.md#throughput-beside-nginx))",
        as: { .microseconds($0) })
    var drainDelay: Setting<Duration> = .number(
        "TENKI_DRAIN_DELAY_MS", default: 1000, range: 0...120_000, readers: .serve,
        "on SIGTERM, how long `/healthz` answers 503 while requests are still served, "
            + "so load balancers stop sending traffic first",
        as: { .milliseconds($0) })
    var drainTimeout: Setting<Duration> = .number(
        "TENKI_DRAIN_TIMEOUT_MS", default: 10_000, range: 0...600_000, readers: .serve,
        "then, how long in-flight requests may take to finish; then as long again for late answers whose placeholder already "
            + "went out to be queued (one not queued by then is answered by another replica, or by this one after its restart)",
        as: { .milliseconds($0) })
    var metricsToken: Setting<String?> = .text(
        "TENKI_METRICS_TOKEN", secret: true, none: "none: open", readers: .serve,
        "when set, `/metrics` needs `Authorization: Bearer TOKEN`")
    var metricsAddress: Setting<(host: String, port: Int)?> = .custom(
        "TENKI_METRICS_ADDRESS", default: nil, defaultText: "none", readers: .serve,
        "`host:port` of a separate listener for `/metrics` and `/healthz`; the main listener then answers `/metrics` with 404",
        parse: SettingParsers.address)
    var port: Setting<Int> = .number(
        Self.portName, default: Self.defaultPort, range: Self.portRange, readers: [.serve, .healthcheck],
        "port of `serve` when `--port` is not given")

    // Digests
    var digestWebhookURL: Setting<URL?> = .custom(
        "DIGEST_WEBHOOK_URL", default: nil, defaultText: "none: no digest", secret: true, urlCredentials: true,
        readers: [.serve, .digest],
        "incoming-webhook URL of the digest named `default`; see [The morning digest](digest.md)",
        parse: { text throws(SettingProblem) in try Setting<URL>.httpURL(text) })
    var digestWebhookFormat: Setting<DigestWebhookFormat?> = .custom(
        "DIGEST_WEBHOOK_FORMAT", default: nil, defaultText: "chosen from the URL", readers: [.serve, .digest],
        "`slack`, `mattermost`, `discord` or `google-chat`; see [Digests on Mattermost, Discord, Google Chat or Zulip]"
            + "(digest.md#digests-on-mattermost-discord-google-chat-or-zulip)",
        parse: SettingParsers.digestWebhookFormat)
    var digestSchedule: Setting<CronSchedule> = .custom(
        "DIGEST_SCHEDULE", default: (try? CronSchedule(parsing: SettingParsers.defaultDigestSchedule))!,
        defaultText: "`\(SettingParsers.defaultDigestSchedule)`", readers: [.serve, .digest], "five-field cron expression",
        parse: SettingParsers.cronSchedule)
    var digestTimeZone: Setting<String> = .timeZoneName(
        "DIGEST_TIMEZONE", default: "UTC", readers: [.serve, .digest], "IANA time zone of the schedule")
    var digestCities: Setting<[String]> = .list(
        "DIGEST_CITIES", separator: ";", none: "none", readers: [.serve, .digest],
        "cities, separated by `;` (e.g. `Da Nang,VN;Tokyo,JP`)")
    var digestNewsQuery: Setting<String?> = .text(
        "DIGEST_NEWS_QUERY", none: "none: top headlines", readers: [.serve, .digest], "NewsAPI query for the digest's headlines")
    var digestCatchUp: Setting<TimeInterval> = .number(
        "TENKI_DIGEST_CATCH_UP_MINUTES", default: 120, range: 0...10_080, readers: [.serve, .digest],
        "how long after its slot a missed digest is still posted; older slots are logged and skipped; "
            + "`0` posts only on time (within a minute of the slot)",
        as: { TimeInterval($0 * 60) })
    var digestWait: Setting<Duration> = .number(
        "TENKI_DIGEST_WAIT_SECONDS", default: 60, range: 1...3600, readers: .digest,
        "how long `tenki digest` waits for its post before exiting 75", as: { .seconds($0) })
}

extension SettingsTable {
    /// What `serve` needs to listen before the table is built (`ServeCommand.earlyPort`): building
    /// it costs about half a millisecond, and a request that connects meanwhile is refused.
    static let portName = "PORT"
    static let defaultPort = 8080
    static let portRange = 1...65535
    static let configFileName = "TENKI_CONFIG"
}
