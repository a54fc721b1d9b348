import Foundation
import TenkiCore

/// A link that opens a message in Slack's Block Kit Builder, to see it as Slack draws it without
/// installing the app. The builder reads `{"blocks": [...]}` from the URL fragment, and a whole
/// view (`{"type": "modal", "title": …}` or `{"type": "home", …}`) to show that surface.
public enum BlockKitBuilderLink {
    public static let base = "https://app.slack.com/block-kit-builder#"

    public static func url(for message: SlackMessage) -> String {
        base + percentEncoded(json(for: message))
    }

    /// The view as the builder's payload: the view object itself, whose `type` picks the surface.
    public static func url(for view: SlackView) -> String {
        base + percentEncoded(String(decoding: ViewEncoding.json(view), as: UTF8.self))
    }

    /// The builder's payload; a text-only message becomes one mrkdwn section, as Slack shows it.
    static func json(for message: SlackMessage) -> String {
        let blocks = message.blocks.isEmpty ? [Section.markdown(message.text)] : message.blocks
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Payload(blocks: blocks)) else { return #"{"blocks":[]}"# }
        return String(decoding: data, as: UTF8.self)
    }

    /// RFC 3986 unreserved characters stay; everything else (UTF-8 bytes) is escaped.
    static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (byte < 16 ? "0" + hex : hex)
            }
        }
        return out
    }

    private struct Payload: Encodable {
        var blocks: [Block]
    }
}
