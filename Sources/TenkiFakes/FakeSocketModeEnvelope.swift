import Foundation

/// One envelope as Slack sends it over Socket Mode: `{"envelope_id", "type", "payload",
/// "accepts_response_payload", "retry_attempt", "retry_reason"}`. The payload is what the HTTP
/// endpoint would have received (a slash command's fields as a JSON object, an interactive payload,
/// an Events API callback); the client acknowledges with `{"envelope_id", "payload"?}`.
public struct FakeSocketModeEnvelope: Sendable, Equatable {
    /// The envelope types Slack sends to an app.
    public enum Kind: String, Sendable, CaseIterable {
        case slashCommands = "slash_commands"
        case interactive
        case eventsAPI = "events_api"
    }

    public var envelopeID: String
    public var kind: Kind
    /// The payload object's JSON text.
    public var payloadJSON: String
    /// 0 for a first delivery; Slack counts up when it sends the same `envelope_id` again.
    public var retryAttempt: Int

    public init(envelopeID: String, kind: Kind, payloadJSON: String, retryAttempt: Int = 0) {
        self.envelopeID = envelopeID
        self.kind = kind
        self.payloadJSON = payloadJSON
        self.retryAttempt = retryAttempt
    }

    /// Whether Slack lets the acknowledgement carry a message (commands only).
    public var acceptsResponsePayload: Bool { kind == .slashCommands }

    /// The text frame's content. The payload is spliced in as written so that it reaches the client byte for byte.
    public var json: String {
        let retryReason = retryAttempt > 0 ? "timeout" : ""
        return "{\"envelope_id\":\(Self.quoted(envelopeID)),\"type\":\"\(kind.rawValue)\",\"payload\":\(payloadJSON),"
            + "\"accepts_response_payload\":\(acceptsResponsePayload),\"retry_attempt\":\(retryAttempt),"
            + "\"retry_reason\":\"\(retryReason)\"}"
    }

    /// A slash command's payload with Slack's fields; `responseURL` is where late answers go.
    public static func slashCommand(
        envelopeID: String, command: String, text: String, responseURL: String, user: String = "U0TENKI",
        channel: String = "C0TENKI", team: String = "T0TENKI", retryAttempt: Int = 0
    ) -> FakeSocketModeEnvelope {
        let payload: [String: Any] = [
            "token": "fake-verification-token", "team_id": team, "team_domain": "tenki-fake", "channel_id": channel,
            "channel_name": "general", "user_id": user, "user_name": user.lowercased(), "command": command, "text": text,
            "api_app_id": FakeSocketModeServer.defaultAppID, "is_enterprise_install": "false", "response_url": responseURL,
            "trigger_id": "\(envelopeID).trigger",
        ]
        return FakeSocketModeEnvelope(
            envelopeID: envelopeID, kind: .slashCommands, payloadJSON: encode(payload), retryAttempt: retryAttempt)
    }

    /// A `block_actions` payload: a press of `actionID` with `value` on a message whose answers go to `responseURL`.
    public static func buttonPress(
        envelopeID: String, actionID: String, value: String, responseURL: String, user: String = "U0TENKI",
        channel: String = "C0TENKI", team: String = "T0TENKI", retryAttempt: Int = 0
    ) -> FakeSocketModeEnvelope {
        let payload: [String: Any] = [
            "type": "block_actions", "api_app_id": FakeSocketModeServer.defaultAppID, "token": "fake-verification-token",
            "team": ["id": team, "domain": "tenki-fake"], "user": ["id": user, "username": user.lowercased(), "team_id": team],
            "channel": ["id": channel, "name": "general"], "container": ["type": "message", "channel_id": channel],
            "trigger_id": "\(envelopeID).trigger", "response_url": responseURL,
            "actions": [
                [
                    "type": "button", "action_id": actionID, "block_id": "tenki.actions", "value": value,
                    "action_ts": "1700000000.000100",
                ]
            ],
        ]
        return FakeSocketModeEnvelope(
            envelopeID: envelopeID, kind: .interactive, payloadJSON: encode(payload), retryAttempt: retryAttempt)
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8)
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    static func encode(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
