/// A modal's field: a label, one element, an optional hint under it. Its `block_id` is the key
/// of the field's state in a submission and of its message in `response_action: errors`, so the
/// ids are Tenki's fixed names (`place`, `channel`, …), never generated.
public struct InputBlock: Sendable, Equatable, Encodable {
    private(set) var type = "input"
    public private(set) var blockID: String
    public private(set) var label: TextObject
    public private(set) var element: InputElement
    public private(set) var hint: TextObject?
    public private(set) var optional: Bool

    public init(blockID: String, label: String, element: InputElement, hint: String? = nil, optional: Bool = false) {
        self.blockID = String(blockID.unicodeScalars.prefix(SlackLimits.blockID))
        self.label = .plain(label, limit: SlackLimits.inputLabel)
        self.element = element
        self.hint = hint.map { .plain($0, limit: SlackLimits.inputHint) }
        self.optional = optional
    }

    enum CodingKeys: String, CodingKey {
        case type, label, element, hint, optional
        case blockID = "block_id"
    }
}
