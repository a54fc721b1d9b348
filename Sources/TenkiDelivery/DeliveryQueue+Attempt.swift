import Foundation
import TenkiCore
import TenkiBase
import TenkiHTTPClient
import TenkiStorage

extension DeliveryQueue {
    /// Posts one destination's messages one after another. After a 429 the destination is paused,
    /// and the rest of the lane is given back until the pause ends.
    func send(_ lane: [ClaimedDelivery], roundStart: Date) async {
        for delivery in lane {
            let now = max(roundStart, clock.now())
            if let pausedUntil = pausedUntil(delivery.destinationHash, now: now) {
                _ = try? await store.release(delivery.id, owner: configuration.owner, at: pausedUntil)
                continue
            }
            if let turn = await sharedTurn(for: delivery, now: now) {
                _ = try? await store.release(delivery.id, owner: configuration.owner, at: turn)
                continue
            }
            await attempt(delivery, now: now)
        }
    }

    /// For a destination paced across processes (a Slack channel through `chat.postMessage`: one
    /// post a second, whichever replica sends it), the time to wait for its turn; nil to post now.
    /// A state that cannot tell does not hold the post back: the process's own pacing still holds.
    private func sharedTurn(for delivery: ClaimedDelivery, now: Date) async -> Date? {
        guard delivery.destinationKind == .slackWebAPI else { return nil }
        let interval = max(1, 1 / max(configuration.pacingRate, 0.001))  // Slack: at most one a second
        do {
            return try await store.takePostingTurn(delivery.destinationHash, now: now, interval: interval)
        } catch {
            logger.warning("shared pacing unavailable; posting on this process's pace", [("error", error.description)])
            return nil
        }
    }

    /// One attempt: check the limits, post, decide, record.
    func attempt(_ delivery: ClaimedDelivery, now: Date) async {
        let log = logger.with("delivery", "\(delivery.id)").with("host", delivery.destinationHost)
        let owner = configuration.owner
        if let limit = configuration.policy.mayAttemptAgain(attempt: delivery.attempt - 1, now: now, limits: delivery.limits) {
            // Claimed after its deadline or last use (a retried `response_url`, a long outage).
            log.warning("dead before attempt", [("reason", limit)])
            await record { () async throws(DeliveryStoreError) in
                try await store.markDead(delivery.id, owner: owner, reason: limit, at: now)
            }
            metrics.expired()
            return
        }
        let authorization: String?
        switch await bearer(for: delivery.destinationKind, installationKey: delivery.installationKey) {
        case .header(let value):
            authorization = value
        case .missing(let reason):
            log.warning("dead before attempt", [("reason", reason)])
            await record { () async throws(DeliveryStoreError) in
                try await store.markDead(delivery.id, owner: owner, reason: reason, at: now)
            }
            return
        case .unknownNow:
            log.warning("the installation's token cannot be read now; will retry", [("in_seconds", "30")])
            _ = try? await store.release(delivery.id, owner: owner, at: now.addingTimeInterval(30))
            return
        }
        let started = ContinuousClock.now
        let outcome = await post(delivery, now: now, authorization: authorization)
        let seconds = (ContinuousClock.now - started).timeInterval
        let finished = max(now, clock.now())
        let hasImages = SlackImageStripper.containsImages(delivery.body)
        let decision = state.withLock { state in
            if delivery.destinationKind == .slackWebAPI {
                return configuration.policy.decision(
                    forSlackWebAPI: outcome, attempt: delivery.attempt, now: finished, limits: delivery.limits,
                    hasImages: hasImages, random: &state.random)
            }
            return configuration.policy.decision(
                for: outcome, attempt: delivery.attempt, now: finished, limits: delivery.limits,
                hasImages: hasImages, random: &state.random)
        }
        let attemptInfo = [("attempt", "\(delivery.attempt)"), ("result", outcome.summary)]
        switch decision {
        case .delivered:
            log.info("delivered", attemptInfo)
            metrics.attempt("delivered", seconds: seconds)
            await record { () async throws(DeliveryStoreError) in
                try await store.markDelivered(delivery.id, owner: owner, at: finished)
            }
        case .retry(let at, let reason):
            if case .response(429, _, _) = outcome { pause(delivery.destinationHash, kind: delivery.destinationKind, until: at) }
            log.notice("will retry", attemptInfo + [("in_seconds", String(format: "%.1f", at.timeIntervalSince(finished)))])
            metrics.attempt("retry", seconds: seconds)
            await record { () async throws(DeliveryStoreError) in
                try await store.reschedule(delivery.id, owner: owner, at: at, lastError: reason, body: nil)
            }
        case .resendWithoutImages:
            log.notice("resending without images", attemptInfo)
            metrics.attempt("resend_without_images", seconds: seconds)
            let stripped = SlackImageStripper.strippingImages(delivery.body)
            await record { () async throws(DeliveryStoreError) in
                if let stripped {
                    try await store.reschedule(
                        delivery.id, owner: owner, at: finished, lastError: outcome.summary, body: stripped)
                } else {
                    try await store.markDead(delivery.id, owner: owner, reason: outcome.summary, at: finished)
                }
            }
        case .dead(let reason):
            log.warning("dead", attemptInfo + [("reason", reason)])
            metrics.attempt("dead", seconds: seconds)
            await record { () async throws(DeliveryStoreError) in
                try await store.markDead(delivery.id, owner: owner, reason: reason, at: finished)
            }
        }
    }

