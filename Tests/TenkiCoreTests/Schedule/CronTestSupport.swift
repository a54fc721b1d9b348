import Foundation
import Testing

@testable import TenkiCore

/// Fixed instants and zones for the schedule tests: every instant is written as an ISO 8601 string
/// in UTC, so a failing row reads like the contract, and no test reads the system clock.
enum CronTestSupport {
    struct BadInstant: Error, CustomStringConvertible {
        var text: String
        var description: String { "not an ISO 8601 UTC instant: \(text)" }
    }

    static func utc(_ text: String) throws -> Date {
        do {
            return try Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: text.contains(".")))
        } catch {
            throw BadInstant(text: text)
        }
    }

    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier), "unknown time zone \(identifier)")
    }

    static func iso(_ date: Date?) -> String {
        guard let date else { return "nil" }
        return date.formatted(Date.ISO8601FormatStyle())
    }

    /// The fire times strictly after `start`, in order, `count` of them.
    static func fires(_ schedule: CronSchedule, after start: Date, in zone: TimeZone, count: Int) -> [String] {
        var result: [String] = []
        var current = start
        for _ in 0..<count {
            guard let next = schedule.nextFire(after: current, in: zone) else {
                result.append("nil")
                break
            }
            result.append(iso(next))
            current = next
        }
        return result
    }

    /// Every fire time in `[from, to)`, found by chaining `nextFire`.
    static func fires(_ schedule: CronSchedule, from: Date, to: Date, in zone: TimeZone) -> [String] {
        var result: [String] = []
        var current = from.addingTimeInterval(-1)
        while let next = schedule.nextFire(after: current, in: zone), next < to {
            result.append(iso(next))
            current = next
        }
        return result
    }
}

