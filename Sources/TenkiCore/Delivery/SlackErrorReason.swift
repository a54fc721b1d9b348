import Foundation

/// Slack's reason for refusing a post, read from a response body.
///
/// Incoming webhooks answer with a bare token (`invalid_payload`, `channel_not_found`), while the
/// Web API and `response_url` may answer JSON (`{"ok": false, "error": "ratelimited"}`). Both are
/// accepted. Anything else (an HTML error page from a proxy) gives nil rather than leaking a page
/// into logs and listings.
public enum SlackErrorReason {
    /// The reason token, or nil when the body holds none.
    public static func parse(_ body: String) -> String? {
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.first == "{",
            let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any],
            let error = object["error"] as? String
        {
            return isToken(error) ? error : nil
        }
        return isToken(trimmed) ? trimmed : nil
    }

    /// A token is short and made of lowercase letters, digits and underscores, like Slack's codes.
    static func isToken(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 64 else { return false }
        return text.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
    }
}
