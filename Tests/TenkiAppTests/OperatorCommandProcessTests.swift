import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiStorage
import TenkiFakes
import TenkiTestSupport

/// The operator commands of the README's command table, run as an operator runs them: the built
/// `tenki` (and `deploy/tenki-backup-keep`) as processes, against a real `tenki serve` on loopback.
@Suite("Operator commands as processes", .serialized)
struct OperatorCommandProcessTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("tenki healthcheck: 0 against a live serve (by --url and by PORT), 1 against a port nobody serves, 64 for a bad --url")
    func healthcheck() async throws {
        guard TenkiRun.isBuilt() else { return }
        let fakes = try LoopbackFakes()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let environment = fakes.serveEnvironment(state: scratch.path("tenki.sqlite"))
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }

        let byURL = try await TenkiRun.run(["healthcheck", "--url", "http://127.0.0.1:\(port)/healthz"], [:])
        #expect(byURL.status == 0, "\(byURL.stderr)")
        // As the container's HEALTHCHECK runs it: no flags, the port from PORT.
        let byPort = try await TenkiRun.run(["healthcheck"], ["PORT": "\(port)"])
        #expect(byPort.status == 0, "\(byPort.stderr)")

        // Bound but not listening: connections are refused, as by a stopped serve.
        let dead = try HeldPort()
        let refused = try await TenkiRun.run(["healthcheck", "--url", "http://127.0.0.1:\(dead.port)/healthz"], [:])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("unhealthy"), "\(refused.stderr)")
        let wrongPath = try await TenkiRun.run(["healthcheck", "--url", "http://127.0.0.1:\(port)/no-such-path"], [:])
        #expect(wrongPath.status == 1)
        #expect(wrongPath.stderr.contains("404"), "\(wrongPath.stderr)")
        let usage = try await TenkiRun.run(["healthcheck", "--url", "not a url"], [:])
        #expect(usage.status == 64)

        // A draining serve is unhealthy too: SIGTERM turns /healthz to 503 for the drain delay.
        serve.signal(SIGTERM)
        _ = try await serve.waitForExit()
        let stopped = try await TenkiRun.run(["healthcheck", "--url", "http://127.0.0.1:\(port)/healthz"], [:])
        #expect(stopped.status == 1)
        await fakes.stop()
    }

    @Test("TENKI_METRICS_ADDRESS: /metrics and /healthz on the separate listener, /metrics 404 on the main one")
    func separateMetricsListener() async throws {
        guard TenkiRun.isBuilt() else { return }
        let fakes = try LoopbackFakes()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var environment = fakes.serveEnvironment(state: scratch.path("tenki.sqlite"))
        environment["TENKI_METRICS_ADDRESS"] = "127.0.0.1:0"
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }
        let (_, log) = try await serve.waitFor("the metrics listener") { _, err in
            ChildProcess.listeningPort(in: err, message: "\"metrics listening\"") != nil
        }
        let metricsPort = try #require(ChildProcess.listeningPort(in: log, message: "\"metrics listening\""))
        #expect(metricsPort != port)

        // One command first, so the request counters have a series to show.
        let sender = SignedCommandSender(
            endpoint: try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands")), transport: CurlTransport(),
            signingSecret: ServeProcessTests.secret, timeout: .seconds(60))
        #expect(try await sender.send(command: "/weather", text: "Tokyo").status == 200)

        let transport = CurlTransport()
        let metrics = try await transport.send(OutboundRequest(url: try #require(URL(string: "http://127.0.0.1:\(metricsPort)/metrics"))))
        #expect(metrics.status == 200)
        let text = String(decoding: metrics.body, as: UTF8.self)
        #expect(text.contains("tenki_http_requests_total{"), "\(text.prefix(500))")
        #expect(text.contains("route=\"commands\""), "the command above is counted")
        let health = try await transport.send(OutboundRequest(url: try #require(URL(string: "http://127.0.0.1:\(metricsPort)/healthz"))))
        #expect(health.status == 200)
        let onMain = try await transport.send(OutboundRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/metrics"))))
        #expect(onMain.status == 404)
        #expect(!String(decoding: onMain.body, as: UTF8.self).contains("tenki_http_requests_total"))
        let mainHealth = try await transport.send(OutboundRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/healthz"))))
        #expect(mainHealth.status == 200)
        await fakes.stop()
    }

    @Test("tenki outbox lists a dead late answer; tenki outbox retry ID re-queues it and the running serve delivers it")
    func outboxRetry() async throws {
        guard TenkiRun.isBuilt() else { return }
        let fakes = try LoopbackFakes()
        fakes.fakes.openWeather.setLatency(.milliseconds(800))
        let receiver = FakeWebhookReceiver()
        // The first post is refused for good (404 is not worth a retry): the delivery goes dead.
        receiver.script("/hook", [.status(404, "no_service")])
        let sink = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let sinkPort = try sink.start()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let state = scratch.path("tenki.sqlite")
        var environment = fakes.serveEnvironment(state: state)
        environment["TENKI_INLINE_BUDGET_MS"] = "100"
        environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "127.0.0.1"
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }

        let response = try await SlackSigning(secret: ServeProcessTests.secret).send(
            to: try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands")), transport: CurlTransport(),
            text: "Danang", responseURL: "http://127.0.0.1:\(sinkPort)/hook")
        #expect(String(decoding: response.body, as: UTF8.self).contains("Looking up"))
        var listing = ""
        let wentDead = try await TenkiRun.until {
            listing = try await TenkiRun.run(["outbox"], ["TENKI_STATE": state]).stdout
            return listing.contains(" dead ")
        }
        #expect(wentDead, "outbox: \(listing)")
        #expect(receiver.requests(to: "/hook").count == 1)
        #expect(!listing.contains("/hook"), "outbox never prints a URL")
        let id = try #require(TenkiRun.ids(in: listing, rowsContaining: " dead ").first)

        let retried = try await TenkiRun.run(["outbox", "retry", id], ["TENKI_STATE": state])
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout.contains("re-queued \(id)"))
        // The running serve picks it up; the receiver now takes it.
        let delivered = try await TenkiRun.until { receiver.accepted(at: "/hook").count == 1 }
        #expect(delivered)
        #expect(String(decoding: receiver.accepted(at: "/hook").first ?? [], as: UTF8.self).contains("Da Nang"))
        let emptied = try await TenkiRun.until {
            try await TenkiRun.run(["outbox"], ["TENKI_STATE": state]).stdout.contains("the outbox is empty")
        }
        #expect(emptied)
        #expect(receiver.requests(to: "/hook").count == 2, "one refused post, one delivered after the retry")

        // Only a dead delivery can be retried; a missing ID is a usage error.
        let again = try await TenkiRun.run(["outbox", "retry", id], ["TENKI_STATE": state])
        #expect(again.status == 1 && again.stderr.contains("no dead delivery with ID \(id)"))
        #expect(try await TenkiRun.run(["outbox", "retry"], ["TENKI_STATE": state]).status == 64)
        await sink.shutdown(gracePeriod: .zero)
        await fakes.stop()
    }

    @Test("/weather subscribe through the listener; tenki subscriptions lists it and subscriptions remove ID removes it")
    func subscriptions() async throws {
        guard TenkiRun.isBuilt() else { return }
        let fakes = try LoopbackFakes()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let state = scratch.path("tenki.sqlite")
        let environment = fakes.serveEnvironment(state: state)
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }
        let sender = SignedCommandSender(
            endpoint: try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands")), transport: CurlTransport(),
            signingSecret: ServeProcessTests.secret, timeout: .seconds(60))

        let answer = try await sender.send(command: "/weather", text: "subscribe Danang at 6:45 weekdays")
        #expect(answer.status == 200)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("Subscribed (#"), "\(String(decoding: answer.body, as: UTF8.self))")
        // The confirmation went to the channel through Slack's Web API, with the bot token.
        let posts = fakes.fakes.slackAPI.posted(to: "C0TENKI")
        #expect(posts.count == 1)
        #expect(posts.first.map { String(decoding: $0.body, as: UTF8.self).contains("06:45") || String(decoding: $0.body, as: UTF8.self).contains("6:45") } == true)
        #expect(posts.first?.authorization == "Bearer \(fakes.fakes.slackAPI.token)")

        let listed = try await TenkiRun.run(["subscriptions"], ["TENKI_STATE": state])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.hasPrefix("ID "), "\(listed.stdout)")
        let rows = TenkiRun.ids(in: listed.stdout, rowsContaining: "C0TENKI")
        #expect(rows.count == 1, "\(listed.stdout)")
        #expect(listed.stdout.contains("morning") && listed.stdout.contains("Asia/Ho_Chi_Minh"), "\(listed.stdout)")
        let id = try #require(rows.first)

        let removed = try await TenkiRun.run(["subscriptions", "remove", id], ["TENKI_STATE": state])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("removed subscription \(id)"))
        let after = try await TenkiRun.run(["subscriptions"], ["TENKI_STATE": state])
        #expect(after.stdout.contains("no subscriptions"), "\(after.stdout)")
        // The channel sees it gone through the listener too.
        let channel = try await sender.send(command: "/weather", text: "subscriptions")
        #expect(!String(decoding: channel.body, as: UTF8.self).contains("#\(id)"))
        let twice = try await TenkiRun.run(["subscriptions", "remove", id], ["TENKI_STATE": state])
        #expect(twice.status == 1 && twice.stderr.contains("no subscription with ID \(id)"))
        #expect(try await TenkiRun.run(["subscriptions", "remove", "x"], ["TENKI_STATE": state]).status == 64)
        await fakes.stop()
    }

    @Test("tenki discord register against the fake Discord API: one PUT of both commands; --dry-run sends nothing; a refused token exits 78")
    func discordRegister() async throws {
        guard TenkiRun.isBuilt() else { return }
        let fakes = try LoopbackFakes()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let token = "discord-bot-token-never-printed"
        // As the README runs it: the token from a file.
        let tokenFile = scratch.path("discord-bot-token")
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        let environment = [
            "DISCORD_APPLICATION_ID": "1100000000000000001", "DISCORD_BOT_TOKEN_FILE": tokenFile,
            "DISCORD_API_BASE_URL": fakes.base + "/api/v10",
        ]
        let path = "/api/v10/applications/1100000000000000001/commands"

        let dryRun = try await TenkiRun.run(["discord", "register", "--dry-run"], environment)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("\"天気\"") && dryRun.stdout.contains("\"ニュース\""))
        #expect(fakes.fakes.discord.requests.isEmpty, "--dry-run sends nothing")

        let registered = try await TenkiRun.run(["discord", "register"], environment)
        #expect(registered.status == 0, "\(registered.stderr)")
        #expect(registered.stdout.contains("registered /weather (天気) and /news (ニュース)"), "\(registered.stdout)")
        let requests = fakes.fakes.discord.requests
        #expect(requests.map(\.method) == ["PUT"] && requests.map(\.path) == [path])
        let put = try #require(requests.first)
        let commands = try #require(try JSONSerialization.jsonObject(with: Data(put.body)) as? [[String: Any]])
        #expect(commands.map { $0["name"] as? String } == ["weather", "news"])
        #expect(!(registered.stdout + registered.stderr).contains(token))

        fakes.fakes.discord.script(path, [.status(401, #"{"message": "401: Unauthorized"}"#)])
        let refused = try await TenkiRun.run(["discord", "register"], environment)
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("DISCORD_BOT_TOKEN") && !refused.stderr.contains(token))
        let missing = try await TenkiRun.run(["discord", "register"], ["DISCORD_API_BASE_URL": fakes.base + "/api/v10"])
        #expect(missing.status == 78 && missing.stderr.contains("DISCORD_APPLICATION_ID"))
        await fakes.stop()
    }
}
