import Foundation
import Testing
@testable import TenkiApp
import TenkiCore

extension DigestSuite {
    /// Scheduled posts are ready on the minute: their data is fetched a minute ahead, and the slot
    /// only builds from the caches and queues.
    @Suite("Digest data fetched ahead of the slot")
    struct DigestPrefetchTests {
        /// Four digests (four channels) on the same three places, at 07:30 UTC.
        static let config = """
            {"digests": [
            \((1...4).map { """
              {"name": "channel\($0)", "webhook_url": "\(DigestHarness.webhookURL)", "schedule": "30 7 * * *", "timezone": "UTC",
               "cities": ["Da Nang,VN", "Tokyo,JP", "London,GB"]}
            """ }.joined(separator: ",\n"))
            ]}
            """

        @Test("at 07:29 every call is made and nothing is queued; at 07:30:00 all four are queued with no call; 3 places, 3 fetches each")
        func readyOnTheMinute() async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-prefetch-\(UUID().uuidString).json")
            try Self.config.write(to: directory, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: directory) }
            let harness = try DigestHarness(environment: [
                "DIGEST_WEBHOOK_URL": "", "DIGEST_CITIES": "", "NEWSAPI_KEY": "", "TENKI_CONFIG": directory.path,
            ])
            let (scheduler, queue) = try harness.process()
            let server = try harness.server()

            harness.clock.set(DigestHarness.at(7, 0))
            #expect(await scheduler.runOnce(now: harness.clock.now()).next == DigestHarness.at(7, 29))
            #expect(harness.upstreams.openWeather.calls.isEmpty)

            harness.clock.set(DigestHarness.at(7, 29))
            let ahead = await scheduler.runOnce(now: harness.clock.now())
            #expect(ahead.next == DigestHarness.at(7, 30))
            let calls = harness.upstreams.openWeather.calls.map(\.path)
            #expect(calls.filter { $0 == "/geo/1.0/direct" }.count == 3)
            #expect(calls.filter { $0 == "/data/2.5/weather" }.count == 3)
            #expect(calls.filter { $0 == "/data/2.5/forecast" }.count == 3)
            #expect(try await server.state.deliveries.list(states: [.pending]).isEmpty, "nothing queued before the slot")

            harness.clock.set(DigestHarness.at(7, 30))
            let onTime = await scheduler.runOnce(now: harness.clock.now())
            #expect(onTime.outcomes.values.filter(\.isPosted).count == 4)
            #expect(harness.upstreams.openWeather.calls.count == calls.count, "the slot makes no upstream call")
            let queued = try await server.state.deliveries.list(states: [.pending])
            #expect(queued.count == 4)
            #expect(queued.allSatisfy { $0.createdAt == DigestHarness.at(7, 30) }, "queued at 07:30:00")
            await queue.runOnce(now: harness.clock.now())
            #expect(harness.posts.first.map { String(decoding: $0, as: UTF8.self).contains("Tokyo") } == true)
        }

        @Test("a slot another process already claimed is not fetched for")
        func claimedSlotIsNotFetched() async throws {
            let harness = try DigestHarness()
            let (scheduler, _) = try harness.process()
            let other = try harness.server()
            let digest = try #require(harness.settings.digests.first)
            harness.clock.set(DigestHarness.at(7, 30))
            #expect(await other.digests.run(digest, now: harness.clock.now(), force: true).isPosted)
            let calls = harness.upstreams.openWeather.calls.count
            #expect(await !other.digests.prefetch(digest, slot: DigestHarness.at(7, 30), now: DigestHarness.at(7, 29)))
            harness.clock.set(DigestHarness.at(7, 29, days: 1))
            await scheduler.runOnce(now: harness.clock.now())
            #expect(harness.upstreams.openWeather.calls.count > calls, "the next day's slot is fetched for")
        }
    }
}
