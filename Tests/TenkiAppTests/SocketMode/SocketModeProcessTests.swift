import Foundation
import TenkiCore
import TenkiFakes
import Testing

/// Slack over Socket Mode with real processes: `tenki serve` with `SLACK_APP_TOKEN` connects to
/// `tenki fakes`' fake Slack (apps.connections.open, then its WebSocket server), which sends the
/// envelopes and records the acknowledgements. Every wait polls the control API with a bound that
/// only stops a stuck test; what was seen is then asserted.
@Suite("Socket Mode with real processes", .serialized)
struct SocketModeProcessTests {
    /// `fakes` (with `extra` options) and a `serve` on a state file of its own, connected.
    static func start(_ extra: [String] = []) async throws -> (SocketModeFakesProcess, ChildProcess, ScratchDirectory) {
        let fakes = try await SocketModeFakesProcess.start(extra)
        let scratch = try ScratchDirectory()
        var environment = fakes.environment
        environment["TENKI_STATE"] = scratch.path("tenki.sqlite")
        let (serve, _) = try await ServeProcessTests.startServe(environment)
        let connected = try await fakes.waitForConnection()
        #expect(connected, "serve opened no Socket Mode connection; log:\n\(serve.stderr)")
        return (fakes, serve, scratch)
    }

    @Test("/weather Danang as a slash_commands envelope is acknowledged with the Block Kit answer within 3 s")
    func commandAnsweredInTheAcknowledgement() async throws {
        guard TenkiRun.isBuilt() else { return }
        let (fakes, serve, scratch) = try await Self.start()
        defer { serve.stop(); fakes.stop(); scratch.remove() }
        try await fakes.command("Danang", id: "weather-1")
        var acknowledgements: [[String: Any]] = []
        _ = try await TenkiRun.until {
            acknowledgements = try await fakes.acknowledgements(of: "weather-1"); return !acknowledgements.isEmpty
        }
        let acknowledgement = try #require(acknowledgements.first, "no acknowledgement; log:\n\(serve.stderr)")
        let payload = try #require(acknowledgement["payload"] as? [String: Any])
        let blocks = try #require(payload["blocks"] as? [[String: Any]], "\(payload)")
        #expect(SocketModeFakesProcess.payloadText(acknowledgement).contains("Da Nang"))
        #expect(blocks.contains { $0["type"] as? String == "actions" }, "the answer carries its buttons")
        let latency = try #require(acknowledgement["latency_ms"] as? Double)
        #expect(latency < 3000, "Slack's bound: acknowledged after \(latency) ms")
        #expect(acknowledgements.count == 1)
        #expect(try await fakes.posts(to: "weather-1").isEmpty, "answered in the acknowledgement, not again at the response_url")
    }

    @Test("a slow answer is acknowledged with the placeholder, then posted to response_url")
    func slowAnswerGoesToResponseURL() async throws {
        guard TenkiRun.isBuilt() else { return }
        let (fakes, serve, scratch) = try await Self.start(["--latency-ms", "4000"])
        defer { serve.stop(); fakes.stop(); scratch.remove() }
        try await fakes.command("Danang", id: "slow-1")
        var posts: [String] = []
        let posted = try await TenkiRun.until {
            posts = try await fakes.posts(to: "slow-1"); return !posts.isEmpty
        }
        #expect(posted, "no post at the response_url; log:\n\(serve.stderr)")
        let acknowledgement = try #require(try await fakes.acknowledgements(of: "slow-1").first)
        #expect(SocketModeFakesProcess.payloadText(acknowledgement).contains("Looking up"), "\(acknowledgement)")
        #expect(posts.count == 1 && posts[0].contains("Da Nang"), "\(posts)")
    }

    @Test("a button press is acknowledged, then its new view is posted with replace_original")
    func buttonPress() async throws {
        guard TenkiRun.isBuilt() else { return }
        let (fakes, serve, scratch) = try await Self.start()
        defer { serve.stop(); fakes.stop(); scratch.remove() }
        let value = SlackInteractionTests.danang.encoded
        try await fakes.control(
            "POST", "envelopes",
            ["type": "interactive", "action_id": "tenki.weather.forecast", "value": value, "envelope_id": "press-1"])
        var posts: [String] = []
        let posted = try await TenkiRun.until {
            posts = try await fakes.posts(to: "press-1"); return !posts.isEmpty
        }
        #expect(posted, "no post at the response_url; log:\n\(serve.stderr)")
        #expect(try await fakes.acknowledgements(of: "press-1").count == 1)
        let message = try JSONDecoder().decode(SlackMessage.self, from: Data(try #require(posts.first).utf8))
        #expect(message.replaceOriginal == true, "the pressed message changes in place")
        #expect(MessageTextRenderer.render(message).contains("Da Nang"))
    }

    @Test("a retried envelope (same envelope_id, retry_attempt 1) is run once")
    func retriedEnvelopeRunsOnce() async throws {
        guard TenkiRun.isBuilt() else { return }
        // A slow upstream: the retry arrives while the first delivery is still being answered.
        let (fakes, serve, scratch) = try await Self.start(["--latency-ms", "4000"])
        defer { serve.stop(); fakes.stop(); scratch.remove() }
        try await fakes.command("Danang", id: "retry-1")
        try await fakes.command("Danang", id: "retry-1", retryAttempt: 1)
        let posted = try await TenkiRun.until { try await !fakes.posts(to: "retry-1").isEmpty }
        #expect(posted, "no post at the response_url; log:\n\(serve.stderr)")
        // Settled: nothing owed in the state, so no second post can come.
        var listing = ""
        let settled = try await TenkiRun.until {
            listing = try await TenkiRun.run(["outbox"], ["TENKI_STATE": scratch.path("tenki.sqlite")]).stdout
            return listing.contains("the outbox is empty") && !listing.contains("acknowledged with a placeholder")
        }
        #expect(settled, "outbox: \(listing)")
        #expect(try await fakes.posts(to: "retry-1").count == 1, "the retry was run again")
        #expect(try await fakes.acknowledgements(of: "retry-1").count >= 1)
    }
}
