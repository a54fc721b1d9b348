import Foundation
import Synchronization
import TenkiBase
import TenkiHTTPServer

/// A stand-in for Slack's Web API: `chat.postMessage` (recorded), `users.info` (a time zone per
/// user), `auth.test` (the bot's team), `views.publish`, `views.open` and `views.update`
/// (recorded, `FakeSlackWebAPI+Views.swift`) and `apps.connections.open` (a fresh `ws://` URL of
/// the attached `FakeSocketModeServer` per call, `FakeSlackWebAPI+SocketMode.swift`), each answered
/// the way Slack answers: HTTP 200 with `{"ok": ...}`. Every call must carry
/// `Authorization: Bearer {token}` (`{appToken}` for `apps.connections.open`), else `invalid_auth`.
/// Served by `FakeUpstreams` under `/slack-api/` (`SLACK_API_BASE_URL={origin}/slack-api`); the
/// method is the path's last component, so any prefix works.
///
/// ```swift
/// let slack = FakeSlackWebAPI()
/// slack.setError("not_in_channel", forChannel: "C2")
/// slack.script([.rateLimited(retryAfter: "2"), .ok], forChannel: "C1")
/// ```
public final class FakeSlackWebAPI: AsyncHTTPHandler {
    /// How to answer one `chat.postMessage`.
    public enum Reply: Sendable, Equatable {
        /// `{"ok": true, ...}`: posted.
        case ok
        /// HTTP 200 `{"ok": false, "error": error}`, Slack's usual refusal.
        case error(String)
        /// HTTP 429 with `Retry-After` and `{"ok": false, "error": "ratelimited"}`.
        case rateLimited(retryAfter: String)
        /// Any status with a plain-text body (a proxy's 502).
        case status(Int, String)
    }

    /// One `chat.postMessage` as it arrived.
    public struct Post: Sendable, Equatable {
        public var channel: String
        /// The JSON body as sent.
        public var body: [UInt8]
        /// The `Authorization` header as sent (nil: none).
        public var authorization: String?
        public var receivedAt: Date
        public var reply: Reply

        /// Whether Slack took the message.
        public var wasPosted: Bool { reply == .ok }
    }

    struct State {
        var scripts: [String: [Reply]] = [:]
        var channelErrors: [String: String] = [:]
        var methodErrors: [String: String] = [:]
        var timeZones: [String: String] = [:]
        var posts: [Post] = []
        var calls: [String] = []
        var views = ViewsState()
        /// Tokens the fake OAuth issued, and their workspace.
        var installedTokens: [String: String] = [:]
        var socketMode: FakeSocketModeServer?
    }

    /// The token the fake accepts (`tenki fakes` prints it as `SLACK_BOT_TOKEN`).
    public let token: String
    /// The app-level token `apps.connections.open` accepts (`tenki fakes` prints it as `SLACK_APP_TOKEN`).
    public let appToken: String
    /// What `auth.test` answers as `team_id`.
    public let teamID: String
    /// `users.info`'s `tz` for users without one of their own.
    public let defaultTimeZone: String
    let now: @Sendable () -> Date
    let state = Mutex(State())

    public static let defaultToken = "xoxb-0000000000-fake-tenki-token"
    public static let defaultAppToken = "xapp-1-A0TENKI-0000000000-fake-tenki-app-token"

    /// - Parameter now: when a post counts as received (a test's manual clock).
    public init(
        token: String = FakeSlackWebAPI.defaultToken, appToken: String = FakeSlackWebAPI.defaultAppToken,
        teamID: String = "T0TENKI",
        defaultTimeZone: String = "Asia/Ho_Chi_Minh", now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.token = token
        self.appToken = appToken
        self.teamID = teamID
        self.defaultTimeZone = defaultTimeZone
        self.now = now
    }

    /// Replies for the next posts to `channel`, in order; then the channel's error or `.ok`.
    public func script(_ replies: [Reply], forChannel channel: String) {
        state.withLock { $0.scripts[channel, default: []].append(contentsOf: replies) }
    }

    /// Every later post to `channel` is refused with `error` (nil: accepted again).
    public func setError(_ error: String?, forChannel channel: String) {
        state.withLock { $0.channelErrors[channel] = error }
    }

    /// Every later call of `method` (`users.info`, `auth.test`, `chat.postMessage`) answers `error`.
    public func setError(_ error: String?, forMethod method: String) {
        state.withLock { $0.methodErrors[method] = error }
    }

    /// Accepts `token` as the bot token of workspace `team` from now on (the fake OAuth issued it).
    public func accept(token: String, team: String) {
        state.withLock { $0.installedTokens[token] = team }
    }

    /// The workspace whose installed token the `Authorization` header `authorization` carries.
    public func team(ofAuthorization authorization: String?) -> String? {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return nil }
        return state.withLock { $0.installedTokens[String(authorization.dropFirst("Bearer ".count))] }
    }

    /// Every `chat.postMessage` as JSON (`GET /slack-api-posts` on `tenki fakes`): channel, the
    /// workspace of the token it carried (`installed_team`, null for the single fake token), result.
    public func postsJSON() -> [UInt8] {
        let posts = posts.map { post -> [String: Any] in
            let text = ((try? JSONSerialization.jsonObject(with: Data(post.body))) as? [String: Any])?["text"] as? String
            return [
                "channel": post.channel, "installed_team": team(ofAuthorization: post.authorization) ?? NSNull(),
                "posted": post.wasPosted, "text": text ?? "",
            ]
        }
        return Self.encode(["posts": posts])
    }

    /// `users.info`'s `tz` for `user`.
    public func setTimeZone(_ zone: String, forUser user: String) {
        state.withLock { $0.timeZones[user] = zone }
    }

    /// Every `chat.postMessage`, in arrival order (refused ones too).
    public var posts: [Post] { state.withLock { $0.posts } }

    /// The posts Slack took for `channel`.
    public func posted(to channel: String) -> [Post] { posts.filter { $0.channel == channel && $0.wasPosted } }

    /// The methods called, in order (`auth.test`, `users.info`, `chat.postMessage`).
    public var calls: [String] { state.withLock { $0.calls } }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        guard request.method == "POST" || request.method == "GET" else {
            return .text(.methodNotAllowed, "method_not_allowed", headers: ["Allow": "GET, POST"])
        }
        let method = String(request.path.split(separator: "/").last ?? "")
        let forced = state.withLock { state -> String? in
            state.calls.append(method)
            return state.methodErrors[method]
        }
        let bearer = request.headers["Authorization"].map { String($0.dropFirst("Bearer ".count)) }
        let authorized = bearer == token || bearer.map { bearer in state.withLock { $0.installedTokens[bearer] != nil } } == true
        switch method {
        case "chat.postMessage":
            return postMessage(request, authorized: authorized, forced: forced)
        case "views.publish", "views.open", "views.update":
            return views(method, request, authorized: authorized, forced: forced)
        case "apps.connections.open":
            return openConnection(request, forced: forced)
        case "users.info", "auth.test":
            if !authorized { return Self.failure("invalid_auth") }
            if let forced { return Self.failure(forced) }
            return method == "auth.test" ? authTest() : usersInfo(request)
        default:
            return Self.failure("unknown_method")
        }
    }
}
