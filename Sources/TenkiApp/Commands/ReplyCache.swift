import Foundation
import Synchronization
import TenkiBase
import TenkiCore
import TenkiMetrics

/// Already-encoded `/weather` answers, so a repeated question is answered on the listener's thread
/// without a task, an actor hop, a formatter or a JSON encoder.
///
/// The asynchronous path fills it when it has built a current-weather answer from fresh cache
/// entries; the router reads it after the request's signature is verified and its body decoded
/// (nothing here is keyed on raw request bytes). An entry is keyed by everything the answer
/// depends on besides settings: the command text and the user's saved place and units (so two
/// users with the same saved defaults share it). It lives until the first of: the weather or
/// geocoding entry it was built from goes stale, or the minute changes (the answer shows the place's
/// local time to the minute). Stale answers (served because the upstream failed) are never stored,
/// so they keep saying how old they are.
///
/// One rebuild at a time (`ExpiringEntry`): the first look-up after an answer expires misses and
/// takes the full path, which stores the new answer; look-ups that come while it works, for at most
/// `rebuildGrace`, are given the expired answer instead of each building the same one (under load
/// every request in flight at the turn of a minute did: 50 renderings at once at c50, about 3.5 MB).
final class ReplyCache: Sendable {
    struct Key: Hashable, Sendable {
        var text: String
        var savedPlace: String?
        var savedUnits: Units?

        init(text: String, savedPlace: String? = nil, savedUnits: Units? = nil) {
            self.text = text
            self.savedPlace = savedPlace
            self.savedUnits = savedUnits
        }
    }

    /// How long the expired answer stands in while its rebuild is under way: longer than building
    /// one takes from fresh cache entries, short enough that a rebuild that stores nothing (an
    /// upstream failure, whose stale answer is never stored) hands the next look-up the full path.
    static let rebuildGrace: TimeInterval = 1

    /// The most answers kept; when full, expired ones go first, then everything (a new minute
    /// empties it in practice anyway).
    let maxEntries: Int
    private let entries = Mutex<[Key: ExpiringEntry<[UInt8]>]>([:])
    private let metrics: MetricsRegistry?
    /// `tenki_cache_lookups_total{cache="reply"}`, named once: counted on every look-up.
    private static let hits = MetricsRegistry.series("tenki_cache_lookups_total", [("cache", "reply"), ("result", "hit")])
    private static let misses = MetricsRegistry.series("tenki_cache_lookups_total", [("cache", "reply"), ("result", "miss")])

    init(maxEntries: Int = 4_096, metrics: MetricsRegistry? = nil) {
        self.maxEntries = max(1, maxEntries)
        self.metrics = metrics
        metrics?.describe(
            "tenki_cache_lookups_total", type: "counter",
            help: "Cache lookups by cache and result (hit, negative_hit, coalesced, miss).")
    }

    /// The encoded answer for `key` if it is still valid at `now`, or while another look-up rebuilds
    /// it (see the type's comment). The first look-up after it expired is a miss: its caller rebuilds.
    func answer(for key: Key, now: Date) -> [UInt8]? {
        let body = entries.withLock { $0.lookUp(key, at: now, grace: Self.rebuildGrace) }
        metrics?.increment(body == nil ? Self.misses : Self.hits)
        return body
    }

    /// Keeps `body` as the answer for `key` until `validUntil` (ignored when that is not after `now`).
    func store(_ body: [UInt8], for key: Key, validUntil: Date, now: Date) {
        guard validUntil > now else { return }
        entries.withLock { entries in
            if entries[key] == nil, entries.count >= maxEntries {
                entries = entries.filter { $0.value.isFresh(at: now) }
                if entries.count >= maxEntries { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = ExpiringEntry(body, storedAt: now, validUntil: validUntil)
        }
    }

    var count: Int { entries.withLock { $0.count } }

    /// The start of the minute after `date`: when the local time an answer shows changes.
    static func nextMinute(after date: Date) -> Date {
        let seconds = date.timeIntervalSince1970
        return Date(timeIntervalSince1970: ((seconds / 60).rounded(.down) + 1) * 60)
    }
}
