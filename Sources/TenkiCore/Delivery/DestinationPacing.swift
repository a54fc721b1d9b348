import Foundation

/// Which destinations the delivery queue paces together, and at what pace where a platform's rule
/// is stricter than the queue's default (Slack's one per second with bursts of three).
///
/// Google Chat allows one post per second per space, shared by every webhook of that space
/// (per-space quota, developers.google.com/workspace/chat/limits: 60 writes a minute, incoming
/// webhooks included). Its webhook URLs name the space in the path,
/// `/v1/spaces/SPACE/messages?key=…&token=…`, and differ only in the query: all webhooks of a
/// space are therefore one destination here, paced at one per second without a burst. The path
/// is recognised on any host, so a stand-in on loopback is paced like the real one.
public enum DestinationPacing {
    /// Google Chat's pace for one space.
    public static let googleChatSpaceRate: Double = 1
    public static let googleChatSpaceBurst: Double = 1

    /// The URL that stands for `url`'s pacing group: for a Google Chat webhook its space without
    /// the key and token (`https://chat.googleapis.com/v1/spaces/SPACE/messages`), otherwise `url`.
    public static func groupURL(for url: URL) -> URL {
        guard googleChatSpace(of: url) != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url }
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url ?? url
    }

    /// The pace for `url` when its platform needs a stricter one than `rate` and `burst`; the
    /// stricter of the two otherwise never loosens the configured pace.
    public static func pace(for url: URL, rate: Double, burst: Double) -> (rate: Double, burst: Double) {
        guard googleChatSpace(of: url) != nil else { return (rate, burst) }
        return (min(rate, googleChatSpaceRate), min(burst, googleChatSpaceBurst))
    }

    /// `SPACE` of a `/v1/spaces/SPACE/messages` path, or nil.
    public static func googleChatSpace(of url: URL) -> String? {
        let components = url.path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count == 5, components[0].isEmpty, components[1] == "v1", components[2] == "spaces",
              !components[3].isEmpty, components[4] == "messages"
        else { return nil }
        return String(components[3])
    }
}
