import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport

/// Chat paths of `tenki serve` that only a real process on a real socket shows.
@Suite("Chat paths through a serve process", .serialized)
struct ChatPathProcessTests {
    static let mattermostToken = "xr3j5x3p4pfk7kk6ck7b4e6ghh"

    @Test("Mattermost: a slow lookup gets the placeholder, then its answer at the response_url, once, over real sockets")
    func mattermostLateAnswer() async throws {
        guard TenkiRun.isBuilt() else { return }
        // `tenki fakes` with its latency option: every upstream answer takes 1.5 s, past the 100 ms budget.
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "normal", extra: ["--latency-ms", "1500"])
        defer { fakes.stop() }
        let receiver = FakeWebhookReceiver()
        let sink = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let sinkPort = try sink.start()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var environment = upstream
        environment["TENKI_STATE"] = scratch.path("tenki.sqlite")
        environment["MATTERMOST_TOKENS"] = "other-command-token,\(Self.mattermostToken)"
        environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "hooks.slack.com,http://127.0.0.1:\(sinkPort)"
        environment["TENKI_INLINE_BUDGET_MS"] = "100"
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }

        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/mattermost/commands"))
        func post(token: String) async throws -> OutboundResponse {
            let fields = [
                ("channel_id", "cniah6qa73bjjjan6mzn11f4ie"), ("channel_name", "town-square"), ("command", "/weather"),
                ("response_url", "http://127.0.0.1:\(sinkPort)/hooks/commands/q7xk3bz5"), ("team_domain", "someteam"),
                ("team_id", "rdc9bgriktyx9p4kowh3dmgqyc"), ("text", "Danang"), ("token", token),
                ("user_id", "c3a4cqe3dfy6dgopqt8ai3hydh"), ("user_name", "somename"),
            ]
            return try await CurlTransport().send(OutboundRequest(
                method: "POST", url: endpoint, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array(FormURLEncoded.encode(fields).utf8), timeout: .seconds(60)))
        }

        let placeholder = try await post(token: Self.mattermostToken)
        #expect(placeholder.status == 200)
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(placeholder.body)) as? [String: Any])
        #expect((shown["text"] as? String)?.contains("Looking up Danang") == true, "\(shown)")

        let arrived = try await TenkiRun.until { !receiver.accepted(at: "/hooks/commands/q7xk3bz5").isEmpty }
        #expect(arrived, "no late answer at the response_url; log:\n\(serve.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(
            with: Data(receiver.accepted(at: "/hooks/commands/q7xk3bz5").first ?? [])) as? [String: Any])
        #expect((answer["text"] as? String)?.contains("Da Nang") == true, "\(answer)")
        #expect(answer["blocks"] == nil, "Mattermost gets Markdown, not Block Kit")
        // Once: the delivery is done (nothing left in the outbox), and exactly one post came.
        let settled = try await TenkiRun.until {
            try await TenkiRun.run(["outbox"], ["TENKI_STATE": environment["TENKI_STATE"]!]).stdout.contains("the outbox is empty")
        }
        #expect(settled)
        #expect(receiver.requests.count == 1, "\(receiver.requests.map(\.path))")

        let refused = try await post(token: "not-a-listed-token")
        #expect(refused.status == 401)
        await sink.shutdown(gracePeriod: .zero)
    }
}
