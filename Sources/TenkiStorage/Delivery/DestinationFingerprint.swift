import Foundation
import TenkiCore
import TenkiSecurity

/// The printable forms of a destination URL. Webhook URLs are secrets (anyone holding one can post
/// to the channel), so logs, metrics and listings show only the host and a short hash.
public enum DestinationFingerprint {
    /// The URL's host, or `-` when it has none.
    public static func host(of url: URL) -> String {
        url.host ?? "-"
    }

    /// First 8 hex digits of HMAC-SHA256 under a fixed public label: a stable name for telling
    /// destinations apart, not a secret (8 hex digits are far too short to guess a URL from, and
    /// a webhook URL's random path is far too long to brute-force against them).
    ///
    /// It is also the key the queue claims and paces by, so it names the pacing group: the
    /// webhooks of one Google Chat space share it (`DestinationPacing.groupURL`). With a `channel`
    /// (Slack's Web API, where one URL serves every channel), the hash covers the URL and the
    /// channel: pacing, claiming and listings then tell channels apart.
    public static func hash(of url: URL, channel: String? = nil) -> String {
        let group = DestinationPacing.groupURL(for: url)
        var message = Array(group.absoluteString.utf8)
        if let channel { message += Array("#\(channel)".utf8) }
        let code = HMACSHA256.authenticationCode(key: Array("tenki-destination".utf8), message: message)
        return code.prefix(4).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
