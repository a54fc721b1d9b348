import Foundation
@testable import TenkiCore

/// Messages for the renderer tests: a weather-shaped one and random hostile ones.
enum RenderingSamples {
    static let weather = ChatMessage(
        summary: .text("☀️ Da Nang, VN: 31 °C, Clear sky"),
        parts: [
            .title("☀️ Da Nang, VN"),
            .paragraph(.bold("31 °C") + .text("  Clear sky"), image: ChatImage(url: "https://openweathermap.org/img/wn/01d@2x.png", altText: "clear sky")),
            .fields([ChatField(name: "Humidity", value: .text("70%")), ChatField(name: "Wind", value: .text("↗ 3 m/s"))]),
            .context([.markup("Local time 14:05 (UTC+07:00)"), .markup("Data: OpenWeatherMap")]),
            .buttons([
                ChatButton(actionID: "tenki.weather.hourly", label: "Hourly", value: "Da Nang|metric"),
                ChatButton(actionID: "tenki.weather.now", label: "Now", value: "Da Nang|metric", isPrimary: true),
            ]),
        ],
        visibility: .inChannel)

    /// Words a hostile headline or place name might hold.
    static let hostile = [
        "@everyone", "@here", "@channel", "@all", "<!channel>", "<!here>", "<@U123>", "<@&456>", "<#C1>",
        "*bold*", "**b**", "_i_", "~s~", "`code`", "```", "[x](https://evil.example)", "<https://evil.example|x>",
        "&amp;", "&", "<", ">", "\\", "|", "# heading", "\n", "東京", "👨‍👩‍👧", "é", " ",
    ]

    static func hostileText(_ random: inout SplitMix64, length: Int) -> String {
        var text = ""
        while text.unicodeScalars.count < length {
            text += hostile[Int(random.next() % UInt64(hostile.count))]
            if random.next() % 3 == 0 { text += String(repeating: "a", count: Int(random.next() % 50)) }
        }
        return text
    }

    /// A message of random size whose every outside word is hostile.
    static func hostileMessage(seed: UInt64) -> ChatMessage {
        var random = SplitMix64(seed: seed)
        func text(_ maximum: Int) -> String { hostileText(&random, length: Int(random.next() % UInt64(maximum)) + 1) }
        var parts: [ChatMessage.Part] = [.title(text(400))]
        for _ in 0..<Int(random.next() % 12) {
            parts.append(.paragraph(
                .bold(text(200)) + .text(text(3_000)) + .link("https://example.com/\(text(30))", title: text(300), bold: true),
                image: ChatImage(url: "https://example.com/i.png", altText: text(50))))
            if random.next() % 2 == 0 { parts.append(.divider) }
        }
        parts.append(.fields((0..<Int(random.next() % 40)).map { _ in ChatField(name: text(300), value: .text(text(1_500))) }))
        parts.append(.context([.text(text(2_000)), .text(text(500))]))
        parts.append(.buttons((0..<Int(random.next() % 30)).map { index in
            ChatButton(actionID: "tenki.weather.now", label: text(100), value: index % 3 == 0 ? text(200) : "v\(index)")
        }))
        return ChatMessage(summary: .text(text(500)), parts: parts, visibility: seed % 2 == 0 ? .ephemeral : .inChannel)
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// True when Markdown `text` holds a mention Mattermost or Discord would act on: a word
    /// mention, or a `<@…>` whose `<` is not backslash-escaped and whose `@` is not followed by
    /// a zero-width space.
    /// (Compared scalar by scalar: Foundation's `contains` ignores the zero-width space.)
    static func pings(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let words = ["everyone", "here", "channel", "all"].map { Array($0.unicodeScalars) }
        for index in scalars.indices where scalars[index] == "@" {
            let rest = scalars[(index + 1)...]
            if words.contains(where: { rest.starts(with: $0) }) { return true }
            let escaped = index > 1 && scalars[index - 2] == "\\"
            if index > 0, scalars[index - 1] == "<", !escaped, rest.first != "\u{200B}" { return true }
        }
        return false
    }
}
