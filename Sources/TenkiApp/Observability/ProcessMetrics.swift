import Foundation
import TenkiMetrics
import Glibc

/// The standard process metrics every Prometheus client library exports (`process_*`, as
/// client_golang's process collector names them), read from /proc at each scrape: memory, file
/// descriptors and their limit, start time and CPU time. On a system without /proc they are absent.
enum ProcessMetrics {
    static let names = [
        "process_resident_memory_bytes", "process_virtual_memory_bytes", "process_open_fds", "process_max_fds",
        "process_start_time_seconds", "process_cpu_seconds_total",
    ]

    static func register(in metrics: MetricsRegistry) {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { return }
        metrics.describe("process_resident_memory_bytes", type: "gauge", help: "Resident memory size in bytes.")
        metrics.describe("process_virtual_memory_bytes", type: "gauge", help: "Virtual memory size in bytes.")
        metrics.describe("process_open_fds", type: "gauge", help: "Number of open file descriptors.")
        metrics.describe("process_max_fds", type: "gauge", help: "Maximum number of open file descriptors (soft limit).")
        metrics.describe(
            "process_start_time_seconds", type: "gauge", help: "Start time of the process since the Unix epoch in seconds.")
        metrics.describe("process_cpu_seconds_total", type: "counter", help: "Total user and system CPU time spent in seconds.")
        metrics.counter("process_resident_memory_bytes", reading: { ProcessStats.current()?.residentBytes ?? 0 })
        metrics.counter("process_virtual_memory_bytes", reading: { ProcessStats.current()?.virtualBytes ?? 0 })
        metrics.counter("process_open_fds", reading: { ProcessStats.openDescriptors() })
        metrics.counter("process_max_fds", reading: { ProcessStats.descriptorLimit() })
        metrics.counter("process_start_time_seconds", reading: { ProcessStats.current()?.startTime ?? 0 })
        metrics.counter("process_cpu_seconds_total", reading: { ProcessStats.current()?.cpuSeconds ?? 0 })
    }
}

/// One reading of /proc/self/stat and /proc/self/statm (and the boot time from /proc/stat).
struct ProcessStats: Equatable {
    var residentBytes: Double
    var virtualBytes: Double
    var startTime: Double
    var cpuSeconds: Double

    static func current() -> ProcessStats? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let system = try? String(contentsOfFile: "/proc/stat", encoding: .utf8)
        else { return nil }
        return parse(
            stat: stat, statm: statm, systemStat: system, pageSize: Double(sysconf(Int32(_SC_PAGESIZE))),
            ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// `stat` is /proc/self/stat (fields after the command name, which may hold spaces and parentheses),
    /// `statm` /proc/self/statm (sizes in pages), `systemStat` /proc/stat (for `btime`).
    static func parse(
        stat: String, statm: String, systemStat: String, pageSize: Double, ticksPerSecond: Double
    ) -> ProcessStats? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        // After ") ": field 3 (state) is index 0, so field N is index N - 3.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let pages = statm.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let bootTime = systemStat.split(separator: "\n").first { $0.hasPrefix("btime ") }.flatMap { Double($0.dropFirst(6)) }
        guard fields.count > 21, pages.count >= 2, let bootTime, ticksPerSecond > 0,
              let user = Double(fields[14 - 3]), let system = Double(fields[15 - 3]), let started = Double(fields[22 - 3])
        else { return nil }
        return ProcessStats(
            residentBytes: pages[1] * pageSize, virtualBytes: pages[0] * pageSize,
            startTime: bootTime + started / ticksPerSecond, cpuSeconds: (user + system) / ticksPerSecond)
    }

    /// Entries of /proc/self/fd (the listing's own descriptor included, as client_golang counts).
    static func openDescriptors() -> Double {
        Double((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? 0)
    }

    static func descriptorLimit() -> Double {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return limit.rlim_cur == rlim_t.max ? Double(Int64.max) : Double(limit.rlim_cur)  // rlim_t.max is RLIM_INFINITY
    }
}
