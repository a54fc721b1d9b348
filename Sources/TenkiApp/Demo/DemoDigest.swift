import Foundation
import TenkiCore
import TenkiLogging

/// The demo's morning digest: built from the fake providers, claimed in a temporary ledger, posted
/// through the real delivery queue to the harness's sink, and shown as it arrived there.
enum DemoDigest {
    static let webhookPath = "/services/T0TENKI/B0DEMO/digest"
    static let cities = "Da Nang,VN;Tokyo,JP;London,GB"

    /// Runs one digest at the harness's time; returns the transcript to print and the message as
    /// it reached the sink (nil when it did not). `cities` and `language` are `DIGEST_CITIES` and `TENKI_LANG`.
    static func run(
        harness: ReplayHarness, logger: Logger, cities: String = DemoDigest.cities, language: WeatherLanguage = .en
    ) async -> (transcript: String, delivered: Bool, message: SlackMessage?) {
        let now = harness.clock.now()
        do {
            let (settings, server) = try harness.demoServer(
                step: "digest", logger: logger,
                [
                    \.newsAPIBaseURL: harness.upstreamOrigin, \.newsAPIKey: ReplayHarness.apiKey,
                    \.digestWebhookURL: harness.sinkOrigin + webhookPath,
                    \.digestCities: cities, \.digestTimeZone: "Asia/Ho_Chi_Minh", \.language: language.rawValue,
                ])
            guard let digest = settings.digests.first else { return ("▶ digest: not configured", false, nil) }
            let runner = server.digests, queue = server.queue
            guard case .posted(_, let id) = await runner.run(digest, now: now, force: true) else {
                return ("▶ digest: not posted", false, nil)
            }
            _ = await queue.runOnce(now: now)
            let outcome = await queue.waitForOutcome(id, timeout: .seconds(30))
            guard outcome == .delivered, let body = harness.sink.requests(to: webhookPath).last?.body,
                let message = try? JSONDecoder().decode(SlackMessage.self, from: Data(body))
            else { return ("▶ digest → \(outcome)", false, nil) }
            let rendered = MessageTextRenderer.render(message).split(separator: "\n", omittingEmptySubsequences: false).map {
                "  " + $0
            }
            let lines =
                ["▶ morning digest (\(SettingsTable.name(\.digestCities))=\(cities)) → posted to the incoming-webhook sink"]
                + rendered + ["  Block Kit Builder: " + BlockKitBuilderLink.url(for: message)]
            return (lines.joined(separator: "\n"), true, message)
        } catch {
            return ("▶ digest: \(error)", false, nil)
        }
    }
}
