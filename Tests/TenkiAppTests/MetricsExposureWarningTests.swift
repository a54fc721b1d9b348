import Testing
@testable import TenkiApp

@Suite("The start-up warning for an open /metrics")
struct MetricsExposureWarningTests {
    @Test func openMetricsOnAPublicListenerNameBothSettings() throws {
        let text = try #require(MetricsExposureWarning.message(listenerHost: "0.0.0.0", metricsHost: nil, hasToken: false))
        #expect(text.contains("TENKI_METRICS_TOKEN"))
        #expect(text.contains("TENKI_METRICS_ADDRESS"))
        #expect(text.contains("0.0.0.0"))
    }

    @Test func openMetricsOnAPublicMetricsAddressAreWarnedAbout() throws {
        let text = try #require(MetricsExposureWarning.message(listenerHost: "127.0.0.1", metricsHost: "0.0.0.0", hasToken: false))
        #expect(text.contains("TENKI_METRICS_TOKEN"))
    }

    @Test(arguments: [
        ("0.0.0.0", nil, true),  // a token guards them
        ("127.0.0.1", nil, false),  // only this host reaches them
        ("0.0.0.0", "127.0.0.1", false),  // moved to a loopback address
    ] as [(String, String?, Bool)])
    func noWarningWhenMetricsAreGuardedOrPrivate(listener: String, metrics: String?, token: Bool) {
        #expect(MetricsExposureWarning.message(listenerHost: listener, metricsHost: metrics, hasToken: token) == nil)
    }
}
