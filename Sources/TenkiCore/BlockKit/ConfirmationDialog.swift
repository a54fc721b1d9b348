/// The "are you sure?" Slack shows before a button acts (a button's `confirm`): a plain-text title
/// of at most 100 characters, a mrkdwn text of at most 300, and the two buttons' words, at most 30
/// each. Used where a press cannot be undone (removing a subscription).
public struct ConfirmationDialog: Sendable, Equatable, Codable {
    public private(set) var title: TextObject
    public private(set) var text: TextObject
    public private(set) var confirm: TextObject
    public private(set) var deny: TextObject
    /// `danger` paints the confirm button red; nil leaves Slack's default.
    public private(set) var style: String?

    public init(title: String, markdown: String, confirm: String, deny: String, style: ButtonElement.Style? = nil) {
        self.title = .plain(title, limit: SlackLimits.confirmTitle)
        self.text = .markdown(markdown, limit: SlackLimits.confirmText)
        self.confirm = .plain(confirm, limit: SlackLimits.confirmButton)
        self.deny = .plain(deny, limit: SlackLimits.confirmButton)
        self.style = style?.rawValue
    }
}
