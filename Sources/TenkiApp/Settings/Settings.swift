import Foundation
import TenkiCore
import TenkiLogging
import TenkiProviders
import TenkiSecurity
import TenkiStorage

/// Every setting Tenki reads, decoded once at start into typed values that are passed down
/// (`SettingsTable` declares them). Nothing below `TenkiApp` reads the environment.
public struct Settings: Sendable {
    // Slack
    public var signingSecrets: [String]
    public var allowedResponseHosts: ResponseURLAllowList
    /// `MATTERMOST_TOKENS`; empty: no Mattermost route.
    public var mattermostTokens: [String] = []
    /// `DISCORD_PUBLIC_KEY`; nil: no Discord route.
    public var discordPublicKey: Ed25519PublicKey?
    /// `DISCORD_API_BASE_URL`: where a deferred Discord answer is edited.
    public var discordAPIBaseURL = URL(string: "https://discord.com/api/v10")!
    /// `TENKI_TIMEZONE`: a subscription's zone when neither the caller nor Slack names one.
    public var subscriptionTimeZone = TimeZone(identifier: "UTC")!
    /// `TENKI_MAX_SUBSCRIPTIONS_PER_CHANNEL`.
    public var maxSubscriptionsPerChannel = 10
    /// Commands and presses worked on at once; more are refused as busy (`InboundLimit`).
    public var inboundInFlight = 256
    /// `DISCORD_APPLICATION_ID` and `DISCORD_BOT_TOKEN`, for `tenki discord register` only.
    public var discordApplicationID: String?
    public var discordBotToken: String?
    public var commandNames: CommandNames
    /// `SLACK_APP_TOKEN` and `TENKI_SOCKET_CONNECTIONS`; nil: no Socket Mode.
    public var socketMode: SocketModeSettings? = nil
    /// `TENKI_ENCRYPTION_KEY`: seals the installations' tokens (`TokenSealer`); nil: none given.
    public var encryptionKeys: EncryptionKeys? = nil
    /// Distributed mode (`SLACK_CLIENT_ID` and what it needs); nil: one workspace.
    public var slackApp: SlackAppSettings? = nil

    // Providers
    public var openWeatherAPIKey: String?
    public var openWeatherBaseURL: URL
    public var openWeatherBearerToken: String?
    public var newsAPIKey: String?
    public var newsAPIBaseURL: URL
    public var newsAPIBearerToken: String?
    /// Two-letter country of `/news` top headlines.
    public var newsCountry: NewsCountry
    /// NewsAPI calls allowed per UTC day (the free plan allows 100).
    public var newsDailyBudget: Int
    /// Signed commands remembered to refuse replays; 0: none.
    public var replayCacheEntries: Int
    /// How the news budget is divided between people and digests.
    public var newsBudgetShares: BudgetShares
    /// Where news comes from (`TENKI_NEWS_PROVIDER`, or its default).
    public var newsProvider: NewsProvider = .newsapi
    /// The feeds of `TENKI_NEWS_FEEDS`, in their order.
    public var newsFeeds: [FeedSource] = []
    /// Whether feeds may reach loopback and private addresses (`TENKI_NEWS_FEEDS_ALLOW_PRIVATE`).
    public var newsFeedsAllowPrivate = false
    public var upstreamTimeout: Duration
    /// How long a provider connection may stay silent (connecting included) before it fails.
    public var upstreamConnectTimeout: Duration
    public var upstreamConnectionsPerHost: Int

    // Replies
    public var language: WeatherLanguage
    public var units: Units
    public var defaultCity: String?
    public var inlineBudget: Duration
    /// Commands one user may run per minute on average (0: no limit).
    public var userRateLimitPerMinute: Int
    /// Who sees results (errors and help are always ephemeral).
    public var resultVisibility: ChatMessage.Visibility
    /// `TENKI_PUBLIC_URL` without a trailing slash: chart URLs start with it; nil: no charts.
    public var publicURL: String? = nil

