/// Renders a message for a terminal (`tenki preview --format text`, `tenki demo`): the header in
/// capitals, mrkdwn links as `title (url)`, fields side by side, context lines indented. Control
/// characters from the message (a place typed with an escape sequence, a feed's title) are shown
/// as symbols, never sent to the terminal, which would act on them.
public enum MessageTextRenderer {
    public static func render(_ message: SlackMessage) -> String {
        visibleControls(renderLines(message))
    }

    /// Control characters as the symbols that stand for them (`ESC` as `␛`, DEL as `␡`, C1 and the
    /// bidi overrides as `�`, line and paragraph separators as spaces); line breaks and tabs stay.
    public static func visibleControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: out.append(scalar)
            case 0x00..<0x20: out.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
            case 0x7F: out.append("\u{2421}")
            case 0x80...0x9F: out.append("\u{FFFD}")
            case 0x2028, 0x2029: out.append(" ")
            case 0x202A...0x202E, 0x2066...0x2069: out.append("\u{FFFD}")  // bidi overrides: they reorder what follows
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value) || value == 0x2028
            || value == 0x2029 || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    private static func renderLines(_ message: SlackMessage) -> String {
        guard !message.blocks.isEmpty else { return plain(message.text) + "\n" }
        var lines: [String] = []
        for block in message.blocks {
            switch block {
            case .header(let text):
                lines.append(plain(text.text))
                lines.append(String(repeating: "=", count: min(60, max(3, plain(text.text).count))))
            case .section(let section):
                if let text = section.text { lines.append(plain(text.text)) }
                if !section.fields.isEmpty { lines.append(contentsOf: fieldLines(section.fields)) }
                if let image = section.accessory { lines.append("  [image: \(image.altText)]") }
            case .context(let elements):
                let parts = elements.map { element -> String in
                    switch element {
                    case .text(let text): plain(text.text)
                    case .image(let image): "[\(image.altText)]"
                    }
                }
                lines.append("  " + parts.joined(separator: "  ·  "))
            case .divider:
                lines.append(String(repeating: "-", count: 40))
            case .image(let image):
                lines.append("[image: \(image.altText)]")
            case .actions(let buttons):
                lines.append("  " + buttons.map { "[ \($0.text.text) ]" }.joined(separator: " "))
            case .menu(let menu):
                lines.append("  [ \(menu.placeholder.text) ▾ ] " + menu.options.map(\.text.text).joined(separator: " · "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Two fields per row, the left column padded to a common width.
    private static func fieldLines(_ fields: [TextObject]) -> [String] {
        let texts = fields.map { plain($0.text).replacingNewlines() }
        let width = stride(from: 0, to: texts.count, by: 2).map { texts[$0].count }.max() ?? 0
        return stride(from: 0, to: texts.count, by: 2).map { index in
            let left = texts[index]
            guard index + 1 < texts.count else { return "  " + left }
            return "  " + left + String(repeating: " ", count: width - left.count + 4) + texts[index + 1]
        }
    }

    /// mrkdwn to plain text: `<url|title>` → `title (url)`, `*bold*` → `bold`, entities decoded.
    static func plain(_ markdown: String) -> String {
        var out = ""
        var rest = Substring(markdown)
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else {
                rest = rest[open...]
                break
            }
            let inner = rest[rest.index(after: open)..<close]
            if let bar = inner.firstIndex(of: "|") {
                out += "\(inner[inner.index(after: bar)...]) (\(inner[..<bar]))"
            } else {
                out += inner
            }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        out = out.replacingAll("*", with: "")
        return out.replacingAll("&lt;", with: "<").replacingAll("&gt;", with: ">").replacingAll("&amp;", with: "&")
    }
}

extension String {
    /// Every occurrence of `target` replaced, matched by UTF-8 bytes (so an ASCII target is found
    /// even where a combining mark after it makes one Character of the two).
    func replacingAll(_ target: String, with replacement: String) -> String {
        let target = Array(target.utf8)
        guard let first = target.first, utf8.contains(first) else { return self }
        let bytes = Array(utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == first, bytes[index...].starts(with: target) {
                result.append(contentsOf: replacement.utf8)
                index += target.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    func replacingNewlines() -> String {
        replacingAll("\n", with: " ")
    }
}
