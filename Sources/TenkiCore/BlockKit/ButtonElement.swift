/// A button in an actions block. Its label is plain text of at most 75 characters, its
/// `action_id` at most 255 and its `value` at most 2,000; a longer value is cut (the handler
/// treats what comes back as untrusted anyway).
public struct ButtonElement: Sendable, Equatable, Codable {
    /// Block Kit's element type, encoded with the rest.
    private(set) var type = "button"
    public private(set) var actionID: String
    public private(set) var text: TextObject
    public private(set) var value: String
    public private(set) var style: String?
    /// Asked before the press is sent; nil: the press acts at once.
    public private(set) var confirm: ConfirmationDialog?

    /// Slack's two button colours; none is the default grey.
    public enum Style: String, Sendable {
        case primary, danger
    }

    public init(_ button: ChatButton) {
        self.init(actionID: button.actionID, label: button.label, value: button.value, style: button.isPrimary ? .primary : nil)
    }

    public init(actionID: String, label: String, value: String, style: Style? = nil, confirm: ConfirmationDialog? = nil) {
        self.actionID = String(actionID.unicodeScalars.prefix(SlackLimits.actionID))
        self.text = .plain(label, limit: SlackLimits.buttonText)
        self.value = String(value.unicodeScalars.prefix(SlackLimits.buttonValue))
        self.style = style?.rawValue
        self.confirm = confirm
    }

    enum CodingKeys: String, CodingKey {
        case type, text, value, style, confirm
        case actionID = "action_id"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.actionID = try container.decode(String.self, forKey: .actionID)
        self.text = try container.decode(TextObject.self, forKey: .text)
        self.value = try container.decodeIfPresent(String.self, forKey: .value) ?? ""
        self.style = try container.decodeIfPresent(String.self, forKey: .style)
        self.confirm = try container.decodeIfPresent(ConfirmationDialog.self, forKey: .confirm)
    }
}