    // Process
    public var statePath: String
    /// PostgreSQL instead of the SQLite file `statePath`, when set (TENKI_DATABASE_URL).
    public var databaseURL: PostgresURL? = nil
    /// PostgreSQL connections per process (TENKI_DATABASE_POOL_SIZE).
    public var databasePoolSize: Int = 4
    public var schedulerEnabled: Bool
    public var logLevel: LogLevel
    public var logFormat: StandardErrorLogSink.Format
    public var listener: ListenerSettings
    /// A bearer token `/metrics` requires, when set.
    public var metricsToken: String?
    /// `host:port` of a separate listener for `/metrics` (and `/healthz`), when set.
    public var metricsAddress: (host: String, port: Int)?
    /// The port of `serve` when `--port` is not given (PORT).
    public var port: Int
    /// Environment variables that look like settings but are none (a typo), with the setting
    /// each most likely meant; commands warn about them at start.
    public var misspeltVariables: [(name: String, closest: String?)] = []

    // Delivery
    public var delivery: DeliverySettings

    // Digest
    public var digest: DigestSettings?
    /// Every configured digest: `default` from `DIGEST_*`, then the `digests` of `TENKI_CONFIG`.
    public var digests: [DigestSettings] = []
    /// How long after its slot a missed digest is still posted (TENKI_DIGEST_CATCH_UP_MINUTES).
    public var digestCatchUp: TimeInterval
    /// How long `tenki digest` waits for its post (TENKI_DIGEST_WAIT_SECONDS).
    public var digestWait: Duration

    /// The names `/weather` and `/news` are known by in this workspace (renamed when another app owns them).
    public struct CommandNames: Sendable, Equatable {
        public var weather: String
        public var news: String
    }

    /// Limits and timeouts of the HTTP listener.
    public struct ListenerSettings: Sendable, Equatable {
        public var maxHeaderBytes: Int
        public var maxBodyBytes: Int
        public var maxConnections: Int
        public var maxRequestsPerConnection: Int
        /// A handler that takes longer is answered 503 and its connection closed.
        public var handlerTimeout: Duration
        public var headerTimeout: Duration
        public var idleTimeout: Duration
        public var drainTimeout: Duration
        /// After SIGTERM, how long `/healthz` answers 503 while new requests are still served, so
        /// load balancers stop sending traffic before the listener stops accepting.
        public var drainDelay: Duration
    }

    /// The delivery queue's retry and retention knobs.
    public struct DeliverySettings: Sendable, Equatable {
        /// The longest one post may take.
        public var requestTimeout: Duration
        /// Exponential backoff with full jitter: the first retry waits up to `retryBase`, doubling to `retryCap`.
        public var retryBase: Duration
        public var retryCap: Duration
        /// How long an incoming-webhook post (a digest) keeps being retried.
        public var webhookDeadline: TimeInterval
        /// How long delivered messages stay in the state file.
        public var retention: TimeInterval
        /// `SLACK_BOT_TOKEN`: sent with `chat.postMessage` posts (never stored); nil: none.
        public var slackBotToken: SlackBotToken? = nil
        /// `SLACK_API_BASE_URL`: where `chat.postMessage`, `users.info` and `auth.test` are called.
        public var slackAPIBaseURL = URL(string: "https://slack.com/api")!
    }

    /// One digest: the one configured through `DIGEST_*` settings (named `default`), or one of
    /// the `digests` of `TENKI_CONFIG`.
    public struct DigestSettings: Sendable, Equatable {
        public var name: String = "default"
        public var language: WeatherLanguage = .en
        public var units: Units = .metric
        public var webhookURL: URL
        /// What the webhook takes: set, or chosen from `webhookURL` (`DigestWebhookFormat.detect`).
        public var format: DigestWebhookFormat = .slack
        public var schedule: CronSchedule
        public var timeZone: TimeZone
        public var cities: [String]
        public var newsQuery: String?
        /// The feeds (by name) whose items the digest shows; nil: every feed.
        public var newsFeeds: [String]?
        /// A channel subscription's Slack channel: posted there with `chat.postMessage`, not to
        /// `webhookURL`; nil for a webhook digest.
        public var channel: String? = nil
        /// A subscription's workspace (`Subscription.installationKey`): its posts carry it.
        public var installationKey: String? = nil
        /// Places already resolved (a subscription's), shown instead of geocoding `cities`.
        public var places: [Place]? = nil
        /// Whether headlines follow the weather (a subscription's morning report has none).
        public var includesNews = true
    }
}

/// The one news provider of a deployment.
public enum NewsProvider: String, Sendable, Equatable {
    /// NewsAPI.org (needs `NEWSAPI_KEY`).
    case newsapi
    /// RSS and Atom feeds (needs `TENKI_NEWS_FEEDS`).
    case feeds
}
