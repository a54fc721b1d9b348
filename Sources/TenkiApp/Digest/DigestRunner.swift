import Foundation
import TenkiCore
import TenkiLogging
import TenkiMetrics
import TenkiStorage

/// Runs one digest's slot rule against the ledger: decides whether its slot is due, builds the
/// message, and claims the slot and queues the message in one transaction. Shared by the
/// in-process `DigestScheduler` and `tenki digest`, so both follow exactly the same rule.
public final class DigestRunner: Sendable {
    /// What one run did.
    public enum Outcome: Sendable, Equatable {
        /// Claimed the slot; the message is queued as `delivery`.
        case posted(slot: Date, delivery: DeliveryID)
        /// The slot was already claimed (by an earlier run, another process, or a missed record).
        case alreadyPosted(slot: Date, delivery: DeliveryID?)
        /// The slot is older than the catch-up window and was skipped.
        case missed(slot: Date)
        /// The schedule never fires.
        case neverScheduled
        /// The ledger could not be read or written; nothing was posted.
        case failed(String)
    }

    public let digests: [Settings.DigestSettings]
    let builder: DigestBuilder
    let ledger: any DigestLedger
    let catchUpWindow: TimeInterval
    let logger: Logger
    let metrics: DigestMetrics
    /// Wakes the delivery queue once a message is queued.
    let queued: @Sendable () -> Void

    public init(
        digests: [Settings.DigestSettings], builder: DigestBuilder, ledger: any DigestLedger, catchUpWindow: TimeInterval,
        metrics: MetricsRegistry? = nil, logger: Logger = .discarding, queued: @escaping @Sendable () -> Void = {}
    ) {
        self.digests = digests
        self.builder = builder
        self.ledger = ledger
        self.catchUpWindow = catchUpWindow
        self.logger = logger.with("component", "digest")
        self.metrics = DigestMetrics(registry: metrics)
        self.queued = queued
    }

    /// The digest's timing.
    public func timing(of digest: Settings.DigestSettings, lead: TimeInterval) -> DigestTiming {
        DigestTiming(schedule: digest.schedule, timeZone: digest.timeZone, catchUpWindow: catchUpWindow, lead: lead)
    }

    /// Applies the slot rule at `now`. With `force`, posts whatever the ledger says, recorded
    /// under the latest slot (or `now` when the schedule never fired), so a scheduled run of that
    /// slot does not post it again.
    public func run(_ digest: Settings.DigestSettings, now: Date, lead: TimeInterval = 0, force: Bool = false) async -> Outcome {
        let timing = timing(of: digest, lead: lead)
        let slot: Date
        do {
            switch timing.decide(now: now) {
            case .none:
                guard force else { return .neverScheduled }
                slot = now
            case .missed(let missed):
                if !force {
                    if try await ledger.recordMissed(digest: digest.name, slot: missed, at: now) {
                        logger.warning(
                            "digest slot missed beyond the catch-up window; skipped",
                            [("digest", digest.name), ("slot", timing.describe(missed)), ("catch_up_s", "\(Int(catchUpWindow))")])
                        metrics.run(digest.metricsName, "missed")
                    }
                    return .missed(slot: missed)
                }
                slot = missed
            case .due(let due):
                if !force, let entry = try await ledger.entry(digest: digest.name, slot: due) {
                    return .alreadyPosted(slot: due, delivery: entry.deliveryID)
                }
                slot = due
            }
            return try await post(digest, slot: slot, timing: timing, now: now, force: force)
        } catch {
            logger.error("digest ledger failed", [("digest", digest.name), ("error", error.description)])
            metrics.run(digest.metricsName, "failed")
            return .failed(error.description)
        }
    }

    /// Fetches what the digest's slot will show (places, weather, forecast, headlines) into the
    /// process's caches ahead of the slot, so that at the slot the message is built from them and
    /// queued at once. Nothing is claimed or queued. Skipped when the slot is already claimed (by
    /// another process): its data would be fetched for nobody. Returns whether it fetched.
    @discardableResult
    public func prefetch(_ digest: Settings.DigestSettings, slot: Date, now: Date) async -> Bool {
        guard (try? await ledger.entry(digest: digest.name, slot: slot)) == nil else { return false }
        let seen = (try? await ledger.previousHeadlineURLs(digest: digest.name)) ?? []
        _ = await builder.build(Self.content(of: digest), excludingHeadlines: seen, now: now)
        logger.info("digest data fetched ahead of its slot", [("digest", digest.name), ("slot", timing(of: digest, lead: 0).describe(slot))])
        return true
    }

    /// The message the digest would post now, for `--dry-run`: reads the ledger (for the headlines
    /// to skip) when one is given, writes nothing. Render it with `digest.format`.
    public func preview(_ digest: Settings.DigestSettings, now: Date) async -> ChatMessage {
        let seen = (try? await ledger.previousHeadlineURLs(digest: digest.name)) ?? []
        return await builder.build(Self.content(of: digest), excludingHeadlines: seen, now: now).message
    }

    private func post(
        _ digest: Settings.DigestSettings, slot: Date, timing: DigestTiming, now: Date, force: Bool
    ) async throws(DeliveryStoreError) -> Outcome {
        let seen = try await ledger.previousHeadlineURLs(digest: digest.name)
        let built = await builder.build(Self.content(of: digest), excludingHeadlines: seen, now: now)
        let delivery = digest.channel.map { channel in
            var post = NewDelivery.chatPostMessage(
                channel: channel, message: built.message.slack, kind: digest.name, apiBase: digest.webhookURL, createdAt: now)
            post.installationKey = digest.installationKey
            return post
        } ?? NewDelivery(
            kind: "digest:\(digest.name)", destination: digest.format.destination(for: digest.webhookURL),
            destinationKind: .incomingWebhook, body: digest.format.body(for: built.message), createdAt: now)
        switch try await ledger.claim(
            digest: digest.name, slot: slot, delivery: delivery, headlineURLs: built.headlineURLs, replacing: force)
        {
        case .claimed(let id):
            queued()
            logger.notice("digest queued", [
                ("digest", digest.name), ("slot", timing.describe(slot)), ("delivery", "\(id)"),
                ("failed_cities", "\(built.failedCities.count)"), ("news_failed", "\(built.newsFailed)"), ("forced", "\(force)"),
            ])
            metrics.run(digest.metricsName, "queued")
            return .posted(slot: slot, delivery: id)
        case .alreadyClaimed(let id):
            // Another process claimed it while this one was building: its message is the one.
            logger.info("digest slot claimed elsewhere", [("digest", digest.name), ("slot", timing.describe(slot))])
            return .alreadyPosted(slot: slot, delivery: id)
        }
    }

    static func content(of digest: Settings.DigestSettings) -> DigestBuilder.Content {
        DigestBuilder.Content(
            cities: digest.cities, newsQuery: digest.newsQuery, newsFeeds: digest.newsFeeds, language: digest.language,
            units: digest.units,
            timeZone: digest.timeZone, places: digest.places, includesNews: digest.includesNews,
            isChannelReport: digest.channel != nil)
    }
}
