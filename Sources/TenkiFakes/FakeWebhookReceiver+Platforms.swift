import Foundation
import TenkiHTTPServer

extension FakeWebhookReceiver {
    /// Whether `path` is a webhook path of a platform Tenki posts digests to: Slack (`/services/…`),
    /// Mattermost (`/hooks/…`), Discord (`/api/webhooks/ID/TOKEN`, the form Discord hands out) or
    /// Google Chat (`/v1/spaces/SPACE/messages`). Discord's versioned API (`/api/v10/…`: the
    /// interactions' PATCHes and follow-ups) is not a digest webhook.
    public static func isWebhookPath(_ path: String) -> Bool {
        path.hasPrefix("/services/") || path.hasPrefix("/hooks/") || isDiscord(path) || isGoogleChat(path)
    }

    static func isDiscord(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return components.count == 5 && components[1] == "api" && components[2] == "webhooks"
            && !components[3].isEmpty && !components[4].isEmpty
    }

    static func isGoogleChat(_ path: String) -> Bool {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        return components.count == 5 && components[1] == "v1" && components[2] == "spaces" && components[4] == "messages"
    }

    /// The platform's answer to a post it took; `number` makes message ids unique.
    static func success(path: String, query: String, number: Int) -> HTTPResponse {
        if isGoogleChat(path) {
            let space = path.split(separator: "/")[2]
            return .json(.ok, Array("{\"name\": \"spaces/\(space)/messages/tenki-fake-\(number)\"}".utf8))
        }
        if isDiscord(path) {
            let waits = query.split(separator: "&").contains { $0.lowercased() == "wait=true" }
            guard waits else { return HTTPResponse(status: .noContent) }
            return .json(.ok, Array("{\"id\": \"\(1_000_000 + number)\", \"type\": 0}".utf8))
        }
        return .text(.ok, "ok")
    }

    /// Every post so far as a JSON array of `{"path", "query", "accepted", "body"}` (the body as
    /// text), for scripts that run `tenki fakes` and want to see what was posted.
    public func postsJSON() -> [UInt8] {
        struct Post: Encodable {
            let path: String
            let query: String
            let accepted: Bool
            let body: String
        }
        let posts = requests.map {
            Post(path: $0.path, query: $0.query, accepted: $0.wasAccepted, body: String(decoding: $0.body, as: UTF8.self))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(posts))) ?? Array("[]".utf8)
    }
}
