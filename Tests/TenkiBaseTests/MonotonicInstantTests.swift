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
        // Both clocks count from the same epoch: a reading lies between the standard library's two.
        let epoch = ContinuousClock().systemEpoch
        #expect(epoch.duration(to: before) <= first.sinceEpoch)
        #expect(second.sinceEpoch <= epoch.duration(to: after))
    }

    @Test("arithmetic: advanced, duration to, differences and order")
    func arithmetic() {
        let start = MonotonicInstant(sinceEpoch: .seconds(100))
        let later = start.advanced(by: .milliseconds(1500))
        #expect(later == start + .milliseconds(1500))
        #expect(start.duration(to: later) == .milliseconds(1500))
        #expect(later.duration(to: start) == .milliseconds(-1500))
        #expect(later - start == .milliseconds(1500))
        #expect(start < later && !(later < start))
        #expect(Optional(start) != nil)
    }
}
