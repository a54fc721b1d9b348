/// Mattermost Markdown from a `ChatMessage`: the title as a heading, paragraphs and context
/// lines as Markdown separated by blank lines, dividers as rules; fields go into one attachment
/// with the first image as its thumbnail and the message's colour. The whole post stays within
/// `MattermostLimits.postCharacters`.
public enum MattermostRenderer {
    public static func render(_ message: ChatMessage, limit: Int = MattermostLimits.postCharacters) -> MattermostMessage {
        let attachment = self.attachment(for: message, limit: limit)
        let attachmentLength = attachment.map { MattermostMessage(text: "", attachments: [$0]).totalLength } ?? 0
        let text = body(of: message, limit: max(1, limit - attachmentLength))
        return MattermostMessage(
            responseType: message.visibility?.rawValue, text: text, attachments: attachment.map { [$0] } ?? [])
    }

    /// The parts joined by blank lines; the part that would overflow is cut and the rest left out.
    static func body(of message: ChatMessage, limit: Int) -> String {
        var out = ""
        for part in message.parts {
            let separator = out.isEmpty ? "" : "\n\n"
            let room = limit - MarkdownText.length(out) - MarkdownText.length(separator)
            guard room > 1 else { break }
            guard let piece = markdown(part, room: room), !piece.isEmpty else { continue }
            out += separator + piece
            if piece.hasSuffix("…"), MarkdownText.length(out) >= limit - 1 { break }
        }
        return out.isEmpty ? MarkdownText.render(message.summary, limit: limit) : out
    }

    static func markdown(_ part: ChatMessage.Part, room: Int) -> String? {
        switch part {
        case .title(let title):
            return "#### " + MarkdownText.render(.text(title), limit: max(1, room - 5))
        case .paragraph(let text, _):
            return MarkdownText.render(text, limit: room)
        case .context(let lines):
            return MarkdownText.render(RichText.joined(lines.map { $0 }, separator: " · "), limit: room)
        case .divider:
            return room > 3 ? "---" : nil
        case .fields, .buttons, .menu, .chart:
            // Fields and the chart are in the attachment; buttons and menus need an integration URL Tenki does not serve.
            return nil
        }
    }

    static func attachment(for message: ChatMessage, limit: Int) -> MattermostMessage.Attachment? {
        let fields = message.parts.flatMap { part -> [ChatField] in
            if case .fields(let fields) = part { return fields }
            return []
        }
        let chart = message.chart.flatMap { $0.url.hasPrefix("https://") ? $0.url : nil }
        guard !fields.isEmpty || chart != nil else { return nil }
        let image = message.images.first { $0.url.hasPrefix("https://") }
        var attachment = MattermostMessage.Attachment(
            fallback: MarkdownText.plain(String(message.summary.plainText.prefix(150))),
            color: message.accentColor.map(hexColor), fields: [], thumbURL: image?.url, imageURL: chart)
        // The fields take at most half the post; the text has the rest.
        var length = MarkdownText.length(attachment.fallback)
        for field in fields.prefix(MattermostLimits.fields) {
            let rendered = MattermostMessage.Field(
                title: MarkdownText.plain(String(field.name.prefix(MattermostLimits.fieldTitle))),
                value: MarkdownText.render(field.value, limit: MattermostLimits.fieldValue), short: true)
            length += MarkdownText.length(rendered.title) + MarkdownText.length(rendered.value)
            guard length <= limit / 2 else { break }
            attachment.fields.append(rendered)
        }
        return attachment
    }

    static func hexColor(_ rgb: Int) -> String {
        let digits = String(rgb & 0xFF_FFFF, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }
}

extension ChatMessage {
    /// This message as a Mattermost post.
    public var mattermost: MattermostMessage { MattermostRenderer.render(self) }
}
