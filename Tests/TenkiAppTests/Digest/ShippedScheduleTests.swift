import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiFakes
import TenkiTestSupport

extension DigestSuite {
    /// The schedule the shipped Kubernetes CronJob and systemd timer run `tenki digest` on, stepped
    /// through on a manual clock: every configured digest slot must be posted, exactly once,
    /// whatever its schedule and zone, without editing the deploy files.
    @Suite("shipped digest timer and CronJob")
    struct ShippedScheduleTests {
        @Test("with DIGEST_SCHEDULE=\"15 6 * * *\" in Asia/Tokyo, the shipped firings post the 06:15 JST slot exactly once a day")
        func tokyoMorning() async throws {
            let shipped = try ShippedDigestSchedule.load()
            let harness = try DigestHarness(environment: ["DIGEST_SCHEDULE": "15 6 * * *", "DIGEST_TIMEZONE": "Asia/Tokyo"])
            let postedAt = try await Self.run(harness, shipped, from: DigestHarness.monday, hours: 48)
            // 06:15 JST is 21:15 UTC the day before: Monday's and Tuesday's, on the minute.
            #expect(postedAt == [DigestHarness.at(21, 15), DigestHarness.at(21, 15, days: 1)])
            #expect(harness.posts.count == 2)
        }

        @Test("schedules off the 5-minute grid, in zones with odd offsets, are each posted once per slot, on its minute", arguments: [
            ("7 */5 * * *", "UTC"), ("59 23 * * 1-5", "America/St_Johns"), ("45 0 * * *", "Asia/Kathmandu"),
        ])
        func anySchedule(_ schedule: String, _ zone: String) async throws {
            let shipped = try ShippedDigestSchedule.load()
            let harness = try DigestHarness(environment: ["DIGEST_SCHEDULE": schedule, "DIGEST_TIMEZONE": zone])
            let start = DigestHarness.monday
            let postedAt = try await Self.run(harness, shipped, from: start, hours: 48)
            // Every slot is posted at its own time: the firing at most 5 minutes before it waits for it.
            let cron = try CronSchedule(parsing: schedule)
            let timeZone = try #require(TimeZone(identifier: zone))
            let end = start.addingTimeInterval(48 * 3600)
            var expected: [Date] = []
            var slot = cron.nextFire(after: start, in: timeZone)
            while let due = slot, let firing = shipped.nextFire(atOrAfter: due.addingTimeInterval(-DigestTiming.commandLead)),
                firing < end
            {
                expected.append(due)
                slot = cron.nextFire(after: due, in: timeZone)
            }
            #expect(!expected.isEmpty)
            #expect(postedAt == expected)
        }

        @Test("the systemd timer fires on the same schedule as the CronJob, no less often than the command looks ahead")
        func timerMatchesCronJob() throws {
            let shipped = try ShippedDigestSchedule.load()
            #expect(shipped.timerEveryMinutes == shipped.cronJobEveryMinutes)
            #expect(shipped.cronJobTimeZone == "UTC")
            // A longer period would leave slots that no run sees ahead of time: posted late.
            #expect(TimeInterval(shipped.cronJobEveryMinutes * 60) <= DigestTiming.commandLead)
        }

        /// Runs `tenki digest` at each firing in `hours` from `start`; the clock's time (after any
        /// wait for the slot) at each run that posted.
        static func run(
            _ harness: DigestHarness, _ shipped: ShippedDigestSchedule, from start: Date, hours: Int
        ) async throws -> [Date] {
            var postedAt: [Date] = []
            let end = start.addingTimeInterval(TimeInterval(hours * 3600))
            var firing = shipped.nextFire(atOrAfter: start)
            while let now = firing, now < end {
                harness.clock.set(now)
                let before = harness.posts.count
                let report = try await harness.command()
                #expect(report.exitCode == .success)
                if harness.posts.count > before { postedAt.append(harness.clock.now()) }
                firing = shipped.nextFire(atOrAfter: now.addingTimeInterval(1))
            }
            return postedAt
        }
    }
}

/// The digest schedules as shipped in deploy/: the CronJob's `schedule` and the timer's `OnCalendar`,
/// both "every N minutes" (the ledger decides which digest is due).
struct ShippedDigestSchedule {
    var cronJobEveryMinutes: Int
    var cronJobTimeZone: String
    var timerEveryMinutes: Int

    static func load() throws -> ShippedDigestSchedule {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let cronJob = try String(
            contentsOf: root.appendingPathComponent("deploy/kubernetes/overlays/cronjob-digest/cronjob.yaml"), encoding: .utf8)
        let timer = try String(contentsOf: root.appendingPathComponent("deploy/systemd/tenki-digest.timer"), encoding: .utf8)
        let schedule = try #require(cronJob.firstMatch(of: /\n  schedule: "\*\/(\d+) \* \* \* \*"/))
        let zone = try #require(cronJob.firstMatch(of: /\n  timeZone: (\S+)/))
        let calendar = try #require(timer.firstMatch(of: /\nOnCalendar=\*-\*-\* \*:00\/(\d+):00 UTC\n/))
        return ShippedDigestSchedule(
            cronJobEveryMinutes: try #require(Int(schedule.1)), cronJobTimeZone: String(zone.1),
            timerEveryMinutes: try #require(Int(calendar.1)))
    }

    /// The first firing at or after `instant` (whole minutes, UTC).
    func nextFire(atOrAfter instant: Date) -> Date? {
        let step = TimeInterval(cronJobEveryMinutes * 60)
        return Date(timeIntervalSince1970: (instant.timeIntervalSince1970 / step).rounded(.up) * step)
    }
}
