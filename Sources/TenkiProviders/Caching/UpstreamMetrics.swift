import TenkiBase
import TenkiMetrics

/// Counts and times the calls that actually reach an upstream (cache misses), by operation, and
/// counts their failures by kind. Operations and kinds come from fixed sets chosen by the caller.
public struct UpstreamMetrics: Sendable {
    /// `openweather`, later `newsapi`.
    public let upstream: String
    let registry: MetricsRegistry?

    public init(upstream: String, registry: MetricsRegistry?) {
        self.upstream = upstream
        self.registry = registry
        registry?.describe("tenki_upstream_calls_total", type: "counter", help: "Calls made to an upstream API, by operation.")
        registry?.describe(
            "tenki_upstream_duration_seconds", type: "histogram", help: "Time an upstream API call took, by operation.")
        registry?.describe(
            "tenki_upstream_errors_total", type: "counter", help: "Failed upstream API calls, by operation and error kind.")
    }

    /// Runs `call`, recording one call, its duration and, if it fails, `errorKind(error)`.
    public func measure<T, E: Error>(
        _ operation: String, errorKind: (E) -> String, _ call: () async throws(E) -> T
    ) async throws(E) -> T {
        let labels = [("upstream", upstream), ("operation", operation)]
        registry?.increment("tenki_upstream_calls_total", labels)
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            registry?.observe("tenki_upstream_duration_seconds", labels, seconds: (clock.now - start).timeInterval)
        }
        do throws(E) {
            return try await call()
        } catch {
            registry?.increment("tenki_upstream_errors_total", labels + [("kind", errorKind(error))])
            throw error
        }
    }
}
