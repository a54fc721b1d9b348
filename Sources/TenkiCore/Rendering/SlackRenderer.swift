/// Block Kit from a `ChatMessage`: a title is a header, a paragraph a mrkdwn section (its image
/// the accessory), fields one section of fields, context a context line, buttons an actions
/// block. `SlackMessage` and its blocks apply Slack's limits.
public enum SlackRenderer {
    public static func render(_ message: ChatMessage) -> SlackMessage {
        let blocks = message.parts.compactMap(block(for:))
        return SlackMessage(text: summary(message.summary), blocks: blocks, responseType: message.visibility.map(responseType))
    }

    static func block(for part: ChatMessage.Part) -> Block? {
        switch part {
        case .title(let title):
            return .header(title)
        case .paragraph(let text, let image):
            return .section(Section(text: .markdown(mrkdwn(text)), accessory: image.flatMap(imageElement)))
        case .fields(let fields):
            guard !fields.isEmpty else { return nil }
            return .section(Section(fields: fields.map { .markdown(Mrkdwn.bold($0.name) + "\n" + mrkdwn($0.value)) }))
        case .context(let lines):
            guard !lines.isEmpty else { return nil }
            return .context(lines.map { .markdown(mrkdwn($0)) })
        case .divider:
            return .divider
        case .buttons(let buttons):
            return buttons.isEmpty ? nil : .actions(buttons.map(ButtonElement.init))
        case .menu(let menu):
            let element = StaticSelectElement(menu)
            return element.options.isEmpty ? nil : .menu(element)
        case .chart(let image):
            return imageElement(image).map(Block.image)
        }
    }

    static func imageElement(_ image: ChatImage) -> ImageElement? {
        ImageElement(url: image.url, altText: image.altText)
    }

    static func responseType(_ visibility: ChatMessage.Visibility) -> SlackMessage.ResponseType {
        switch visibility {
        case .inChannel: .inChannel
        case .ephemeral: .ephemeral
        }
    }

    /// The notification line: the first line of the summary with outside text on one line, cut
    /// to `Mrkdwn.fallbackLimit` (never inside an escape or a link).
    static func summary(_ summary: RichText) -> String {
        let oneLine = RichText(summary.spans.map { span in
            guard case .text(let text) = span, text.contains(where: \.isNewline) else { return span }
            return .text(String(text.map { $0.isNewline ? " " : $0 }))
        })
        let firstLine = mrkdwn(oneLine).prefix { !$0.isNewline }
        return String(firstLine).truncated(to: Mrkdwn.fallbackLimit)
    }

    /// Slack's mrkdwn: outside text escaped (`&`, `<`, `>`), links as `<url|title>`, Tenki's
    /// markup as written.
    public static func mrkdwn(_ text: RichText) -> String {
        text.spans.map { span in
            switch span {
            case .text(let text): Mrkdwn.escape(text)
            case .bold(let text): Mrkdwn.bold(text)
            case .link(let url, let title, let bold):
                bold ? "*" + Mrkdwn.link(url, title: title) + "*" : Mrkdwn.link(url, title: title)
            case .markup(let markup), .literal(let markup): markup
            }
        }.joined()
    }
}

extension ChatMessage {
    /// This message as Slack Block Kit.
    public var slack: SlackMessage { SlackRenderer.render(self) }
}
