import Foundation
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

/// The demo's Socket Mode step: a server with `SLACK_APP_TOKEN` and no signing secret opens its
/// connection through the fake `apps.connections.open`, the fake Socket Mode server sends one
/// `/weather Danang` envelope (through its control API, as a test or a bench script would), and
/// the answer is shown as it came back in the acknowledgement's `payload`. Loopback only.
enum DemoSocketMode {
    static let envelopeID = "demo-socket-1"
    /// Bounds each wait (connection open, acknowledgement); the step takes well under a second.
    static let wait: Duration = .seconds(20)

    static func run(harness: ReplayHarness, logger: Logger) async -> (transcript: String, acknowledged: Bool) {
        var lines = ["▶ Socket Mode (no public URL): the fake Slack sends /weather Danang as a slash_commands envelope"]
        let fake = harness.fakes.socketMode
        var service: Task<Void, Never>?
        defer {
            service?.cancel()
            fake.stop()
        }
        do {
            let server = try harness.demoServer(
                step: "socket", logger: logger,
                [
                    \.slackAppToken: FakeSlackWebAPI.defaultAppToken, \.socketConnections: "1",
                    \.slackAPIBaseURL: harness.upstreamOrigin + "/slack-api",
                ]
            ).server
            guard let socketMode = server.socketMode else {
                return ((lines + ["  Socket Mode is not configured"]).joined(separator: "\n"), false)
            }
            service = Task { await socketMode.run() }
            guard await until({ !fake.openConnections.isEmpty }) else {
                return ((lines + ["  no connection was opened"]).joined(separator: "\n"), false)
            }
            lines.append("  connection opened through the fake apps.connections.open")
            let sent = try await sendEnvelope(harness: harness)
            lines.append("  POST /socket-mode/envelopes → HTTP \(sent)")
            guard await until({ fake.acknowledgements.contains { $0.envelopeID == envelopeID } }),
                let ack = fake.acknowledgements.first(where: { $0.envelopeID == envelopeID })
            else { return ((lines + ["  the envelope was not acknowledged"]).joined(separator: "\n"), false) }
            lines.append("  acknowledged \(envelopeID) with the answer in its payload:")
            guard let payload = ack.payloadJSON,
                let message = try? JSONDecoder().decode(SlackMessage.self, from: Data(payload.utf8))
            else { return ((lines + ["  (no payload)"]).joined(separator: "\n"), false) }
            lines += MessageTextRenderer.render(message).split(separator: "\n", omittingEmptySubsequences: false).map {
                "  " + $0
            }
            return (lines.joined(separator: "\n"), true)
        } catch {
            return ((lines + ["  \(error)"]).joined(separator: "\n"), false)
        }
    }

    /// One slash command through the fake's control API; returns the HTTP status.
    private static func sendEnvelope(harness: ReplayHarness) async throws -> Int {
        let body = #"{"type":"slash_commands","envelope_id":"\#(envelopeID)","command":"/weather","text":"Danang"}"#
        guard let url = URL(string: harness.upstreamOrigin + "/socket-mode/envelopes") else { return 0 }
        let request = OutboundRequest(
            method: "POST", url: url, headers: ["Content-Type": "application/json"], body: Array(body.utf8), timeout: .seconds(10)
        )
        return try await harness.transport.send(request).status
    }

    /// Waits (polling, bounded by `wait`) until `condition` holds; false when it never did.
    private static func until(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + wait
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }
}
