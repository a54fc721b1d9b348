import Foundation

/// Slack's interactivity request (`POST /slack/interactions`): a form body with one field,
/// `payload`, holding JSON. Only what Tenki acts on is read; everything is optional on the wire and
/// checked here, since the payload's values (button values above all) are untrusted.
public struct InteractionPayload: Sendable, Equatable {
    /// `block_actions`, `view_submission`, `shortcut`, …
    public var type: String
    public var teamID: String?
    /// Set on Enterprise Grid (`enterprise.id`, or the user's `enterprise_id`).
    public var enterpriseID: String?
    /// Slack's `is_enterprise_install`: the app answers here through its organisation's org-wide install.
    public var isEnterpriseInstall: Bool
    public var userID: String?
    public var channelID: String?
    /// Where the effect goes: a fresh URL with every press.
    public var responseURL: String?
    /// True for a press on a message only its caller sees.
    public var isEphemeral: Bool
    /// The first action of a `block_actions` payload (Slack sends one per press).
    public var action: Action?
    /// Opens a modal, once, within 3 seconds of the press.
    public var triggerID: String?

    public struct Action: Sendable, Equatable {
        public var actionID: String
        /// A button's `value`, or a menu's `selected_option.value`.
        public var value: String?
    }

    /// Why a body is not an interaction: each is a 400 with this text.
    public enum DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
        case notForm(String)
        case missingPayload
        case payloadNotJSON
        case missingType

        public var description: String {
            switch self {
            case .notForm(let detail): "the body is not form-encoded: \(detail)"
            case .missingPayload: "the body has no payload field"
            case .payloadNotJSON: "the payload field is not a JSON object"
            case .missingType: "the payload has no type"
            }
        }
    }

    /// Reads the form body and the JSON inside it.
    public init(formBody: [UInt8]) throws(DecodingError) {
        let form: [(String, String)]
        do {
            form = try FormURLEncoded.decode(formBody)
        } catch {
            throw .notForm(String(describing: error))
        }
        guard let json = form.first(where: { $0.0 == "payload" })?.1 else { throw .missingPayload }
        try self.init(json: Data(json.utf8))
    }

    public init(json: Data) throws(DecodingError) {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: json)
        } catch {
            throw .payloadNotJSON
        }
        guard let type = wire.type, !type.isEmpty else { throw .missingType }
        self.type = type
        teamID = wire.team?.id ?? wire.user?.team_id
        enterpriseID = wire.enterprise?.id ?? wire.user?.enterprise_id
        isEnterpriseInstall = wire.is_enterprise_install ?? false
        userID = wire.user?.id
        channelID = wire.channel?.id ?? wire.container?.channel_id
        responseURL = wire.response_url
        isEphemeral = wire.container?.is_ephemeral ?? false
        triggerID = wire.trigger_id
        action = wire.actions?.first.flatMap { action in
            action.action_id.map { Action(actionID: $0, value: action.value ?? action.selected_option?.value) }
        }
    }

    /// The wire shape, every field optional: a missing field is absent, and fields Slack adds over
    /// time are ignored. A field of the wrong type makes the payload unreadable (a 400).
    private struct Wire: Decodable {
        struct Identified: Decodable {
            var id: String?
            var team_id: String?
            var enterprise_id: String?
        }
        struct Container: Decodable {
            var channel_id: String?
            var is_ephemeral: Bool?
        }
        struct Option: Decodable {
            var value: String?
        }
        struct WireAction: Decodable {
            var action_id: String?
            var value: String?
            var selected_option: Option?
        }
        var type: String?
        var team: Identified?
        var enterprise: Identified?
        var is_enterprise_install: Bool?
        var user: Identified?
        var channel: Identified?
        var container: Container?
        var response_url: String?
        var trigger_id: String?
        var actions: [WireAction]?
    }
}
