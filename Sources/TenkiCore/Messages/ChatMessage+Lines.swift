extension ChatMessage {
    /// An answer of lines under a titled header (`📅 Forecast for Da Nang`), with `context` below
    /// it (a stale answer's note first) and `📅 title: summary` as the notification text.
    static func lines(
        _ lines: [RichText], icon: String, title: String, context: [RichText], staleContext: String?, summary: String,
        visibility: Visibility
    ) -> ChatMessage {
        let parts: [Part] = [
            .title("\(icon) \(title)"),
            .paragraph(RichText.joined(lines, separator: "\n"), image: nil),
            .context((staleContext.map { [.markup($0)] } ?? []) + context),
        ]
        return ChatMessage(summary: .text("\(icon) \(title): \(summary)"), parts: parts, visibility: visibility)
    }
}
