import Foundation
import TenkiCore
import TenkiSecurity

extension DeliveryQueue {
    /// The queue's knobs. Defaults suit one Slack workspace: Slack's pace for incoming webhooks,
    /// a request timeout well inside the lease, and a week of delivered history.
    public struct Configuration: Sendable {
        /// This process' name in leases; unique per process so that two never share claims.
        public var owner: String
        public var policy: RetryPolicy
        /// Posts per second per destination URL, on average.
        public var pacingRate: Double
        /// Posts one destination may receive at once after a quiet spell.
        public var pacingBurst: Int
        /// The longest one post may take (cut shorter near a message's deadline, never below 1 s).
        public var requestTimeout: Duration
        /// How long a claim stays ours: a round claims at most `claimsPerDestination` posts per
        /// destination, so that they fit in it one after another at `requestTimeout`.
        public var leaseDuration: TimeInterval
        /// Messages claimed per round.
        public var batchSize: Int
        /// How often `run()` looks at the store when nothing woke it (another process' `outbox retry`).
        public var pollInterval: Duration
        /// How long delivered messages stay listed before they are pruned.
        public var retention: TimeInterval
        /// How often the prune runs.
        public var pruneInterval: TimeInterval
        /// `SLACK_API_BASE_URL`: where `enqueueChatPostMessage` posts.
        public var slackAPIBaseURL: URL
        /// `SLACK_BOT_TOKEN`, added as `Authorization: Bearer` to `chat.postMessage` posts when they
        /// are sent (never stored with them); nil: such posts are dead, naming the setting.
        public var slackBotToken: SlackBotToken?
        /// How the reason of a post that is dead for want of `slackBotToken` names it: the app
        /// passes the setting's name.
        public var slackBotTokenName = "the Slack bot token"
        /// The bot token of an installed workspace, by installation key, looked up when a post that
        /// carries the key is sent (so a revoked or rotated token is never sent from the queue). Not
        /// installed (any more): the post is dead; the lookup failed: the post waits and is tried
        /// again. Nil: one workspace, `slackBotToken`.
        public var installationToken: (@Sendable (String) async -> InstallationTokenLookup)? = nil
        /// Posts one channel may receive at once through the Web API: Slack allows
        /// `chat.postMessage` one message a second per channel.
        public var channelPacingBurst: Int

        /// The lease of `serve` and `digest`: a killed process' claims pass to another within 30 s.
        public static let sharedLease: TimeInterval = 30

        /// Posts per destination one round claims: the pace's burst, or fewer when that many
        /// posts at the request timeout, one after another, would outlast the lease (5 s spare).
        public var claimsPerDestination: Int {
            max(1, min(pacingBurst, Int((leaseDuration - 5) / max(requestTimeout.timeInterval, 0.001))))
        }

        public init(
            owner: String = Configuration.defaultOwner(),
            policy: RetryPolicy = .default,
            pacingRate: Double = 1,
            pacingBurst: Int = 3,
            requestTimeout: Duration = .seconds(10),
            leaseDuration: TimeInterval = 120,
            batchSize: Int = 100,
            pollInterval: Duration = .seconds(5),
            retention: TimeInterval = 7 * 24 * 3600,
            pruneInterval: TimeInterval = 3600,
            slackAPIBaseURL: URL = URL(string: "https://slack.com/api")!,
            slackBotToken: SlackBotToken? = nil,
            channelPacingBurst: Int = 1
        ) {
            self.owner = owner
            self.policy = policy
            self.pacingRate = pacingRate
            self.pacingBurst = max(1, pacingBurst)
            self.requestTimeout = requestTimeout
            self.leaseDuration = leaseDuration
            self.batchSize = max(1, batchSize)
            self.pollInterval = pollInterval
            self.retention = retention
            self.pruneInterval = pruneInterval
            self.slackAPIBaseURL = slackAPIBaseURL
            self.slackBotToken = slackBotToken
            self.channelPacingBurst = max(1, channelPacingBurst)
        }

        /// The pacing bucket's burst for messages of `kind`. The rate is `pacingRate` for all.
        func pacingBurst(for kind: DestinationKind) -> Int {
            kind == .slackWebAPI ? channelPacingBurst : pacingBurst
        }

        /// `host-pid-random`: readable in the file, unique even when a PID is reused.
        public static func defaultOwner() -> String {
            let info = ProcessInfo.processInfo
            let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            return "\(info.hostName)-\(info.processIdentifier)-\(suffix)"
        }
    }

    /// What became of a message, for `tenki digest` (exit 0, 1 or 75).
    public enum Outcome: Sendable, Equatable {
        case delivered
        case dead(reason: String)
        /// Still pending when the wait ended.
        case pending
        /// No such message (never enqueued, or delivered and pruned).
        case notFound
    }
}

/// What the delivery queue learns of an installation's bot token when it sends a post for it.
public enum InstallationTokenLookup: Sendable, Equatable {
    case token(SlackBotToken)
    case notInstalled
    /// The installations could not be read now (the database): try again later.
    case unavailable
}
