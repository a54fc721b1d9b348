import Foundation
import TenkiBase
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

/// `tenki fakes`: the fake OpenWeatherMap, NewsAPI and feeds from bundled samples, a webhook sink for every platform, and
/// Slack's Web API and Socket Mode (driven through `/socket-mode/…`, `FakeSocketModeControl`), as a process on loopback,
/// for local development and benchmarks (run it outside the server's process tree).
enum FakesCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(
            arguments, command: "fakes", valueOptions: ["port", "key", "scenario", "latency-ms"], flagOptions: [])
        guard list.positional.isEmpty else {
            throw UsageError("unexpected argument \"\(list.positional[0])\"", command: "fakes")
        }
        let scenarioName = list.value("scenario") ?? FakeScenario.normal.rawValue
        guard let scenario = FakeScenario(rawValue: scenarioName) else {
            let names = FakeScenario.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("unknown --scenario \(scenarioName); choose one of \(names)", command: "fakes")
        }
        let port = try list.port("port", command: "fakes") ?? 0
        let logger = Logger(sink: StandardErrorLogSink(), threshold: .notice)
        let key = list.value("key") ?? "demo-key"
        let fakes = FakeUpstreams(openWeather: FakeOpenWeatherMap(apiKey: key), news: FakeNewsAPI(apiKey: key))
        scenario.apply(to: fakes)
        if let raw = list.value("latency-ms") {
            guard let milliseconds = Int(raw), (0...600_000).contains(milliseconds) else {
                throw UsageError(
                    "--latency-ms must be a number of milliseconds from 0 to 600000 (got \"\(raw)\")", command: "fakes")
            }
            fakes.openWeather.setLatency(.milliseconds(milliseconds))
            fakes.news.setLatency(.milliseconds(milliseconds))
            fakes.feeds.setLatency(.milliseconds(milliseconds))
        }
        let server = HTTPServer(
            configuration: HTTPServer.Configuration(host: "127.0.0.1", port: port, loopCount: 1),
            handler: fakes, logger: logger)
        let boundPort = try server.start()
        // Written unbuffered: scripts read these lines while the process keeps running.
        let origin = "http://127.0.0.1:\(boundPort)"
        TenkiCLI.printOutput(
            settings([\.openWeatherBaseURL: origin, \.openWeatherAPIKey: key, \.newsAPIBaseURL: origin, \.newsAPIKey: key]))
        // Discord's API: deferred answers' PATCHes and `tenki discord register` land here, accepted and logged nowhere else.
        TenkiCLI.printOutput(settings([\.discordAPIBaseURL: "\(origin)/api/v10"]))
        // Slack's Web API (channel subscriptions): posts are recorded, only this fake token is accepted.
        TenkiCLI.printOutput(settings([\.slackAPIBaseURL: "\(origin)/slack-api", \.slackBotToken: fakes.slackAPI.token]))
        // Many workspaces instead (without the bot token): Slack's authorize page and oauth.v2.access, per-workspace tokens.
        let authorize = "\(origin)/slack-oauth/authorize"
        TenkiCLI.printOutput(
            "# many workspaces: "
                + settings(
                    [\.slackOAuthAuthorizeURL: authorize, \.slackClientID: "fake", \.slackClientSecret: "fake"], separator: " "))
        // Socket Mode: a comment, so that a file of these lines keeps Slack on HTTP unless it is uncommented.
        TenkiCLI.printOutput(
            "# Socket Mode (no public URL): \(settings([\.slackAppToken: fakes.slackAPI.appToken]))"
                + " (envelopes: POST \(origin)/socket-mode/envelopes, docs/development.md)")
        let feeds = fakes.feeds.samples.map { "\($0.file.split(separator: ".")[0])=\(origin)/feeds/\($0.file)" }
        TenkiCLI.printOutput(feedsLine(feeds))
        TenkiCLI.printOutput(webhookLines(origin: origin).joined(separator: "\n"))
        let places = fakes.openWeather.samples.map { $0.place.name }.joined(separator: ", ")
        logger.notice(
            "fake OpenWeatherMap, NewsAPI, feeds and webhooks ready",
            [("port", String(boundPort)), ("scenario", scenario.rawValue), ("places", places)])
        _ = await TerminationSignal.wait()
        await server.shutdown(gracePeriod: .seconds(2))
        fakes.socketMode.stop()
        return .success
    }

    /// The feeds as news source, as a comment, so that a file of these lines keeps NewsAPI as the
    /// provider unless it is uncommented. The list is quoted: its `;` would end a shell command.
    static func feedsLine(_ feeds: [String]) -> String {
        "# feeds instead of NewsAPI: "
            + settings([\.newsFeeds: "'\(feeds.joined(separator: ";"))'", \.newsFeedsAllowPrivate: "on"], separator: " ")
    }

    /// Comments naming a webhook URL per platform (loopback hosts are not auto-detected, hence the
    /// format) and where the posts can be read.
    static func webhookLines(origin: String) -> [String] {
        func webhook(_ url: String, _ format: String? = nil) -> String {
            settings([\.digestWebhookURL: url], separator: " ")
                + (format.map { " " + settings([\.digestWebhookFormat: $0]) } ?? "")
        }
        return [
            "# webhooks (every post is listed at \(origin)/webhooks/posts):",
            "#   Slack:       " + webhook("\(origin)/services/T0FAKE/B0FAKE/fakefakefake"),
            "#   Mattermost:  " + webhook("\(origin)/hooks/fakefakefake", "mattermost"),
            "#   Discord:     " + webhook("\(origin)/api/webhooks/1/fakefakefake", "discord"),
            "#   Google Chat: " + webhook("'\(origin)/v1/spaces/FAKE/messages?key=fake&token=fake'", "google-chat"),
        ]
    }

    /// `NAME=value` for each setting, as a shell or an env file takes them.
    static func settings(_ values: KeyValuePairs<PartialKeyPath<SettingsTable>, String>, separator: String = "\n") -> String {
        values.map { "\(SettingsTable.name(anyOf: $0.key))=\($0.value)" }.joined(separator: separator)
    }
}
