import Foundation
import TenkiCore
import TenkiLogging
import TenkiMetrics
import TenkiServices

/// Answers the commands a dead process acknowledged and never answered: every replica (and a
/// single process after a restart) looks for pending commands whose lease ended, takes them over,
/// runs them again and queues the answer, once (`PendingCommandStore`).
///
/// The "please run the command again" apology goes out only when an answer could no longer be
/// useful: its destination is about to expire (Slack's `response_url` lasts 30 minutes, Discord's
/// interaction 15), or the command was taken over `maximumClaims` times, each time by a process
/// that died while running it.
struct AbandonedCommands: Sendable {
    let queue: DeliveryQueue
    let commands: any SlashCommandResponder
    let lateAnswers: QueuedLateAnswers
    let clock: any WallClock
    /// The deployment's language, for the apology of a command that asked for none.
    let language: WeatherLanguage
    let metrics: MetricsRegistry
    var lease: PendingCommandLease = .standard
    /// How often `run` looks: a dead process' command waits at most its lease plus this.
    var pollInterval: Duration = .seconds(2)

    /// Closer than this to the destination's end, the apology goes instead of a new lookup.
    static let expiryMargin: TimeInterval = 120
    static let maximumClaims = 3
    static let takenOver = "tenki_commands_taken_over_total"

    static func describeMetrics(_ metrics: MetricsRegistry) {
        metrics.describe(
            takenOver, type: "counter",
            help: "Commands answered after the process that acknowledged them died, by outcome (answered, apologized).")
    }

    /// The service loop, until cancelled.
    func run(logger: Logger) async {
        while !Task.isCancelled {
            await answerAbandoned(logger: logger)
            try? await Task.sleep(for: pollInterval)
        }
    }

    /// One look: takes over the abandoned commands and answers each; returns how many it took.
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
        let (queue, lease) = (queue, lease)
        let promise = LateAnswerPromise(
            responseURL: command.destination, promisedAt: command.createdAt, kind: command.destinationKind,
            pending: Task { pending.id }, renewal: Task { await lease.keep(pending.id, on: queue, logger: logger) })
        let payload = PendingCommandRecord.decode(command.payload)?.payload(destination: command.destination)
        let deadline = command.destinationKind.limits(createdAt: command.createdAt).deadline
        let platform = payload?.platform ?? (command.destinationKind == .discordOriginal ? .discord : .slack)
        if let payload, pending.claims <= Self.maximumClaims, clock.now() < deadline.addingTimeInterval(-Self.expiryMargin) {
            logger.notice("answering a command its process left unanswered", [("claims", String(pending.claims))])
            let reply = await commands.respond(to: payload, logger: logger)
            guard !Task.isCancelled else {
                // Stopping: a cancelled lookup's reply is an error, not the answer. The drain ends
                // this process' leases, and another process answers the command.
                promise.renewal?.cancel()
                return
            }
            await lateAnswers.deliver(reply, from: platform, for: promise, logger: logger)
            metrics.increment(Self.takenOver, [("outcome", "answered")])
        } else {
            logger.warning("a command left unanswered is too old (or failed too often) to answer: apologizing", [
                ("claims", String(pending.claims))
            ])
            await lateAnswers.deliver(
                Self.apology(for: payload, language: payload?.language ?? language), from: platform, for: promise, logger: logger)
            metrics.increment(Self.takenOver, [("outcome", "apologized")])
        }
    }

    /// "Sorry, … please run the command again", naming the command when it is known.
    static func apology(for payload: SlashCommandPayload?, language: WeatherLanguage) -> CommandReply {
        let strings = ReplyStrings.table(for: language)
        let text = payload.map { String($0.text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(100)) } ?? ""
        let command = payload.map { text.isEmpty ? $0.command : "\($0.command) \(text)" } ?? "/weather"
        return CommandReply(ChatMessage(summary: RichText.fill(strings.lateAnswerLost, ["command": .text(command)]), visibility: .ephemeral))
    }
}
