/// How a daily budget is divided: a reserve that only scheduled posts may spend, and a cap on
/// what one person's commands may spend, both as percentages of the day's budget.
///
/// With NewsAPI's 100 calls, the defaults (20 %, 10 % reserved) let one person make 20 calls and
/// everyone's commands together 90, so the morning digest always finds its 10.
public struct BudgetShares: Sendable, Equatable {
    /// The part of the budget one user's commands may spend, 1–100 %.
    public var userPercent: Int
    /// The part of the budget commands leave for scheduled posts, 0–90 %.
    public var reservedPercent: Int

    public init(userPercent: Int, reservedPercent: Int) {
        self.userPercent = min(max(userPercent, 1), 100)
        self.reservedPercent = min(max(reservedPercent, 0), 90)
    }

    /// No reserve and no per-user cap.
    public static let whole = BudgetShares(userPercent: 100, reservedPercent: 0)

    /// Calls one user may make per day: at least one whenever the budget allows any.
    public func userAllowance(of limit: Int) -> Int {
        limit > 0 ? max(1, limit * userPercent / 100) : 0
    }

    /// Calls all commands together may make per day: the budget less the reserve (rounded up,
    /// so the reserve never takes the last call of a small budget).
    public func commandAllowance(of limit: Int) -> Int {
        limit > 0 ? max(1, limit - limit * reservedPercent / 100) : 0
    }
}
