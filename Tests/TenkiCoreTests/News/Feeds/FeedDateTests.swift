import Foundation
import Testing

@testable import TenkiCore

@Suite struct FeedDateTests {
    @Test(arguments: [
        ("Thu, 06 Feb 2025 20:45:46 +0700", "2025-02-06T20:45:46+07:00"),
        ("Sat, 28 Sep 2002 21:00:02 GMT", "2002-09-28T21:00:02Z"),
        ("Mon, 27 Dec 2010 18:07:42 -0600", "2010-12-27T18:07:42-06:00"),
        ("Wed, 23 Sep 2026 09:00:00 EDT", "2026-09-23T09:00:00-04:00"),
        ("Wed, 23 Sep 2026 09:00:00 PST", "2026-09-23T09:00:00-08:00"),
        ("Wed, 23 Sep 2026 09:00:00 JST", "2026-09-23T09:00:00+09:00"),
        ("Wed, 23 Sep 2026 09:00:00 ut", "2026-09-23T09:00:00Z"),
        ("3 Jan 2024 07:05 +05:30", "2024-01-03T07:05:00+05:30"),
        ("Tuesday, 02 January 24 10:00:00 Z", "2024-01-02T10:00:00Z"),
        ("02 Jan 99 10:00:00", "1999-01-02T10:00:00Z"),
        ("  Thu, 14 Feb 2019 13:30:00 +0700\n", "2019-02-14T13:30:00+07:00"),
    ])
    func rfc822DatesWithNamedAndNumericZones(text: String, iso: String) {
        #expect(FeedDate.parse(text) == ISO8601Timestamp.parse(iso))
        #expect(FeedDate.parse(text) != nil)
    }

    @Test(arguments: [
        ("2002-09-28T21:00:02Z", 1_033_246_802.0),
        ("2023-02-05T19:36:38+09:00", 1_675_593_398.0),
        ("2023-02-05T19:36:38.250+09:00", 1_675_593_398.25),
        ("2003-12-13T08:29:29-04:00", 1_071_318_569.0),
        ("2003-12-13", 1_071_273_600.0),
    ])
    func iso8601DatesWithAndWithoutFractions(text: String, seconds: Double) {
        #expect(FeedDate.parse(text) == Date(timeIntervalSince1970: seconds))
    }

    @Test(arguments: [
        "", "   ", "yesterday", "Thu, 32 Feb 2025 10:00:00 GMT", "Thu, 06 Foo 2025 10:00:00 GMT",
        "Thu, 06 Feb 2025 25:00:00 GMT", "Thu, 06 Feb 2025 10:00:00 XYZ", "2025-13-01T00:00:00Z",
    ])
    func unreadableDatesAreNil(text: String) {
        #expect(FeedDate.parse(text) == nil)
    }

    @Test func noDateIsNil() {
        #expect(FeedDate.parse(nil) == nil)
    }
}
