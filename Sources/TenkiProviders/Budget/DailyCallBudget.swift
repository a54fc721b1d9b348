import Foundation
import TenkiCore
import TenkiLogging
import TenkiMetrics
import TenkiStorage

/// A number of upstream calls allowed per UTC day, for APIs whose plan counts calls per day
/// (NewsAPI's developer plan: 100), counted in a `CallBudgetStore` so that every process of a
/// deployment and every restart spend one budget. The cache only calls the upstream on a miss, so
/// the budget is taken inside the load: when it is spent, the load throws an error the cache
/// classifies as `.temporary`, and the last good answer is served stale instead of a call being made.
///
/// The budget is shared fairly (see `BudgetShares`): one person's commands may spend only their
/// share, and commands together leave a reserve that only scheduled posts may spend, so neither
/// one busy user nor everyone's searches take the morning report's news away.
///
/// ```swift
/// try await newsCache.lookup(key) { () async throws(NewsError) -> [Article] in
///     if case .refused(let reason) = await budget.spend(by: .user(key)) { throw NewsError(reason) }  // .temporary
///     return try await client.topHeadlines(...)
/// }
/// ```
///
/// A store that cannot be read or written grants the call (and logs it): an unreadable state file
/// must not also take the news away; it costs at most the calls made while it is broken.
public final class DailyCallBudget: Sendable {
    /// Calls allowed per UTC day.
    public let limit: Int
    public let shares: BudgetShares
    /// The `upstream` label of the budget's metrics (`newsapi`).
    public let upstream: String
    private let store: any CallBudgetStore
    private let clock: any WallClock
    private let registry: MetricsRegistry?
    private let logger: Logger

    public init(
        upstream: String, limit: Int, shares: BudgetShares = .whole, store: any CallBudgetStore, clock: any WallClock,
        metrics: MetricsRegistry? = nil, logger: Logger = .discarding
    ) {
        self.upstream = upstream
        self.limit = max(0, limit)
        self.shares = shares
        self.store = store
        self.clock = clock
        self.registry = metrics
        self.logger = logger
        metrics?.describe(
            "tenki_upstream_budget_remaining", type: "gauge",
            help: "Calls left in today's (UTC) budget of a daily-limited upstream, as this process last saw it.")
        metrics?.describe(
            "tenki_upstream_budget_exhausted_total", type: "counter",
            help: "Calls not made because the daily budget (reason=\"budget\") or one user's share of it (reason=\"share\") was spent.")
        for reason in [Refusal.Reason.budgetSpent, .userShareSpent] {
            metrics?.increment(
                "tenki_upstream_budget_exhausted_total", [("upstream", upstream), ("reason", reason.rawValue)], by: 0)
        }
    }

    /// Who is about to spend a call.
    public enum Spender: Sendable, Equatable {
        /// A person's command.
        case user(UserKey)
        /// A digest or other scheduled post: may spend the reserve.
        case schedule
    }

    /// Whether a call may be made.
    public enum Decision: Sendable, Equatable {
        case granted
        case refused(Refusal)
    }

    public struct Refusal: Sendable, Equatable {
        public enum Reason: String, Sendable {
            /// The day's budget for commands (the whole budget less the reserve) is spent.
            case budgetSpent = "budget"
            /// This user's share of the day's budget is spent; others may still search.
            case userShareSpent = "share"
        }

        public var reason: Reason
        /// When the budget starts afresh: the next midnight UTC.
        public var resetsAt: Date
        /// The calls that were allowed (the commands' part of the budget, or one user's share).
        public var allowance: Int
    }

    /// Takes one call from today's budget for `spender`; when refused, make no call.
    public func spend(by spender: Spender) async -> Decision {
        let today = Self.day(of: clock.now())
        let resetsAt = Date(timeIntervalSince1970: Double(today + 1) * 86_400)
        do {
            switch spender {
            case .schedule:
                guard try await take(upstream, limit: limit, day: today) else {
                    return refuse(Refusal(reason: .budgetSpent, resetsAt: resetsAt, allowance: limit))
                }
            case .user(let user):
                let share = shares.userAllowance(of: limit)
                guard try await store.consume(upstream: "\(upstream)/user/\(user.team)/\(user.user)", day: today, limit: share) != nil else {
                    return refuse(Refusal(reason: .userShareSpent, resetsAt: resetsAt, allowance: share))
                }
                let forCommands = shares.commandAllowance(of: limit)
                guard try await take(upstream, limit: forCommands, day: today) else {
                    return refuse(Refusal(reason: .budgetSpent, resetsAt: resetsAt, allowance: forCommands))
                }
            }
        } catch {
            logger.warning("daily call budget unreadable; the call is made", [("upstream", upstream), ("error", error.description)])
        }
        return .granted
    }

    /// Calls left today for scheduled posts (the whole limit when the store cannot be read).
    public func remaining() async -> Int {
        let used = (try? await store.used(upstream: upstream, day: Self.day(of: clock.now()))) ?? 0
        return max(0, limit - used)
    }

    /// Takes one call from the deployment's count, within `limit`, and updates the gauge.
    private func take(_ upstream: String, limit: Int, day: Int) async throws(CallBudgetStoreError) -> Bool {
        guard let left = try await store.consume(upstream: upstream, day: day, limit: limit) else { return false }
        registry?.set("tenki_upstream_budget_remaining", [("upstream", upstream)], to: Double(self.limit - (limit - left)))
        return true
    }

    private func refuse(_ refusal: Refusal) -> Decision {
        registry?.increment("tenki_upstream_budget_exhausted_total", [("upstream", upstream), ("reason", refusal.reason.rawValue)])
        if refusal.reason == .budgetSpent {
            registry?.set("tenki_upstream_budget_remaining", [("upstream", upstream)], to: Double(limit - refusal.allowance))
        }
        return .refused(refusal)
    }

    /// Days since 1970-01-01 UTC: budgets of the providers Tenki uses reset at midnight UTC.
    static func day(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}
