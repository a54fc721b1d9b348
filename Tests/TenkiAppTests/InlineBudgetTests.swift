import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiSecurity
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// The 3-second rule, on a budget the test controls: no sleeping, no timing assertions.
@Suite("Inline budget and late answers")
struct InlineBudgetTests {
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
        let (message, url) = try #require(late.messages(as: SlackMessage.self).first)
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
        let body = Array(
            FormURLEncoded.encode(
                SignedCommandSender.fields(
                    command: "/weather", text: "Danang", responseURL: "https://attacker.example/collect")
            ).utf8)
        var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        for (name, value) in SlackRequestSigner(signingSecret: AppHarness.secret).headers(
            timestamp: Int64(AppHarness.now.timeIntervalSince1970), body: body)
        {
            headers.add(name, value)
        }
        let response = await harness.application.router.respond(
            to: HTTPRequest(method: "POST", target: "/slack/commands", headers: headers, body: body))
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
        let body = Array(
            FormURLEncoded.encode([
                ("token", "mm-token"), ("team_id", "T1"), ("user_id", "U1"), ("command", "/weather"), ("text", "Danang"),
                ("response_url", "http://mattermost.example:8065/hooks/commands/x"),
            ]).utf8)
        let response = await harness.application.router.respond(
            to: HTTPRequest(
                method: "POST", target: "/mattermost/commands", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: body))
        harness.fakes.openWeather.gate.open()
        #expect(await harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(response.status.code == 200)
        #expect(text.contains("longer than Mattermost waits") && !text.contains("Slack"))
    }
}
