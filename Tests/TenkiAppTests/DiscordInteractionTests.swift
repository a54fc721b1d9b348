import Foundation
import Testing
@testable import TenkiApp
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiSecurity
import TenkiFakes
import TenkiTestSupport

/// `POST /discord/interactions` through the real listener, signed with a test key pair whose public
/// half is `DISCORD_PUBLIC_KEY`.
@Suite("Discord interactions over loopback")
struct DiscordInteractionTests {
    static let key = Ed25519PrivateKey.generate()
    static let fixtures = Fixtures.directory

    final class Stack: Sendable {
        let fake = FakeOpenWeatherMap(apiKey: "discord-owm-key")
        let servers: [HTTPServer]
        let endpoint: URL

        init(discordKey: String? = DiscordInteractionTests.key.publicKey.hex) throws {
            let upstream = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: fake, logger: .discarding)
            let upstreamPort = try upstream.start()
            var environment = [
                "SLACK_SIGNING_SECRET": "discord-tests-slack-secret", "OPENWEATHER_API_KEY": "discord-owm-key",
                "OPENWEATHER_BASE_URL": "http://127.0.0.1:\(upstreamPort)",
            ]
            environment["DISCORD_PUBLIC_KEY"] = discordKey
            let application = try TenkiServer.build(
                settings: try Settings.load(environment: environment),
                dependencies: ServerDependencies(
                    transport: CurlTransport(), logger: .discarding, lateAnswers: .none, waitForBudget: AppHarness.budgetNeverSpent))
            let listener = HTTPServer(
                configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: application.router, logger: .discarding)
            let port = try listener.start()
            servers = [listener, upstream]
            endpoint = URL(string: "http://127.0.0.1:\(port)/discord/interactions")!
        }

        /// Posts `body` signed now (or as `sign` says), as Discord does.
        func post(
            _ body: [UInt8], contentType: String = "application/json", timestamp: Int64 = Int64(Date().timeIntervalSince1970),
            signer: Ed25519PrivateKey? = DiscordInteractionTests.key, alter: Bool = false
        ) async throws -> OutboundResponse {
            var headers: HTTPHeaders = ["Content-Type": contentType]
            if let signer {
                for (name, value) in DiscordRequestSigner(privateKey: signer).headers(timestamp: timestamp, body: body) {
                    headers.add(name, value)
                }
            }
            let sent = alter ? body + Array(" ".utf8) : body
            return try await CurlTransport().send(
                OutboundRequest(method: "POST", url: endpoint, headers: headers, body: sent, timeout: .seconds(60)))
        }

        func stop() async {
            for server in servers { await server.shutdown(gracePeriod: .seconds(1)) }
        }
    }

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    @Test("a signed PING gets {\"type\":1}")
    func ping() async throws {
        let stack = try Stack()
        let response = try await stack.post(try Self.fixture("discord_interaction_ping_DERIVED_docs_shape.json"))
        await stack.stop()
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"type":1}"#)
    }

    @Test("a bad signature, another key, a stale timestamp, an altered body or no signature: 401, and nothing runs")
    func refused() async throws {
        let stack = try Stack()
        let ping = try Self.fixture("discord_interaction_ping_DERIVED_docs_shape.json")
        let command = try Self.fixture("discord_interaction_application_command_weather_DERIVED_docs_shape.json")
        var statuses: [Int] = []
        statuses.append(try await stack.post(ping, signer: Ed25519PrivateKey.generate()).status)
        statuses.append(try await stack.post(ping, timestamp: Int64(Date().timeIntervalSince1970) - 600).status)
        statuses.append(try await stack.post(command, alter: true).status)
        statuses.append(try await stack.post(ping, signer: nil).status)
        statuses.append(try await stack.post(ping, contentType: "application/x-www-form-urlencoded").status)
        await stack.stop()
        #expect(statuses == [401, 401, 401, 401, 415])
        #expect(stack.fake.calls.isEmpty)
    }

    @Test("the documented weather command (place Danang, locale ja) is answered in Japanese with type 4 and an embed, no Block Kit")
    func weather() async throws {
        let stack = try Stack()
        let response = try await stack.post(try Self.fixture("discord_interaction_application_command_weather_DERIVED_docs_shape.json"))
        await stack.stop()
        #expect(response.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(json["type"] as? Int == 4)
        let data = try #require(json["data"] as? [String: Any])
        let embeds = try #require(data["embeds"] as? [[String: Any]])
        let fields = try #require(embeds.first?["fields"] as? [[String: Any]])
        #expect(fields.contains { $0["name"] as? String == "湿度" }, "the fixture's user has locale ja")
        #expect((data["allowed_mentions"] as? [String: Any]) != nil)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("\"blocks\""))
        #expect(stack.fake.calls.map(\.path) == ["/geo/1.0/direct", "/data/2.5/weather"])
    }

    @Test("without DISCORD_PUBLIC_KEY the route does not exist: 404 for every method")
    func unset() async throws {
        let stack = try Stack(discordKey: nil)
        let post = try await stack.post(Array("{\"type\":1}".utf8))
        let get = try await CurlTransport().send(OutboundRequest(url: stack.endpoint, timeout: .seconds(60)))
        await stack.stop()
        #expect(post.status == 404 && get.status == 404)
    }

    @Test("a body that is not an interaction is 400 once signed")
    func badBody() async throws {
        let stack = try Stack()
        let notJSON = try await stack.post(Array("not json".utf8))
        let noType = try await stack.post(Array("{\"id\":\"1\"}".utf8))
        await stack.stop()
        #expect(notJSON.status == 400 && noType.status == 400)
    }

    @Test("an invalid DISCORD_PUBLIC_KEY is a configuration error naming the setting, not a crash")
    func badKey() throws {
        #expect(throws: ConfigurationError.self) { try Settings.load(environment: ["DISCORD_PUBLIC_KEY": "xyz"]) }
        do {
            _ = try Settings.load(environment: ["DISCORD_PUBLIC_KEY": "xyz"])
        } catch {
            #expect(String(describing: error).contains("DISCORD_PUBLIC_KEY"))
        }
    }
}
