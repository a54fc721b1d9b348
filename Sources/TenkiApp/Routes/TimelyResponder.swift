import Foundation
import Synchronization
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiServices

/// Slack shows `operation_timeout` if a command is not answered within 3 seconds. This waits for
/// the answer up to a budget (default 2 s); a ready answer goes back inline, otherwise a short
/// ephemeral placeholder does, and the answer follows through the command's `response_url`.
public struct TimelyResponder: SlashCommandResponder {
    let commands: any SlashCommandResponder
    let budget: Duration
    /// Returns once the budget is spent. Tests pass one they control; nothing here sleeps in tests.
    let waitForBudget: @Sendable (Duration) async -> Void
    let lateAnswers: (any LateAnswerDelivery)?
    let allowedResponseHosts: ResponseURLAllowList
    let language: WeatherLanguage
    /// Who sees a Discord answer's "thinking" message, chosen before the answer is known.
    var resultVisibility: ChatMessage.Visibility = .inChannel
    /// Owns the work that goes on after a placeholder went back, so the drain can wait for it.
    let background: BackgroundWork

    public static let sleeping: @Sendable (Duration) async -> Void = { budget in try? await Task.sleep(for: budget) }

    /// A stored answer is always in time.
    public func cachedAnswer(to command: SlashCommandPayload) -> [UInt8]? {
        commands.cachedAnswer(to: command)
    }

    public func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
        let work = Task { await commands.respond(to: payload, logger: logger) }
        let inline = await Self.answer(of: work, orNilAfter: { await waitForBudget(budget) })
        if let inline { return inline }

        let strings = ReplyStrings.table(for: language)
        let tookTooLong = ReplyStrings.fill(strings.tookTooLong, ["platform": payload.platform.displayName])
        guard let lateAnswers, let url = lateAnswerURL(payload, logger: logger) else {
            return Self.notice(.text(tookTooLong), slack: tookTooLong)
        }
        logger.info("answer not ready within the budget: placeholder now, answer through response_url", [
            ("budget_ms", String(budget.milliseconds)),
        ])
        let text = String(payload.text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
        let query = Mrkdwn.escape(text)
        let lost = ChatMessage(
            summary: RichText.fill(strings.lateAnswerLost, ["command": .text(text.isEmpty ? payload.command : "\(payload.command) \(text)")]),
            visibility: .ephemeral)
        // Committed before the placeholder goes back: if the process dies before the answer is
        // queued, the fallback replaces the placeholder instead of leaving it forever.
        let promise: LateAnswerPromise
        switch payload.platform {
        case .slack:
            var fallback = SlackMessage(
                text: ReplyStrings.fill(strings.lateAnswerLost, ["command": query.isEmpty ? payload.command : "\(payload.command) \(query)"]),
                responseType: .ephemeral)
            fallback.replaceOriginal = true
            promise = await lateAnswers.promise(fallback: fallback, to: url, logger: logger)
        case .mattermost:
            promise = await lateAnswers.promise(fallback: lost.mattermost, to: url, logger: logger)
        case .discord:
            promise = await lateAnswers.promise(fallback: lost.discord, to: url, logger: logger)
        }
        let platform = payload.platform
        background.start {
            let reply = await work.value
            switch platform {
            case .slack:
                var message = reply.message
                // An ephemeral answer replaces the ephemeral placeholder; a public one is a new message.
                message.replaceOriginal = message.responseType == .ephemeral ? true : nil
                await lateAnswers.deliver(message, for: promise, logger: logger)
            case .mattermost:
                // Tenki does not replace the placeholder on Mattermost: the answer follows it as its own post.
                await lateAnswers.deliver(reply.mattermost, for: promise, logger: logger)
            case .discord:
                // The answer takes the place of Discord's "thinking" message.
                await lateAnswers.deliver(reply.discord, for: promise, logger: logger)
            }
        }
        if platform == .discord { return .deferred(visibility: resultVisibility) }
        if text.isEmpty { return Self.notice(.text(strings.lookingUpGeneric), slack: strings.lookingUpGeneric) }
        return Self.notice(
            RichText.fill(strings.lookingUp, ["query": .text(text)]),
            slack: ReplyStrings.fill(strings.lookingUp, ["query": query]))
    }

