import TenkiMetrics

/// `tenki_digest_runs_total{digest,outcome}`. Digest names are chosen by the operator and few,
/// so they are fine as labels (unlike webhook URLs, which never appear).
struct DigestMetrics: Sendable {
    static let runs = "tenki_digest_runs_total"
    let registry: MetricsRegistry?

    init(registry: MetricsRegistry?) {
        self.registry = registry
        registry?.describe(
            Self.runs, type: "counter",
            help: "Digest slots by outcome: queued, missed (beyond the catch-up window), failed (ledger), delivered, dead, pending.")
    }

    func run(_ digest: String, _ outcome: String) {
        registry?.increment(Self.runs, [("digest", digest), ("outcome", outcome)])
    }
}
