import Foundation
import Synchronization
import TenkiCore
import TenkiFakes
import TenkiLogging
import TenkiMetrics
import TenkiDelivery
import TenkiStorage
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// A command acknowledged with a placeholder is kept as pending work until its answer is queued,
/// so a process that dies in between leaves it to another process on the same state (or to
/// itself, restarted). Processes here are queues on one SQLite file with their own owner names;
/// a lease of 0 s stands for a process whose lease has ended, without waiting for it.
@Suite("Commands left unanswered by a dead process")
struct PendingCommandTests {
    static let url = URL(string: "https://hooks.slack.com/commands/T1/2/x")!
    static let command = SlashCommandPayload(
        command: "/weather", text: "Danang", userID: "U1", teamID: "T1", channelID: "C1", responseURL: url.absoluteString)

    /// Answers every command with its own text, counting the lookups.
    final class EchoCommands: SlashCommandResponder {
        let asked = Mutex<[SlashCommandPayload]>([])
        func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
            asked.withLock { $0.append(payload) }
            return CommandReply(SlackMessage(text: "answer to \(payload.text)", responseType: .inChannel))
        }
        var count: Int { asked.withLock { $0.count } }
    }

    /// One state file, a fake `response_url`, a manual clock; `process(_:)` opens the file as a
    /// process named `owner` would.
    final class SharedState: Sendable {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-pending-\(UUID()).sqlite").path
        let receiver = FakeWebhookReceiver()
        let clock = ManualClock(AppHarness.now)

        deinit {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }

        func process(_ owner: String, lease: TimeInterval = 30) throws -> (DeliveryQueue, QueuedLateAnswers) {
            let queue = DeliveryQueue(
                store: try SQLiteDeliveryStore(path: path), transport: HandlerTransport(receiver), clock: clock,
                configuration: .init(owner: owner))
            return (
                queue,
                QueuedLateAnswers(
                    queue: queue, clock: clock, lease: PendingCommandLease(duration: lease, renewal: .seconds(3600)))
            )
        }

        func abandoned(
            _ owner: String, commands: any SlashCommandResponder, metrics: MetricsRegistry = MetricsRegistry()
        )
            throws -> (DeliveryQueue, AbandonedCommands)
        {
            let (queue, answers) = try process(owner)
            return (
                queue,
                AbandonedCommands(
                    queue: queue, dispatcher: InboundDispatcher(commands: commands), lateAnswers: answers, clock: clock,
                    language: .en,
                    metrics: metrics)
            )
        }

        var posted: [String] {
            receiver.requests(to: PendingCommandTests.url.path).map { request in
                (try? JSONDecoder().decode(SlackMessage.self, from: Data(request.body)))?.text ?? "(not a message)"
            }
        }
    }

    @Test("an answer in time is queued once and the command forgotten")
    func answeredByItsProcess() async throws {
        let state = SharedState()
        let (queue, answers) = try state.process("a")
        let promise = await answers.promise(Self.command, to: Self.url, kind: .responseURL, logger: .discarding)
        #expect(try await SQLiteDeliveryStore(path: state.path).pendingCommandCount() == 1)
        await answers.deliver(SlackMessage(text: "sunny", responseType: .inChannel), for: promise, logger: .discarding)
        _ = await queue.runOnce(now: state.clock.now())
        #expect(state.posted == ["sunny"])
        #expect(try await SQLiteDeliveryStore(path: state.path).pendingCommandCount() == 0)
    }

    @Test("a process killed after its placeholder: another process looks the command up again and answers it once")
    func answeredByAnotherProcess() async throws {
        let state = SharedState()
        let (_, dying) = try state.process("a", lease: 0)
        let stalled = await dying.promise(Self.command, to: Self.url, kind: .responseURL, logger: .discarding)

        let commands = EchoCommands()
        let metrics = MetricsRegistry()
        let (queue, abandoned) = try state.abandoned("b", commands: commands, metrics: metrics)
        #expect(await abandoned.answerAbandoned(logger: .discarding) == 1)
        #expect(await abandoned.answerAbandoned(logger: .discarding) == 0, "taken once")
        _ = await queue.runOnce(now: state.clock.now())
        #expect(state.posted == ["answer to Danang"])
        let asked = try #require(commands.asked.withLock { $0.first })
        #expect(asked.userID == "U1" && asked.teamID == "T1" && asked.channelID == "C1" && asked.command == "/weather")
        #expect(asked.responseURL == Self.url.absoluteString)
        #expect(metrics.counter(AbandonedCommands.takenOver, [("outcome", "answered")]) == 1)

        // Had the first process only stalled, its answer now goes nowhere: the user got one.
        await dying.deliver(SlackMessage(text: "late from a", responseType: .inChannel), for: stalled, logger: .discarding)
        _ = await queue.runOnce(now: state.clock.now())
        #expect(state.posted == ["answer to Danang"])
    }

    @Test("a restarted process answers what it acknowledged before the restart")
    func answeredAfterARestart() async throws {
        let state = SharedState()
        let (_, before) = try state.process("a-1", lease: 0)
        _ = await before.promise(Self.command, to: Self.url, kind: .responseURL, logger: .discarding)
        let (queue, abandoned) = try state.abandoned("a-2", commands: EchoCommands())
        #expect(await abandoned.answerAbandoned(logger: .discarding) == 1)
        _ = await queue.runOnce(now: state.clock.now())
        #expect(state.posted == ["answer to Danang"])
    }

    @Test("a live process' command is never taken over")
    func liveLeaseKept() async throws {
        let state = SharedState()
        let (_, live) = try state.process("a")
        _ = await live.promise(Self.command, to: Self.url, kind: .responseURL, logger: .discarding)
        let commands = EchoCommands()
        let (_, abandoned) = try state.abandoned("b", commands: commands)
        #expect(await abandoned.answerAbandoned(logger: .discarding) == 0)
        #expect(commands.count == 0)
    }

    @Test("a response_url about to expire gets the apology instead of a lookup it could not deliver")
    func apologyNearExpiry() async throws {
        let state = SharedState()
        let (_, dying) = try state.process("a", lease: 0)
        _ = await dying.promise(Self.command, to: Self.url, kind: .responseURL, logger: .discarding)
        state.clock.advance(by: DestinationKind.responseURLLifetime - AbandonedCommands.expiryMargin)
        let commands = EchoCommands()
        let metrics = MetricsRegistry()
        let (queue, abandoned) = try state.abandoned("b", commands: commands, metrics: metrics)
        #expect(await abandoned.answerAbandoned(logger: .discarding) == 1)
        _ = await queue.runOnce(now: state.clock.now())
        #expect(commands.count == 0)
        let apology = try #require(state.posted.first)
        #expect(apology.contains("/weather Danang") && apology.contains("run the command again"))
        #expect(metrics.counter(AbandonedCommands.takenOver, [("outcome", "apologized")]) == 1)
    }

    @Test("an answer posted directly while the state refused to queue it is forgotten: nobody answers it again")
    func postedDirectlyThenForgotten() async throws {
        let state = SharedState()
        var answers = try state.process("a", lease: 0).1
        answers.completionRetries = []
        let promise = await answers.promise(Self.command, to: Self.url, kind: .responseURL, logger: .discarding)
        try SQLiteDatabase(path: state.path).withConnection { connection throws(SQLiteError) in
            try connection.execute(
                "CREATE TRIGGER refuse BEFORE INSERT ON deliveries BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END")
        }
        await answers.deliver(SlackMessage(text: "sunny", responseType: .inChannel), for: promise, logger: .discarding)
        #expect(state.posted == ["sunny"], "posted without the queue")
        let commands = EchoCommands()
        let (_, abandoned) = try state.abandoned("b", commands: commands)
        #expect(await abandoned.answerAbandoned(logger: .discarding) == 0)
        #expect(commands.count == 0 && state.posted == ["sunny"])
    }

    /// Waits until cancelled, then answers (as a lookup cut short by a drain would, with an error).
    final class StoppedCommands: SlashCommandResponder {
        let asked = AsyncStream<Void>.makeStream()
        func respond(to payload: SlashCommandPayload, logger: Logger) async -> CommandReply {
            asked.continuation.yield()
            try? await Task.sleep(for: .seconds(3600))
            return CommandReply(SlackMessage(text: "couldn't reach the weather service", responseType: .ephemeral))
        }
    }

    @Test("a takeover cut short by a drain posts nothing; its lease is given back for another process")
    func drainedTakeover() async throws {
        let state = SharedState()
        let (_, dying) = try state.process("a", lease: 0)
        _ = await dying.promise(Self.command, to: Self.url, kind: .responseURL, logger: .discarding)
        let stopped = StoppedCommands()
        let (queue, abandoned) = try state.abandoned("b", commands: stopped)
        let look = Task { await abandoned.answerAbandoned(logger: .discarding) }
        var asked = stopped.asked.stream.makeAsyncIterator()
        _ = await asked.next()
        look.cancel()
        #expect(await look.value == 1)
        _ = await queue.runOnce(now: state.clock.now())
        #expect(state.posted.isEmpty, "the cancelled lookup's error is not sent as the answer")

        await queue.releasePendingCommands()
        let (other, next) = try state.abandoned("c", commands: EchoCommands())
        #expect(await next.answerAbandoned(logger: .discarding) == 1)
        _ = await other.runOnce(now: state.clock.now())
        #expect(state.posted == ["answer to Danang"])
    }

    @Test("after the drain gives its leases back, this process renews none of them")
    func noRenewalAfterRelease() async throws {
        let state = SharedState()
        let (queue, answers) = try state.process("a")
        _ = await answers.promise(Self.command, to: Self.url, kind: .responseURL, logger: .discarding)
        let id = try #require(
            try await SQLiteDatabase(path: state.path).perform { connection throws(SQLiteError) in
                try connection.query("SELECT id FROM pending_commands") { PendingCommandID(rawValue: $0.int64(0)) }.first
            })
        #expect(try await queue.renew(id, lease: 30))
        await queue.releasePendingCommands()
        #expect(try await !queue.renew(id, lease: 30))
        let (_, other) = try state.abandoned("b", commands: EchoCommands())
        #expect(await other.answerAbandoned(logger: .discarding) == 1, "given back, and still given back")
    }

    @Test("the kept command holds no secret: no token and no raw form")
    func recordHoldsNoSecret() throws {
        var payload = Self.command
        payload.token = "mattermost-secret-token"
        payload.language = .ja
        payload.platform = .mattermost
        let bytes = PendingCommandRecord(payload).encoded
        #expect(!String(decoding: bytes, as: UTF8.self).contains("mattermost-secret-token"))
        let back = try #require(PendingCommandRecord.decode(bytes)?.payload(destination: Self.url))
        #expect(back.platform == .mattermost && back.language == .ja && back.text == "Danang" && back.token == nil)
    }
}
