import Foundation
import TenkiCore
import TenkiHTTPServer
import TenkiLogging
import TenkiMetrics
import Testing

@testable import TenkiApp

/// Envelopes through the HTTP adapters' decoding into the same `Inbound` values, and the
/// acknowledgements they get: the inline answer as a command's `payload`, nothing for events, a
/// retried `envelope_id` run once.
@Suite("Socket Mode adapter")
struct SocketModeAdapterTests {
    let responder = RouterTests.RecordingResponder()

    var router: TenkiRouter {
        TenkiRouter(verifier: nil, commands: responder, metrics: MetricsRegistry(), logger: .discarding)
    }

    static let commandFields: [(String, String)] = [
        ("command", "/weather"), ("text", "Danang"), ("user_id", "U1"), ("user_name", "an"), ("team_id", "T1"),
        ("channel_id", "C1"), ("response_url", "https://hooks.slack.com/commands/T1/1/x"), ("trigger_id", "1.2.3"),
    ]

    static func envelope(_ json: String) -> SocketModeEnvelope {
        guard case .envelope(let envelope) = SocketModeMessage(text: json) else { preconditionFailure(json) }
        return envelope
    }

    static func commandEnvelope(id: String = "env-1", accepts: Bool = true) -> SocketModeEnvelope {
        let payload = commandFields.map { #""\#($0.0)":"\#($0.1)""# }.joined(separator: ",")
        return envelope(
            #"{"envelope_id":"\#(id)","type":"slash_commands","accepts_response_payload":\#(accepts),"payload":{\#(payload)}}"#)
    }

    @Test("a slash command: the same payload as over HTTP, the reply target the envelope with its response_url")
    func commandValue() throws {
        let adapter = SocketModeAdapter(router: router)
        let inbound = try adapter.inbound(Self.commandEnvelope())
        let overHTTP = try SlackCommandAdapter(verifier: nil, decoder: FormCommandDecoder()).inbound(
            from: HTTPRequest(
                method: "POST", target: "/slack/commands", body: Array(FormURLEncoded.encode(Self.commandFields).utf8)))
        guard case .command(let payload) = inbound.kind, case .command(let httpPayload) = overHTTP.kind else {
            Issue.record("not a command")
            return
        }
        #expect(payload.command == httpPayload.command && payload.text == httpPayload.text)
        #expect(payload.userID == httpPayload.userID && payload.teamID == httpPayload.teamID)
        #expect(payload.responseURL == httpPayload.responseURL)
        #expect(
            inbound.context.replyTarget
                == .socketAcknowledgement(envelopeID: "env-1", responseURL: "https://hooks.slack.com/commands/T1/1/x"))
        #expect(inbound.context.team == overHTTP.context.team && inbound.context.channel == overHTTP.context.channel)
    }

    @Test("a command is acknowledged with the message the HTTP response carries, as its payload")
    func commandAcknowledgement() async throws {
        let router = router
        let handled = await SocketModeAdapter(router: router).handle(Self.commandEnvelope(), logger: .discarding)
        #expect(handled.outcome == .answered)
        let http = await router.respond(
            to: HTTPRequest(
                method: "POST", target: "/slack/commands", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Array(FormURLEncoded.encode(Self.commandFields).utf8)))
        let ack = try #require(handled.acknowledgement)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(ack.utf8)) as? [String: Any])
        #expect(object["envelope_id"] as? String == "env-1")
        let payload = try JSONSerialization.data(withJSONObject: try #require(object["payload"]))
        #expect(
            NSDictionary(dictionary: try JSONSerialization.jsonObject(with: payload) as! [String: Any])
                == NSDictionary(dictionary: try JSONSerialization.jsonObject(with: Data(http.body)) as! [String: Any]))
        #expect(String(decoding: payload, as: UTF8.self).contains("answer for Danang"))
    }

    @Test("a retried envelope_id is acknowledged again and not run again")
    func retriedOnce() async throws {
        let adapter = SocketModeAdapter(router: router)
        let first = await adapter.handle(Self.commandEnvelope(id: "env-9"), logger: .discarding)
        let again = await adapter.handle(Self.commandEnvelope(id: "env-9"), logger: .discarding)
        #expect(first.outcome == .answered)
        #expect(again == .init(acknowledgement: #"{"envelope_id":"env-9"}"#, outcome: .duplicate))
        #expect(responder.payloads.count == 1)
        _ = await adapter.handle(Self.commandEnvelope(id: "env-10"), logger: .discarding)
        #expect(responder.payloads.count == 2)
    }

    @Test("an envelope that takes no payload is acknowledged bare")
    func noPayloadAccepted() async {
        let handled = await SocketModeAdapter(router: router).handle(Self.commandEnvelope(accepts: false), logger: .discarding)
        #expect(handled == .init(acknowledgement: #"{"envelope_id":"env-1"}"#, outcome: .acknowledged))
    }

    @Test("a button press: a press value whose late answer goes to its response_url")
    func press() throws {
        let envelope = Self.envelope(
            #"""
            {"envelope_id":"p1","type":"interactive","accepts_response_payload":false,"payload":{"type":"block_actions",
             "user":{"id":"U1","team_id":"T1"},"team":{"id":"T1"},"channel":{"id":"C1"},
             "response_url":"https://hooks.slack.com/actions/T1/1/y","container":{"is_ephemeral":true},
             "actions":[{"action_id":"tenki.weather.hourly","value":"Danang|metric"}]}}
            """#)
        let inbound = try SocketModeAdapter(router: router).inbound(envelope)
        guard case .press(let press) = inbound.kind else { Issue.record("\(inbound.kind)"); return }
        #expect(press.actionID == "tenki.weather.hourly" && press.value == "Danang|metric" && press.fromEphemeral)
        #expect(inbound.context.user == "U1" && inbound.context.channel == "C1")
        #expect(
            inbound.context.replyTarget
                == .socketAcknowledgement(envelopeID: "p1", responseURL: "https://hooks.slack.com/actions/T1/1/y"))
    }

    @Test("a press Tenki does not serve here is acknowledged bare")
    func pressTarget() async {
        let envelope = Self.envelope(
            #"{"envelope_id":"p2","type":"interactive","payload":{"type":"block_actions","user":{"id":"U1"},"response_url":"https://hooks.slack.com/a","actions":[{"action_id":"x"}]}}"#
        )
        let handled = await SocketModeAdapter(router: router).handle(envelope, logger: .discarding)
        #expect(handled == .init(acknowledgement: #"{"envelope_id":"p2"}"#, outcome: .acknowledged))
    }

    @Test("an Events API envelope: an event value, acknowledged with no payload")
    func event() async throws {
        let envelope = Self.envelope(
            #"{"envelope_id":"ev1","type":"events_api","accepts_response_payload":false,"payload":{"type":"event_callback","team_id":"T1","event_id":"Ev1","event":{"type":"app_home_opened","user":"U1","tab":"home"}}}"#
        )
        let inbound = try SocketModeAdapter(router: router).inbound(envelope)
        guard case .event = inbound.kind else { Issue.record("\(inbound.kind)"); return }
        #expect(inbound.context.team == "T1" && inbound.context.user == "U1")
        let handled = await SocketModeAdapter(router: router).handle(envelope, logger: .discarding)
        #expect(handled == .init(acknowledgement: #"{"envelope_id":"ev1"}"#, outcome: .acknowledged))
    }

    @Test(
        "payloads the HTTP adapters refuse are acknowledged as undecodable and run nothing",
        arguments: [
            #"{"envelope_id":"b1","type":"slash_commands","payload":{"text":"no command or user"}}"#,
            #"{"envelope_id":"b2","type":"interactive","payload":{"no":"type"}}"#,
            #"{"envelope_id":"b3","type":"interactive","payload":{"type":7}}"#,
            #"{"envelope_id":"b4","type":"events_api","payload":{"event":{}}}"#,
        ])
    func undecodable(_ json: String) async {
        let envelope = Self.envelope(json)
        let handled = await SocketModeAdapter(router: router).handle(envelope, logger: .discarding)
        #expect(handled == .init(acknowledgement: #"{"envelope_id":"\#(envelope.id)"}"#, outcome: .undecodable))
        #expect(responder.payloads.isEmpty)
    }
}
