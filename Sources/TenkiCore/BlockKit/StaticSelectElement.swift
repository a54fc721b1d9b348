/// A menu (`static_select`): alone in an actions block under a message, or in a modal's input
/// block. At most 100 options, each label plain text of at most 75 characters and each value at
/// most 150 (an option whose value is longer is left out rather than cut: a cut value would not
/// decode when it comes back).
public struct StaticSelectElement: Sendable, Equatable, Codable {
    public struct Option: Sendable, Equatable, Codable {
        public private(set) var text: TextObject
        public private(set) var value: String

        public init(label: String, value: String) {
            self.text = .plain(label, limit: SlackLimits.optionText)
            self.value = value
        }
    }

    /// Block Kit's element type, encoded with the rest (a decoded one is kept as sent).
    private(set) var type = "static_select"
    public private(set) var actionID: String
    public private(set) var placeholder: TextObject
    public private(set) var options: [Option]
    /// The option shown chosen when the menu opens; always one of `options`.
    public private(set) var initialOption: Option?

    public init(_ menu: ChatMenu) {
        self.init(
            actionID: menu.actionID, placeholder: menu.placeholder,
            options: menu.options.map { Option(label: $0.label, value: $0.value) })
    }

    /// - Parameter initialValue: the value of the option chosen at first; ignored when no option has it.
    public init(actionID: String, placeholder: String, options: [Option], initialValue: String? = nil) {
        self.actionID = String(actionID.unicodeScalars.prefix(SlackLimits.actionID))
        self.placeholder = .plain(placeholder, limit: SlackLimits.placeholderText)
        self.options = Array(options.lazy.filter { $0.value.count <= SlackLimits.optionValue }.prefix(SlackLimits.selectOptions))
        self.initialOption = initialValue.flatMap { value in self.options.first { $0.value == value } }
    }

    /// A modal's menu of every case of `Choice` in declaration order, each labelled by `label`, with
    /// `chosen` shown chosen: the option values are the cases' raw values, so the answer decodes back.
    public init<Choice: CaseIterable & RawRepresentable<String>>(
        actionID: String, placeholder: String, chosen: Choice, label: (Choice) -> String
    ) {
        self.init(
            actionID: actionID, placeholder: placeholder,
            options: Choice.allCases.map { Option(label: label($0), value: $0.rawValue) }, initialValue: chosen.rawValue)
    }

    enum CodingKeys: String, CodingKey {
        case type, placeholder, options
        case actionID = "action_id"
        case initialOption = "initial_option"
    }
}
