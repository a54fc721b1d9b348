/// A block of a view (the Home tab or a modal): any message block, a modal's input field, or a
/// section with a button on its right (one line per subscription, with its remove button).
/// Kept apart from `Block` so messages, which cannot hold input blocks, never get one.
public enum SurfaceBlock: Sendable, Equatable, Encodable {
    case block(Block)
    case input(InputBlock)
    case buttonSection(text: TextObject, button: ButtonElement)

    /// A section of one mrkdwn paragraph with `button` beside it.
    public static func buttonSection(_ markdown: String, button: ButtonElement) -> SurfaceBlock {
        .buttonSection(text: .markdown(markdown), button: button)
    }

    enum CodingKeys: String, CodingKey {
        case type, text, accessory
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .block(let block):
            try block.encode(to: encoder)
        case .input(let input):
            try input.encode(to: encoder)
        case .buttonSection(let text, let button):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("section", forKey: .type)
            try container.encode(text.limited(to: SlackLimits.sectionText), forKey: .text)
            try container.encode(button, forKey: .accessory)
        }
    }
}
