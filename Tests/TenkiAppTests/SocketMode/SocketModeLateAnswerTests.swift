import Foundation
import TenkiCore
import Testing

@testable import TenkiApp

/// The one in-time-or-late rule over Socket Mode, with the whole server (fake upstreams, a budget
/// the test spends): a slow answer is acknowledged with the placeholder as the payload, then goes
/// to the command's `response_url` exactly as over HTTP.
@Suite("Socket Mode late answers")
struct SocketModeLateAnswerTests {
    static func envelope(_ id: String, text: String) throws -> SocketModeEnvelope {
        var payload: [String: String] = [:]
        for (name, value) in SignedCommandSender.fields(command: "/weather", text: text) { payload[name] = value }
        let object: [String: Any] = [
            "envelope_id": id, "type": "slash_commands", "accepts_response_payload": true, "payload": payload,
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        guard case .envelope(let envelope) = SocketModeMessage(text: json) else { throw CocoaError(.coderInvalidValue) }
        return envelope
    }

    static func payload(of acknowledgement: String?) throws -> SlackMessage {
        let text = try #require(acknowledgement)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let payload = try #require(object["payload"])
        return try JSONDecoder().decode(SlackMessage.self, from: JSONSerialization.data(withJSONObject: payload))
    }

    @Test("a slow upstream: the placeholder in the acknowledgement, the answer at response_url")
    func placeholderThenLate() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(lateAnswers: .custom(late), waitForBudget: { _ in })
        harness.fakes.openWeather.gate.close()
        let adapter = SocketModeAdapter(router: harness.application.router)
        let handled = await adapter.handle(try Self.envelope("slow-1", text: "Danang"), logger: .discarding)
        #expect(handled.outcome == .answered)
        let placeholder = try Self.payload(of: handled.acknowledgement)
        #expect(placeholder.responseType == .ephemeral)
        #expect(placeholder.text.contains("Looking up Danang"))
        #expect(late.count == 0)

        harness.fakes.openWeather.gate.open()
        #expect(await harness.application.background.waitUntilIdle(atMost: .seconds(60)))
        let (message, url) = try #require(late.messages(as: SlackMessage.self).first)
        #expect(url.absoluteString == "https://hooks.slack.com/commands/T0TENKI/1/demo")
        #expect(MessageTextRenderer.render(message).contains("Da Nang, VN"))
    }

    @Test("an answer ready in time is the acknowledgement's payload, and nothing follows late")
    func inTime() async throws {
        let late = RecordingLateAnswers()
        let harness = try AppHarness(lateAnswers: .custom(late), waitForBudget: AppHarness.budgetNeverSpent)
        let handled = await SocketModeAdapter(router: harness.application.router).handle(
            try Self.envelope("fast-1", text: "Danang"), logger: .discarding)
        let message = try Self.payload(of: handled.acknowledgement)
        #expect(message.responseType == .inChannel)
        #expect(MessageTextRenderer.render(message).contains("Da Nang, VN"))
        #expect(late.count == 0)
    }
}
