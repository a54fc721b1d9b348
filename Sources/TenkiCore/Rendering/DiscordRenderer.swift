/// Discord's message from a `ChatMessage`. A message with a title, fields or an image is one
/// embed: the title, the paragraphs as its description (dividers as blank lines), the fields
/// inline, the first image as its thumbnail and the context lines as its footer. A plain notice
/// is `content`. Buttons become action rows of at most 5 whose `custom_id` is `ACTION:VALUE`
/// (a button whose id would pass 100 characters is left out rather than cut). Every limit in
/// `DiscordLimits` holds, the 6,000 characters across embeds included.
public enum DiscordRenderer {
    public static func render(_ message: ChatMessage) -> DiscordMessage {
        let flags = message.visibility == .ephemeral ? DiscordMessage.ephemeralFlag : nil
        let components = rows(message.parts.flatMap { part -> [ChatButton] in
            if case .buttons(let buttons) = part { return buttons }
            return []
        })
        let hasFields = message.parts.contains { if case .fields = $0 { true } else { false } }
        guard message.title != nil || hasFields || !message.images.isEmpty else {
            let content = description(message.parts, limit: DiscordLimits.content)
            let fallback = content.isEmpty ? MarkdownText.render(message.summary, limit: DiscordLimits.content) : content
            return DiscordMessage(content: fallback, embeds: [], components: components, flags: flags)
        }
        return DiscordMessage(content: nil, embeds: [embed(for: message)], components: components, flags: flags)
    }

    static func embed(for message: ChatMessage) -> DiscordMessage.Embed {
        var embed = DiscordMessage.Embed(fields: [])
        embed.title = message.title.map { MarkdownText.render(.text($0), limit: DiscordLimits.embedTitle) }
        embed.color = message.accentColor
        let image = message.images.first { $0.url.hasPrefix("https://") }
        embed.thumbnail = image.map { DiscordMessage.Image(url: $0.url) }
        embed.image = message.chart.flatMap { $0.url.hasPrefix("https://") ? DiscordMessage.Image(url: $0.url) : nil }
        let context = message.parts.flatMap { part -> [RichText] in
            if case .context(let lines) = part { return lines }
            return []
        }
        if !context.isEmpty {
            embed.footer = DiscordMessage.Footer(
                text: MarkdownText.render(RichText.joined(context, separator: "\n"), limit: DiscordLimits.footerText))
        }
        let fields = message.parts.flatMap { part -> [ChatField] in
            if case .fields(let fields) = part { return fields }
            return []
        }
        for field in fields.prefix(DiscordLimits.fields) {
            let rendered = DiscordMessage.Field(
                name: MarkdownText.render(.text(field.name), limit: DiscordLimits.fieldName),
                value: MarkdownText.render(field.value, limit: DiscordLimits.fieldValue), inline: true)
            let length = MarkdownText.length(rendered.name) + MarkdownText.length(rendered.value)
            guard embed.countedLength + length <= DiscordLimits.embedCharacters else { break }
            embed.fields.append(rendered)
        }
        let room = min(DiscordLimits.embedDescription, DiscordLimits.embedCharacters - embed.countedLength)
        let text = description(message.parts, limit: room)
        embed.description = text.isEmpty ? nil : text
        return embed
    }

    /// Paragraphs separated by blank lines, within `limit`; the one that overflows is cut.
    static func description(_ parts: [ChatMessage.Part], limit: Int) -> String {
        var out = ""
        for part in parts {
            guard case .paragraph(let text, _) = part else { continue }
            let separator = out.isEmpty ? "" : "\n\n"
            let room = limit - MarkdownText.length(out) - MarkdownText.length(separator)
            guard room > 1 else { break }
            let piece = MarkdownText.render(text, limit: room)
            guard !piece.isEmpty else { continue }
            out += separator + piece
        }
        return out
    }

    static func rows(_ buttons: [ChatButton]) -> [DiscordMessage.ActionRow] {
        let usable = buttons.compactMap { button -> DiscordMessage.Button? in
            let customID = button.actionID + ":" + button.value
            guard customID.utf16.count <= DiscordLimits.customID else { return nil }
            // Labels are plain text; a broken `@` keeps them from even looking like a mention,
            // and a cut never leaves an `@` without its zero-width space.
            var label = String(MarkdownText.plain(button.label.isEmpty ? button.actionID : button.label)
                .prefix(DiscordLimits.buttonLabel))
            if label.hasSuffix("@") { label.removeLast() }
            return DiscordMessage.Button(
                style: button.isPrimary ? 1 : 2, label: label, customID: customID)
        }
        return stride(from: 0, to: min(usable.count, DiscordLimits.buttonsPerRow * DiscordLimits.actionRows),
                      by: DiscordLimits.buttonsPerRow).map { start in
            DiscordMessage.ActionRow(components: Array(usable[start..<min(usable.count, start + DiscordLimits.buttonsPerRow)]))
        }
    }
}

extension ChatMessage {
    /// This message as Discord `content`, `embeds` and `components`.
    public var discord: DiscordMessage { DiscordRenderer.render(self) }

    /// The same for a post nobody is looking at yet (a webhook's digest or report): the summary
    /// as `content` beside the embed, as Discord's notification shows it (an embed alone notifies
    /// with no text).
    public var discordPost: DiscordMessage {
        var message = DiscordRenderer.render(self)
        if message.content == nil { message.content = MarkdownText.render(summary, limit: DiscordLimits.content) }
        return message
    }
}
