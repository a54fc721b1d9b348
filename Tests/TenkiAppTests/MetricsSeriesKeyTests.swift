import Foundation
import TenkiMetrics
import Testing

/// Series named once (`MetricsRegistry.series`) and series named on each update are the same
/// series: their cached hashes must never split or merge them.
@Suite("Metrics series keys")
struct MetricsSeriesKeyTests {
    @Test("a key and the name with labels count into one series; other labels stay apart")
    func sameSeries() {
        let metrics = MetricsRegistry()
        let key = MetricsRegistry.series("t_requests_total", [("route", "commands"), ("status", "200")])
        metrics.increment(key)
        metrics.increment("t_requests_total", [("route", "commands"), ("status", "200")])
        metrics.increment(MetricsRegistry.series("t_requests_total", [("route", "commands"), ("status", "200")]), by: 2)
        metrics.increment("t_requests_total", [("route", "commands"), ("status", "500")])
        metrics.increment("t_requests_total", [("route", "commands")])
        #expect(metrics.counter("t_requests_total", [("route", "commands"), ("status", "200")]) == 4)
        #expect(metrics.counter("t_requests_total", [("route", "commands"), ("status", "500")]) == 1)
        #expect(metrics.counter("t_requests_total", [("route", "commands")]) == 1)
        #expect(metrics.counter("t_other_total", [("route", "commands"), ("status", "200")]) == 0)
    }

    @Test("observations through a key and through the name land in one histogram")
    func sameHistogram() {
        let metrics = MetricsRegistry()
        let key = MetricsRegistry.series("t_latency_seconds", [("route", "commands")])
        metrics.observe(key, seconds: 0.0002)
        metrics.observe("t_latency_seconds", [("route", "commands")], seconds: 0.003)
        metrics.observe(key, seconds: 20)
        let text = metrics.exposition()
        #expect(text.contains(#"t_latency_seconds_count{route="commands"} 3"#))
        #expect(text.contains(#"t_latency_seconds_bucket{route="commands",le="0.0005"} 1"#))
        #expect(text.contains(#"t_latency_seconds_bucket{route="commands",le="0.005"} 2"#))
        #expect(text.contains(#"t_latency_seconds_bucket{route="commands",le="+Inf"} 3"#))
        #expect(text.components(separatedBy: "t_latency_seconds_count").count == 2)
    }

    @Test("a request counted and timed in one call lands in the same counter and histogram as separate calls")
    func countedAndTimed() {
        let metrics = MetricsRegistry()
        let count = MetricsRegistry.series("t_requests_total", [("route", "commands"), ("status", "200")])
        let duration = MetricsRegistry.series("t_latency_seconds", [("route", "commands")])
        metrics.increment(count, observing: duration, seconds: 0.0002)
        metrics.increment(count)
        metrics.observe(duration, seconds: 0.003)
        metrics.increment(count, observing: duration, seconds: 20)
        #expect(metrics.counter("t_requests_total", [("route", "commands"), ("status", "200")]) == 3)
        let text = metrics.exposition()
        #expect(text.contains(#"t_latency_seconds_count{route="commands"} 3"#))
        #expect(text.contains(#"t_latency_seconds_bucket{route="commands",le="0.0005"} 1"#))
        #expect(text.contains(#"t_latency_seconds_bucket{route="commands",le="0.005"} 2"#))
    }
}
