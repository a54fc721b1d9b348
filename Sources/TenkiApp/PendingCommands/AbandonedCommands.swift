import Foundation
import TenkiCore
import TenkiLogging
import TenkiMetrics
import TenkiDelivery
import TenkiStorage

/// Answers the work (commands and presses) a dead process acknowledged and never answered: every
/// replica (and a single process after a restart) looks for pending work whose lease ended, takes
/// it over, runs it again through the dispatcher and queues the answer, once (`PendingCommandStore`).
///
/// The "please run the command again" apology goes out only when an answer could no longer be
/// useful: its destination is about to expire (Slack's `response_url` lasts 30 minutes, Discord's
/// interaction 15), or the work was taken over `maximumClaims` times, each time by a process that
/// died while running it.
struct AbandonedCommands: Sendable {
    let queue: DeliveryQueue
    /// Runs the work again, without counting it against rate limits (it was counted when it arrived).
    let dispatcher: InboundDispatcher
    let lateAnswers: QueuedLateAnswers
    let clock: any WallClock
    /// The deployment's language, for the apology of work that asked for none.
    let language: WeatherLanguage
    let metrics: MetricsRegistry
    var lease: PendingCommandLease = .standard
    /// How often `run` looks: a dead process' work waits at most its lease plus this.
    var pollInterval: Duration = .seconds(2)

    /// Closer than this to the destination's end, the apology goes instead of a new lookup.
    static let expiryMargin: TimeInterval = 120
    static let maximumClaims = 3
    static let takenOver = "tenki_commands_taken_over_total"

    static func describeMetrics(_ metrics: MetricsRegistry) {
        metrics.describe(
            takenOver, type: "counter",
            help: "Commands answered after the process that acknowledged them died, by outcome (answered, apologized).")
        for outcome in ["answered", "apologized"] { metrics.increment(takenOver, [("outcome", outcome)], by: 0) }
    }

    /// The service loop, until cancelled.
    func run(logger: Logger) async {
        while !Task.isCancelled {
            await answerAbandoned(logger: logger)
            try? await Task.sleep(for: pollInterval)
        }
    }

    /// One look: takes over the abandoned work and answers each; returns how many it took.
    @discardableResult
    func answerAbandoned(logger: Logger) async -> Int {
        let claimed: [PendingCommand]
        do {
            claimed = try await queue.claimAbandoned(lease: lease.duration, limit: 20)
        } catch {
            logger.warning("abandoned commands could not be read", [("error", error.description)])
            return 0
        }
        await withTaskGroup(of: Void.self) { group in
            for pending in claimed {
                group.addTask { await answer(pending, logger: logger.with("pending", "\(pending.id)")) }
            }
        }
        return claimed.count
    }

    private func answer(_ pending: PendingCommand, logger: Logger) async {
        let command = pending.command
        let record = PendingCommandRecord.decode(command.payload)
        let inbound = record?.inbound(destination: command.destination, kind: command.destinationKind)
        let deadline = command.destinationKind.limits(createdAt: command.createdAt).deadline
        var work = PendingWork(
            record: command.payload, destination: command.destination, kind: command.destinationKind,
            deliveryKind: record?.press == nil ? "late-answer" : "interaction")
        work.installationKey = command.installationKey
        let (dispatcher, metrics) = (dispatcher, metrics)
        if let inbound, pending.claims <= Self.maximumClaims, clock.now() < deadline.addingTimeInterval(-Self.expiryMargin) {
            logger.notice("answering a command its process left unanswered", [("claims", String(pending.claims))])
            await lateAnswers.settle(
                pending.id, of: work, promisedAt: command.createdAt,
                answer: {
                    let late = await dispatcher.lateAnswer(to: inbound, logger: logger)
                    if late != nil { metrics.increment(Self.takenOver, [("outcome", "answered")]) }
                    return late
                }, logger: logger)
        } else {
            logger.warning(
                "a command left unanswered is too old (or failed too often) to answer: apologizing",
                [
                    ("claims", String(pending.claims))
                ])
            let apology = dispatcher.apology(
                for: inbound, language: inbound?.context.language ?? language, kind: command.destinationKind)
            await lateAnswers.settle(pending.id, of: work, promisedAt: command.createdAt, answer: { apology }, logger: logger)
            metrics.increment(Self.takenOver, [("outcome", "apologized")])
        }
    }
}
