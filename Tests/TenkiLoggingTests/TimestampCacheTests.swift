import Foundation
import Testing
import TenkiCore  // SplitMix64, the seeded generator the other tests use
@testable import TenkiLogging

/// The per-second timestamp prefix: reused within a second, rendered again for any other second,
/// whichever way the clock moved, and always the bytes a fresh rendering gives.
@Suite("TimestampCache")
struct TimestampCacheTests {
    func render(_ cache: inout TimestampCache, _ seconds: Double) -> String {
        var bytes = LineBuffer()
        cache.append(millis: LogLineFormatter.milliseconds(Date(timeIntervalSince1970: seconds)), to: &bytes)
        return String(decoding: bytes.bytes, as: UTF8.self)
    }

    @Test("milliseconds change inside a cached second; the prefix stays")
    func withinSecond() {
        var cache = TimestampCache()
        #expect(render(&cache, 1_800_000_000.000) == "2027-01-15T08:00:00.000Z")
        #expect(cache.second == 1_800_000_000)
        #expect(render(&cache, 1_800_000_000.001) == "2027-01-15T08:00:00.001Z")
        #expect(render(&cache, 1_800_000_000.0904) == "2027-01-15T08:00:00.090Z")
        #expect(render(&cache, 1_800_000_000.999) == "2027-01-15T08:00:00.999Z")
        #expect(cache.second == 1_800_000_000)
    }

    @Test("crossing into the next second, minute, day and year renders the prefix again")
    func acrossBoundaries() {
        var cache = TimestampCache()
        #expect(render(&cache, 1_798_761_598.999) == "2026-12-31T23:59:58.999Z")
        #expect(render(&cache, 1_798_761_599.0) == "2026-12-31T23:59:59.000Z")
        #expect(render(&cache, 1_798_761_599.9994) == "2026-12-31T23:59:59.999Z")
        // Rounds up to the next millisecond, which is the next second, day and year.
        #expect(render(&cache, 1_798_761_599.9996) == "2027-01-01T00:00:00.000Z")
        #expect(cache.second == 1_798_761_600)
        #expect(render(&cache, 1_798_761_600.5) == "2027-01-01T00:00:00.500Z")
    }

    @Test("a clock stepped back, or far ahead, gets its own prefix")
    func clockSteps() {
        var cache = TimestampCache()
        #expect(render(&cache, 1_800_000_001.25) == "2027-01-15T08:00:01.250Z")
        #expect(render(&cache, 1_800_000_000.75) == "2027-01-15T08:00:00.750Z")
        #expect(render(&cache, 1_800_000_001.5) == "2027-01-15T08:00:01.500Z")
        #expect(render(&cache, 253_402_300_800.007) == "10000-01-01T00:00:00.007Z")
        #expect(render(&cache, 0) == "1970-01-01T00:00:00.000Z")
    }

    @Test("any sequence of times renders as the reference formatter renders each alone", arguments: [7, 8])
    func matchesReference(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var cache = TimestampCache()
        var seconds = 1_800_000_000.0
        for _ in 0..<5000 {
            // Mostly small steps (same second, next millisecond), sometimes back, sometimes a jump; some before 1970.
            switch Int.random(in: 0..<20, using: &random) {
            case 0: seconds = Double.random(in: -200_000..<4_000_000_000, using: &random)
            case 1: seconds -= Double.random(in: 0..<3, using: &random)
            default: seconds += Double.random(in: 0..<0.02, using: &random)
            }
            let date = Date(timeIntervalSince1970: seconds)
            #expect(render(&cache, seconds) == ReferenceFormatter.timestamp(date))
        }
    }
}
