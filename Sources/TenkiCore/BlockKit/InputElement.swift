/// What an input block of a modal holds: one field, whose state comes back in the submission
/// under the block's `block_id` and the element's `action_id`.
public enum InputElement: Sendable, Equatable, Encodable {
    case plainText(PlainTextInputElement)
    case timePicker(TimePickerElement)
    case conversationsSelect(ConversationsSelectElement)
    case staticSelect(StaticSelectElement)

    public var actionID: String {
        switch self {
        case .plainText(let element): element.actionID
        case .timePicker(let element): element.actionID
        case .conversationsSelect(let element): element.actionID
        case .staticSelect(let element): element.actionID
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .plainText(let element): try element.encode(to: encoder)
        case .timePicker(let element): try element.encode(to: encoder)
        case .conversationsSelect(let element): try element.encode(to: encoder)
        case .staticSelect(let element): try element.encode(to: encoder)
        }
    }
}

/// A one-line text field (`plain_text_input`). Slack itself stops the user at `max_length`.
public struct PlainTextInputElement: Sendable, Equatable, Encodable {
    private(set) var type = "plain_text_input"
    public private(set) var actionID: String
    public private(set) var placeholder: TextObject?
    public private(set) var initialValue: String?
    public private(set) var maxLength: Int

    public init(actionID: String, placeholder: String? = nil, initialValue: String? = nil, maxLength: Int) {
        self.actionID = String(actionID.unicodeScalars.prefix(SlackLimits.actionID))
        self.placeholder = placeholder.map { .plain($0, limit: SlackLimits.placeholderText) }
        self.maxLength = min(max(1, maxLength), SlackLimits.plainTextInputValue)
        // An initial value longer than the field allows would be refused by Slack: it is left out.
        self.initialValue = initialValue.flatMap { $0.isEmpty || $0.unicodeScalars.count > self.maxLength ? nil : $0 }
    }

    enum CodingKeys: String, CodingKey {
        case type, placeholder
        case actionID = "action_id"
        case initialValue = "initial_value"
        case maxLength = "max_length"
    }
}

/// A time of day (`timepicker`): comes back as `selected_time`, `HH:mm` on a 24-hour clock.
public struct TimePickerElement: Sendable, Equatable, Encodable {
    private(set) var type = "timepicker"
    public private(set) var actionID: String
    public private(set) var initialTime: String?
    public private(set) var placeholder: TextObject?

    public init(actionID: String, initialTime: LocalTime?, placeholder: String? = nil) {
        self.actionID = String(actionID.unicodeScalars.prefix(SlackLimits.actionID))
        self.initialTime = initialTime?.description
        self.placeholder = placeholder.map { .plain($0, limit: SlackLimits.placeholderText) }
    }

    enum CodingKeys: String, CodingKey {
        case type, placeholder
        case actionID = "action_id"
        case initialTime = "initial_time"
    }
}

/// A channel picker (`conversations_select`) limited to public and private channels; comes back
/// as `selected_conversation`. Starts on `initialConversation` when known, else on the
/// conversation the modal was opened from (`default_to_current_conversation`).
public struct ConversationsSelectElement: Sendable, Equatable, Encodable {
    public struct Filter: Sendable, Equatable, Encodable {
        var include = ["public", "private"]
        var excludeBotUsers = true

        enum CodingKeys: String, CodingKey {
            case include
            case excludeBotUsers = "exclude_bot_users"
        }
    }

    private(set) var type = "conversations_select"
    public private(set) var actionID: String
    public private(set) var placeholder: TextObject?
    public private(set) var initialConversation: String?
    public private(set) var defaultToCurrentConversation: Bool?
    public private(set) var filter = Filter()

    public init(actionID: String, placeholder: String? = nil, initialConversation: String?) {
        self.actionID = String(actionID.unicodeScalars.prefix(SlackLimits.actionID))
        self.placeholder = placeholder.map { .plain($0, limit: SlackLimits.placeholderText) }
        self.initialConversation = initialConversation
        self.defaultToCurrentConversation = initialConversation == nil ? true : nil
    }

    enum CodingKeys: String, CodingKey {
        case type, placeholder, filter
        case actionID = "action_id"
        case initialConversation = "initial_conversation"
        case defaultToCurrentConversation = "default_to_current_conversation"
    }
}
