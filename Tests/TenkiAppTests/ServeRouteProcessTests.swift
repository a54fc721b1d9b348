import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiSecurity
import TenkiFakes
import TenkiTestSupport

/// The rest of the README's command table as processes: every route of `tenki serve`,
/// `tenki replay --target` against it, and `tenki digest --digest NAME --wait` against `tenki fakes`.
@Suite("serve's routes, replay --target and digest --digest as processes", .serialized)
struct ServeRouteProcessTests {
    static let fixtures = Fixtures.directory
    static let repository = fixtures.deletingLastPathComponent().deletingLastPathComponent()

    @Test("one serve process answers each documented route: commands, a button press, a Discord PING, /metrics with its token, /healthz")
    func everyRoute() async throws {
        guard TenkiRun.isBuilt() else { return }
        let fakes = try LoopbackFakes()
        let receiver = FakeWebhookReceiver()
        let sink = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let sinkPort = try sink.start()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let discordKey = Ed25519PrivateKey.generate()
        var environment = fakes.serveEnvironment(state: scratch.path("tenki.sqlite"))
        environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "127.0.0.1"
        environment["DISCORD_PUBLIC_KEY"] = discordKey.publicKey.hex
        environment["TENKI_METRICS_TOKEN"] = "metrics-token-for-the-scraper"
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }
        let base = "http://127.0.0.1:\(port)"
        let transport = CurlTransport()

