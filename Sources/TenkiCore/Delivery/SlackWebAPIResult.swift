import Foundation

/// What an answer from Slack's Web API (`chat.postMessage`) means for the message.
///
/// The Web API answers most failures with HTTP 200 and `{"ok": false, "error": "..."}`, so the
/// status alone says little. Pure: the queue hands in the attempt's outcome, `RetryPolicy` turns
/// the result into a decision (see `RetryPolicy.decision(forSlackWebAPI:...)`).
public enum SlackWebAPIResult: Sendable, Equatable {
    /// `{"ok": true}`: the message is in the channel.
    case posted
    /// A Slack error worth another attempt, like a 5xx: Slack could not take it now.
    case retryable(error: String)
    /// A Slack error no retry can fix (the bot is not in the channel, the token is revoked):
    /// dead at once, with the error as the reason.
    case permanent(error: String)
    /// Not a Web API answer to judge by its body (another status, no response at all): the
    /// ordinary HTTP rules apply (5xx and 429 retried, `Retry-After` honoured, other 4xx dead).
    case http

    /// Retried like a 5xx (the contract's list).
    public static let retryableErrors: Set<String> = [
        "ratelimited", "internal_error", "fatal_error", "service_unavailable", "request_timeout",
    ]
    /// Dead at once (the contract's list). Errors in neither list are dead too: Slack's other
    /// errors (`invalid_blocks`, `msg_too_long`, `no_text`) describe the message, which a retry
    /// sends unchanged.
    public static let permanentErrors: Set<String> = [
        "channel_not_found", "not_in_channel", "is_archived", "invalid_auth", "account_inactive", "token_revoked",
        "missing_scope",
    ]

    /// Classifies one attempt's outcome.
    public init(_ outcome: AttemptOutcome) {
        guard case .response(let status, let body, _) = outcome, (200...299).contains(status) else {
            self = .http
            return
        }
        guard let answer = Self.answer(body) else {
            // A 2xx that is not the Web API's JSON (a proxy's page, a cut body): the post may have
            // arrived or not; retried like a broken connection.
            self = .retryable(error: "unreadable_answer")
            return
        }
        if answer.ok {
            self = .posted
        } else if let error = answer.error, Self.retryableErrors.contains(error) {
            self = .retryable(error: error)
        } else {
            self = .permanent(error: answer.error ?? "unknown_error")
        }
    }

    /// `ok` and `error` from a Web API body; nil when the body is not such an object. An error
    /// that is not a Slack-style token is replaced, so nothing but a code reaches logs.
    static func answer(_ body: String) -> (ok: Bool, error: String?)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
            let ok = object["ok"] as? Bool
        else { return nil }
        guard !ok else { return (true, nil) }
        let error = object["error"] as? String
        return (false, error.map { SlackErrorReason.isToken($0) ? $0 : "unknown_error" })
    }
}
