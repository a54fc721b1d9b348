import Foundation

/// The checker's knowledge of views, from Slack's reference ("View objects", "Input block",
/// each element's page): a modal's title, submit and close are `plain_text` of at most 24
/// characters and `submit` is required once there is an input block; a modal or Home tab holds
/// at most 100 blocks; `private_metadata` at most 3,000 characters; `callback_id`, `external_id`,
/// `block_id` and `action_id` at most 255, and `block_id`s unique in the view.
extension SlackLimitChecker {
    public static func violations(inView json: Data) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return ["not a JSON object"] }
        return violations(inView: object)
    }

    public static func violations(inView view: [String: Any]) -> [String] {
        var found: [String] = []
        let type = view["type"] as? String
        guard type == "modal" || type == "home" else { return ["view type \(type ?? "nil"), not modal or home"] }
        guard let blocks = view["blocks"] as? [[String: Any]] else { return ["view without blocks"] }
        if blocks.count > 100 { found.append("\(blocks.count) blocks, more than 100") }
        let hasInput = blocks.contains { $0["type"] as? String == "input" }
        if type == "modal" {
            if let title = view["title"] as? [String: Any] {
                found += checkPlain(title, limit: 24, label: "modal title")
            } else {
                found.append("modal without title")
            }
            for key in ["submit", "close"] {
                if let text = view[key] as? [String: Any] { found += checkPlain(text, limit: 24, label: "modal \(key)") }
            }
            if hasInput && view["submit"] == nil { found.append("modal with input blocks but no submit") }
        } else {
            for key in ["title", "submit", "close"] where view[key] != nil { found.append("home view with \(key)") }
        }
        if (view["private_metadata"] as? String)?.unicodeScalars.count ?? 0 > 3000 { found.append("private_metadata over 3000") }
        for key in ["callback_id", "external_id"] where (view[key] as? String)?.unicodeScalars.count ?? 0 > 255 {
            found.append("\(key) over 255")
        }
        var blockIDs: Set<String> = []
        for (index, block) in blocks.enumerated() {
            var problems = check(block: block)
            if let id = block["block_id"] as? String {
                if id.isEmpty || id.unicodeScalars.count > 255 { problems.append("block_id empty or over 255") }
                if !blockIDs.insert(id).inserted { problems.append("block_id \(id) repeated") }
            }
            found += problems.map { "block \(index): \($0)" }
        }
        return found
    }

    static func checkPlain(_ text: [String: Any], limit: Int, label: String) -> [String] {
        var found = checkText(text, limit: limit, label: label)
        if text["type"] as? String != "plain_text" { found.append("\(label) is not plain_text") }
        return found
    }

    /// An input block: a `plain_text` label (2,000) and hint (2,000) and one known element.
    static func checkInput(_ block: [String: Any]) -> [String] {
        var found: [String] = []
        if let label = block["label"] as? [String: Any] {
            found += checkPlain(label, limit: 2000, label: "input label")
        } else {
            found.append("input without label")
        }
        if let hint = block["hint"] as? [String: Any] { found += checkPlain(hint, limit: 2000, label: "input hint") }
        guard let element = block["element"] as? [String: Any] else { return found + ["input without element"] }
        return found + checkElement(element)
    }

    /// An interactive element, in an actions block, an input block or a section's accessory.
    static func checkElement(_ element: [String: Any]) -> [String] {
        var found: [String] = []
        let type = element["type"] as? String ?? "nil"
        let actionID = element["action_id"] as? String
        if let actionID, actionID.isEmpty || actionID.unicodeScalars.count > 255 { found.append("action_id empty or over 255") }
        if let placeholder = element["placeholder"] as? [String: Any] {
            found += checkPlain(placeholder, limit: 150, label: "\(type) placeholder")
        }
        if let confirm = element["confirm"] as? [String: Any] { found += checkConfirm(confirm) }
        switch type {
        case "button":
            if let text = element["text"] as? [String: Any] { found += checkText(text, limit: 75, label: "button text") }
            if (element["value"] as? String)?.unicodeScalars.count ?? 0 > 2000 { found.append("button value over 2000") }
            if let style = element["style"] as? String, style != "primary" && style != "danger" {
                found.append("button style \(style)")
            }
        case "static_select", "checkboxes", "radio_buttons":
            found += checkOptions(element, type: type)
        case "plain_text_input":
            let maxLength = element["max_length"] as? Int ?? 3000
            if maxLength < 1 || maxLength > 3000 { found.append("plain_text_input max_length \(maxLength)") }
            if (element["initial_value"] as? String)?.unicodeScalars.count ?? 0 > maxLength {
                found.append("plain_text_input initial_value longer than max_length")
            }
        case "timepicker":
            if let time = element["initial_time"] as? String, !isTime(time) {
                found.append("timepicker initial_time \(time) is not HH:mm")
            }
        case "conversations_select", "channels_select":
            break
        default:
            found.append("unknown element type \(type)")
        }
        return found
    }

    /// Options: 1 to 100 in a select (10 in checkboxes and radio buttons), labels of at most 75,
    /// values of at most 150, unique values, and an initial option that is one of them.
    static func checkOptions(_ element: [String: Any], type: String) -> [String] {
        var found: [String] = []
        let options = element["options"] as? [[String: Any]] ?? []
        let most = type == "static_select" ? 100 : 10
        if options.isEmpty || options.count > most { found.append("\(type) with \(options.count) options, not 1 to \(most)") }
        var values: [String] = []
        for option in options {
            if let text = option["text"] as? [String: Any] { found += checkText(text, limit: 75, label: "option text") }
            guard let value = option["value"] as? String else { found.append("option without value"); continue }
            if value.unicodeScalars.count > 150 { found.append("option value over 150") }
            if values.contains(value) { found.append("option value \(value) repeated") }
            values.append(value)
        }
        if let initial = element["initial_option"] as? [String: Any], !values.contains(initial["value"] as? String ?? "") {
            found.append("initial_option is not one of the options")
        }
        return found
    }

    /// A confirmation dialog: plain-text title (100), text (300), confirm and deny words (30 each).
    static func checkConfirm(_ dialog: [String: Any]) -> [String] {
        var found: [String] = []
        for (key, limit) in [("title", 100), ("text", 300), ("confirm", 30), ("deny", 30)] {
            guard let text = dialog[key] as? [String: Any] else {
                found.append("confirm without \(key)")
                continue
            }
            found +=
                key == "text"
                ? checkText(text, limit: limit, label: "confirm text") : checkPlain(text, limit: limit, label: "confirm \(key)")
        }
        if let style = dialog["style"] as? String, style != "primary" && style != "danger" {
            found.append("confirm style \(style)")
        }
        return found
    }

    static func isTime(_ text: String) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let hour = Int(parts[0]), let minute = Int(parts[1]) else {
            return false
        }
        return (0...23).contains(hour) && (0...59).contains(minute)
    }
}
