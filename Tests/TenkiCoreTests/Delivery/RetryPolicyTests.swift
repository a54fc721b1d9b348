import Foundation
import Testing

@testable import TenkiCore

@Suite("Retry policy")
struct RetryPolicyTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var webhookLimits: DeliveryLimits { DestinationKind.incomingWebhook.limits(createdAt: now) }

    func decide(
        policy: RetryPolicy = .default, for outcome: AttemptOutcome, attempt: Int, now: Date,
        limits: DeliveryLimits, hasImages: Bool
    ) -> RetryDecision {
        var random = SplitMix64(seed: 7)
        return policy.decision(for: outcome, attempt: attempt, now: now, limits: limits, hasImages: hasImages, random: &random)
    }

    @Test("defaults are pinned")
    func defaults() {
        let policy = RetryPolicy.default
        #expect(policy.base == 1)
        #expect(policy.cap == 300)
        #expect(policy.maxAttempts == nil)
        #expect(policy.retryAfterCap == 600)
        #expect(DestinationKind.defaultWebhookLifetime == 6 * 3600)
        #expect(DestinationKind.responseURLLifetime == 1800)
        #expect(DestinationKind.responseURLMaxUses == 5)
    }

    @Test("the backoff bound doubles from the base up to the cap")
    func backoffSchedule() {
        let bounds = (1...12).map { RetryPolicy.default.backoffBound(attempt: $0) }
        #expect(bounds == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300])
        #expect(RetryPolicy.default.backoffBound(attempt: 10_000) == 300)
        let custom = RetryPolicy(base: 0.5, cap: 3)
        #expect((1...4).map { custom.backoffBound(attempt: $0) } == [0.5, 1, 2, 3])
    }

    @Test("full jitter stays within the bound and is reproducible from a seed")
    func jitter() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var delays: [TimeInterval] = []
        for attempt in 1...20 {
            let delay = RetryPolicy.default.backoff(attempt: attempt, random: &first)
            #expect(delay >= 0 && delay <= RetryPolicy.default.backoffBound(attempt: attempt))
            let again = RetryPolicy.default.backoff(attempt: attempt, random: &second)
            #expect(delay == again)
            delays.append(delay)
        }
        #expect(Set(delays).count > 15, "jitter must vary")
    }

    static let retried: [Int] = [408, 429, 500, 502, 503, 504, 599]
    static let final: [Int] = [300, 301, 400, 401, 403, 404, 405, 410, 413, 422]

    @Test("retried statuses", arguments: retried)
    func retriedStatus(status: Int) {
        #expect(RetryPolicy.isRetryable(status: status))
        var random = SplitMix64(seed: 1)
        let decision = RetryPolicy.default.decision(
            for: .response(status: status, body: "", retryAfter: nil), attempt: 1, now: now,
            limits: webhookLimits, hasImages: false, random: &random)
        guard case .retry(let at, _) = decision else { Issue.record("\(decision)"); return }
        #expect(at >= now && at <= now.addingTimeInterval(1))
    }

    @Test("final statuses", arguments: final)
    func finalStatus(status: Int) {
        #expect(!RetryPolicy.isRetryable(status: status))
        var random = SplitMix64(seed: 1)
        let decision = RetryPolicy.default.decision(
            for: .response(status: status, body: "channel_not_found", retryAfter: nil), attempt: 1, now: now,
            limits: webhookLimits, hasImages: false, random: &random)
        #expect(decision == .dead(reason: "HTTP \(status) channel_not_found"))
    }

    @Test("2xx is delivered", arguments: [200, 201, 204])
    func delivered(status: Int) {
        #expect(
            decide(
                for: .response(status: status, body: "ok", retryAfter: nil), attempt: 1, now: now,
                limits: webhookLimits, hasImages: false) == .delivered)
    }

    @Test(
        "every transport failure is retried",
        arguments: [
            AttemptOutcome.TransportFailure.timedOut, .connectionFailed, .invalidResponse, .cancelled,
        ])
    func transportFailures(failure: AttemptOutcome.TransportFailure) {
        var random = SplitMix64(seed: 1)
        let decision = RetryPolicy.default.decision(
            for: .transportFailure(failure), attempt: 3, now: now, limits: webhookLimits, hasImages: false, random: &random)
        guard case .retry(let at, _) = decision else { Issue.record("\(decision)"); return }
        #expect(at <= now.addingTimeInterval(4))
    }

    @Test("Retry-After wins over the backoff, in both forms, and is capped")
    func retryAfter() {
        var random = SplitMix64(seed: 1)
        func decide429(_ header: String) -> RetryDecision {
            RetryPolicy.default.decision(
                for: .response(status: 429, body: "", retryAfter: header), attempt: 1, now: now,
                limits: webhookLimits, hasImages: false, random: &random)
        }
        #expect(decide429("30") == .retry(at: now.addingTimeInterval(30), reason: "HTTP 429"))
        let inTwoMinutes = "Fri, 15 Jan 2027 08:02:00 GMT"  // 1_800_000_000 is 2027-01-15T08:00:00Z
        #expect(decide429(inTwoMinutes) == .retry(at: now.addingTimeInterval(120), reason: "HTTP 429"))
        #expect(decide429("86400") == .retry(at: now.addingTimeInterval(600), reason: "HTTP 429"))
    }

    @Test("no retry is scheduled past the deadline")
    func deadline() {
        var random = SplitMix64(seed: 1)
        let limits = DeliveryLimits(deadline: now.addingTimeInterval(10), maxUses: nil)
        let decision = RetryPolicy.default.decision(
            for: .response(status: 503, body: "", retryAfter: "60"), attempt: 1, now: now,
            limits: limits, hasImages: false, random: &random)
        #expect(decision == .dead(reason: "HTTP 503; deadline passed"))
    }

    @Test("a response_url is used at most 5 times and never after 30 minutes")
    func responseURLLimits() {
        var random = SplitMix64(seed: 1)
        let limits = DestinationKind.responseURL.limits(createdAt: now)
        #expect(limits == DeliveryLimits(deadline: now.addingTimeInterval(1800), maxUses: 5))
        let outcome = AttemptOutcome.response(status: 500, body: "rollup_error", retryAfter: nil)
        for attempt in 1...4 {
            let decision = RetryPolicy.default.decision(
                for: outcome, attempt: attempt, now: now, limits: limits, hasImages: false, random: &random)
            guard case .retry = decision else { Issue.record("attempt \(attempt): \(decision)"); return }
        }
        #expect(
            decide(
                for: outcome, attempt: 5, now: now, limits: limits, hasImages: false)
                == .dead(reason: "HTTP 500 rollup_error; use limit of 5 reached"))
        let late = now.addingTimeInterval(1800)
        #expect(
            decide(
                for: outcome, attempt: 1, now: late, limits: limits, hasImages: false)
                == .dead(reason: "HTTP 500 rollup_error; deadline passed"))
    }

    @Test("invalid_blocks with images is resent without them once; without images it is dead")
    func invalidBlocks() {
        let outcome = AttemptOutcome.response(status: 400, body: "invalid_blocks", retryAfter: nil)
        #expect(
            decide(
                for: outcome, attempt: 1, now: now, limits: webhookLimits, hasImages: true) == .resendWithoutImages)
        #expect(
            decide(
                for: outcome, attempt: 1, now: now, limits: webhookLimits, hasImages: false)
                == .dead(reason: "HTTP 400 invalid_blocks"))
        let spent = DeliveryLimits(deadline: now.addingTimeInterval(60), maxUses: 1)
        #expect(
            decide(
                for: outcome, attempt: 1, now: now, limits: spent, hasImages: true)
                == .dead(reason: "HTTP 400 invalid_blocks"))
    }

    @Test("maxAttempts stops retries when set")
    func maxAttempts() {
        let policy = RetryPolicy(maxAttempts: 2)
        #expect(
            decide(
                policy: policy,
                for: .transportFailure(.timedOut), attempt: 2, now: now, limits: webhookLimits, hasImages: false)
                == .dead(reason: "timed out; attempt limit of 2 reached"))
    }

    @Test(
        "Slack's reasons are read from plain and JSON bodies, never from pages",
        arguments: [
            ("invalid_payload\n", "invalid_payload"), ("{\"ok\": false, \"error\": \"ratelimited\"}", "ratelimited"),
            ("<html>Bad gateway</html>", nil), ("", nil), ("channel_is_archived", "channel_is_archived"),
        ] as [(String, String?)])
    func reasons(body: String, reason: String?) {
        #expect(SlackErrorReason.parse(body) == reason)
    }
}

