import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging
import TenkiFakes
import TenkiTestSupport

/// The whole path over real loopback sockets: a signed form POST to the listener, the app, the
/// OpenWeatherMap client over CurlTransport, the fake upstream on its own listener, and back.
@Suite("End to end over loopback")
struct EndToEndTests {
    static let secret = "end-to-end-secret"
    static let key = "end-to-end-owm-key"

    /// A fake upstream and the app's listener, both on free loopback ports.
    struct Stack {
        let fake: FakeOpenWeatherMap
        let upstream: HTTPServer
        let listener: HTTPServer
        let sender: SignedCommandSender
        let unsignedSender: SignedCommandSender

        static func start(environment extra: [String: String] = [:]) throws -> Stack {
            let fake = FakeOpenWeatherMap(apiKey: EndToEndTests.key)
            let upstream = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: fake, logger: .discarding)
            let upstreamPort = try upstream.start()
            var environment = [
                "SLACK_SIGNING_SECRET": EndToEndTests.secret, "OPENWEATHER_API_KEY": EndToEndTests.key,
                "OPENWEATHER_BASE_URL": "http://127.0.0.1:\(upstreamPort)",
            ]
            environment.merge(extra) { _, new in new }
            let settings = try Settings.load(environment: environment)
            let transport = CurlTransport()
            let application = try TenkiServer.build(
                settings: settings,
                dependencies: ServerDependencies(transport: transport, logger: .discarding, lateAnswers: .none, waitForBudget: AppHarness.budgetNeverSpent))
            let listener = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: application.router, logger: .discarding)
            let port = try listener.start()
            let endpoint = URL(string: "http://127.0.0.1:\(port)/slack/commands")!
            return Stack(
                fake: fake, upstream: upstream, listener: listener,
                sender: SignedCommandSender(endpoint: endpoint, transport: transport, signingSecret: EndToEndTests.secret, timeout: .seconds(60)),
                unsignedSender: SignedCommandSender(endpoint: endpoint, transport: transport, signingSecret: nil, timeout: .seconds(60)))
        }

        func stop() async {
            await listener.shutdown(gracePeriod: .seconds(1))
            await upstream.shutdown(gracePeriod: .seconds(1))
        }
    }

    @Test("a signed /weather is answered with the fake's place, temperature, unit and emoji")
    func signedWeather() async throws {
        let stack = try Stack.start()
        let response = try await stack.sender.send(command: "/weather", text: "Danang")
        await stack.stop()

        #expect(response.status == 200)
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(response.body))
        #expect(message.responseType == .inChannel)
        #expect(!message.text.trimmingCharacters(in: .whitespaces).isEmpty)
        let rendered = MessageTextRenderer.render(message)
        #expect(rendered.contains("Da Nang, VN"))
        #expect(rendered.contains("32 °C"))
        #expect(rendered.contains(WeatherEmoji.emoji(forConditionID: 803, isNight: false)))

        let weatherCall = try #require(stack.fake.calls.first { $0.path == "/data/2.5/weather" })
        #expect(weatherCall.query("units") == "metric")
        #expect(weatherCall.query("lang") == "en")
        #expect(weatherCall.query("appid") == EndToEndTests.key)
        #expect(stack.fake.calls.contains { $0.path == "/geo/1.0/direct" && $0.query("q") == "Danang" })
    }

    @Test("an unsigned request gets 401 and no upstream call is made")
    func unsigned() async throws {
        let stack = try Stack.start()
        let response = try await stack.unsignedSender.send(command: "/weather", text: "Danang")
        await stack.stop()
        #expect(response.status == 401)
        #expect(stack.fake.calls.isEmpty)
    }

    @Test("Japanese place names and settings travel intact")
    func japanese() async throws {
        let stack = try Stack.start(environment: ["TENKI_LANG": "ja", "TENKI_UNITS": "imperial"])
        let response = try await stack.sender.send(command: "/weather", text: "東京")
        await stack.stop()
        #expect(response.status == 200)
        let rendered = MessageTextRenderer.render(try JSONDecoder().decode(SlackMessage.self, from: Data(response.body)))
        #expect(rendered.contains("JP"))
        #expect(rendered.contains("°F"))
        #expect(rendered.contains("湿度"))
        #expect(stack.fake.calls.contains { $0.path == "/geo/1.0/direct" && $0.query("q") == "東京" })
        #expect(stack.fake.calls.contains { $0.query("lang") == "ja" && $0.query("units") == "imperial" })
    }

    @Test("an unknown place is a friendly, ephemeral 200")
    func unknownPlace() async throws {
        let stack = try Stack.start()
        let response = try await stack.sender.send(command: "/weather", text: "Atlantis")
        await stack.stop()
        #expect(response.status == 200)
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(response.body))
        #expect(message.responseType == .ephemeral)
        #expect(message.text.contains("Atlantis"))
    }

    @Test("a rejected key becomes a message for an admin, and the key appears nowhere in the reply")
    func rejectedKey() async throws {
        let stack = try Stack.start(environment: ["OPENWEATHER_API_KEY": "WRONG-KEY-SHOULD-NOT-LEAK"])
        let response = try await stack.sender.send(command: "/weather", text: "Danang")
        await stack.stop()
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == 200)
        #expect(body.contains("admin"))
        #expect(!body.contains("WRONG-KEY-SHOULD-NOT-LEAK"))
    }
}
