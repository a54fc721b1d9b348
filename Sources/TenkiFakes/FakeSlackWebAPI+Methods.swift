import Foundation
import TenkiBase
import TenkiHTTPServer

extension FakeSlackWebAPI {
    func postMessage(_ request: HTTPRequest, authorized: Bool, forced: String?) -> HTTPResponse {
        let object = (try? JSONSerialization.jsonObject(with: Data(request.body))) as? [String: Any]
        let channel = object?["channel"] as? String ?? ""
        let reply: Reply = state.withLock { state in
            if !authorized { return .error("invalid_auth") }
            if let forced { return .error(forced) }
            if channel.isEmpty { return .error("channel_not_found") }
            if var script = state.scripts[channel], !script.isEmpty {
                let next = script.removeFirst()
                state.scripts[channel] = script
                return next
            }
            return state.channelErrors[channel].map(Reply.error) ?? .ok
        }
        let post = Post(
            channel: channel, body: request.body, authorization: request.headers["Authorization"], receivedAt: now(),
            reply: reply)
        let count = state.withLock { state in
            state.posts.append(post)
            return state.posts.count
        }
        switch reply {
        case .ok:
            let ts = String(format: "1700000000.%06d", count)
            return Self.success(["channel": channel, "ts": ts, "message": ["text": object?["text"] as? String ?? ""]])
        case .error(let error):
            return Self.failure(error)
        case .rateLimited(let retryAfter):
            return .json(
                .tooManyRequests, Self.encode(["ok": false, "error": "ratelimited"]), headers: ["Retry-After": retryAfter])
        case .status(let code, let body):
            return .text(HTTPStatus(code: code), body)
        }
    }

    func authTest() -> HTTPResponse {
        Self.success([
            "url": "https://tenki-fake.slack.com/", "team": "Tenki (fake)", "user": "tenki", "team_id": teamID,
            "user_id": "U0TENKIBOT", "bot_id": "B0TENKI",
        ])
    }

    /// `user` from the form body (`user=U123`) or the query, as Slack accepts both.
    func usersInfo(_ request: HTTPRequest) -> HTTPResponse {
        let form = String(decoding: request.body, as: UTF8.self) + "&" + (request.query.map(String.init) ?? "")
        let user = form.split(separator: "&").compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == "user" else { return nil }
            return String(parts[1]).removingPercentEncoding
        }.first
        guard let user, !user.isEmpty else { return Self.failure("user_not_found") }
        let zone = state.withLock { $0.timeZones[user] } ?? defaultTimeZone
        return Self.success(["user": ["id": user, "name": user.lowercased(), "tz": zone, "is_bot": false]])
    }

    static func success(_ fields: [String: Any]) -> HTTPResponse {
        .json(.ok, encode(fields.merging(["ok": true]) { _, new in new }))
    }

    static func failure(_ error: String) -> HTTPResponse {
        .json(.ok, encode(["ok": false, "error": error]))
    }

    static func encode(_ object: [String: Any]) -> [UInt8] {
        (try? Array(JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))) ?? Array("{}".utf8)
    }
}
