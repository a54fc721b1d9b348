import Foundation
import TenkiCore
import Testing

@Suite("Slack Web API answers")
struct SlackWebAPIResultTests {
    static func answer(_ body: String, status: Int = 200, retryAfter: String? = nil) -> AttemptOutcome {
        .response(status: status, body: body, retryAfter: retryAfter)
    }

    @Test(
        "each answer is classified as the contract says",
        arguments: [
            (#"{"ok":true,"channel":"C1","ts":"1.2"}"#, 200, SlackWebAPIResult.posted),
            (#"{"ok":false,"error":"ratelimited"}"#, 200, .retryable(error: "ratelimited")),
            (#"{"ok":false,"error":"internal_error"}"#, 200, .retryable(error: "internal_error")),
            (#"{"ok":false,"error":"fatal_error"}"#, 200, .retryable(error: "fatal_error")),
            (#"{"ok":false,"error":"service_unavailable"}"#, 200, .retryable(error: "service_unavailable")),
            (#"{"ok":false,"error":"request_timeout"}"#, 200, .retryable(error: "request_timeout")),
            (#"{"ok":false,"error":"channel_not_found"}"#, 200, .permanent(error: "channel_not_found")),
            (#"{"ok":false,"error":"not_in_channel"}"#, 200, .permanent(error: "not_in_channel")),
            (#"{"ok":false,"error":"is_archived"}"#, 200, .permanent(error: "is_archived")),
            (#"{"ok":false,"error":"invalid_auth"}"#, 200, .permanent(error: "invalid_auth")),
            (#"{"ok":false,"error":"account_inactive"}"#, 200, .permanent(error: "account_inactive")),
            (#"{"ok":false,"error":"token_revoked"}"#, 200, .permanent(error: "token_revoked")),
            (#"{"ok":false,"error":"missing_scope"}"#, 200, .permanent(error: "missing_scope")),
            (#"{"ok":false,"error":"msg_too_long"}"#, 200, .permanent(error: "msg_too_long")),
            (#"{"ok":false,"error":"<script>xoxb-1</script>"}"#, 200, .permanent(error: "unknown_error")),
            (#"{"ok":false}"#, 200, .permanent(error: "unknown_error")),
            ("<html>proxy</html>", 200, .retryable(error: "unreadable_answer")),
            (#"{"ok":false,"error":"ratelimited"}"#, 429, .http),
            ("bad gateway", 502, .http),
        ])
    func classified(body: String, status: Int, expected: SlackWebAPIResult) {
        #expect(SlackWebAPIResult(Self.answer(body, status: status)) == expected)
    }

    @Test("no response is left to the HTTP rules")
    func transportFailure() {
        #expect(SlackWebAPIResult(.transportFailure(.timedOut)) == .http)
    }

    @Test("the policy: posted, dead with the bare error, retried within the backoff, 429 after Retry-After")
    func decisions() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let limits = DestinationKind.slackWebAPI.limits(createdAt: now)
        var random = SplitMix64(seed: 3)
        let policy = RetryPolicy.default
        func decide(_ outcome: AttemptOutcome, attempt: Int = 1) -> RetryDecision {
            policy.decision(forSlackWebAPI: outcome, attempt: attempt, now: now, limits: limits, random: &random)
        }
        #expect(decide(Self.answer(#"{"ok":true}"#)) == .delivered)
        #expect(decide(Self.answer(#"{"ok":false,"error":"not_in_channel"}"#)) == .dead(reason: "not_in_channel"))
        let transient = decide(Self.answer(#"{"ok":false,"error":"internal_error"}"#), attempt: 3)
        guard case .retry(let at, let reason) = transient else {
            Issue.record("internal_error was not retried")
            return
        }
        #expect(reason == "internal_error")
        #expect(at >= now && at <= now.addingTimeInterval(policy.backoffBound(attempt: 3)))
        #expect(
            decide(Self.answer(#"{"ok":false,"error":"ratelimited"}"#, status: 429, retryAfter: "2"))
                == .retry(at: now.addingTimeInterval(2), reason: "HTTP 429 ratelimited"))
        #expect(
            decide(Self.answer(#"{"ok":false,"error":"ratelimited"}"#, retryAfter: "5"))
                == .retry(at: now.addingTimeInterval(5), reason: "ratelimited"))
        #expect(decide(Self.answer("nope", status: 404)) == .dead(reason: "HTTP 404 nope"))
        let late = DeliveryLimits(deadline: now, maxUses: nil)
        #expect(
            policy.decision(
                forSlackWebAPI: Self.answer(#"{"ok":false,"error":"fatal_error"}"#), attempt: 1, now: now, limits: late,
                random: &random) == .dead(reason: "fatal_error; deadline passed"))
        #expect(DestinationKind.slackWebAPI.limits(createdAt: now).maxUses == nil)
        #expect(DestinationKind(rawValue: "slack_api") == .slackWebAPI)
    }
}
