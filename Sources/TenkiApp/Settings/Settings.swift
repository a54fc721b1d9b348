import Foundation
import TenkiCore
import TenkiDelivery
import TenkiLogging
import TenkiProviders
import TenkiSecurity

/// Every setting Tenki reads, decoded once at start into typed values that are passed down.
/// `SettingsTable` declares them, and a setting's value is read by the table's name for it:
/// `settings.units` is `SettingsTable.units`, decoded (or its default). The stored properties below
/// are the values built from several settings, validated together once by `Settings.load`; where one
/// has a table property's name (`statePath`, `newsProvider`), it is the value in force, the table's
/// being what was given. Nothing below `TenkiApp` reads the environment.
///
/// A value is a field of a struct in an immutable box, and the key path is known at compile time:
/// in the release build a read is a load, not a lookup (`bench/cost-guard.sh --profile` shows no
/// key-path or settings code on a command's path), so handlers may keep a `Settings` and read it per request.
@dynamicMemberLookup
public struct Settings: Sendable {
    /// The table with the decoded values.
    private var values: SettingValues

    /// The names `/weather` and `/news` go by (`TENKI_WEATHER_COMMAND`, `TENKI_NEWS_COMMAND`, which differ).
    public var commandNames: CommandNames
    /// How the news budget is divided between people and digests.
    public var newsBudgetShares: BudgetShares
    /// Where news comes from: `TENKI_NEWS_PROVIDER`, or chosen by whether `TENKI_NEWS_FEEDS` is set.
    public var newsProvider: NewsProvider
    /// The SQLite state file: `TENKI_STATE`, or its default under systemd or in the working directory.
    public var statePath: String
    /// `SLACK_APP_TOKEN` and `TENKI_SOCKET_CONNECTIONS`; nil: no Socket Mode.
    public var socketMode: SocketModeSettings? = nil
    /// Distributed mode (`SLACK_CLIENT_ID` and what it needs); nil: one workspace.
    public var slackApp: SlackAppSettings? = nil
    /// The digest of the `DIGEST_*` settings, named `default`; nil: `DIGEST_WEBHOOK_URL` is not set.
    public var digest: DigestSettings? = nil
    /// Every configured digest: `default` from `DIGEST_*`, then the `digests` of `TENKI_CONFIG`.
    public var digests: [DigestSettings] = []
    /// Environment variables that look like settings but are none (a typo), with the setting
    /// each most likely meant; commands warn about them at start.
    public var misspeltVariables: [(name: String, closest: String?)] = []

    init(
        table: SettingsTable, commandNames: CommandNames, newsBudgetShares: BudgetShares, newsProvider: NewsProvider,
        statePath: String
    ) {
        self.values = SettingValues(table: table)
        self.commandNames = commandNames
        self.newsBudgetShares = newsBudgetShares
        self.newsProvider = newsProvider
        self.statePath = statePath
    }

    /// The value of one setting of the table; setting it (tests do) copies the table once.
    public subscript<Value>(dynamicMember key: WritableKeyPath<SettingsTable, Setting<Value>>) -> Value {
        get { values.table[keyPath: key].value }
        set {
            var table = values.table
            table[keyPath: key].value = newValue
            values = SettingValues(table: table)
        }
    }

    /// Limits and timeouts of the HTTP listener, from the table's listener settings.
    public var listener: ListenerSettings {
        ListenerSettings(
            maxHeaderBytes: self.maxHeaderBytes, maxBodyBytes: self.maxBodyBytes, maxConnections: self.maxConnections,
            maxRequestsPerConnection: self.maxRequestsPerConnection, handlerTimeout: self.handlerTimeout,
            headerTimeout: self.headerTimeout, idleTimeout: self.idleTimeout, pollBeforeSleeping: self.pollBeforeSleeping,
            drainTimeout: self.drainTimeout, drainDelay: self.drainDelay)
    }

    /// The delivery queue's knobs, from the table's delivery settings.
    public var delivery: DeliverySettings {
        DeliverySettings(
            requestTimeout: self.deliveryTimeout, retryBase: self.retryBase, retryCap: self.retryCap,
            webhookDeadline: self.webhookDeadline, retention: self.deliveryRetention,
            slackBotToken: self.slackBotToken.flatMap(SlackBotToken.init), slackAPIBaseURL: self.slackAPIBaseURL)
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
        /// After a burst of work with few connections, how long a loop polls before it sleeps.
        public var pollBeforeSleeping: Duration
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
        public var slackBotToken: SlackBotToken?
        /// `SLACK_API_BASE_URL`: where `chat.postMessage`, `users.info` and `auth.test` are called.
        public var slackAPIBaseURL: URL
    }

    /// One digest: the one configured through `DIGEST_*` settings (named `default`), or one of
    /// the `digests` of `TENKI_CONFIG`.
    public struct DigestSettings: Sendable, Equatable {
        public var name: String = "default"
        public var language: WeatherLanguage
        public var units: Units
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

extension Settings {
    /// Whether `/news` has a source to answer from: the feeds, or NewsAPI's key (what
    /// `ProviderServices` builds `/news` from).
    var hasNewsSource: Bool {
        newsProvider == .feeds ? !self.newsFeeds.isEmpty : self.newsAPIKey != nil
    }
}

/// The decoded table, shared by every copy of a `Settings`: copying one costs a retain.
private final class SettingValues: Sendable {
    let table: SettingsTable

    init(table: SettingsTable) {
        self.table = table
    }
}

extension Settings {
    /// Help, errors and notes in the reply language, naming the commands as this workspace calls them.
    var notices: NoticeMessages {
        NoticeMessages(language: self.language, weatherCommand: commandNames.weather, newsCommand: commandNames.news)
    }
}

extension Settings.DeliverySettings {
    /// The queue's configuration: a process that dies mid-post hands its claims over within 30 s
    /// (the lease), and each round claims no more posts per destination than fit in it one after
    /// another at the request timeout (`Configuration.claimsPerDestination`).
    func queueConfiguration() -> DeliveryQueue.Configuration {
        var configuration = DeliveryQueue.Configuration(
            policy: RetryPolicy(base: retryBase.timeInterval, cap: max(retryBase.timeInterval, retryCap.timeInterval)),
            requestTimeout: requestTimeout, leaseDuration: DeliveryQueue.Configuration.sharedLease, retention: retention,
            slackAPIBaseURL: slackAPIBaseURL, slackBotToken: slackBotToken)
        configuration.slackBotTokenName = SettingsTable.name(\.slackBotToken)
        return configuration
    }
}