    /// The post itself, as an `AttemptOutcome`. The timeout is cut short near the message's deadline,
    /// but never below one second, so that an attempt started just before it can still connect.
    private func post(_ delivery: ClaimedDelivery, now: Date, authorization: String?) async -> AttemptOutcome {
        let untilDeadline = Duration.timeInterval(max(0, delivery.limits.deadline.timeIntervalSince(now)))
        return await post(
            delivery.body, to: delivery.destination, method: delivery.destinationKind.httpMethod,
            timeout: max(.seconds(1), min(configuration.requestTimeout, untilDeadline)), authorization: authorization)
    }

    enum Authorization {
        /// The header's value; nil: none is needed.
        case header(String?)
        /// A Web API post without a token to send it with: dead, for this reason.
        case missing(String)
        /// The installation's token could not be read now: the post waits.
        case unknownNow
    }

    /// The `Authorization` header for a post of `kind`: the bot token joins the request here, for
    /// the Web API only, so it is never in a stored row. A post for an installation is sent with
    /// that installation's token as it is now; one for a workspace that uninstalled has none.
    func bearer(for kind: DestinationKind, installationKey: String?) async -> Authorization {
        guard kind == .slackWebAPI else { return .header(nil) }
        if let lookup = configuration.installationToken {
            guard let key = installationKey else { return .missing("no workspace named for this post") }
            switch await lookup(key) {
            case .token(let token): return .header(token.authorization)
            case .notInstalled: return .missing("Tenki is not installed in workspace \(key)")
            case .unavailable: return .unknownNow
            }
        }
        guard let token = configuration.slackBotToken else { return .missing("\(configuration.slackBotTokenName) is not set") }
        return .header(token.authorization)
    }

    /// Whether the message reached its channel: a 2xx, and for the Web API also `"ok": true`.
    static func wasPosted(_ outcome: AttemptOutcome, kind: DestinationKind) -> Bool {
        guard case .response(let status, _, _) = outcome, (200...299).contains(status) else { return false }
        return kind != .slackWebAPI || SlackWebAPIResult(outcome) == .posted
    }

    /// One POST (or Discord's PATCH) of a JSON body, never following a redirect (a 3xx is the
    /// outcome), as an `AttemptOutcome`. `authorization` is the `Authorization` header's value, if any.
    ///
    /// Every destination's host is one the operator configured (a `response_url` passes the
    /// allow-list only when its host is an entry's; webhooks and the Web API bases are settings),
    /// so the address rule is decided here, at send time, from the host alone
    /// (`DestinationAddressRule`): a public name may lead only to public addresses, checked by the
    /// transport on each resolved address before connecting; a refusal is `.addressRefused`.
    func post(
        _ body: [UInt8], to destination: URL, method: String = "POST", timeout: Duration, authorization: String? = nil
    ) async -> AttemptOutcome {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "application/json; charset=utf-8")
        if let authorization { headers.set("Authorization", authorization) }
        let request = OutboundRequest(
            method: method, url: destination, headers: headers, body: body, timeout: timeout, redirects: .none,
            publicAddressesOnly: DestinationAddressRule.requiresPublicAddresses(destination))
        do {
            let response = try await transport.send(request)
            return .response(
                status: response.status, body: Self.keptBody(response.body), retryAfter: response.headers["Retry-After"])
        } catch {
            switch error {
            case .timedOut: return .transportFailure(.timedOut)
            case .connectionFailed where error.isAddressRefusal: return .transportFailure(.addressRefused)
            case .connectionFailed: return .transportFailure(.connectionFailed)
            case .invalidResponse: return .transportFailure(.invalidResponse)
            case .cancelled: return .transportFailure(.cancelled)
            }
        }
    }

    /// The start of an answer, kept with the outcome. A Web API answer longer than that (Slack
    /// echoes the message or the whole view) is cut to its `ok` and `error`, which the outcome is
    /// judged by: a cut JSON body would read as unreadable and be sent again.
    static func keptBody(_ body: [UInt8]) -> String {
        let limit = 1024
        guard body.count > limit else { return String(decoding: body, as: UTF8.self) }
        if let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any], let ok = object["ok"] as? Bool {
            var kept: [String: Any] = ["ok": ok]
            if let error = object["error"] as? String { kept["error"] = String(error.prefix(100)) }
            if let data = try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys]) {
                return String(decoding: data, as: UTF8.self)
            }
        }
        return String(decoding: body.prefix(limit), as: UTF8.self)
    }

    /// Writes an outcome; a lost lease (another process took the message over) or a store failure
    /// is logged, and the message is then settled by whoever holds it or by the next claim.
    private func record(_ write: () async throws(DeliveryStoreError) -> Bool) async {
        do {
            if try await write() == false {
                logger.warning("lease lost before the outcome was recorded")
            }
        } catch {
            metrics.stateError("record")
            logger.error("recording an outcome failed", [("error", error.description)])
        }
    }

    private func pausedUntil(_ destination: String, now: Date) -> Date? {
        state.withLock { state in
            guard let bucket = state.buckets[destination], let until = bucket.pausedUntil, until > now else { return nil }
            return until
        }
    }

    private func pause(_ destination: String, kind: DestinationKind, until: Date) {
        state.withLock { state in
            var bucket =
                state.buckets[destination]
                ?? PacingBucket(
                    rate: configuration.pacingRate, burst: Double(configuration.pacingBurst(for: kind)), now: until)
            bucket.pause(until: until)
            state.buckets[destination] = bucket
        }
    }
}
