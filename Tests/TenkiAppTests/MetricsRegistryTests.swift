import TenkiMetrics
@testable import TenkiMetrics
import Synchronization
import Testing

@Suite("Metrics registry")
struct MetricsRegistryTests {
    @Test("counters, gauges and histograms render in Prometheus text format with buckets in order")
    func exposition() {
        let metrics = MetricsRegistry()
        metrics.describe("t_requests_total", type: "counter", help: "Requests.")
        metrics.describe("t_latency_seconds", type: "histogram", help: "Latency.")
        metrics.increment("t_requests_total", [("route", "a"), ("status", "200")])
        metrics.increment("t_requests_total", [("route", "a"), ("status", "200")])
        metrics.increment("t_requests_total", [("route", "b\"x"), ("status", "404")])
        metrics.set("t_open", to: 3)
        metrics.observe("t_latency_seconds", [("route", "a")], seconds: 0.003)
        metrics.observe("t_latency_seconds", [("route", "a")], seconds: 20)
        let text = metrics.exposition()
        #expect(text.contains("# HELP t_requests_total Requests.\n# TYPE t_requests_total counter\n"))
        #expect(text.contains(#"t_requests_total{route="a",status="200"} 2"#))
        #expect(text.contains(#"t_requests_total{route="b\"x",status="404"} 1"#))
        #expect(text.contains("t_open 3\n"))
        let buckets = text.split(separator: "\n").filter { $0.hasPrefix("t_latency_seconds_bucket") }
        #expect(buckets.first == #"t_latency_seconds_bucket{route="a",le="0.0005"} 0"#)
        #expect(buckets.last == #"t_latency_seconds_bucket{route="a",le="+Inf"} 2"#)
        #expect(buckets.contains(#"t_latency_seconds_bucket{route="a",le="0.005"} 1"#))
        #expect(text.contains(#"t_latency_seconds_count{route="a"} 2"#))
        #expect(metrics.counter("t_requests_total", [("route", "a"), ("status", "200")]) == 2)
    }

    @Test("a series named once and the same series named per update are one series, in every registry")
    func seriesKeysAndNamesShareASeries() {
        let count = MetricsRegistry.series("t_keyed_total", [("route", "a")])
        let duration = MetricsRegistry.series("t_keyed_seconds", [("route", "a")])
        for _ in 0..<2 {
            let metrics = MetricsRegistry()
            metrics.increment("t_keyed_total", [("route", "a")])
            metrics.increment(count)
            metrics.increment(count, by: 2)
            metrics.observe(duration, seconds: 0.003)
            metrics.observe("t_keyed_seconds", [("route", "a")], seconds: 20)
            let text = metrics.exposition()
            #expect(metrics.counter("t_keyed_total", [("route", "a")]) == 4)
            #expect(text.components(separatedBy: "t_keyed_total{").count == 2)
            #expect(text.contains(#"t_keyed_total{route="a"} 4"#))
            #expect(text.contains(#"t_keyed_seconds_count{route="a"} 2"#))
            #expect(text.contains(#"t_keyed_seconds_bucket{route="a",le="0.005"} 1"#))
        }
    }

    @Test("the exposition is built at most once per max age on the given clock, and shared meanwhile")
    func cachedExposition() {
        let metrics = MetricsRegistry()
        let reads = Mutex(0)
        metrics.counter("t_expensive", reading: {
            reads.withLock { $0 += 1 }
            return 7
        })
        let start = ContinuousClock.now
        let first = metrics.exposition(at: start)
        #expect(String(decoding: first, as: UTF8.self).contains("t_expensive 7\n"))
        metrics.increment("t_requests_total")
        for step in 0..<100 {
            let later = start.advanced(by: .milliseconds(step * 9))  // up to 0.891 s later
            #expect(metrics.exposition(at: later) == first)
        }
        #expect(reads.withLock { $0 } == 1)
        let rebuilt = metrics.exposition(at: start.advanced(by: MetricsRegistry.expositionMaxAge))
        #expect(String(decoding: rebuilt, as: UTF8.self).contains("t_requests_total 1\n"))
        #expect(reads.withLock { $0 } == 2)
        // An instant read before that build (another loop's thread) gets the same copy.
        #expect(metrics.exposition(at: start) == rebuilt)
        #expect(reads.withLock { $0 } == 2)
    }
}
