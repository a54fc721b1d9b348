import Foundation
import TenkiCore
import TenkiFakes
import TenkiHTTPServer
import TenkiLogging

/// The demo's channel subscription: `/weather subscribe Danang at 7:30` through the router, the
/// confirmation posted to the fake Slack Web API, then the scheduler at the next 07:30 and the
/// report as it reached `chat.postMessage`.
enum DemoSubscription {
    static let channel = "C0TENKI"

    static func run(harness: ReplayHarness, logger: Logger) async -> (transcript: String, delivered: Bool) {
        do {
            let server = try harness.demoServer(
                step: "subscription", logger: logger,
                [
                    \.slackBotToken: FakeSlackWebAPI.defaultToken, \.slackAPIBaseURL: harness.upstreamOrigin + "/slack-api",
                ]
            ).server
            let text = "subscribe Danang at 7:30"
            let body = Array(FormURLEncoded.encode(SignedCommandSender.fields(command: "/weather", text: text)).utf8)
            let request = HTTPRequest(
                method: "POST", target: TenkiRouter.commandsPath, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: body)
            let reply = await server.router.respond(to: request)
            var lines = ["▶ /weather \(text) → HTTP \(reply.status.code)"]
            if let message = try? JSONDecoder().decode(SlackMessage.self, from: Data(reply.body)) {
                lines.append("  " + MessageTextRenderer.render(message))
            }
            guard let subscription = try await server.state.subscriptions.all().first,
                  let slot = subscription.nextReport(after: harness.clock.now()),
                  let reports = server.subscriptionDigests
            else { return ((lines + ["  not subscribed"]).joined(separator: "\n"), false) }
            lines.append("  confirmation posted in \(channel) with chat.postMessage: \(harness.fakes.slackAPI.posted(to: channel).count == 1 ? "yes" : "no")")
            let scheduler = DigestScheduler(runner: server.digests, clock: harness.clock, subscriptions: reports)
            let round = await scheduler.runOnce(now: slot)
            guard case .posted(_, let id)? = round.outcomes[subscription.ledgerName] else {
                return ((lines + ["  the report was not queued"]).joined(separator: "\n"), false)
            }
            _ = await server.queue.runOnce(now: slot)
            let outcome = await server.queue.waitForOutcome(id, timeout: .seconds(30))
            let local = SubscriptionCommands.localTime(slot, in: subscription.zone)
            lines.append("▶ the next morning, \(local) \(subscription.timeZone): the report → chat.postMessage → \(outcome)")
            if let post = harness.fakes.slackAPI.posted(to: channel).last,
               let message = try? JSONDecoder().decode(SlackMessage.self, from: Data(post.body)) {
                lines += MessageTextRenderer.render(message).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            }
            return (lines.joined(separator: "\n"), outcome == .delivered)
        } catch {
            return ("▶ subscription: \(error)", false)
        }
    }
}
