import TenkiHTTPClient

/// Why a direct Web API call (`auth.test`, `users.info`) failed. Never holds the token or a URL:
/// the method name, Slack's error code or a status is all it says.
public enum SlackWebAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// HTTP 200 `{"ok": false, "error": error}`.
    case refused(method: String, error: String)
    /// Any other status (429 with its `Retry-After` in seconds, when given).
    case status(method: String, code: Int, retryAfter: String?)
    /// A 200 whose body is not the Web API's JSON, or lacks the field asked for.
    case unreadableAnswer(method: String)
    /// No response (timeout, connection refused).
    case transport(method: String, TransportError)

    /// Slack's error code, when Slack gave one.
    public var slackError: String? {
        if case .refused(_, let error) = self { return error }
        return nil
    }

    /// Whether the bot token itself is at fault, so the fix is a new `SLACK_BOT_TOKEN`.
    public var isTokenProblem: Bool {
        Self.tokenProblems.contains(slackError ?? "")
    }

    /// A modal could not open because its `trigger_id` is spent: used already, older than 3
    /// seconds, or not one (`views.open`). The user has to press or type again.
    public var isTriggerProblem: Bool {
        ["expired_trigger_id", "exchanged_trigger_id", "invalid_trigger_id"].contains(slackError ?? "")
    }

    /// The view changed since its `hash` was read (`views.update`, `views.publish`): read again.
    public var isHashConflict: Bool { slackError == "hash_conflict" }

    /// Slack's error codes that say the bot token itself is refused: only an admin's new
    /// `SLACK_BOT_TOKEN` helps, not trying again.
    public static let tokenProblems: Set<String> = [
        "invalid_auth", "not_authed", "account_inactive", "token_revoked", "token_expired",
    ]

    public var description: String {
        switch self {
        case .refused(let method, let error):
            let fix: String
            if isTokenProblem {
                fix = ": check the bot token (OAuth & Permissions → Bot User OAuth Token, xoxb-...), or reinstall the app"
            } else if error == "missing_scope" {
                fix = ": add the bot scopes chat:write and users:read, then reinstall the app"
            } else {
                fix = ""
            }
            return "Slack's \(method) answered \(error)\(fix)"
        case .status(let method, let code, let retryAfter):
            return "Slack's \(method) answered HTTP \(code)" + (retryAfter.map { " (retry after \($0) s)" } ?? "")
        case .unreadableAnswer(let method):
            return "Slack's \(method) answered something that is not its JSON"
        case .transport(let method, let error):
            return "Slack's \(method) could not be reached: \(error)"
        }
    }
}
