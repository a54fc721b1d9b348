import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiTestSupport

extension DigestSuite {
    /// Digests and subscription reports (built by the same `DigestBuilder`) carry the first
    /// city's chart with `TENKI_PUBLIC_URL`, after the city lines; without it they have none.
    @Suite("Digest charts")
    struct DigestChartTests {
        func build(_ harness: DigestHarness) async throws -> ChatMessage {
            let builder = try harness.server().digests.builder
            let content = DigestBuilder.Content(
                cities: ["Da Nang", "Tokyo"], newsQuery: nil, language: .en, units: .metric, timeZone: TimeZone(identifier: "UTC") ?? .gmt)
            return await builder.build(content, excludingHeadlines: [], now: harness.clock.now()).message
        }

        @Test("with TENKI_PUBLIC_URL the digest has the first city's 24-hour chart before the headlines")
        func chart() async throws {
            let message = try await build(try DigestHarness(environment: ["TENKI_PUBLIC_URL": "https://tenki.example.com", "SLACK_SIGNING_SECRET": "digest-secret"]))
            let chart = try #require(message.chart)
            #expect(chart.url.hasPrefix("https://tenki.example.com/charts/digest.png?v=1&u=c&l=en&z=25200&"))
            #expect(chart.altText.hasPrefix("Chart: temperatures from "))
            let chartIndex = try #require(message.parts.firstIndex { if case .chart = $0 { true } else { false } })
            let dividerIndex = try #require(message.parts.firstIndex { if case .divider = $0 { true } else { false } })
            #expect(chartIndex < dividerIndex)
            #expect(SlackLimitChecker.violations(in: Data(MessageEncoding.json(message.slack))).isEmpty)
        }

        @Test("without TENKI_PUBLIC_URL the digest has no chart")
        func none() async throws {
            #expect(try await build(try DigestHarness()).chart == nil)
        }
    }
}
