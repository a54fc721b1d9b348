/// How long to wait before opening a connection again: 1 s doubling to 60 s after each failure in
/// a row, with jitter (between half the delay and all of it, so replicas started together spread
/// out); a refused token or a disabled link is retried slowly, since only an operator fixes it.
struct SocketModeBackoff: Sendable, Equatable {
    var first: Duration = .seconds(1)
    var cap: Duration = .seconds(60)
    /// After `invalid_auth` (and the like) or a `link_disabled`.
    var slow: Duration = .seconds(300)

    /// The wait after `failures` failures in a row (1: the first), `random` in 0…1.
    func delay(afterFailures failures: Int, random: Double) -> Duration {
        let doublings = max(0, min(failures - 1, 16))
        let full = min(cap, first * (1 << doublings))
        return jittered(full, random)
    }

    /// The slow wait, jittered the same way.
    func slowDelay(random: Double) -> Duration { jittered(slow, random) }

    private func jittered(_ full: Duration, _ random: Double) -> Duration {
        let fraction = 0.5 + 0.5 * min(max(random, 0), 1)
        return full * fraction
    }
}
