import Foundation
import TenkiBase
import TenkiCore

/// Views and submission answers as JSON, the way `MessageEncoding` writes messages: compact for
/// Slack (`CompactJSONEncoder`), pretty with sorted keys for people (`tenki preview`, goldens).
public enum ViewEncoding {
    public static func json(_ view: SlackView, pretty: Bool = false) -> [UInt8] {
        encoded(view, pretty: pretty)
    }

    public static func json(_ response: ViewSubmissionResponse, pretty: Bool = false) -> [UInt8] {
        encoded(response, pretty: pretty)
    }

    /// These value types hold only strings, integers and booleans: encoding cannot fail.
    private static func encoded(_ value: some Encodable, pretty: Bool) -> [UInt8] {
        guard pretty else { return (try? CompactJSONEncoder().encode(value)) ?? Array("{}".utf8) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
    }
}
