import Foundation

/// An independent check of a message's JSON against Slack's published Block Kit limits. It reads
/// the JSON as plain dictionaries, not through Tenki's message types, so a bug in those types
/// cannot hide from it. Returns one line per violation; empty means postable.
///
/// Views (the Home tab and modals) go through `violations(inView:)`, which knows each surface's
/// own limits (`SlackLimitChecker+Views.swift`).
public enum SlackLimitChecker {
    public static func violations(in json: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            return ["not a JSON object"]
        }
        return violations(in: object)
    }

    public static func violations(in message: [String: Any]) -> [String] {
        var found: [String] = []
        let text = message["text"] as? String
        let blocks = message["blocks"] as? [[String: Any]] ?? []
        if text == nil && blocks.isEmpty { found.append("no text and no blocks") }
        if let text {
            if text.trimmingCharacters(in: .whitespaces).isEmpty && blocks.isEmpty { found.append("empty text") }
            if text.unicodeScalars.count > 40_000 { found.append("text longer than 40000") }
        }
        if let type = message["response_type"] as? String, type != "in_channel" && type != "ephemeral" {
            found.append("response_type \(type)")
        }
        if blocks.count > 50 { found.append("\(blocks.count) blocks, more than 50") }
        for (index, block) in blocks.enumerated() {
            found += check(block: block).map { "block \(index): \($0)" }
        }
        return found
    }

    static func check(block: [String: Any]) -> [String] {
        switch block["type"] as? String {
        case "header":
            guard let text = block["text"] as? [String: Any] else { return ["header without text"] }
            var found = checkText(text, limit: 150, label: "header")
            if text["type"] as? String != "plain_text" { found.append("header text is not plain_text") }
            return found
        case "section":
            var found: [String] = []
            let text = block["text"] as? [String: Any]
            let fields = block["fields"] as? [[String: Any]] ?? []
            if text == nil && fields.isEmpty { found.append("section without text or fields") }
            if let text { found += checkText(text, limit: 3000, label: "section text") }
            if fields.count > 10 { found.append("\(fields.count) fields, more than 10") }
            for field in fields { found += checkText(field, limit: 2000, label: "field") }
            if let accessory = block["accessory"] as? [String: Any] {
                found +=
                    accessory["type"] as? String == "image" ? checkImage(accessory, label: "accessory") : checkElement(accessory)
            }
            return found
        case "context":
            let elements = block["elements"] as? [[String: Any]] ?? []
            var found: [String] = elements.isEmpty ? ["context without elements"] : []
            if elements.count > 10 { found.append("\(elements.count) context elements, more than 10") }
            for element in elements {
                found +=
                    element["type"] as? String == "image"
                    ? checkImage(element, label: "context image") : checkText(element, limit: 3000, label: "context text")
            }
            return found
        case "divider":
            return []
        case "image":
            return checkImage(block, label: "image block")
        case "actions":
            let elements = block["elements"] as? [[String: Any]] ?? []
            var found: [String] = elements.isEmpty ? ["actions without elements"] : []
            if elements.count > 25 { found.append("\(elements.count) action elements, more than 25") }
            for element in elements { found += checkElement(element) }
            return found
        case "input":
            return checkInput(block)
        case let other:
            return ["unknown block type \(other ?? "nil")"]
        }
    }

    static func checkText(_ text: [String: Any], limit: Int, label: String) -> [String] {
        guard let type = text["type"] as? String, type == "plain_text" || type == "mrkdwn" else {
            return ["\(label) has no valid type"]
        }
        guard let value = text["text"] as? String else { return ["\(label) has no text"] }
        var found: [String] = []
        if value.isEmpty { found.append("\(label) is empty") }
        if value.unicodeScalars.count > limit {
            found.append("\(label) is \(value.unicodeScalars.count) long, more than \(limit)")
        }
        if type == "mrkdwn" { found += checkMarkup(value).map { "\(label): \($0)" } }
        return found
    }

    /// In mrkdwn, `<` may only open a link or mention, and `&` only an entity: anything else is
    /// outside text that was not escaped.
    static func checkMarkup(_ text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else {
                found.append("unclosed <")
                break
            }
            let inner = rest[rest.index(after: open)..<close]
            let allowed = ["http://", "https://", "mailto:", "@", "#", "!"]
            if !allowed.contains(where: { inner.hasPrefix($0) }) {
                found.append("<\(inner.prefix(20))> is not a link or mention")
            }
            if let bar = inner.firstIndex(of: "|"), inner[..<bar].contains(where: { $0 == " " || $0 == "<" }) {
                found.append("link URL with a space")
            }
            rest = rest[rest.index(after: close)...]
        }
        if text.contains(">") && !text.contains("<") { found.append("bare >") }
        var ampersands = Substring(text)
        while let amp = ampersands.firstIndex(of: "&") {
            let tail = ampersands[amp...]
            if !(tail.hasPrefix("&amp;") || tail.hasPrefix("&lt;") || tail.hasPrefix("&gt;")) { found.append("bare &") }
            ampersands = ampersands[ampersands.index(after: amp)...]
        }
        return found
    }

    static func checkImage(_ image: [String: Any], label: String) -> [String] {
        var found: [String] = []
        guard let url = image["image_url"] as? String else { return ["\(label) without image_url"] }
        if !url.hasPrefix("https://") { found.append("\(label) URL is not https") }
        if url.unicodeScalars.count > 3000 { found.append("\(label) URL longer than 3000") }
        guard let alt = image["alt_text"] as? String, !alt.isEmpty else { return found + ["\(label) without alt_text"] }
        if alt.unicodeScalars.count > 2000 { found.append("\(label) alt_text longer than 2000") }
        return found
    }
}
