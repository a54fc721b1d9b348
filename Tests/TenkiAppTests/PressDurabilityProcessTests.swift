import Foundation
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// A Slack button press is acknowledged (an empty 200) only once it is kept as pending work: a
/// `serve` killed with -9 after the acknowledgement, before the answer, leaves the press to the
/// next process on the same SQLite file, or to another replica on the same PostgreSQL database,
/// which answers it once.
@Suite("Slack presses survive kill -9", .serialized)
struct PressDurabilityProcessTests {
    enum Backend: String, CaseIterable, Sendable {
        case sqlite
        case postgres
    }

    /// The press, signed, as Slack sends it: 5-day on Da Nang, answered at `responseURL`.
    static func press(to port: Int, responseURL: String) async throws -> OutboundResponse {
        let fixture = Fixtures.directory.appendingPathComponent("slack_block_actions_button_in_channel_DERIVED_docs_shape.json")
        var payload = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        var actions = try #require(payload["actions"] as? [[String: Any]])
        actions[0]["action_id"] = "tenki.weather.forecast"
        actions[0]["value"] = SlackInteractionTests.danang.encoded
        payload["actions"] = actions
        payload["response_url"] = responseURL
        let json = String(decoding: try JSONSerialization.data(withJSONObject: payload), as: UTF8.self)
        let sender = SignedCommandSender(
            endpoint: try #require(URL(string: "http://127.0.0.1:\(port)/slack/interactions")), transport: CurlTransport(),
            signingSecret: ServeProcessTests.secret, timeout: .seconds(60))
        return try await sender.send(body: Array(FormURLEncoded.encode([("payload", json)]).utf8))
    }

    @Test("a press acknowledged by a serve killed with -9 is answered once by the next process", arguments: Backend.allCases)
    func pressAnsweredAfterKill(backend: Backend) async throws {
        guard TenkiRun.isBuilt() else { return }
        if backend == .postgres, !AppPostgres.isEnabled { return }
        // Every upstream answer takes 15 s: the press is acknowledged long before its answer exists,
        // and the kill comes before it however loaded the machine is.
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "normal", extra: ["--latency-ms", "15000"])
        defer { fakes.stop() }
        let receiver = FakeWebhookReceiver()
        let sink = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0, loopCount: 1), handler: receiver, logger: .discarding)
        let sinkPort = try sink.start()
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var environment = upstream
        environment["TENKI_ALLOWED_RESPONSE_HOSTS"] = "127.0.0.1"
        environment["TENKI_DRAIN_DELAY_MS"] = "0"
        environment["TENKI_UPSTREAM_TIMEOUT_MS"] = "60000"
        switch backend {
        case .sqlite: environment["TENKI_STATE"] = scratch.path("tenki.sqlite")
        case .postgres: environment["TENKI_DATABASE_URL"] = try await AppPostgres.freshURL()
        }
        // On PostgreSQL the other replica runs all along; on SQLite the next process starts after the kill.
        let (doomed, port) = try await PostgresServeProcessTests.startServe(environment, in: scratch)
        defer { doomed.stop() }
        var replica: ChildProcess? = nil
        if backend == .postgres { replica = try await PostgresServeProcessTests.startServe(environment, in: scratch).0 }
        defer { replica?.stop() }

        let acknowledged = try await Self.press(to: port, responseURL: "http://127.0.0.1:\(sinkPort)/actions/press")
        #expect(acknowledged.status == 200 && acknowledged.body.isEmpty)
        doomed.signal(SIGKILL)
        #expect(try await doomed.waitForExit() == 128 + SIGKILL)
        #expect(!doomed.stderr.contains("late answer queued"), "the killed process answered before it died")
        let owed = try await TenkiRun.run(["outbox"], environment.filter { $0.key.hasPrefix("TENKI_") })
        #expect(owed.stdout.contains("1 command(s) acknowledged with a placeholder are still being looked up"), "\(owed.stdout)")

        // The next process (or the other replica) takes the press over once its lease (30 s) ends.
        let next: ChildProcess
        if let replica {
            next = replica
        } else {
            next = try await PostgresServeProcessTests.startServe(environment, in: scratch).0
        }
        defer { next.stop() }
        let arrived = try await TenkiRun.until(limit: .seconds(180)) { !receiver.requests(to: "/actions/press").isEmpty }
        #expect(arrived, "no answer at the response_url; log:\n\(next.stderr)")
        // Settled: nothing pending, nothing owed, so no second post can come.
        var listing = ""
        let settled = try await TenkiRun.until(limit: .seconds(60)) {
            listing = try await TenkiRun.run(["outbox"], environment.filter { $0.key.hasPrefix("TENKI_") }).stdout
            return listing.contains("the outbox is empty") && !listing.contains("acknowledged with a placeholder")
        }
        #expect(settled, "outbox: \(listing)")
        let posts = receiver.requests(to: "/actions/press")
        #expect(posts.count == 1, "answered \(posts.count) times")
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(try #require(posts.first).body))
        #expect(message.replaceOriginal == true, "the pressed message changes in place")
        #expect(MessageTextRenderer.render(message).contains("Da Nang"), "the 5-day forecast, not an apology")
        #expect(PostgresServeProcessTests.count("answering a command its process left unanswered", in: next.stderr) == 1)
        await sink.shutdown(gracePeriod: .zero)
    }
}