    /// Where the late answer goes: the command's `response_url` when the allow-list permits it, or
    /// for Discord the interaction's `@original`, which the route built from `DISCORD_API_BASE_URL`
    /// (the only way a Discord payload gets a URL).
    private func lateAnswerURL(_ payload: SlashCommandPayload, logger: Logger) -> URL? {
        switch payload.platform {
        case .slack, .mattermost: allowedResponseURL(payload.responseURL, logger: logger)
        case .discord: payload.responseURL.flatMap(URL.init(string:))
        }
    }

    /// An ephemeral notice: `slack` as Slack's text-only JSON, `words` for the other platforms.
    static func notice(_ words: RichText, slack: String) -> CommandReply {
        CommandReply(
            SlackMessage(text: slack, responseType: .ephemeral), chat: ChatMessage(summary: words, visibility: .ephemeral))
    }

    /// The work's answer if it arrives before `deadline` returns, else nil; the work carries on
    /// either way. (A task group would not do: it waits for all its children, the slow one too.)
    static func answer<Value: Sendable>(
        of work: Task<Value, Never>, orNilAfter deadline: @escaping @Sendable () async -> Void
    ) async -> Value? {
        let decided = FirstOnly()
        return await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let timer = Task {
                await deadline()
                if decided.claim() { continuation.resume(returning: nil) }
            }
            Task {
                let message = await work.value
                if decided.claim() {
                    timer.cancel()
                    continuation.resume(returning: message)
                }
            }
        }
    }

    /// The command's `response_url`, when the allow-list permits it.
    func allowedResponseURL(_ raw: String?, logger: Logger) -> URL? {
        allowedResponseHosts.permittedURL(raw, logger: logger)
    }
}

/// True for the first caller of `claim()` only: which of two racing tasks answers.
private final class FirstOnly: Sendable {
    private let taken = Atomic<Bool>(false)

    func claim() -> Bool {
        !taken.exchange(true, ordering: .acquiringAndReleasing)
    }
}

/// Where answers that missed Slack's window go: the delivery queue in `serve`.
public protocol LateAnswerDelivery: Sendable {
    /// Called before the placeholder goes back, while the answer's work goes on: `fallback` is
    /// what `responseURL` should get if `deliver` never comes (the process was killed in
    /// between), and shutdown can wait for what is owed (see `BackgroundWork`). The default
    /// records nothing.
    func promise(fallback: SlackMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise

    /// Hands over the promised answer; called exactly once per `promise`.
    func deliver(_ message: SlackMessage, for promise: LateAnswerPromise, logger: Logger) async

    /// `promise` for a command from Mattermost: the fallback is a Mattermost post. The default records nothing.
    func promise(fallback: MattermostMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise

    /// `deliver` for a command from Mattermost; called exactly once per `promise`.
    func deliver(_ message: MattermostMessage, for promise: LateAnswerPromise, logger: Logger) async

    /// `promise` for a Discord interaction: `responseURL` is its `@original`, edited with PATCH.
    /// The default records nothing.
    func promise(fallback: DiscordMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise

    /// `deliver` for a Discord interaction; called exactly once per `promise`.
    func deliver(_ message: DiscordMessage, for promise: LateAnswerPromise, logger: Logger) async
}

/// What `deliver` needs of its `promise`: where the answer goes, and the fallback it replaces.
public struct LateAnswerPromise: Sendable {
    public var responseURL: URL
    /// When the placeholder went out: Slack's 30 minutes for the `response_url` run from here.
    public var promisedAt: Date
    /// Posted to (`response_url`) or, for Discord, edited with PATCH.
    public var kind: DestinationKind
    /// Queues the fallback (usually done before the placeholder goes back) and gives its message
    /// in the delivery queue; nil, or nil from the task, when none was recorded.
    public var fallback: Task<DeliveryID?, Never>?

    public init(
        responseURL: URL, promisedAt: Date, kind: DestinationKind = .responseURL, fallback: Task<DeliveryID?, Never>? = nil
    ) {
        self.responseURL = responseURL
        self.promisedAt = promisedAt
        self.kind = kind
        self.fallback = fallback
    }
}

extension LateAnswerDelivery {
    public func promise(fallback: SlackMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise {
        LateAnswerPromise(responseURL: responseURL, promisedAt: Date())
    }

    public func promise(fallback: MattermostMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise {
        LateAnswerPromise(responseURL: responseURL, promisedAt: Date())
    }

    public func promise(fallback: DiscordMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise {
        LateAnswerPromise(responseURL: responseURL, promisedAt: Date(), kind: .discordOriginal)
    }
}
