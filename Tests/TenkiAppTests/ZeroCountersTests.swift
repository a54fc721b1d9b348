import Foundation
import Testing
import TenkiMetrics
import TenkiSecurity
import TenkiStorage
import TenkiTestSupport
@testable import TenkiApp
@testable import TenkiProviders

/// Counters an operator alerts on exist from the start, at 0, for each of their known labels: a
/// `rate()` over a series that appears only with the first failure has nothing to read before it.
@Suite("Counters at zero from the start")
struct ZeroCountersTests {
    @Test("every verification failure's reason is listed, and counted from 0")
    func signatureFailures() {
        let platforms: [RequestVerificationError.Platform] = [.slack, .discord, .mattermost]
        let header = RequestVerificationError.Header.slackSignature
        var errors: [RequestVerificationError] = [
            .missingHeader(header), .duplicateHeader(header, count: 2), .malformedTimestamp(header),
            .staleTimestamp(header, skewSeconds: 600), .futureTimestamp(header, skewSeconds: 600),
        ]
        for platform in platforms {
            errors += [.malformedSignature(platform, length: 3), .badSignature(platform), .missingToken(platform)]
            errors += [.badToken(platform), .replayed(platform)]
        }
        #expect(Set(errors.map(\.reason)) == Set(RequestVerificationError.reasons))
        let metrics = MetricsRegistry()
        TenkiRouter.describeMetrics(metrics)
        for reason in RequestVerificationError.reasons {
            #expect(metrics.counter("tenki_signature_failures_total", [("reason", reason)]) == 0)
        }
        #expect(metrics.exposition().contains("tenki_signature_failures_total{reason=\"bad_signature\"} 0"))
    }

    @Test("commands taken over and budget refusals are counted from 0 for each outcome and reason")
    func takenOverAndBudget() {
        let metrics = MetricsRegistry()
        AbandonedCommands.describeMetrics(metrics)
        let text = metrics.exposition()
        #expect(text.contains("tenki_commands_taken_over_total{outcome=\"answered\"} 0"))
        #expect(text.contains("tenki_commands_taken_over_total{outcome=\"apologized\"} 0"))
        _ = DailyCallBudget(
            upstream: "newsapi", limit: 10, store: InMemoryCallBudgetStore(), clock: ManualClock(Date(timeIntervalSince1970: 0)),
            metrics: metrics)
        for reason in ["budget", "share"] {
            #expect(metrics.counter("tenki_upstream_budget_exhausted_total", [("upstream", "newsapi"), ("reason", reason)]) == 0)
        }
    }
}
