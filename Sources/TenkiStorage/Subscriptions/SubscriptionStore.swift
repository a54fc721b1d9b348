import Foundation
import Synchronization
import TenkiCore

/// Channels' subscriptions, behind a protocol: SQLite or PostgreSQL in production (one suite runs
/// against both), memory for `preview` and tests.
public protocol SubscriptionStore: Sendable {
    /// Saves `subscription` (its `id` is ignored and assigned) unless its channel already holds
    /// `limit`: the count and the insert are one transaction, so two replicas cannot both add the
    /// last one.
    func add(_ subscription: Subscription, limit: Int) async throws(StateStoreError) -> SubscriptionAddResult
    /// A channel's subscriptions, oldest first.
    func subscriptions(team: String, channel: String) async throws(StateStoreError) -> [Subscription]
    /// The subscriptions `user` created in `team`, any channel, oldest first: their Home tab.
    func subscriptions(team: String, createdBy user: String) async throws(StateStoreError) -> [Subscription]
    /// Every subscription, oldest first: what the scheduler runs.
    func all() async throws(StateStoreError) -> [Subscription]
    /// Removes those of `ids` that belong to the channel (or any, for the operator's `nil`);
    /// how many were removed.
    func remove(_ ids: [Int64], team: String?, channel: String?) async throws(StateStoreError) -> Int
    /// Counts a post's end: delivered clears the run of dead posts (and a pause); dead adds to
    /// it, and the `Subscription.deadPostsBeforePause`-th pauses with `reason`. Nil when the
    /// subscription is gone.
    func recordPost(_ id: Int64, delivered: Bool, reason: String?) async throws(StateStoreError) -> Subscription?
}

public enum SubscriptionAddResult: Sendable, Equatable {
    case added(Subscription)
    /// The channel already holds this many.
    case channelFull(Int)
}

/// The columns a subscription is stored in, shared by both backends' queries.
enum SubscriptionColumns {
    /// In the order `subscription(_:)` reads them.
    static let select =
        "id, team, channel, kind, local_time, days, title, latitude, longitude, time_zone, language, units, created_by, "
        + "created_at, dead_in_a_row, paused_reason, installation_key"

    /// The values of `INSERT INTO subscriptions (team, channel, kind, local_time, days, title,
    /// latitude, longitude, time_zone, language, units, created_by, created_at, installation_key)`.
    static func insertValues<Value: StoreValue>(_ subscription: Subscription) -> [Value] {
        let columns = kindColumns(subscription.kind)
        return [
            .text(subscription.team), .text(subscription.channel), .text(columns.kind), columns.time.map(Value.text) ?? .null,
            columns.days.map(Value.text) ?? .null, .text(subscription.title), .real(subscription.coordinates.latitude),
            .real(subscription.coordinates.longitude), .text(subscription.timeZone), .text(subscription.language.rawValue),
            .text(subscription.units.rawValue), .text(subscription.createdBy), .date(subscription.createdAt),
            .text(subscription.installationKey),
        ]
    }

    /// `kind`, `local_time` and `days` as stored.
    static func kindColumns(_ kind: Subscription.Kind) -> (kind: String, time: String?, days: String?) {
        switch kind {
        case .morning(let time, let days): ("morning", time.description, days.rawValue)
        case .rain: ("rain", nil, nil)
        }
    }

    /// A row of `select` back as a subscription; nil for a row this build cannot read (a kind from a newer one).
    static func subscription(_ row: some StoreRow) -> Subscription? {
        let (kind, time, days) = (row.text(3), row.optionalText(4), row.optionalText(5))
        let parsedKind: Subscription.Kind
        switch kind {
        case "rain":
            parsedKind = .rain
        case "morning":
            guard case .time(let local)? = time.map({ LocalTime.read($0) }), let days = days.flatMap(ReportDays.init(rawValue:))
            else { return nil }
            parsedKind = .morning(local, days)
        default:
            return nil
        }
        return Subscription(
            id: row.int64(0), team: row.text(1), channel: row.text(2), kind: parsedKind, title: row.text(6),
            coordinates: Coordinates(latitude: row.double(7), longitude: row.double(8)), timeZone: row.text(9),
            language: WeatherLanguage(rawValue: row.text(10)) ?? .en, units: Units(rawValue: row.text(11)) ?? .metric,
            createdBy: row.text(12), createdAt: row.date(13), deadInARow: row.int(14), pausedReason: row.optionalText(15),
            installationKey: row.optionalText(16))
    }
}

/// Subscriptions in memory: gone when the process ends.
public final class InMemorySubscriptionStore: SubscriptionStore {
    private struct State {
        var rows: [Subscription] = []
        var lastID: Int64 = 0
    }

    private let state = Mutex(State())

    public init() {}

    public func add(_ subscription: Subscription, limit: Int) -> SubscriptionAddResult {
        state.withLock { state in
            let held = state.rows.filter { $0.team == subscription.team && $0.channel == subscription.channel }.count
            guard held < limit else { return .channelFull(held) }
            state.lastID += 1
            var saved = subscription
            saved.id = state.lastID
            state.rows.append(saved)
            return .added(saved)
        }
    }

    public func subscriptions(team: String, channel: String) -> [Subscription] {
        state.withLock { $0.rows.filter { $0.team == team && $0.channel == channel } }
    }

    public func subscriptions(team: String, createdBy user: String) -> [Subscription] {
        all().filter { $0.team == team && $0.createdBy == user }
    }

    public func all() -> [Subscription] {
        state.withLock { $0.rows }
    }

    public func remove(_ ids: [Int64], team: String?, channel: String?) -> Int {
        state.withLock { state in
            let before = state.rows.count
            state.rows.removeAll { row in
                ids.contains(row.id) && (team == nil || row.team == team) && (channel == nil || row.channel == channel)
            }
            return before - state.rows.count
        }
    }

    public func recordPost(_ id: Int64, delivered: Bool, reason: String?) -> Subscription? {
        state.withLock { state in
            guard let index = state.rows.firstIndex(where: { $0.id == id }) else { return nil }
            state.rows[index].counting(delivered: delivered, reason: reason)
            return state.rows[index]
        }
    }
}

extension Subscription {
    /// The rule of `SubscriptionStore.recordPost`, for the in-memory store (the SQL stores say
    /// the same in one UPDATE).
    mutating func counting(delivered: Bool, reason: String?) {
        if delivered {
            deadInARow = 0
            pausedReason = nil
        } else {
            deadInARow += 1
            if deadInARow >= Self.deadPostsBeforePause { pausedReason = reason ?? "posts failed" }
        }
    }
}