@Suite("Retry policy on Discord")
struct DiscordRetryPolicyTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var limits: DeliveryLimits { DestinationKind.discordOriginal.limits(createdAt: now) }

    func decide(_ outcome: AttemptOutcome) -> RetryDecision {
        var random = SplitMix64(seed: 7)
        return RetryPolicy.default.decision(for: outcome, attempt: 1, now: now, limits: limits, hasImages: false, random: &random)
    }

    @Test("a 429 without Retry-After waits for the body's retry_after; the header wins when both are there")
    func retryAfterInTheBody() {
        let body = #"{"message": "You are being rate limited.", "retry_after": 2.5, "global": false}"#
        #expect(decide(.response(status: 429, body: body, retryAfter: nil)) == .retry(at: now.addingTimeInterval(2.5), reason: "HTTP 429"))
        #expect(decide(.response(status: 429, body: body, retryAfter: "4")) == .retry(at: now.addingTimeInterval(4), reason: "HTTP 429"))
        #expect(RetryAfter.parse(jsonBody: #"{"retry_after": -1}"#) == nil)
        #expect(RetryAfter.parse(jsonBody: #"{"retry_after": "soon"}"#) == nil)
        #expect(RetryAfter.parse(jsonBody: "not json") == nil)
    }

    @Test("a 404 is never retried (Discord's rule for webhooks)")
    func notFoundIsFinal() {
        guard case .dead = decide(.response(status: 404, body: #"{"message": "Unknown Webhook", "code": 10015}"#, retryAfter: nil))
        else {
            Issue.record("a 404 was retried")
            return
        }
    }

    @Test("@original is edited with PATCH within the token's 15 minutes; follow-ups are posted")
    func limitsAndMethods() {
        #expect(limits == DeliveryLimits(deadline: now.addingTimeInterval(15 * 60), maxUses: nil))
        #expect(DestinationKind.discordOriginal.httpMethod == "PATCH")
        #expect(DestinationKind.discordFollowUp.httpMethod == "POST")
        #expect(DestinationKind.responseURL.httpMethod == "POST")
    }
}
