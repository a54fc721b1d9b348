/// A menu (`static_select`) alone in an actions block: at most 100 options, each label plain text
/// of at most 75 characters and each value at most 150 (an option whose value is longer is left
/// out rather than cut: a cut value would not decode when it comes back).
public struct StaticSelectElement: Sendable, Equatable, Codable {
    public struct Option: Sendable, Equatable, Codable {
        public private(set) var text: TextObject
        public private(set) var value: String
    }

    /// Block Kit's element type, encoded with the rest (a decoded one is kept as sent).
    private(set) var type = "static_select"
    public private(set) var actionID: String
    public private(set) var placeholder: TextObject
    public private(set) var options: [Option]

    public init(_ menu: ChatMenu) {
        actionID = String(menu.actionID.unicodeScalars.prefix(SlackLimits.actionID))
        placeholder = .plain(menu.placeholder, limit: SlackLimits.placeholderText)
        options = menu.options.lazy.filter { $0.value.count <= SlackLimits.optionValue }.prefix(SlackLimits.selectOptions)
            .map { Option(text: .plain($0.label, limit: SlackLimits.optionText), value: $0.value) }
    }

    enum CodingKeys: String, CodingKey {
        case type, placeholder, options
        case actionID = "action_id"
    }
}
