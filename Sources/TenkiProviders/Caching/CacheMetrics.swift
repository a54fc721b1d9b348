import TenkiMetrics

/// The metrics one `ExpiringCache` reports. Label values are the cache's fixed name and a fixed
/// set of outcomes, never a key: keys are place names and coordinates, unbounded and personal.
struct CacheMetrics: Sendable {
    let registry: MetricsRegistry?
    let cache: String

    init(registry: MetricsRegistry?, cache: String) {
        self.registry = registry
        self.cache = cache
        registry?.describe(
            "tenki_cache_lookups_total", type: "counter",
            help: "Cache lookups by cache and result (hit, negative_hit, coalesced, miss, unavailable).")
        registry?.describe(
            "tenki_cache_stale_served_total", type: "counter",
            help: "Answers served past their time to live because the upstream failed.")
        registry?.describe("tenki_cache_evictions_total", type: "counter", help: "Entries dropped to keep a cache bounded.")
        registry?.describe("tenki_cache_entries", type: "gauge", help: "Entries held by a cache.")
    }

    /// `result`: one of `hit`, `negative_hit`, `coalesced`, `miss`, `unavailable` (a store that failed).
    func lookup(_ result: StaticString) {
        registry?.increment("tenki_cache_lookups_total", [("cache", cache), ("result", result.description)])
    }

    func staleServed() {
        registry?.increment("tenki_cache_stale_served_total", [("cache", cache)])
    }

    func evicted(_ count: Int) {
        guard count > 0 else { return }
        registry?.increment("tenki_cache_evictions_total", [("cache", cache)], by: Double(count))
    }

    func entries(_ count: Int) {
        registry?.set("tenki_cache_entries", [("cache", cache)], to: Double(count))
    }
}
