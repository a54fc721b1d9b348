import Foundation
import Synchronization
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer

/// A stand-in for incoming webhooks and `response_url`s, and for Discord's API (a PATCH of an
/// interaction's `@original`, a PUT of application commands): records every POST, PATCH and PUT
/// and answers from a per-path script of faults. Used by the delivery tests, replay, the demo and
/// `tenki fakes`.
///
/// Success is answered as each platform does, told apart by the path: Slack (`/services/…`) and
/// Mattermost (`/hooks/…`) say `ok`; a Discord webhook (`/api/webhooks/ID/TOKEN`) answers 204, or
/// 200 with the created message when the query has `wait=true`; a Google Chat webhook
/// (`/v1/spaces/SPACE/messages`) answers 200 with the created message.
///
/// ```swift
/// let sink = FakeWebhookReceiver()
/// sink.script("/hooks/a", [.status(500, "rollup_error"), .status(500, "rollup_error"), .ok])
/// let server = HTTPServer(configuration: .init(port: 0), handler: sink, logger: logger)
/// ```
public final class FakeWebhookReceiver: AsyncHTTPHandler {
    /// How to answer one request.
    public enum Reply: Sendable, Equatable {
        /// 200 `ok`, Slack's success.
        case ok
        /// Any status with a plain-text body, such as 404 `channel_not_found` (Slack's style).
        case status(Int, String)
        /// 429 with a `Retry-After` header (seconds or an HTTP date) and Slack's Web API body.
        case rateLimited(retryAfter: String)
        /// Never answers within a client's timeout: the request is not counted as accepted.
        case hang(Duration)
        /// Takes the message (it counts as accepted) but the answer never comes back. The handler
        /// API cannot close a connection without answering, so it withholds the answer for
        /// `Duration` instead; the client sees the same thing: a timeout after a post that arrived.
        case acceptAndDrop(Duration)

        /// Slack's answer for a refused post, from the fixture corpus' error table.
        public static func slackError(_ reason: String) -> Reply {
            switch reason {
            case "action_prohibited", "invalid_token": .status(403, reason)
            case "channel_not_found", "no_service": .status(404, reason)
            case "channel_is_archived": .status(410, reason)
            case "rollup_error": .status(500, reason)
            default: .status(400, reason)
            }
        }
    }

    /// One request as it arrived.
    public struct Request: Sendable, Equatable {
        /// `POST`, or Discord's `PATCH` and `PUT`.
        public var method: String = "POST"
        public var path: String
        /// The query as sent (`wait=true`, Google Chat's `key` and `token`), still percent-encoded.
        public var query: String
        public var body: [UInt8]
        public var receivedAt: Date
        /// The reply it got (or, for hangs, was meant to get).
        public var reply: Reply

        /// Whether the message reached the channel: answered 2xx, or accepted and dropped.
        public var wasAccepted: Bool {
            switch reply {
            case .ok, .acceptAndDrop: true
            case .status(let code, _): (200...299).contains(code)
            case .rateLimited, .hang: false
            }
        }
    }

    private struct State {
        var scripts: [String: [Reply]] = [:]
        var defaults: [String: Reply] = [:]
        var requests: [Request] = []
    }

    private let state = Mutex(State())
    private let fallback: Reply

    /// `fallback` answers paths without a script, and scripted paths once their script is used up.
    public init(fallback: Reply = .ok) {
        self.fallback = fallback
    }

    /// Replies for the next requests to `path`, in order; afterwards the path's default applies.
    public func script(_ path: String, _ replies: [Reply]) {
        state.withLock { $0.scripts[path, default: []].append(contentsOf: replies) }
    }

    /// The reply for `path` once its script is used up.
    public func setDefault(_ path: String, _ reply: Reply) {
        state.withLock { $0.defaults[path] = reply }
    }

    /// Every request so far, in arrival order.
    public var requests: [Request] { state.withLock { $0.requests } }

    public func requests(to path: String) -> [Request] {
        state.withLock { $0.requests.filter { $0.path == path } }
    }

    /// Bodies that reached the channel at `path` (duplicates included).
    public func accepted(at path: String) -> [[UInt8]] {
        requests(to: path).filter(\.wasAccepted).map(\.body)
    }

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        guard ["POST", "PATCH", "PUT"].contains(request.method) else {
            return .text(.methodNotAllowed, "method_not_allowed", headers: ["Allow": "POST, PATCH, PUT"])
        }
        let path = String(request.path)
        let (reply, number) = state.withLock { state -> (Reply, Int) in
            var reply = state.defaults[path] ?? fallback
            if var script = state.scripts[path], !script.isEmpty {
                reply = script.removeFirst()
                state.scripts[path] = script
            }
            state.requests.append(
                Request(
                    method: request.method, path: path, query: String(request.query ?? ""), body: request.body, receivedAt: Date(),
                    reply: reply))
            return (reply, state.requests.count)
        }
        switch reply {
        case .ok:
            return Self.success(path: path, query: String(request.query ?? ""), number: number)
        case .status(let code, let body):
            return .text(HTTPStatus(code: code), body)
        case .rateLimited(let retryAfter):
            return .json(
                .tooManyRequests, Array("{\"ok\": false, \"error\": \"ratelimited\"}".utf8), headers: ["Retry-After": retryAfter])
        case .hang(let duration), .acceptAndDrop(let duration):
            try? await Task.sleep(for: duration)
            return .text(.serviceUnavailable, "too_late")
        }
    }
}
