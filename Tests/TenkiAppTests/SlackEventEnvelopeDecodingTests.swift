import Testing
@testable import TenkiApp

/// What a 400 from `/slack/events` says: the envelope's own field names, never the body's text.
@Suite("Slack event envelopes that cannot be read")
struct SlackEventEnvelopeDecodingTests {
    @Test("each kind of bad body has its reason", arguments: [
        (#"not json, {"challenge":"c"}"#, SlackEventEnvelope.DecodingError.notJSON),
        (#"["type"]"#, .notJSON),
        (#"{"no":"type"}"#, .missingField("`type`")),
        (#"{"type":7}"#, .wrongValue("`type`")),
        (#"{"type":"event_callback","event":{"user":"U1"}}"#, .missingField("`event.type`")),
        (#"{"type":"event_callback","authorizations":[{"team_id":["T1"]}]}"#, .wrongValue("`authorizations[0].team_id`")),
    ])
    func reasons(body: String, expected: SlackEventEnvelope.DecodingError) {
        #expect(throws: expected) { try SlackEventEnvelope.decode(Array(body.utf8)) }
    }

    @Test("a reason never repeats what the body said")
    func noEcho() {
        let body = #"{"type":{"secret-value-from-the-body":1}}"#
        do {
            _ = try SlackEventEnvelope.decode(Array(body.utf8))
            Issue.record("decoded")
        } catch {
            #expect(!error.description.contains("secret-value"))
            #expect(error == .wrongValue("`type`"))
        }
    }

    @Test("a good envelope decodes")
    func good() throws {
        let body = #"{"type":"event_callback","team_id":"T1","event":{"type":"app_home_opened"}}"#
        let envelope = try SlackEventEnvelope.decode(Array(body.utf8))
        #expect(envelope.type == "event_callback" && envelope.teamID == "T1" && envelope.event?.type == "app_home_opened")
    }
}
