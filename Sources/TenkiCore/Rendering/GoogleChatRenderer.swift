/// Google Chat's message from a `ChatMessage`: the summary as the `text` line (what notifications
/// show) and one card: the title as its header, each divider starting a new section, paragraphs as
/// `textParagraph` widgets (an https image after its paragraph), fields as `decoratedText` with
/// the name as the label, context lines as a last paragraph. Buttons and menus call Tenki back,
/// which a webhook's message cannot, so they are left out.
///
/// Every limit in `GoogleChatLimits` holds: widgets stop at 100, and the whole message stays
/// within 32,000 bytes (widgets that do not fit are left out; the one that overflows is cut).
public enum GoogleChatRenderer {
    /// Bytes kept free for the JSON around the strings: the envelope, keys and separators.
    static let envelopeBytes = 512
    static let widgetOverheadBytes = 64
    static let sectionOverheadBytes = 32

    public static func render(_ message: ChatMessage) -> GoogleChatMessage {
        let summary = message.summary.plainText.prefix { !$0.isNewline }
        let text = GoogleChatText.plain(String(summary), limit: GoogleChatLimits.text)
        let header = message.title.map {
            GoogleChatMessage.Header(title: GoogleChatText.plain($0, limit: GoogleChatLimits.lineCharacters))
        }
        var budget = GoogleChatLimits.messageBytes - envelopeBytes - GoogleChatText.jsonBytes(text)
            - (header.map { GoogleChatText.jsonBytes($0.title) } ?? 0)
        var builder = CardBuilder()
        var headerShown = false
        for part in message.parts {
            switch part {
            case .title(let title):
                // The first title is the header; a later one reads as a bold line.
                if headerShown {
                    builder.addText(.bold(title), budget: &budget)
                }
                headerShown = true
            case .paragraph(let text, let image):
                builder.addText(text, budget: &budget)
                if let image, image.url.lowercased().hasPrefix("https://") {
                    let altText = GoogleChatText.plain(image.altText, limit: GoogleChatLimits.lineCharacters)
                    builder.add(.image(url: image.url, altText: altText), budget: &budget)
                }
            case .fields(let fields):
                for field in fields {
                    let label = GoogleChatText.escape(String(field.name.prefix(GoogleChatLimits.lineCharacters)))
                    let room = builder.room(in: budget) - GoogleChatText.jsonBytes(label)
                    let value = GoogleChatText.html(field.value, limit: room)
                    guard room > 8, !value.isEmpty else { continue }
                    builder.add(.decoratedText(topLabel: label, text: value), budget: &budget)
                }
            case .context(let lines):
                builder.addText(RichText.joined(lines, separator: "\n"), budget: &budget)
            case .divider:
                builder.startSection()
            case .chart(let image):
                if image.url.lowercased().hasPrefix("https://") {
                    let altText = GoogleChatText.plain(image.altText, limit: GoogleChatLimits.lineCharacters)
                    builder.add(.image(url: image.url, altText: altText), budget: &budget)
                }
            case .buttons, .menu:
                continue
            }
        }
        return GoogleChatMessage(text: text, card: GoogleChatMessage.Card(header: header, sections: builder.sections))
    }

    /// Sections of widgets, counting widgets against the card's limit and bytes against `budget`.
    struct CardBuilder {
        var sections: [GoogleChatMessage.Section] = []
        var widgets = 0
        var sectionOpen = false

        var isFull: Bool { widgets >= GoogleChatLimits.widgetsPerCard }

        mutating func startSection() {
            sectionOpen = false
        }

        /// The bytes a widget's strings may take now.
        func room(in budget: Int) -> Int {
            budget - GoogleChatRenderer.widgetOverheadBytes - (sectionOpen ? 0 : GoogleChatRenderer.sectionOverheadBytes)
        }

        mutating func addText(_ text: RichText, budget: inout Int) {
            let room = room(in: budget)
            guard room > 8 else { return }
            let html = GoogleChatText.html(text, limit: room)
            guard !html.isEmpty else { return }
            add(.textParagraph(html), budget: &budget)
        }

        mutating func add(_ widget: GoogleChatMessage.Widget, budget: inout Int) {
            let cost = GoogleChatRenderer.widgetOverheadBytes + Self.bytes(of: widget)
                + (sectionOpen ? 0 : GoogleChatRenderer.sectionOverheadBytes)
            guard !isFull, cost <= budget else { return }
            if !sectionOpen {
                sections.append(GoogleChatMessage.Section(widgets: []))
                sectionOpen = true
            }
            sections[sections.count - 1].widgets.append(widget)
            widgets += 1
            budget -= cost
        }

        static func bytes(of widget: GoogleChatMessage.Widget) -> Int {
            switch widget {
            case .textParagraph(let text): GoogleChatText.jsonBytes(text)
            case .decoratedText(let label, let text): GoogleChatText.jsonBytes(label) + GoogleChatText.jsonBytes(text)
            case .image(let url, let altText): GoogleChatText.jsonBytes(url) + GoogleChatText.jsonBytes(altText)
            }
        }
    }
}

extension ChatMessage {
    /// This message as a Google Chat webhook post (`text` and `cardsV2`).
    public var googleChat: GoogleChatMessage { GoogleChatRenderer.render(self) }
}
