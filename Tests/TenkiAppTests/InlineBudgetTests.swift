import Foundation
import Synchronization
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiServices
import TenkiFakes
import TenkiTestSupport

/// The 3-second rule, on a budget the test controls: no sleeping, no timing assertions.
@Suite("Inline budget and late answers")
struct InlineBudgetTests {
    /// Records late answers instead of posting them.
    final class RecordingLateAnswers: LateAnswerDelivery {
        let delivered = Mutex<[(SlackMessage, URL)]>([])
        func deliver(_ message: SlackMessage, for promise: LateAnswerPromise, logger: Logger) async {
            delivered.withLock { $0.append((message, promise.responseURL)) }
        }
        func deliver(_ message: MattermostMessage, for promise: LateAnswerPromise, logger: Logger) async {
            Issue.record("a Slack command's late answer was delivered as a Mattermost post")
        }
        func deliver(_ message: DiscordMessage, for promise: LateAnswerPromise, logger: Logger) async {
            Issue.record("a Slack command's late answer was delivered as a Discord message")
        }
        var count: Int { delivered.withLock { $0.count } }
    }

    @Test("a slow upstream gets the placeholder inline and the answer at response_url")
    func placeholderThenLateAnswer() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(lateAnswers: .custom(late), waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let placeholder = try await harness.message("/weather", "Danang")
        #expect(placeholder.responseType == .ephemeral)
        #expect(placeholder.text.contains("Looking up Danang"))
        #expect(late.count == 0)

        harness.fakes.openWeather.gate.open()
        #expect(await harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        let (message, url) = try #require(late.delivered.withLock { $0.first })
        #expect(url.host == "hooks.slack.com")
        #expect(message.responseType == .inChannel)
        #expect(MessageTextRenderer.render(message).contains("Da Nang, VN"))
    }

