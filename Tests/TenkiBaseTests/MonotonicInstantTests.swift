import TenkiBase
import Testing

@Suite("Monotonic instants")
struct MonotonicInstantTests {
    @Test("now reads the clock ContinuousClock reads, and never goes back")
    func readsContinuousClock() {
        let before = ContinuousClock.now
        let first = MonotonicInstant.now
        let second = MonotonicInstant.now
        let after = ContinuousClock.now
        #expect(first <= second)
        // Both count from the same epoch: a reading lies between the standard library's two.
        let epoch = ContinuousClock().systemEpoch
        #expect(epoch.duration(to: before) <= .nanoseconds(first.nanoseconds))
        #expect(.nanoseconds(second.nanoseconds) <= epoch.duration(to: after))
    }

    @Test("arithmetic: advanced, duration and seconds to, differences and order")
    func arithmetic() {
        let start = MonotonicInstant(nanoseconds: 100_000_000_000)
        let later = start.advanced(by: .milliseconds(1500))
        #expect(later.nanoseconds == 101_500_000_000)
        #expect(later == start + .milliseconds(1500))
        #expect(start.advanced(by: .milliseconds(-1500)).nanoseconds == 98_500_000_000)
        #expect(start.advanced(by: .nanoseconds(7)).nanoseconds == 100_000_000_007)
        #expect(start.duration(to: later) == .milliseconds(1500))
        #expect(later.duration(to: start) == .milliseconds(-1500))
        #expect(start.seconds(to: later) == 1.5)
        #expect(later - start == .milliseconds(1500))
        #expect(start < later && !(later < start))
    }

    @Test("a deadline past the end of time saturates instead of trapping")
    func saturates() {
        let start = MonotonicInstant(nanoseconds: 1)
        #expect(start.advanced(by: .seconds(Int64.max)).nanoseconds == Int64.max)
        #expect(start.advanced(by: .seconds(Int64.min)).nanoseconds < 0)
        #expect(MonotonicInstant(nanoseconds: Int64.max - 5).advanced(by: .seconds(1)).nanoseconds == Int64.max)
        #expect(MonotonicInstant(nanoseconds: Int64.max - 5).advanced(by: .nanoseconds(9)).nanoseconds == Int64.max)
    }
}
