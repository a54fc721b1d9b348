import Foundation
import TenkiBase
import Testing

@Suite("An expiring entry: one rebuild at a time")
struct ExpiringEntryTests {
    let stored = Date(timeIntervalSince1970: 1_760_000_000)
    var expiry: Date { stored.addingTimeInterval(60) }

    @Test("fresh from storedAt until validUntil, not before or after")
    func freshness() {
        let entry = ExpiringEntry("a", storedAt: stored, validUntil: expiry)
        #expect(entry.isFresh(at: stored))
        #expect(entry.isFresh(at: expiry.addingTimeInterval(-0.001)))
        #expect(!entry.isFresh(at: expiry))
        #expect(!entry.isFresh(at: stored.addingTimeInterval(-1)))
    }

    @Test("while fresh, every look-up gets the value and none marks a rebuild")
    func freshLookUps() {
        var entry = ExpiringEntry("a", storedAt: stored, validUntil: expiry)
        for second in 0..<60 { #expect(entry.lookUp(at: stored.addingTimeInterval(Double(second)), grace: 1) == "a") }
        #expect(entry.lookUp(at: expiry, grace: 1) == nil)  // the first after expiry still rebuilds
    }

    @Test("the first look-up after expiry rebuilds; the others get the expired value within the grace")
    func oneRebuild() {
        var entry = ExpiringEntry("a", storedAt: stored, validUntil: expiry)
        let first = expiry.addingTimeInterval(5)
        #expect(entry.lookUp(at: first, grace: 1) == nil)
        #expect(entry.lookUp(at: first, grace: 1) == "a")
        #expect(entry.lookUp(at: first.addingTimeInterval(0.999), grace: 1) == "a")
    }

    @Test("after the grace, a rebuild that stored nothing sends every look-up to rebuild")
    func failedRebuild() {
        var entry = ExpiringEntry("a", storedAt: stored, validUntil: expiry)
        #expect(entry.lookUp(at: expiry, grace: 1) == nil)
        #expect(entry.lookUp(at: expiry.addingTimeInterval(1), grace: 1) == nil)
        #expect(entry.lookUp(at: expiry.addingTimeInterval(30), grace: 1) == nil)
    }

    @Test("before storedAt (a clock stepped back) a look-up rebuilds without marking anything")
    func clockStepsBack() {
        var entry = ExpiringEntry("a", storedAt: stored, validUntil: expiry)
        #expect(entry.lookUp(at: stored.addingTimeInterval(-10), grace: 1) == nil)
        #expect(entry.lookUp(at: stored.addingTimeInterval(-10), grace: 1) == nil)
        #expect(entry.lookUp(at: expiry, grace: 1) == nil)  // the mark was not set before
        #expect(entry.lookUp(at: expiry, grace: 1) == "a")
    }

    @Test("a clock stepped back past the mark: the look-up rebuilds and marks anew, never an old value for long")
    func clockStepsBackPastTheMark() {
        var entry = ExpiringEntry("a", storedAt: stored, validUntil: expiry)
        let mark = expiry.addingTimeInterval(3600)
        #expect(entry.lookUp(at: mark, grace: 1) == nil)
        let back = expiry.addingTimeInterval(10)  // after expiry, before the mark
        #expect(entry.lookUp(at: back, grace: 1) == nil)
        #expect(entry.lookUp(at: back.addingTimeInterval(0.5), grace: 1) == "a")
        #expect(entry.lookUp(at: back.addingTimeInterval(1), grace: 1) == nil)
    }

    @Test("no grace: nothing stands in")
    func noGrace() {
        var entry = ExpiringEntry("a", storedAt: stored, validUntil: expiry)
        #expect(entry.lookUp(at: expiry, grace: 0) == nil)
        #expect(entry.lookUp(at: expiry, grace: 0) == nil)
    }

    @Test("in a dictionary: none for a missing key; the mark of a look-up after expiry is kept")
    func inADictionary() {
        var entries = ["a": ExpiringEntry(1, storedAt: stored, validUntil: expiry)]
        #expect(entries.lookUp("b", at: stored, grace: 1) == nil)
        #expect(entries.lookUp("a", at: stored, grace: 1) == 1)
        #expect(entries.lookUp("a", at: expiry, grace: 1) == nil)
        #expect(entries.lookUp("a", at: expiry, grace: 1) == 1)  // the mark was written back
        #expect(entries.count == 1)
    }
}
