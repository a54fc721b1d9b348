import Foundation
import TenkiBase
import TenkiCore
import TenkiLogging

/// The one in-time-or-late rule, for commands and presses on every platform: the work starts as
/// one piece of owned background work; its value goes back inline when it is ready within the way
/// in's budget (Slack, Mattermost and Discord wait 3 s; a Slack press takes no message in its
/// response, so its budget is none); otherwise the request is acknowledged and the value is
/// delivered later by the same piece of work, under the pending-work lease (`LateAnswerDelivery`).
public struct TimelyResponder: Sendable {
    /// How long an answer may take to go back inline (default 2 s of Slack's 3).
    let budget: Duration
    /// Returns once the budget is spent. Tests pass one they control; nothing here sleeps in tests.
    let waitForBudget: @Sendable (Duration) async -> Void
    /// Where commands' late answers go; nil: nowhere, a command over the budget is told it took too long.
    let lateAnswers: (any LateAnswerDelivery)?
    /// Where presses' late answers go: a Slack press is always answered late, so they go to the
    /// queue even where commands' do not (`preview`, tests that answer commands inline).
    var pressAnswers: (any LateAnswerDelivery)?
    let allowedResponseHosts: ResponseURLAllowList
    /// Owns the work, in time or late, so the drain can wait for it.
    let background: BackgroundWork
    /// The bound on commands and presses in flight.
    var inbound = InboundLimit.unbounded

    /// How long the acknowledgement may wait for its work to be committed as pending. Usually a
    /// millisecond; the bound is for a state held busy by another process, since the budget has
    /// already spent most of the platform's 3 seconds.
    static let holdWait: Duration = .milliseconds(300)

    public static let sleeping: @Sendable (Duration) async -> Void = { budget in try? await Task.sleep(for: budget) }

    /// Starts `work` and returns its value if it is ready within `budget` (nil: no inline answer
    /// at all). Otherwise the value is owed: the caller either hands it to `owe` or drops it.
    func start<Value: Sendable>(
        within budget: Duration?, _ work: @escaping @Sendable () async -> Value
    ) async -> Timeliness<Value> {
        let cell = LateCell<Value>()
        background.start {
            // The work and its late delivery are one piece of owned work: the delivery waits for
            // the decision (inline, owed or dropped), the work runs beside it.
            await withTaskGroup(of: Void.self) { group in
                group.addTask { cell.set(await work()) }
                if let plan = await cell.plan() { await plan { await cell.value() } }
            }
        }
        // No budget: the way in takes no answer inline (a Slack press), however soon it is ready.
        guard let budget else { return .late(cell) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await cell.waitForValue() }
            group.addTask { await waitForBudget(budget) }
            await group.next()
            group.cancelAll()
        }
        if let value = cell.current {
            cell.decide(nil)
            return .inTime(value)
        }
        return .late(cell)
    }

    /// Owes the value of `cell` at `work.destination`: committed as pending work (waiting at most
    /// `holdWait`) before this returns and the acknowledgement goes back, then rendered by
    /// `render` and delivered once, by this process or, if it dies, by another (`AbandonedCommands`).
    func owe<Value: Sendable>(
        _ cell: LateCell<Value>, as work: PendingWork, via lateAnswers: (any LateAnswerDelivery)?, ticket: InboundTicket?,
        logger: Logger, render: @escaping @Sendable (Value) -> LateAnswer
    ) async {
        guard let lateAnswers else {
            cell.decide(nil)
            return
        }
        let held = AsyncSignal()
        cell.decide { value in
            await lateAnswers.owe(work, held: held, answer: { await value().map(render) }, logger: logger)
            withExtendedLifetime(ticket) {}
        }
        await held.wait(after: 0, timeout: Self.holdWait)
    }

    /// `work`'s value if it is ready before `deadline` returns, else nil (the work runs on): for a
    /// wait on someone else's task (the shared rate limit's database read). The relay is the only
    /// task made here: awaiting a task's value cannot be cancelled, so the race waits on the cell.
    static func answer<Value: Sendable>(
        of work: Task<Value, Never>, orNilAfter deadline: @escaping @Sendable () async -> Void
    ) async -> Value? {
        let cell = LateCell<Value>()
        let relay = Task { cell.set(await work.value) }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await cell.waitForValue() }
            group.addTask { await deadline() }
            await group.next()
            group.cancelAll()
        }
        _ = relay
        return cell.current
    }

    /// Where a late answer to `context` goes: the `response_url` when the allow-list permits it,
    /// or Discord's `@original`, which the adapter built from `DISCORD_API_BASE_URL`. Nil when
    /// nothing can follow (no late delivery, a refused or missing URL, an unusable token).
    func lateDestination(
        _ context: InboundContext, via lateAnswers: (any LateAnswerDelivery)?, logger: Logger
    ) -> (URL, DestinationKind)? {
        guard lateAnswers != nil else { return nil }
        switch context.replyTarget {
        case .responseURL(let raw), .socketAcknowledgement(_, let raw):
            return allowedResponseURL(raw, logger: logger).map { ($0, .responseURL) }
        case .discordInteraction(let original, _):
            return original.map { ($0, .discordOriginal) }
        case .view:
            return nil
        }
    }

    /// The command's `response_url`, when the allow-list permits it.
    func allowedResponseURL(_ raw: String?, logger: Logger) -> URL? {
        allowedResponseHosts.permittedURL(raw, logger: logger)
    }
}

/// Whether work finished within its budget.
enum Timeliness<Value: Sendable>: Sendable {
    case inTime(Value)
    /// Still running; decide what happens with its value (`TimelyResponder.owe`, or `drop`).
    case late(LateCell<Value>)
}
