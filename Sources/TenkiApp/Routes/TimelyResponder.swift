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
    /// The bound on commands (and presses) in flight.
    var inbound = InboundLimit.unbounded

    public static let sleeping: @Sendable (Duration) async -> Void = { budget in try? await Task.sleep(for: budget) }

    /// A stored answer is always in time.
    public func cachedAnswer(to command: SlashCommandPayload) -> [UInt8]? {
        commands.cachedAnswer(to: command)
    }

    public func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
        let strings = ReplyStrings.table(for: language)
        // Refused before anything starts or is stored; the place is held by the work and by the
        // late answer's delivery below, and given back when the last of them ends.
        guard let ticket = inbound.admit(.command) else {
            // Debug only: a flood of refusals must not become a flood of log lines (the metric counts them).
            logger.debug("command refused: busy", [("bound", String(inbound.bound))])
            return Self.notice(.text(strings.busy), slack: strings.busy)
        }
        let (inline, work) = await Self.start(
            { [commands] in
                let reply = await commands.respond(to: payload, logger: logger)
                withExtendedLifetime(ticket) {}
                return reply
            }, orNilAfter: { await waitForBudget(budget) })
        if let inline { return inline }

        let tookTooLong = ReplyStrings.fill(strings.tookTooLong, ["platform": payload.platform.displayName])
        guard let lateAnswers, let url = lateAnswerURL(payload, logger: logger) else {
            return Self.notice(.text(tookTooLong), slack: tookTooLong)
        }
        logger.info("answer not ready within the budget: placeholder now, answer through response_url", [
            ("budget_ms", String(budget.milliseconds)),
        ])
        let text = String(payload.text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100))
        // Committed before the placeholder goes back: if this process dies before the answer is
        // queued, another (or this one, restarted) looks the command up again and answers it.
        let promise = await lateAnswers.promise(payload, to: url, kind: Self.lateAnswerKind(payload.platform), logger: logger)
        let platform = payload.platform
        background.start {
            await lateAnswers.deliver(await work.value, from: platform, for: promise, logger: logger)
            withExtendedLifetime(ticket) {}
        }
        if platform == .discord { return .deferred(visibility: resultVisibility) }
        if text.isEmpty { return Self.notice(.text(strings.lookingUpGeneric), slack: strings.lookingUpGeneric) }
        return Self.notice(
            RichText.fill(strings.lookingUp, ["query": .text(text)]),
            slack: ReplyStrings.fill(strings.lookingUp, ["query": Mrkdwn.escape(text)]))
    }

    /// How a late answer reaches the platform: posted to Slack's or Mattermost's `response_url`,
    /// or Discord's "thinking" message edited in place.
    static func lateAnswerKind(_ platform: ChatPlatform) -> DestinationKind {
        platform == .discord ? .discordOriginal : .responseURL
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

    /// Starts `work` and returns its value if it is ready before `deadline` returns, else nil, with
    /// the work's task either way (it runs on after the deadline). The work's task hands its value
    /// over itself, so an answer in time costs no hop through a task that only waits for it. (A task
    /// group would not do: it waits for all its children, the slow one too.)
    static func start<Value: Sendable>(
        _ work: @escaping @Sendable () async -> Value, orNilAfter deadline: @escaping @Sendable () async -> Void
    ) async -> (Value?, Task<Value, Never>) {
        let decided = FirstOnly()
        var task: Task<Value, Never>?
        let inline = await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let timer = Task {
                await deadline()
                if decided.claim() { continuation.resume(returning: nil) }
            }
            task = Task {
                let value = await work()
                if decided.claim() {
                    timer.cancel()
                    continuation.resume(returning: value)
                }
                return value
            }
        }
        // Set before the continuation could resume: both tasks are made inside its body.
        return (inline, task!)
    }

    /// `work`'s value if it is ready before `deadline` returns, else nil (the work runs on).
    static func answer<Value: Sendable>(
        of work: Task<Value, Never>, orNilAfter deadline: @escaping @Sendable () async -> Void
    ) async -> Value? {
        await start({ await work.value }, orNilAfter: deadline).0
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
