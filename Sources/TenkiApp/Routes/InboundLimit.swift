import Synchronization
import TenkiMetrics

/// What an inbound request asks Tenki to do, for `InboundLimit`'s refusals metric.
public enum InboundKind: String, Sendable, CaseIterable {
    /// A slash command (Slack, Mattermost, Discord) not answered from the stored answers.
    case command
    /// A button press (Slack's `block_actions`, Discord's message components).
    case press
    /// An Events API event (or a Socket Mode envelope): refused with a 503 before it is marked
    /// seen, so that Slack's retry of it is taken.
    case event
}

/// One bound on the inbound work in flight, of every kind together: a command being answered
/// (its late answer included, until it is queued), a press until its answer is queued, and for a
/// press the answers still waiting in the outbox (`admit(_:queued:)`). Beyond it a
/// request is refused at once, before anything is stored or started, so memory and the state file
/// stay flat whatever the rate; each refusal counts in `tenki_inbound_refused_total{kind}`.
public final class InboundLimit: Sendable {
    /// Work admitted at once at most (`TENKI_INBOUND_IN_FLIGHT`).
    public let bound: Int
    private let inFlight = Atomic<Int>(0)
    private let metrics: MetricsRegistry?

    public static let refusedMetric = "tenki_inbound_refused_total"
    public static let inFlightMetric = "tenki_inbound_in_flight"

    public init(bound: Int, metrics: MetricsRegistry?) {
        self.bound = max(1, bound)
        self.metrics = metrics
        metrics?.describe(
            Self.refusedMetric, type: "counter",
            help:
                "Inbound requests refused because \(SettingsTable.name(\.inboundInFlight)) work was in flight, "
                + "by kind (command, press, event)."
        )
        metrics?.describe(Self.inFlightMetric, type: "gauge", help: "Inbound commands and presses being worked on.")
        metrics?.set(Self.inFlightMetric, to: 0)
        for kind in InboundKind.allCases { metrics?.increment(Self.refusedMetric, [("kind", kind.rawValue)], by: 0) }
    }

    /// No bound (for responders built without one, as some tests build them).
    public static let unbounded = InboundLimit(bound: .max, metrics: nil)

    /// Work in flight now.
    public var count: Int { inFlight.load(ordering: .relaxed) }

    /// A place for one piece of `kind` work, held until the ticket goes away (the last closure or
    /// task holding it ends); nil, counted, when `bound` pieces are in flight. `queued`: answers of
    /// this kind's work still waiting in the outbox (a press is done once its answer is posted),
    /// counted against the same bound, so a backed-up outbox refuses new presses rather than grow.
    public func admit(_ kind: InboundKind, queued: Int = 0) -> InboundTicket? {
        var current = inFlight.load(ordering: .relaxed)
        while current + max(0, queued) < bound {
            let (exchanged, original) = inFlight.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged {
                metrics?.adjust(Self.inFlightMetric, by: 1)
                return InboundTicket(self)
            }
            current = original
        }
        metrics?.increment(Self.refusedMetric, [("kind", kind.rawValue)])
        return nil
    }

    fileprivate func leave() {
        inFlight.subtract(1, ordering: .acquiringAndReleasing)
        metrics?.adjust(Self.inFlightMetric, by: -1)
    }
}

/// A place in `InboundLimit`, given back when the ticket is released: by the last reference
/// going away (a task that captured it ends), or by `release()`, whichever comes first.
public final class InboundTicket: Sendable {
    private let limit: InboundLimit
    private let released = Atomic<Bool>(false)

    fileprivate init(_ limit: InboundLimit) {
        self.limit = limit
    }

    public func release() {
        if !released.exchange(true, ordering: .acquiringAndReleasing) { limit.leave() }
    }

    deinit { release() }
}
