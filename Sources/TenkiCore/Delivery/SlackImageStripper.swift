import Foundation

/// Removes images from a Block Kit message, for the one resend after Slack answers
/// `invalid_blocks` (usually an image URL Slack could not fetch).
///
/// Works on the JSON bytes rather than `SlackMessage`, because the queue stores bytes and must keep
/// any field it does not model. Removed: `image` blocks, `image` accessories of sections, and
/// `image` elements of context blocks (a context block left empty is removed too).
public enum SlackImageStripper {
    /// Whether the message holds anything `strippingImages` would remove.
    public static func containsImages(_ body: [UInt8]) -> Bool {
        guard let blocks = blocks(of: body) else { return false }
        return blocks.contains { block in
            isImage(block) || (block["accessory"] as? [String: Any]).map(isImage) == true
                || (block["elements"] as? [[String: Any]])?.contains(where: isImage) == true
        }
    }

    /// The message without images, or nil when it is not a JSON object with blocks.
    public static func strippingImages(_ body: [UInt8]) -> [UInt8]? {
        guard var object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let blocks = object["blocks"] as? [[String: Any]]
        else { return nil }
        var kept: [[String: Any]] = []
        for var block in blocks where !isImage(block) {
            if let accessory = block["accessory"] as? [String: Any], isImage(accessory) {
                block["accessory"] = nil
            }
            if let elements = block["elements"] as? [[String: Any]] {
                let remaining = elements.filter { !isImage($0) }
                if remaining.isEmpty, block["type"] as? String == "context" { continue }
                block["elements"] = remaining
            }
            kept.append(block)
        }
        object["blocks"] = kept
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return nil }
        return Array(data)
    }

    private static func blocks(of body: [UInt8]) -> [[String: Any]]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
        return object["blocks"] as? [[String: Any]]
    }

    private static func isImage(_ element: [String: Any]) -> Bool {
        element["type"] as? String == "image"
    }
}
