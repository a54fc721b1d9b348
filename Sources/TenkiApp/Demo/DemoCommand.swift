import Foundation
import TenkiCore
import TenkiHTTP
import TenkiLogging
import TenkiTesting

/// `tenki demo`: the whole path offline. A fake OpenWeatherMap and the real listener on free
/// loopback ports, signed commands over real HTTP, every reply rendered. Exit 0 when each reply
/// is what the demo expects of it.
enum DemoCommand {
    struct Step {
        var command: String
        var text: String
        var signed = true
        var expectedStatus = 200
        /// A fragment the reply must contain, so the demo fails loudly if the product regresses.
        var expectedFragment: String
    }

    static let steps: [Step] = [
        Step(command: "/weather", text: "Danang", expectedFragment: "Da Nang"),
        Step(command: "/weather", text: "東京", expectedFragment: "JP"),
        Step(command: "/weather", text: "London", expectedFragment: "GB"),
        Step(command: "/weather", text: "Danang forecast", expectedFragment: "the next days"),
        Step(command: "/weather", text: "Chicago °F", expectedFragment: "°F"),
        Step(command: "/weather", text: "set Tokyo", expectedFragment: "Saved"),
        Step(command: "/weather", text: "", expectedFragment: "Tokyo, JP"),
        Step(command: "/weather", text: "16.07,108.22", expectedFragment: "°C"),
        Step(command: "/weather", text: "Atlantis", expectedFragment: "couldn't find"),
        Step(command: "/weather", text: "help", expectedFragment: "LAT,LON"),
        Step(command: "/news", text: "", expectedFragment: "Top headlines"),
        Step(command: "/news", text: "ベトナム", expectedFragment: "ベトナム"),
        Step(command: "/news", text: "tech", expectedFragment: "technology"),
        Step(command: "/news", text: "zxqv nothing", expectedFragment: "found no news"),
        Step(command: "/forecast", text: "Tokyo", expectedFragment: "don't know the command"),
        Step(command: "/weather", text: "Danang", signed: false, expectedStatus: 401, expectedFragment: "invalid Slack signature"),
    ]

    static let signingSecret = "tenki-demo-signing-secret"

    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(arguments, command: "demo", valueOptions: [], flagOptions: [])
        guard list.positional.isEmpty else { throw UsageError("demo takes no arguments", command: "demo") }
        let quiet = Logger(sink: StandardErrorLogSink(), threshold: .error)

        let fakes = FakeUpstreams(openWeather: FakeOpenWeatherMap(apiKey: "demo-key"), news: FakeNewsAPI(apiKey: "demo-key"))
        let upstream = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: fakes, logger: quiet)
        let upstreamPort = try upstream.start()

        let stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: stateDirectory) }
        let settings = try Settings.load(environment: [
            "SLACK_SIGNING_SECRET": signingSecret,
            "OPENWEATHER_API_KEY": "demo-key",
            "OPENWEATHER_BASE_URL": "http://127.0.0.1:\(upstreamPort)",
            "NEWSAPI_KEY": "demo-key",
            "NEWSAPI_BASE_URL": "http://127.0.0.1:\(upstreamPort)",
            "TENKI_STATE": stateDirectory.appendingPathComponent("tenki.sqlite").path,
        ])
        let transport = URLSessionTransport()
        let application = try buildApplication(settings: settings, dependencies: Dependencies(transport: transport, logger: quiet))
        let listener = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: application.router, logger: quiet)
        let listenerPort = try listener.start()
        let endpoint = URL(string: "http://127.0.0.1:\(listenerPort)\(TenkiRouter.commandsPath)")!

        TenkiCLI.printOutput("Tenki demo: listener on 127.0.0.1:\(listenerPort), fake OpenWeatherMap and NewsAPI on 127.0.0.1:\(upstreamPort)\n")
        var failures = 0
        for step in steps {
            let sender = SignedCommandSender(endpoint: endpoint, transport: transport, signingSecret: step.signed ? signingSecret : nil)
            let title = "\(step.command) \(step.text)" + (step.signed ? "" : "   (unsigned)")
            do {
                let response = try await sender.send(command: step.command, text: step.text)
                let ok = response.status == step.expectedStatus && String(decoding: response.body, as: UTF8.self).contains(step.expectedFragment)
                if !ok { failures += 1 }
                TenkiCLI.printOutput("▶ \(title)  →  HTTP \(response.status)\(ok ? "" : "   ✗ expected \(step.expectedStatus) with “\(step.expectedFragment)”")")
                TenkiCLI.printOutput(render(response) + "\n")
            } catch {
                failures += 1
                TenkiCLI.printOutput("▶ \(title)  →  ✗ \(error)\n")
            }
        }
        await listener.shutdown(gracePeriod: .seconds(2))
        await upstream.shutdown(gracePeriod: .seconds(1))
        TenkiCLI.printOutput("\(steps.count - failures) of \(steps.count) demo steps as expected; the fakes saw \(fakes.openWeather.calls.count + fakes.news.calls.count) calls.")
        return failures == 0 ? .success : .failure
    }

    /// A JSON reply as the terminal rendering of its blocks; anything else as text.
    static func render(_ response: OutboundResponse) -> String {
        if let message = try? JSONDecoder().decode(SlackMessage.self, from: Data(response.body)) {
            let visibility = message.responseType.map { "[\($0.rawValue)]\n" } ?? ""
            return visibility + MessageTextRenderer.render(message).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        }
        return "  " + String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
