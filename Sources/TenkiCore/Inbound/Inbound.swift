/// One request from any way in (Slack's HTTP commands and interactions, Mattermost, Discord; later
/// Slack's events, Socket Mode envelopes and modals), verified and decoded by its adapter: the one
/// value the dispatcher runs. Nothing platform-specific is left in it but the context's platform
/// and reply target, which the edge renders the answer for.
public struct Inbound: Sendable {
    public enum Kind: Sendable {
        /// A slash command (Slack, Mattermost) or an application command (Discord).
        case command(SlashCommandPayload)
        /// A press on one of Tenki's buttons or menus.
        case press(ButtonPress)
        /// An Events API callback or a Socket Mode `events_api` envelope, by its event type. No way
        /// in produces it yet; the dispatcher answers it "not handled".
        case event(type: String)
        /// A modal's submission, by its `callback_id`. No way in produces it yet; the dispatcher
        /// answers it "not handled".
        case viewSubmission(callbackID: String)
    }

    public var kind: Kind
    public var context: InboundContext

    public init(_ kind: Kind, context: InboundContext) {
        self.kind = kind
        self.context = context
    }
}

/// A press on a button (or a choice in a menu): which one, the value it carries, and whether the
/// pressed message is private to the presser (only such a message is shared).
public struct ButtonPress: Sendable, Equatable, Codable {
    public var actionID: String
    public var value: String?
    public var fromEphemeral: Bool

    public init(actionID: String, value: String?, fromEphemeral: Bool) {
        self.actionID = actionID
        self.value = value
        self.fromEphemeral = fromEphemeral
    }
}
