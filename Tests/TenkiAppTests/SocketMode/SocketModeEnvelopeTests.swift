import Foundation
import Testing

@testable import TenkiApp

/// Socket Mode messages read strictly: each type, and hostile ones that must be refused (or
/// acknowledged and ignored), never crash.
@Suite("Socket Mode envelopes")
struct SocketModeEnvelopeTests {
    @Test("hello and disconnect (each reason)")
    func controlMessages() {
        #expect(
            SocketModeMessage(text: #"{"type":"hello","num_connections":2,"debug_info":{"host":"applink-1"}}"#)
                == .hello(connections: 2))
        for reason in ["refresh_requested", "warning", "link_disabled"] {
            #expect(SocketModeMessage(text: #"{"type":"disconnect","reason":"\#(reason)"}"#) == .disconnect(reason: reason))
        }
        #expect(SocketModeMessage(text: #"{"type":"disconnect","reason":"<script>"}"#) == .disconnect(reason: "unknown"))
    }

    @Test("slash_commands, interactive and events_api envelopes, with their payload and flags")
    func envelopes() throws {
        let command = SocketModeMessage(
            text: #"""
                {"envelope_id":"0b9e4a2c-1","type":"slash_commands","accepts_response_payload":true,
                 "payload":{"command":"/weather","text":"Danang","user_id":"U1","team_id":"T1","response_url":"https://hooks.slack.com/commands/T1/1/x"}}
                """#)
        guard case .envelope(let envelope) = command else { Issue.record("\(command)"); return }
        #expect(envelope.id == "0b9e4a2c-1")
        #expect(envelope.kind == .slashCommands)
        #expect(envelope.acceptsResponsePayload)
        #expect(envelope.retryAttempt == nil)
        #expect(envelope.payload.formFields.map(\.0) == ["command", "response_url", "team_id", "text", "user_id"])
        let retried = SocketModeMessage(
            text:
                #"{"envelope_id":"e2","type":"interactive","payload":{"type":"block_actions"},"retry_attempt":1,"retry_reason":"timeout"}"#
        )
        guard case .envelope(let interactive) = retried else { Issue.record("\(retried)"); return }
        #expect(interactive.kind == .interactive)
        #expect(interactive.retryAttempt == 1)
        #expect(!interactive.acceptsResponsePayload)
        let event = SocketModeMessage(text: #"{"envelope_id":"e3","type":"events_api","payload":{"type":"event_callback"}}"#)
        guard case .envelope(let events) = event else { Issue.record("\(event)"); return }
        #expect(events.kind == .eventsAPI)
    }

    @Test(
        "hostile messages are unusable, with the envelope_id only when it is safe to echo",
        arguments: [
            ("", nil),
            ("not json", nil),
            ("[1,2,3]", nil),
            (#""a string""#, nil),
            (#"{"type":42,"envelope_id":"e1"}"#, "e1"),
            (#"{"type":"slash_commands","payload":{}}"#, nil),
            (#"{"type":"slash_commands","envelope_id":"","payload":{}}"#, nil),
            (#"{"type":"slash_commands","envelope_id":"a\"b","payload":{}}"#, nil),
            (#"{"type":"slash_commands","envelope_id":"\#(String(repeating: "a", count: 129))","payload":{}}"#, nil),
            (#"{"type":"slash_commands","envelope_id":7,"payload":{}}"#, nil),
            (#"{"type":"slash_commands","envelope_id":"e1","payload":"command=/weather"}"#, "e1"),
            (#"{"type":"slash_commands","envelope_id":"e1"}"#, "e1"),
            (#"{"type":"app_rate_limited","envelope_id":"e1","payload":{}}"#, "e1"),
            (#"{"type":"events_api","envelope_id":"e1","payload":[]}"#, "e1"),
        ] as [(String, String?)])
    func hostile(_ text: String, _ id: String?) {
        guard case .unusable(_, let envelopeID) = SocketModeMessage(text: text) else {
            Issue.record("taken: \(text)")
            return
        }
        #expect(envelopeID == id)
    }

    @Test("deeply nested and very large payloads are read or refused without a crash")
    func deepAndLarge() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        _ = SocketModeMessage(text: #"{"type":"events_api","envelope_id":"e1","payload":{"x":\#(deep)}}"#)
        let large = String(repeating: "x", count: 2_000_000)
        let message = SocketModeMessage(text: #"{"type":"slash_commands","envelope_id":"e1","payload":{"text":"\#(large)"}}"#)
        guard case .envelope(let envelope) = message else { Issue.record("refused"); return }
        #expect(envelope.payload.formFields.first?.1.count == 2_000_000)
    }

    @Test("the payload's non-string values are not form fields")
    func formFields() {
        let message = SocketModeMessage(
            text: #"{"type":"slash_commands","envelope_id":"e1","payload":{"text":"a","n":1,"b":true,"o":{"x":"y"},"z":null}}"#)
        guard case .envelope(let envelope) = message else { Issue.record("refused"); return }
        #expect(envelope.payload.formFields.map(\.0) == ["text"])
    }

    @Test(
        "a payload equals itself read again, whatever its values, and differs where a value's type differs",
        arguments: [#"{"a":false}"#, #"{"a":true,"b":0}"#, #"{"o":{"z":[1,{"y":null}],"a":1.5},"t":"\u00e9"}"#])
    func payloadEquality(_ payload: String) {
        let text = #"{"type":"events_api","envelope_id":"e1","payload":\#(payload)}"#
        #expect(SocketModeMessage(text: text) == SocketModeMessage(text: text))
        let flipped = text.replacingOccurrences(of: "false", with: "0").replacingOccurrences(of: "true", with: "1")
        if flipped != text { #expect(SocketModeMessage(text: text) != SocketModeMessage(text: flipped)) }
    }

    @Test("recent envelope ids: a retry is seen, the oldest is forgotten past the capacity, a forgotten one is taken again")
    func recentIDs() {
        let recent = RecentEnvelopeIDs(capacity: 3)
        #expect(recent.insert("a"))
        #expect(!recent.insert("a"))
        #expect(recent.insert("b") && recent.insert("c") && recent.insert("d"))
        #expect(recent.count == 3)
        #expect(recent.insert("a"))
        #expect(!recent.insert("d"))
        recent.forget("d")
        #expect(recent.insert("d"))
    }
}
