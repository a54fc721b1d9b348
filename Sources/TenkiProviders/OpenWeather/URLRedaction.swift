import Foundation

/// Removes secrets from URLs before they reach a log line or an error.
///
/// OpenWeatherMap takes its key as the `appid` query item and NewsAPI as `apiKey`, so every
/// request URL carries a secret; logging it verbatim would leak the key to whoever reads logs.
public enum URLRedaction {
    /// Query item names whose values are secrets, compared case-insensitively.
    public static let secretQueryItemNames: Set<String> = ["appid", "apikey"]

    /// The placeholder written instead of a secret value.
    public static let placeholder = "REDACTED"

    /// `url` with the value of every `appid` and `apiKey` query item replaced by `REDACTED`.
    /// Everything else (path, other items, their order and encoding, the fragment) is kept.
    public static func redactingSecrets(in url: String) -> String {
        guard let mark = url.firstIndex(of: "?") else { return url }
        let head = url[..<mark]
        var rest = url[url.index(after: mark)...]
        var fragment: Substring = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[hash...]
            rest = rest[..<hash]
        }
        let items = rest.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
            let name = item.prefix { $0 != "=" }
            let decoded = (String(name).removingPercentEncoding ?? String(name)).lowercased()
            guard secretQueryItemNames.contains(decoded) else { return String(item) }
            return "\(name)=\(placeholder)"
        }
        return head + "?" + items.joined(separator: "&") + fragment
    }
}
