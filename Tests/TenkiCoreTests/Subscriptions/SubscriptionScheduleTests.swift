import Foundation
import Testing
@testable import TenkiCore

@Suite("Subscription schedule")
struct SubscriptionScheduleTests {
    static func subscription(_ time: LocalTime, _ days: ReportDays = .daily, zone: String) -> Subscription {
        Subscription(
            id: 1, team: "T", channel: "C", kind: .morning(time, days), title: "Da Nang, VN",
            coordinates: Coordinates(latitude: 16.07, longitude: 108.22), timeZone: zone, language: .en, units: .metric,
            createdBy: "U", createdAt: Date(timeIntervalSince1970: 0))
    }

    static func utc(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("07:30 in Asia/Ho_Chi_Minh is 00:30 UTC, every day")
    func hoChiMinh() {
        let report = Self.subscription(LocalTime(hour: 7, minute: 30)!, zone: "Asia/Ho_Chi_Minh")
        #expect(report.nextReport(after: Self.utc("2026-12-01T12:00:00Z")) == Self.utc("2026-12-02T00:30:00Z"))
        #expect(report.nextReport(after: Self.utc("2026-12-02T00:30:00Z")) == Self.utc("2026-12-03T00:30:00Z"))
    }

    @Test("weekdays skip Saturday and Sunday in the subscription's zone")
    func weekdays() {
        let report = Self.subscription(LocalTime(hour: 7, minute: 30)!, .weekdays, zone: "Asia/Ho_Chi_Minh")
        // Friday 4 Dec 2026 07:30 local has passed: next is Monday 7 Dec.
        #expect(report.nextReport(after: Self.utc("2026-12-04T01:00:00Z")) == Self.utc("2026-12-07T00:30:00Z"))
    }

    @Test("America/New_York keeps 07:30 local across both DST changes")
    func newYorkDST() {
        let report = Self.subscription(LocalTime(hour: 7, minute: 30)!, zone: "America/New_York")
        // Spring forward on 8 Mar 2026: 07:30 EST is 12:30 UTC before, 07:30 EDT is 11:30 UTC after.
        #expect(report.nextReport(after: Self.utc("2026-03-07T13:00:00Z")) == Self.utc("2026-03-08T11:30:00Z"))
        #expect(report.nextReport(after: Self.utc("2026-03-06T13:00:00Z")) == Self.utc("2026-03-07T12:30:00Z"))
        // Fall back on 1 Nov 2026.
        #expect(report.nextReport(after: Self.utc("2026-10-31T12:00:00Z")) == Self.utc("2026-11-01T12:30:00Z"))
        #expect(report.nextReport(after: Self.utc("2026-10-30T12:00:00Z")) == Self.utc("2026-10-31T11:30:00Z"))
    }

    @Test("a report inside the spring-forward gap (02:30 on 8 Mar in New York) still posts that day")
    func dstGap() throws {
        let report = Self.subscription(LocalTime(hour: 2, minute: 30)!, zone: "America/New_York")
        let next = try #require(report.nextReport(after: Self.utc("2026-03-08T05:00:00Z")))
        #expect(next < Self.utc("2026-03-09T00:00:00Z"), "posted on 8 March, not skipped to the 9th: \(next)")
    }

    @Test("rain alerts have no report time; ledger names never collide with digest names")
    func rainAndLedger() {
        var rain = Self.subscription(LocalTime.defaultReport, zone: "UTC")
        rain.kind = .rain
        #expect(rain.nextReport(after: Date()) == nil)
        #expect(rain.ledgerName == "subscription:1")
    }
}