        // POST /slack/commands: the answer, with its buttons.
        let sender = SignedCommandSender(
            endpoint: try #require(URL(string: base + "/slack/commands")), transport: transport,
            signingSecret: ServeProcessTests.secret, timeout: .seconds(60))
        let answer = try await sender.send(command: "/weather", text: "Tokyo")
        #expect(answer.status == 200)
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(answer.body))
        #expect(message.text.contains("Tokyo"))
        let forecast = try #require(SlackInteractionTests.buttons(of: message).first { $0.actionID == "tenki.weather.forecast" })

        // POST /slack/interactions: 5-day pressed; an empty 200 at once, the forecast at the response_url.
        let fixture = Self.fixtures.appendingPathComponent("slack_block_actions_button_in_channel_DERIVED_docs_shape.json")
        var payload = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        var actions = try #require(payload["actions"] as? [[String: Any]])
        actions[0]["action_id"] = forecast.actionID
        actions[0]["value"] = forecast.value
        payload["actions"] = actions
        payload["response_url"] = "http://127.0.0.1:\(sinkPort)/actions/T0/1/press"
        let json = String(decoding: try JSONSerialization.data(withJSONObject: payload), as: UTF8.self)
        let pressSender = SignedCommandSender(
            endpoint: try #require(URL(string: base + "/slack/interactions")), transport: transport,
            signingSecret: ServeProcessTests.secret, timeout: .seconds(60))
        let pressed = try await pressSender.send(body: Array(FormURLEncoded.encode([("payload", json)]).utf8))
        #expect(pressed.status == 200)
        let replaced = try await TenkiRun.until { !receiver.accepted(at: "/actions/T0/1/press").isEmpty }
        #expect(replaced, "the pressed view never reached the response_url")
        let view = try JSONDecoder().decode(SlackMessage.self, from: Data(receiver.accepted(at: "/actions/T0/1/press").first ?? []))
        #expect(view.text != message.text, "the message changed to the forecast")
        #expect(SlackInteractionTests.buttons(of: view).contains { $0.actionID == "tenki.weather.now" })

        // POST /discord/interactions: a signed PING is answered with a PONG; a wrong key gets 401.
        let ping = Array(#"{"type":1,"id":"1","application_id":"2","token":"t","version":1}"#.utf8)
        func discord(_ key: Ed25519PrivateKey) async throws -> OutboundResponse {
            var headers: HTTPHeaders = ["Content-Type": "application/json"]
            for (name, value) in DiscordRequestSigner(privateKey: key).headers(timestamp: Int64(Date().timeIntervalSince1970), body: ping) {
                headers.add(name, value)
            }
            return try await transport.send(OutboundRequest(
                method: "POST", url: try #require(URL(string: base + "/discord/interactions")), headers: headers, body: ping,
                timeout: .seconds(60)))
        }
        let pong = try await discord(discordKey)
        #expect(pong.status == 200)
        #expect(String(decoding: pong.body, as: UTF8.self).replacingOccurrences(of: " ", with: "").contains(#""type":1"#))
        #expect(try await discord(Ed25519PrivateKey.generate()).status == 401)

        // GET /metrics on the main listener: the token is required.
        let metricsURL = try #require(URL(string: base + "/metrics"))
        #expect(try await transport.send(OutboundRequest(url: metricsURL)).status == 401)
        let scraped = try await transport.send(OutboundRequest(url: metricsURL, headers: ["Authorization": "Bearer metrics-token-for-the-scraper"]))
        #expect(scraped.status == 200)
        #expect(String(decoding: scraped.body, as: UTF8.self).contains("tenki_http_requests_total{"))
        #expect(try await transport.send(OutboundRequest(url: try #require(URL(string: base + "/healthz")))).status == 200)
        #expect(!serve.stderr.contains("metrics-token-for-the-scraper"), "the token is never logged")
        await sink.shutdown(gracePeriod: .zero)
        await fakes.stop()
    }

    @Test("tenki replay FILES --target URL against serve, same secret: 0 failed, one with its own settings skipped; else exit 1")
    func replayAgainstTarget() async throws {
        guard TenkiRun.isBuilt() else { return }
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "normal")
        defer { fakes.stop() }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var environment = upstream
        environment["TENKI_STATE"] = scratch.path("tenki.sqlite")
        environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "127.0.0.1"
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }
        let files = [
            "weather-place.json", "interaction-forecast-button.json", "ssl-check.json", "bad-unsigned.json", "weather-japanese.json",
        ].map { Self.repository.appendingPathComponent("replay/\($0)").path }

        let replay = try await TenkiRun.run(
            ["replay"] + files + ["--target", "http://127.0.0.1:\(port)"], ["SLACK_SIGNING_SECRET": ServeProcessTests.secret])
        #expect(replay.status == 0, "\(replay.stdout)\(replay.stderr)")
        #expect((replay.stdout + replay.stderr).contains("0 of 4 failed, 1 skipped"), "\(replay.stdout)\(replay.stderr)")
        let wrongSecret = try await TenkiRun.run(
            ["replay", files[0], "--target", "http://127.0.0.1:\(port)"], ["SLACK_SIGNING_SECRET": "not-the-target-secret"])
        #expect(wrongSecret.status == 1)
        #expect((wrongSecret.stdout + wrongSecret.stderr).contains("1 of 1 failed"))
    }

    @Test("tenki digest --digest NAME --force --wait 30 against tenki fakes --key: that digest only, posted once, listed at /webhooks/posts")
    func namedDigestAgainstFakes() async throws {
        guard TenkiRun.isBuilt() else { return }
        let fakes = try ChildProcess(["fakes", "--port", "0", "--key", "my-own-key"], environment: [:])
        defer { fakes.stop() }
        let (out, _) = try await fakes.waitFor("the fakes' settings") { out, _ in out.contains("NEWSAPI_KEY=") }
        let origin = try #require(ChildProcess.setting("OPENWEATHER_BASE_URL", in: out))
        #expect(ChildProcess.setting("OPENWEATHER_API_KEY", in: out) == "my-own-key")
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let config = scratch.path("tenki.json")
        let digests: [String: Any] = [
            "digests": [[
                "name": "chicago", "webhook_url": origin + "/hooks/chicagochicago", "format": "mattermost",
                "schedule": "0 8 * * *", "timezone": "America/Chicago", "cities": ["Chicago,US"], "units": "imperial",
            ]],
        ]
        try JSONSerialization.data(withJSONObject: digests).write(to: URL(fileURLWithPath: config))
        let environment = [
            "OPENWEATHER_BASE_URL": origin, "OPENWEATHER_API_KEY": "my-own-key", "NEWSAPI_BASE_URL": origin, "NEWSAPI_KEY": "my-own-key",
            "DIGEST_WEBHOOK_URL": origin + "/services/T0FAKE/B0FAKE/fakefakefake", "DIGEST_CITIES": "Tokyo,JP",
            "TENKI_CONFIG": config, "TENKI_STATE": scratch.path("tenki.sqlite"),
        ]

        let run = try await TenkiRun.run(["digest", "--digest", "chicago", "--force", "--wait", "30"], environment)
        #expect(run.status == 0, "\(run.stderr)")
        let listed = try await CurlTransport().send(OutboundRequest(url: try #require(URL(string: origin + "/webhooks/posts"))))
        let posts = try #require(try JSONSerialization.jsonObject(with: Data(listed.body)) as? [[String: Any]])
        #expect(posts.map { $0["path"] as? String } == ["/hooks/chicagochicago"], "only the digest named, once: \(posts)")
        #expect((posts.first?["body"] as? String)?.contains("Chicago") == true)
        #expect(!(run.stdout + run.stderr).contains("chicagochicago") && !(run.stdout + run.stderr).contains("fakefakefake"))
        let unknown = try await TenkiRun.run(["digest", "--digest", "nobody", "--dry-run"], environment)
        #expect(unknown.status == 64 && unknown.stderr.contains("chicago"))
    }
}
