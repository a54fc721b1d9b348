import Foundation
import Testing
import TenkiCore

@Suite("Digest slot rule")
struct DigestTimingTests {
    static let utc = TimeZone(identifier: "UTC") ?? .gmt
    /// Monday 2026-11-30 00:00 UTC.
    static let monday = Date(timeIntervalSince1970: 1_795_996_800)

    static func at(_ hour: Int, _ minute: Int) -> Date {
        monday.addingTimeInterval(TimeInterval(hour * 3600 + minute * 60))
    }

    func timing(_ expression: String = "30 7 * * 1-5", zone: TimeZone = utc, lead: TimeInterval = DigestTiming.commandLead) throws -> DigestTiming {
        DigestTiming(schedule: try CronSchedule(parsing: expression), timeZone: zone, catchUpWindow: 7200, lead: lead)
    }

    @Test("the slot is the latest fire at or before now + 5 min, due within the catch-up window", arguments: [
        (7, 24, "missed"), (7, 25, "due"), (7, 30, "due"), (9, 0, "due"), (9, 30, "due"), (9, 31, "missed"), (10, 0, "missed"),
    ])
    func table(hour: Int, minute: Int, expected: String) throws {
        let decision = try timing().decide(now: Self.at(hour, minute))
        switch decision {
        case .due(let slot):
            #expect(expected == "due")
            #expect(slot == Self.at(7, 30))
        case .missed:
            #expect(expected == "missed")
        case .none:
            Issue.record("no slot")
        }
    }

    @Test("the next slot is the first after now + lead")
    func next() throws {
        #expect(try timing().nextSlot(after: Self.at(7, 26)) == Self.at(7, 30).addingTimeInterval(86_400))
        #expect(try timing(lead: 0).nextSlot(after: Self.at(7, 26)) == Self.at(7, 30))
    }

    @Test("spring forward in New York: a 02:30 schedule's slot on 2025-03-09 is 03:00 EDT")
    func springForward() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let timing = try timing("30 2 * * *", zone: newYork, lead: 0)
        #expect(timing.decide(now: Date(timeIntervalSince1970: 1_741_503_600)) == .due(slot: Date(timeIntervalSince1970: 1_741_503_600)))
        #expect(timing.describe(Date(timeIntervalSince1970: 1_741_503_600)).hasPrefix("2025-03-09 03:00 America/New_York"))
    }

    /// A catch-up window of 0 is "only on time": a wake a few milliseconds (or seconds) after the
    /// slot still posts it; a minute and a bit later does not.
    @Test("catch-up 0 posts a slot taken within the on-time tolerance", arguments: [
        (0.005, true), (2.5, true), (DigestTiming.onTimeTolerance, true), (DigestTiming.onTimeTolerance + 1, false),
        (-0.001, false),
    ])
    func zeroWindow(secondsAfterSlot: TimeInterval, posted: Bool) throws {
        let timing = DigestTiming(schedule: try CronSchedule(parsing: "30 7 * * 1-5"), timeZone: Self.utc, catchUpWindow: 0)
        let decision = timing.decide(now: Self.at(7, 30).addingTimeInterval(secondsAfterSlot))
        #expect((decision == .due(slot: Self.at(7, 30))) == posted, "\(decision)")
    }
}
