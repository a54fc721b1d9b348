import Foundation
import Synchronization
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import Testing

@testable import TenkiApp

/// `tenki discord register` against the fakes' Discord API.
@Suite("Discord command registration")
struct DiscordRegistrationTests {
    static let token = "discord-bot-token-never-printed"
    static let path = "/api/v10/applications/1100000000000000001/commands"

    static func registration(_ extra: [String: String] = [:]) throws -> DiscordRegistration {
        try DiscordRegistration(
            settings: try Settings.load(
                environment: [
                    "DISCORD_APPLICATION_ID": "1100000000000000001", "DISCORD_BOT_TOKEN": token,
                    "DISCORD_API_BASE_URL": "http://fakes.test/api/v10",
                ].merging(extra) { _, new in new }))
    }

    @Test("one PUT of weather and news with Japanese names; the output names them and not the token")
    func registers() async throws {
        let fakes = FakeUpstreams()
        let output = try await Self.registration().register(
            body: try DiscordRegistration.body(), transport: HandlerTransport(fakes))
        let requests = fakes.discord.requests
        #expect(requests.map(\.method) == ["PUT"] && requests.map(\.path) == [Self.path])
        let request = try #require(requests.first)
        let commands = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [[String: Any]])
        #expect(commands.map { $0["name"] as? String } == ["weather", "news"])
        #expect(commands.map { ($0["name_localizations"] as? [String: String])?["ja"] } == ["天気", "ニュース"])
        let options = try #require(commands.first?["options"] as? [[String: Any]])
        #expect(options.map { $0["name"] as? String } == ["place", "view"], "the names DiscordInteraction reads")
        #expect(output.contains("/weather (天気)") && !output.contains(Self.token))
    }

    @Test("a refused token or unknown application is a configuration error naming the setting, without the token")
    func refused() async throws {
        for (status, setting) in [(401, "DISCORD_BOT_TOKEN"), (404, "DISCORD_APPLICATION_ID")] {
            let fakes = FakeUpstreams()
            fakes.discord.script(Self.path, [.status(status, #"{"message": "nope"}"#)])
            do {
                _ = try await Self.registration().register(
                    body: try DiscordRegistration.body(), transport: HandlerTransport(fakes))
                Issue.record("HTTP \(status) was taken for a registration")
            } catch let error as ConfigurationError {
                #expect(error.description.contains(setting) && !error.description.contains(Self.token))
            }
        }
    }

    @Test(
        "the PUT to Discord's own https base may reach public addresses only; an operator's http:// base is exempt",
        arguments: [("https://discord.com/api/v10", true), ("http://fakes.test/api/v10", false)])
    func addressRule(base: String, publicOnly: Bool) async throws {
        let fakes = FakeUpstreams()
        let recorder = AddressRuleRecorder(HandlerTransport(fakes))
        _ = try await Self.registration(["DISCORD_API_BASE_URL": base])
            .register(body: try DiscordRegistration.body(), transport: recorder)
        #expect(recorder.publicOnly.withLock { $0 } == [publicOnly])
    }

    @Test("without an application id or token, the error names the missing setting")
    func missingSettings() throws {
        #expect(throws: ConfigurationError.self) { try Self.registration(["DISCORD_APPLICATION_ID": "my-app"]) }
        do {
            _ = try DiscordRegistration(settings: try Settings.load(environment: ["DISCORD_APPLICATION_ID": "1"]))
            Issue.record("registered without a token")
        } catch {
            #expect(error.description.contains("DISCORD_BOT_TOKEN"))
        }
    }

    @Test("a view of now is the plain command; other views are the command's keywords")
    func viewOption() throws {
        func text(_ view: String) throws -> String? {
            let json =
                #"{"type":2,"data":{"name":"weather","options":[{"name":"place","value":"Hue"},{"name":"view","value":"\#(view)"}]}}"#
            return try DiscordInteraction(json: Array(json.utf8)).slashCommand(weatherCommand: "/weather", newsCommand: "/news")?
                .text
        }
        #expect(try text("now") == "Hue")
        #expect(try text("forecast") == "Hue forecast")
        #expect(try text("air") == "Hue air")
    }
}

/// Passes requests on, remembering each one's `publicAddressesOnly`.
private final class AddressRuleRecorder: HTTPTransport {
    let next: any HTTPTransport
    let publicOnly = Mutex<[Bool]>([])

    init(_ next: any HTTPTransport) { self.next = next }

    func send(_ request: OutboundRequest) async throws(TransportError) -> OutboundResponse {
        publicOnly.withLock { $0.append(request.publicAddressesOnly) }
        return try await next.send(request)
    }
}
