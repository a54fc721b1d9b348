import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiStorage
import TenkiFakes
import TenkiTestSupport

extension DigestSuite {
    @Suite("Digest content")
    struct DigestBuilderTests {
        /// Ten different lookups (the fake knows seven cities, so some are spelled differently).
        static let tenCities = [
            "Tokyo", "Tokyo,JP", "東京", "Da Nang", "Danang", "London", "Chicago", "Seattle", "Sydney", "Hamburg",
        ]

        func builder(_ harness: DigestHarness) -> DigestBuilder {
            (try? harness.server().digests.builder)!
        }

        func content(_ cities: [String]) -> DigestBuilder.Content {
            DigestBuilder.Content(cities: cities, newsQuery: nil, language: .en, units: .metric, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
        }

        @Test("ten cities are looked up concurrently: all ten geocoding calls are in flight at once")
        func concurrentLookups() async throws {
            let harness = try DigestHarness()
            let gate = harness.upstreams.openWeather.gate
            gate.close()
            let builder = builder(harness)
            let content = content(Self.tenCities)
            let now = harness.clock.now()
            let build = Task { await builder.build(content, excludingHeadlines: [], now: now) }
            await gate.waitUntilInFlight(atLeast: 10)
            #expect(gate.maxInFlight >= 10)
            gate.open()
            let built = await build.value
            #expect(built.failedCities.isEmpty)
            #expect(SlackLimitChecker.violations(in: Data(MessageEncoding.json(built.message.slack))).isEmpty)
        }

        @Test("a city that fails leaves a note and the rest still posts; failed news leaves a note too")
        func partialFailure() async throws {
            let harness = try DigestHarness()
            harness.upstreams.news.setFailure(.internalServerError)
            let built = await builder(harness).build(content(["Tokyo", "Atlantis", "London"]), excludingHeadlines: [], now: harness.clock.now())
            #expect(built.failedCities == ["Atlantis"])
            #expect(built.newsFailed)
            let json = String(decoding: MessageEncoding.json(built.message.slack), as: UTF8.self)
            #expect(json.contains("*Atlantis*: no weather right now"))
            #expect(json.contains("London"))
            #expect(json.contains("No headlines right now"))
            #expect(SlackLimitChecker.violations(in: Data(json.utf8)).isEmpty)
        }

        @Test("a city line shows emoji, temperature, today's high and low, chance of rain and description")
        func cityLine() async throws {
            let harness = try DigestHarness()
            let built = await builder(harness).build(content(["Da Nang"]), excludingHeadlines: [], now: harness.clock.now())
            let json = String(decoding: MessageEncoding.json(built.message.slack), as: UTF8.self)
            #expect(json.contains("Morning digest: Mon 30 Nov 2026"))
            #expect(json.contains("*Da Nang, VN*"))
            #expect(json.contains("high "))
            #expect(json.contains("chance of rain"))
            #expect(json.contains("Broken clouds"))
            #expect(json.contains("Data: OpenWeatherMap · NewsAPI.org"))
            #expect(!built.headlineURLs.isEmpty && built.headlineURLs.count <= 5)
        }

        @Test("the next digest repeats none of the previous digest's headlines")
        func noRepeatedHeadlines() async throws {
            let harness = try DigestHarness()
            let (scheduler, queue) = try harness.process()
            harness.clock.set(DigestHarness.at(7, 30))
            await scheduler.runOnce(now: harness.clock.now())
            await queue.runOnce(now: harness.clock.now())
            harness.clock.set(DigestHarness.at(7, 30, days: 1))
            await scheduler.runOnce(now: harness.clock.now())
            await queue.runOnce(now: harness.clock.now())
            let posts = harness.posts.map { String(decoding: $0, as: UTF8.self) }
            #expect(posts.count == 2)
            let ledger = try SQLiteDigestLedger(database: try SQLiteDatabase(path: harness.settings.statePath))
            let monday = try #require(try await ledger.entry(digest: "default", slot: DigestHarness.at(7, 30)))
            #expect(!monday.headlineURLs.isEmpty)
            for url in monday.headlineURLs {
                #expect(!posts[1].contains(url))
            }
        }

        @Test("Japanese digests use the Japanese table for the date and labels")
        func japanese() async throws {
            let harness = try DigestHarness()
            var content = content(["Tokyo"])
            content.language = .ja
            let built = await builder(harness).build(content, excludingHeadlines: [], now: harness.clock.now())
            let json = String(decoding: MessageEncoding.json(built.message.slack), as: UTF8.self)
            #expect(json.contains("2026年11月30日(月)"))
            #expect(json.contains("最高"))
        }
    }
}
