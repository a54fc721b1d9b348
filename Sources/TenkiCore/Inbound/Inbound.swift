import Foundation

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
        /// An Events API callback (or a Socket Mode `events_api` envelope), or a request Tenki has
        /// no use for, named by its type.
        case event(InboundEvent)
        /// A modal's submission (`view_submission`), read tolerantly.
        case viewSubmission(ViewSubmission)

        /// An event known only by its type: nothing to de-duplicate it by.
        public static func event(type: String) -> Kind { .event(InboundEvent(type: type)) }
    }

    public var kind: Kind
    public var context: InboundContext

    public init(_ kind: Kind, context: InboundContext) {
        self.kind = kind
        self.context = context
    }
}

/// One event of Slack's Events API: its type, its `event_id` (the same in each of Slack's retries
/// of it, so the dispatcher takes it once) and what Tenki reads of it.
public struct InboundEvent: Sendable, Equatable {
    public var type: String
    /// Nil: the event cannot be told apart from a retry, and is taken each time.
    public var id: String?
    /// `app_home_opened`'s tab: `home` or `messages`.
    public var tab: String?
    /// When Slack sent the event (`event_time`, whole seconds), the same in each retry of it.
    public var sentAt: Date?

    public init(type: String, id: String? = nil, tab: String? = nil, sentAt: Date? = nil) {
        self.type = type
        self.id = id
        self.tab = tab
        self.sentAt = sentAt
    }
}

/// A press on a button (or a choice in a menu): which one, the value it carries, and whether the
/// pressed message is private to the presser (only such a message is shared).
public struct ButtonPress: Sendable, Equatable, Codable {
    public var actionID: String
    public var value: String?
    public var fromEphemeral: Bool
    /// Slack's `trigger_id`: a modal may be opened with it, once, within 3 seconds.
    public var triggerID: String?

    public init(actionID: String, value: String?, fromEphemeral: Bool, triggerID: String? = nil) {
        self.actionID = actionID
        self.value = value
        self.fromEphemeral = fromEphemeral
        self.triggerID = triggerID
    }
}
