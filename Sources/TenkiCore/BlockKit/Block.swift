/// The Block Kit blocks Tenki uses. Each case's payload truncates its text to Slack's limits.
public enum Block: Sendable, Equatable, Codable {
    case header(TextObject)
    case section(Section)
    case context([ContextElement])
    case divider
    case image(ImageElement)
    case actions([ButtonElement])
    /// An actions block holding one menu.
    case menu(StaticSelectElement)

    /// A header: plain text, at most 150 characters.
    public static func header(_ text: String) -> Block {
        .header(TextObject.plain(text, limit: SlackLimits.headerText))
    }

    /// A context line of up to 10 elements.
    public static func context(_ elements: ContextElement...) -> Block {
        .context(elements)
    }

    enum CodingKeys: String, CodingKey {
        case type, text, fields, accessory, elements
        case imageURL = "image_url"
        case altText = "alt_text"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "header":
            self = .header(try container.decode(TextObject.self, forKey: .text))
        case "section":
            self = .section(try Section(from: decoder))
        case "context":
            self = .context(try container.decode([ContextElement].self, forKey: .elements))
        case "divider":
            self = .divider
        case "image":
            self = .image(try ImageElement(from: decoder))
        case "actions":
            if let menus = try? container.decode([StaticSelectElement].self, forKey: .elements), menus.count == 1 {
                self = .menu(menus[0])
            } else {
                self = .actions(try container.decode([ButtonElement].self, forKey: .elements))
            }
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown block type \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .header(let text):
            try container.encode("header", forKey: .type)
            try container.encode(text, forKey: .text)
        case .section(let section):
            try container.encode("section", forKey: .type)
            try section.encode(to: encoder)
        case .context(let elements):
            try container.encode("context", forKey: .type)
            try container.encode(Array(elements.prefix(SlackLimits.contextElements)), forKey: .elements)
        case .divider:
            try container.encode("divider", forKey: .type)
        case .image(let image):
            try container.encode("image", forKey: .type)
            try container.encode(image.imageURL, forKey: .imageURL)
            try container.encode(image.altText, forKey: .altText)
        case .actions(let buttons):
            try container.encode("actions", forKey: .type)
            try container.encode(Array(buttons.prefix(SlackLimits.actionElements)), forKey: .elements)
        case .menu(let menu):
            try container.encode("actions", forKey: .type)
            try container.encode([menu], forKey: .elements)
        }
    }
}

/// A section: mrkdwn text, up to 10 two-column fields, and an optional image on the right.
public struct Section: Sendable, Equatable, Codable {
    public private(set) var text: TextObject?
    public private(set) var fields: [TextObject]
    public private(set) var accessory: ImageElement?

    public init(text: TextObject? = nil, fields: [TextObject] = [], accessory: ImageElement? = nil) {
        self.text = text.map { $0.limited(to: SlackLimits.sectionText) }
        self.fields = fields.prefix(SlackLimits.sectionFields).map { $0.limited(to: SlackLimits.fieldText) }
        self.accessory = accessory
    }

    /// A section of one mrkdwn paragraph.
    public static func markdown(_ text: String, accessory: ImageElement? = nil) -> Block {
        .section(Section(text: .markdown(text), accessory: accessory))
    }

    enum CodingKeys: String, CodingKey {
        case text, fields, accessory
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            text: try container.decodeIfPresent(TextObject.self, forKey: .text),
            fields: try container.decodeIfPresent([TextObject].self, forKey: .fields) ?? [],
            accessory: try container.decodeIfPresent(ImageElement.self, forKey: .accessory)
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(text, forKey: .text)
        if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
        try container.encodeIfPresent(accessory, forKey: .accessory)
    }
}
