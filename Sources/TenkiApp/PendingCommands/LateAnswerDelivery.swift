import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// Where answers that missed the platform's window go: the delivery queue in `serve`.
public protocol LateAnswerDelivery: Sendable {
    /// Called before the placeholder goes back, while the command's work goes on: records that
    /// `command` is owed an answer at `destination`, so it is answered even if this process dies
    /// before `deliver` (see `QueuedLateAnswers`). The default records nothing.
    func promise(_ command: SlashCommandPayload, to destination: URL, kind: DestinationKind, logger: Logger) async
        -> LateAnswerPromise

    /// Hands over the promised answer; called at most once per `promise`.
    func deliver(_ message: SlackMessage, for promise: LateAnswerPromise, logger: Logger) async

    /// `deliver` for a command from Mattermost.
    func deliver(_ message: MattermostMessage, for promise: LateAnswerPromise, logger: Logger) async

    /// `deliver` for a Discord interaction: the message replaces its "thinking" message.
    func deliver(_ message: DiscordMessage, for promise: LateAnswerPromise, logger: Logger) async
}

/// What `deliver` needs of its `promise`: where the answer goes, and the pending command it settles.
public struct LateAnswerPromise: Sendable {
    public var responseURL: URL
    /// When the placeholder went out: Slack's 30 minutes for the `response_url` run from here.
    public var promisedAt: Date
    /// Posted to (`response_url`) or, for Discord, edited with PATCH.
    public var kind: DestinationKind
    /// Holds the command as pending work (usually done before the placeholder goes back) and gives
    /// its id; nil, or nil from the task, when none was recorded.
    public var pending: Task<PendingCommandID?, Never>?
    /// Keeps the pending command's lease while the answer is looked up; cancelled by `deliver`.
    public var renewal: Task<Void, Never>?

    public init(
        responseURL: URL, promisedAt: Date, kind: DestinationKind = .responseURL,
        pending: Task<PendingCommandID?, Never>? = nil, renewal: Task<Void, Never>? = nil
    ) {
        self.responseURL = responseURL
        self.promisedAt = promisedAt
        self.kind = kind
        self.pending = pending
        self.renewal = renewal
    }
}

extension LateAnswerDelivery {
    public func promise(
        _ command: SlashCommandPayload, to destination: URL, kind: DestinationKind, logger: Logger
    ) async -> LateAnswerPromise {
        LateAnswerPromise(responseURL: destination, promisedAt: Date(), kind: kind)
    }

    /// Delivers `reply` in the form of the platform the command came from.
    func deliver(_ reply: CommandReply, from platform: ChatPlatform, for promise: LateAnswerPromise, logger: Logger) async {
        switch platform {
        case .slack:
            var message = reply.message
            // An ephemeral answer replaces the ephemeral placeholder; a public one is a new message.
            message.replaceOriginal = message.responseType == .ephemeral ? true : nil
            await deliver(message, for: promise, logger: logger)
        case .mattermost:
            // Tenki does not replace the placeholder on Mattermost: the answer follows it as its own post.
            await deliver(reply.mattermost, for: promise, logger: logger)
        case .discord:
            // The answer takes the place of Discord's "thinking" message.
            await deliver(reply.discord, for: promise, logger: logger)
        }
    }
}
