import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiSecurity

/// Slack's `apps.connections.open` (`POST {SLACK_API_BASE_URL}/apps.connections.open` with the
/// app-level token as `Authorization: Bearer xapp-…`): the WebSocket URL of one new Socket Mode
/// connection. The URL carries a single-use ticket: it is returned, never logged or put in an error.
public struct SlackAppsConnectionsClient: Sendable {
    static let method = "apps.connections.open"

    let endpoint: SlackWebAPIEndpoint

    /// - Parameter baseURL: `SLACK_API_BASE_URL` (`https://slack.com/api`).
    public init(transport: any HTTPTransport, baseURL: URL, token: SlackAppToken, timeout: Duration = .seconds(10)) {
        endpoint = SlackWebAPIEndpoint(transport: transport, baseURL: baseURL, token: token, timeout: timeout)
    }

    /// The `url` of a new connection (`wss://…`, checked by the WebSocket client when it connects).
    public func open() async throws(AppsConnectionsOpenError) -> String {
        let object: [String: Any]
        do {
            object = try await endpoint.post(Self.method, contentType: "application/x-www-form-urlencoded", body: [])
        } catch {
            switch error {
            case .status(_, 429, let retryAfter): throw .rateLimited(retryAfter: Self.seconds(retryAfter))
            case .refused(_, let code): throw AppsConnectionsOpenError(code: code)
            default: throw .unavailable(error)
            }
        }
        guard let url = object["url"] as? String, !url.isEmpty, url.utf8.count <= 4096 else {
            throw .unavailable(.unreadableAnswer(method: Self.method))
        }
        return url
    }

    static func seconds(_ header: String?) -> Duration? {
        guard let header, let seconds = Int(header.trimmingCharacters(in: .whitespaces)), (0...3600).contains(seconds) else {
            return nil
        }
        return .seconds(seconds)
    }
}

/// Why `apps.connections.open` gave no connection, sorted by what the connection manager does
/// about it: a refused token (logged as an error, retried slowly), too many connections (back off,
/// never overlap), a rate limit, or a failure worth retrying with the usual backoff.
public enum AppsConnectionsOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The token is refused: `invalid_auth`, `not_authed`, `token_revoked`, `account_inactive`, or
    /// `not_allowed_token_type` (a bot token given where the app-level token goes).
    case tokenRefused(code: String)
    /// `too_many_websockets`: the app already has Slack's maximum of connections open.
    case tooManyWebSockets
    /// HTTP 429 or `ratelimited`.
    case rateLimited(retryAfter: Duration?)
    /// Another of Slack's error codes (Socket Mode turned off for the app, …).
    case refused(code: String)
    /// No answer, another status, or an answer that is not the Web API's JSON.
    case unavailable(SlackWebAPIError)

    static let tokenCodes: Set<String> = [
        "invalid_auth", "not_authed", "token_revoked", "token_expired", "account_inactive", "not_allowed_token_type",
    ]

    init(code: String) {
        if Self.tokenCodes.contains(code) {
            self = .tokenRefused(code: code)
        } else if code == "too_many_websockets" {
            self = .tooManyWebSockets
        } else if code == "ratelimited" {
            self = .rateLimited(retryAfter: nil)
        } else {
            self = .refused(code: code)
        }
    }

    public var description: String {
        let method = SlackAppsConnectionsClient.method
        switch self {
        case .tokenRefused(let code):
            return "Slack's \(method) answered \(code): the app-level token is refused (Basic Information → "
                + "App-Level Tokens: an xapp-... token with the scope connections:write)"
        case .tooManyWebSockets:
            return "Slack's \(method) answered too_many_websockets: the app already has 10 connections open "
                + "(connections × (replicas + surge + 1) must stay within 10)"
        case .rateLimited(let retryAfter):
            return "Slack's \(method) is rate limited" + (retryAfter.map { " (retry after \($0.components.seconds) s)" } ?? "")
        case .refused(let code):
            return "Slack's \(method) answered \(code)"
                + (code == "socket_mode_not_enabled" || code == "app_disabled" ? ": turn Socket Mode on for the app" : "")
        case .unavailable(let error):
            return error.description
        }
    }
}
