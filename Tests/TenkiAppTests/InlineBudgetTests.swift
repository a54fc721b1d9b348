import Foundation
import Synchronization
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiHTTP
import TenkiLogging
import TenkiServices
import TenkiTesting

/// The 3-second rule, on a budget the test controls: no sleeping, no timing assertions.
@Suite("Inline budget and late answers")
struct InlineBudgetTests {
    /// Records late answers instead of posting them.
    final class RecordingLateAnswers: LateAnswerDelivery {
        let delivered = Mutex<[(SlackMessage, URL)]>([])
        func deliver(_ message: SlackMessage, to responseURL: URL, logger: Logger) async {
            delivered.withLock { $0.append((message, responseURL)) }
        }
        var count: Int { delivered.withLock { $0.count } }
    }

    @Test("a slow upstream gets the placeholder inline and the answer at response_url")
    func placeholderThenLateAnswer() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(lateAnswers: late, waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let placeholder = try await harness.message("/weather", "Danang")
        #expect(placeholder.responseType == .ephemeral)
        #expect(placeholder.text.contains("Looking up Danang"))
        #expect(late.count == 0)

        harness.fakes.openWeather.gate.open()
        for _ in 0..<2000 where late.count == 0 { await Task.yield() }
        let (message, url) = try #require(late.delivered.withLock { $0.first })
        #expect(url.host == "hooks.slack.com")
        #expect(message.responseType == .inChannel)
        #expect(MessageTextRenderer.render(message).contains("Da Nang, VN"))
    }

    @Test("an answer ready within the budget goes back inline and nothing is delivered late")
    func readyInTime() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(lateAnswers: late, waitForBudget: AppHarness.budgetNeverSpent)
        let message = try await harness.message("/weather", "Danang")
        #expect(message.responseType == .inChannel)
        #expect(late.count == 0)
    }

    @Test("a response_url on a host not allowed is never followed")
    func refusedHost() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(
            environment: ["TENKI_ALLOWED_RESPONSE_HOSTS": "hooks.slack.com"], lateAnswers: late, waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let body = Array(FormURLEncoded.encode(SignedCommandSender.fields(
            command: "/weather", text: "Danang", responseURL: "https://attacker.example/collect")).utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        for (name, value) in SlackRequestSigner(signingSecret: AppHarness.secret).headers(timestamp: Int64(AppHarness.now.timeIntervalSince1970), body: body) {
            headers.add(name, value)
        }
        let response = await harness.application.router.handle(HTTPRequest(method: "POST", target: "/slack/commands", headers: headers, body: body))
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(response.body))
        #expect(message.responseType == .ephemeral)
        #expect(message.text.contains("longer than Slack waits"))
        harness.fakes.openWeather.gate.open()
        for _ in 0..<200 { await Task.yield() }
        #expect(late.count == 0)
    }

    @Test("late answers go through the delivery queue to the response_url")
    func throughTheQueue() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-late-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let receiver = FakeWebhookReceiver()
        let clock = ManualClock(AppHarness.now)
        let queue = DeliveryQueue(store: try SQLiteDeliveryStore(path: path), transport: HandlerTransport(receiver), clock: clock)
        await QueuedLateAnswers(queue: queue, clock: clock).deliver(
            SlackMessage(text: "late", responseType: .inChannel), to: try #require(URL(string: "https://hooks.slack.com/commands/T1/2/x")),
            logger: .discarding)
        _ = await queue.runOnce(now: clock.now())
        let posted = receiver.requests(to: "/commands/T1/2/x")
        #expect(posted.count == 1)
        let body = String(decoding: try #require(posted.first).body, as: UTF8.self)
        #expect(body.contains(#""text":"late""#))
    }
}
