import Foundation
import Testing

@testable import TenkiCore

@Suite("Retry-After and pacing")
struct RetryAfterAndPacingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)  // Fri, 15 Jan 2027 08:00:00 GMT

    @Test("delta-seconds")
    func deltaSeconds() {
        #expect(RetryAfter.parse("30", now: now) == 30)
        #expect(RetryAfter.parse(" 0 ", now: now) == 0)
        #expect(RetryAfter.parse("-5", now: now) == nil)
        #expect(RetryAfter.parse("1.5", now: now) == nil)
        #expect(RetryAfter.parse("", now: now) == nil)
    }

    @Test("IMF-fixdate, including the RFC's own example and dates in the past")
    func httpDate() {
        #expect(RetryAfter.parseIMFFixdate("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(RetryAfter.parse("Fri, 15 Jan 2027 08:00:45 GMT", now: now) == 45)
        #expect(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 0)
        #expect(RetryAfter.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == nil)
        #expect(RetryAfter.parse("Sun Nov  6 08:49:37 1994", now: now) == nil)
        #expect(RetryAfter.parse("Fri, 15 Jan 2027 08:00:45 UTC", now: now) == nil)
        #expect(RetryAfter.parse("Fri, 15 Foo 2027 08:00:45 GMT", now: now) == nil)
        #expect(
            RetryAfter.parse("Fri, 29 Feb 2028 00:00:00 GMT", now: now)
                == Date(timeIntervalSince1970: 1_835_395_200).timeIntervalSince(now))
    }

    @Test("a burst, then one per second")
    func pacing() {
        var bucket = PacingBucket(now: now)
        #expect(bucket.rate == 1 && bucket.burst == 3)
        do { let took = (0..<4).map { _ in bucket.tryTake(now: now) }; #expect(took == [true, true, true, false]) }
        #expect(bucket.nextAvailable(now: now) == now.addingTimeInterval(1))
        do { let took = bucket.tryTake(now: now.addingTimeInterval(0.5)); #expect(!took) }
        do { let took = bucket.tryTake(now: now.addingTimeInterval(1)); #expect(took) }
        do { let took = bucket.tryTake(now: now.addingTimeInterval(1.9)); #expect(!took) }
        do { let took = bucket.tryTake(now: now.addingTimeInterval(2)); #expect(took) }
        // A long idle time refills only up to the burst.
        let later = now.addingTimeInterval(100)
        do { let took = (0..<4).map { _ in bucket.tryTake(now: later) }; #expect(took == [true, true, true, false]) }
    }

    @Test("over any window, takes never exceed burst + rate × window")
    func paceHolds() {
        var bucket = PacingBucket(rate: 1, burst: 3, now: now)
        var taken: [TimeInterval] = []
        var t: TimeInterval = 0
        while t < 60 {
            if bucket.tryTake(now: now.addingTimeInterval(t)) { taken.append(t) }
            t += 0.1
        }
        #expect(taken.count <= 3 + 60 && taken.count >= 60)
        for (index, start) in taken.enumerated() {
            let inWindow = taken[index...].prefix { $0 < start + 10 }.count
            #expect(inWindow <= 3 + 10)
        }
    }

    @Test("a pause (after 429) blocks until its end, then allows one")
    func pause() {
        var bucket = PacingBucket(now: now)
        bucket.pause(until: now.addingTimeInterval(30))
        do { let took = bucket.tryTake(now: now.addingTimeInterval(29.9)); #expect(!took) }
        #expect(bucket.nextAvailable(now: now) == now.addingTimeInterval(30))
        do { let took = bucket.tryTake(now: now.addingTimeInterval(30)); #expect(took) }
        do { let took = bucket.tryTake(now: now.addingTimeInterval(30)); #expect(!took) }
        do { let took = bucket.tryTake(now: now.addingTimeInterval(31)); #expect(took) }
    }

    @Test("a short pause on an empty bucket gives no token sooner than the rate would")
    func shortPauseKeepsPace() {
        var bucket = PacingBucket(now: now)
        for _ in 0..<3 { _ = bucket.tryTake(now: now) }
        bucket.pause(until: now.addingTimeInterval(0.2))
        do { let took = bucket.tryTake(now: now.addingTimeInterval(0.2)); #expect(!took) }
        #expect(bucket.nextAvailable(now: now.addingTimeInterval(0.2)) == now.addingTimeInterval(1))
        do { let took = bucket.tryTake(now: now.addingTimeInterval(1)); #expect(took) }
        #expect(!bucket.isFull(at: now.addingTimeInterval(3.9)))
        #expect(bucket.isFull(at: now.addingTimeInterval(4)))
    }
}

@Suite("Destination pacing")
struct DestinationPacingTests {
    let space = URL(string: "https://chat.googleapis.com/v1/spaces/AAAA/messages?key=K1&token=T1")!
    let sameSpace = URL(string: "https://chat.googleapis.com/v1/spaces/AAAA/messages?key=K2&token=T2")!
    let otherSpace = URL(string: "https://chat.googleapis.com/v1/spaces/BBBB/messages?key=K1&token=T1")!
    let slack = URL(string: "https://hooks.slack.com/services/T000/B000/XXXX")!

    @Test func aGoogleChatSpaceIsOneGroupWhateverItsKeyAndToken() {
        #expect(DestinationPacing.groupURL(for: space).absoluteString == "https://chat.googleapis.com/v1/spaces/AAAA/messages")
        #expect(DestinationPacing.groupURL(for: space) == DestinationPacing.groupURL(for: sameSpace))
        #expect(DestinationPacing.groupURL(for: space) != DestinationPacing.groupURL(for: otherSpace))
        #expect(DestinationPacing.groupURL(for: slack) == slack)
        #expect(DestinationPacing.googleChatSpace(of: URL(string: "https://x.test/v1/spaces/AAAA/messages/extra")!) == nil)
    }

    @Test func aGoogleChatSpaceGetsOnePostASecondWithoutBurst() {
        #expect(DestinationPacing.pace(for: space, rate: 1, burst: 3) == (1, 1))
        #expect(DestinationPacing.pace(for: space, rate: 0.5, burst: 3) == (0.5, 1), "never looser than configured")
        #expect(DestinationPacing.pace(for: slack, rate: 1, burst: 3) == (1, 3))
        var bucket = PacingBucket(rate: 1, burst: 1, now: Date(timeIntervalSince1970: 0))
        let taken = stride(from: 0.0, to: 5.0, by: 0.25).filter { bucket.tryTake(now: Date(timeIntervalSince1970: $0)) }
        #expect(taken == [0, 1, 2, 3, 4])
    }
}
