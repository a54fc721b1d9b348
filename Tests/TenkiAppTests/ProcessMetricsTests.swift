import Foundation
import Testing
@testable import TenkiApp
import TenkiMetrics

/// The `process_*` metrics on /metrics, named and computed as Prometheus client libraries do.
@Suite("process metrics")
struct ProcessMetricsTests {
    @Test("/proc/self/stat with spaces and parentheses in the command name parses; times from ticks and boot time")
    func parse() throws {
        // Fields after ")": 3 state ... 14 utime=250, 15 stime=150, 22 starttime=12000 (ticks).
        let stat = "4242 (tenki (serve) x) S 1 4242 4242 0 -1 4194560 900 0 0 0 250 150 0 0 20 0 9 0 12000 "
            + "300000000 9000 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 0 17 1 0 0 0 0 0"
        let stats = try #require(ProcessStats.parse(
            stat: stat, statm: "73242 9000 2000 1 0 20000 0\n", systemStat: "cpu  1 2 3\nbtime 1795990000\nprocesses 9\n",
            pageSize: 4096, ticksPerSecond: 100))
        #expect(stats.residentBytes == 9000 * 4096)
        #expect(stats.virtualBytes == 73242 * 4096)
        #expect(stats.cpuSeconds == 4.0)
        #expect(stats.startTime == 1_795_990_000 + 120)
        #expect(ProcessStats.parse(stat: "garbage", statm: "", systemStat: "", pageSize: 4096, ticksPerSecond: 100) == nil)
    }

    @Test("the listener's registry exports every process metric, with HELP and TYPE, read at scrape time")
    func exported() throws {
        let metrics = MetricsRegistry()
        TenkiRouter.describeMetrics(metrics)
        let text = metrics.exposition()
        for name in ProcessMetrics.names {
            #expect(text.contains("# TYPE \(name) "), "\(name)")
        }
        let samples = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> (String, Double)? in
            let parts = line.split(separator: " ")
            return parts.count == 2 ? (String(parts[0]), Double(parts[1]) ?? -1) : nil
        }
        let values = Dictionary(uniqueKeysWithValues: samples)
        #expect(try #require(values["process_resident_memory_bytes"]) > 1_000_000)
        let open = try #require(values["process_open_fds"])
        #expect(open >= 3)
        #expect(try #require(values["process_max_fds"]) >= open)
        let start = try #require(values["process_start_time_seconds"])
        #expect(start > 1_600_000_000 && start <= Date().timeIntervalSince1970 + 1)
        #expect(try #require(values["process_cpu_seconds_total"]) > 0)
    }
}