    @Test("an answer ready within the budget goes back inline and nothing is delivered late")
    func readyInTime() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(lateAnswers: .custom(late), waitForBudget: AppHarness.budgetNeverSpent)
        let message = try await harness.message("/weather", "Danang")
        #expect(message.responseType == .inChannel)
        #expect(late.count == 0)
    }

    @Test("a response_url on a host not allowed is never followed")
    func refusedHost() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(
            environment: ["TENKI_ALLOWED_RESPONSE_HOSTS": "hooks.slack.com"], lateAnswers: .custom(late), waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let body = Array(FormURLEncoded.encode(SignedCommandSender.fields(
            command: "/weather", text: "Danang", responseURL: "https://attacker.example/collect")).utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        for (name, value) in SlackRequestSigner(signingSecret: AppHarness.secret).headers(timestamp: Int64(AppHarness.now.timeIntervalSince1970), body: body) {
            headers.add(name, value)
        }
        let response = await harness.application.router.respond(to: HTTPRequest(method: "POST", target: "/slack/commands", headers: headers, body: body))
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(response.body))
        #expect(message.responseType == .ephemeral)
        #expect(message.text.contains("longer than Slack waits"))
        harness.fakes.openWeather.gate.open()
        #expect(await harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        #expect(late.count == 0)
    }

    @Test("a Mattermost command that cannot be answered later says Mattermost, not Slack")
    func tookTooLongOnMattermost() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(
            environment: ["TENKI_ALLOWED_RESPONSE_HOSTS": "hooks.slack.com", "MATTERMOST_TOKENS": "mm-token"],
            lateAnswers: .custom(late), waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let body = Array(FormURLEncoded.encode([
            ("token", "mm-token"), ("team_id", "T1"), ("user_id", "U1"), ("command", "/weather"), ("text", "Danang"),
            ("response_url", "http://mattermost.example:8065/hooks/commands/x"),
        ]).utf8)
        let response = await harness.application.router.respond(to: HTTPRequest(
            method: "POST", target: "/mattermost/commands", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: body))
        harness.fakes.openWeather.gate.open()
        #expect(await harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.status.code == 200)
        #expect(text.contains("longer than Mattermost waits") && !text.contains("Slack"))
    }

    @Test("late answers go through the delivery queue to the response_url, in place of their fallback")
    func throughTheQueue() async throws {
        let late = try LateAnswerQueue()
        let promise = await late.answers.promise(fallback: LateAnswerQueue.fallback, to: LateAnswerQueue.url, logger: .discarding)
        #expect(promise.fallback != nil)
        _ = await late.queue.runOnce(now: late.clock.now())
        #expect(late.posted.isEmpty)  // the fallback waits for the answer

        await late.answers.deliver(SlackMessage(text: "late", responseType: .inChannel), for: promise, logger: .discarding)
        _ = await late.queue.runOnce(now: late.clock.now())
        late.clock.advance(by: late.answers.fallbackDelay + 60)
        _ = await late.queue.runOnce(now: late.clock.now())
        #expect(late.posted == ["late"])
        late.remove()
    }

    @Test("a promise never kept (the process killed before the answer was queued) posts the fallback after its delay")
    func fallbackAfterACrash() async throws {
        let late = try LateAnswerQueue()
        _ = await late.answers.promise(fallback: LateAnswerQueue.fallback, to: LateAnswerQueue.url, logger: .discarding)
        // Restarted: a new queue on the same state file, and the answer never comes.
        let restarted = try late.restarted()
        _ = await restarted.runOnce(now: late.clock.now())
        #expect(late.posted.isEmpty)
        late.clock.advance(by: late.answers.fallbackDelay)
        _ = await restarted.runOnce(now: late.clock.now())
        #expect(late.posted == ["restarted, run it again"])
        late.remove()
    }

    @Test("an answer later than its fallback goes out after it, as a message of its own")
    func answerAfterTheFallback() async throws {
        let late = try LateAnswerQueue()
        let promise = await late.answers.promise(fallback: LateAnswerQueue.fallback, to: LateAnswerQueue.url, logger: .discarding)
        late.clock.advance(by: late.answers.fallbackDelay)
        _ = await late.queue.runOnce(now: late.clock.now())
        await late.answers.deliver(SlackMessage(text: "late", responseType: .inChannel), for: promise, logger: .discarding)
        _ = await late.queue.runOnce(now: late.clock.now())
        #expect(late.posted == ["restarted, run it again", "late"])
        late.remove()
    }

    @Test("the placeholder's fallback names the command and tells the user to run it again")
    func fallbackText() async throws {
        let recorder = FallbackRecorder()
        let harness = try AppHarness(lateAnswers: .custom(recorder), waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        _ = try await harness.message("/weather", "Danang")
        let fallback = try #require(recorder.fallbacks.withLock { $0.first })
        #expect(fallback.text.contains("your answer to /weather Danang was ready"))
        #expect(fallback.text.contains("run the command again"))
        #expect(fallback.replaceOriginal == true)
        #expect(fallback.responseType == .ephemeral)
        harness.fakes.openWeather.gate.open()
    }

    /// Records what `promise` is given.
    final class FallbackRecorder: LateAnswerDelivery {
        let fallbacks = Mutex<[SlackMessage]>([])
        func promise(fallback: SlackMessage, to responseURL: URL, logger: Logger) async -> LateAnswerPromise {
            fallbacks.withLock { $0.append(fallback) }
            return LateAnswerPromise(responseURL: responseURL, promisedAt: Date())
        }
        func deliver(_ message: SlackMessage, for promise: LateAnswerPromise, logger: Logger) async {}
        func deliver(_ message: MattermostMessage, for promise: LateAnswerPromise, logger: Logger) async {}
        func deliver(_ message: DiscordMessage, for promise: LateAnswerPromise, logger: Logger) async {}
    }

    /// `QueuedLateAnswers` on a real SQLite state file, posting to a fake `response_url`, on a
    /// manual clock; `posted` is the text of every message posted, in order.
    struct LateAnswerQueue {
        static let url = URL(string: "https://hooks.slack.com/commands/T1/2/x")!
        static let fallback = SlackMessage(text: "restarted, run it again", responseType: .ephemeral)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-late-\(UUID()).sqlite").path
        let receiver = FakeWebhookReceiver()
        let clock = ManualClock(AppHarness.now)
        let queue: DeliveryQueue
        let answers: QueuedLateAnswers

        init() throws {
            queue = DeliveryQueue(store: try SQLiteDeliveryStore(path: path), transport: HandlerTransport(receiver), clock: clock)
            answers = QueuedLateAnswers(queue: queue, clock: clock)
        }

        func remove() {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }

        func restarted() throws -> DeliveryQueue {
            DeliveryQueue(store: try SQLiteDeliveryStore(path: path), transport: HandlerTransport(receiver), clock: clock)
        }

        var posted: [String] {
            receiver.requests(to: "/commands/T1/2/x").map { request in
                (try? JSONDecoder().decode(SlackMessage.self, from: Data(request.body)))?.text ?? "(not a message)"
            }
        }
    }
}
