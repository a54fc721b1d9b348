import TenkiCore
import TenkiMetrics

extension ExpiringCache {
    /// A cache of one provider call's answers: a failure is kept as its kind says
    /// (`cacheDisposition`), and a caller that stops waiting gets that call's `.cancelled` error.
    init<API: ProviderAPI>(
        _ name: String, policy: CachePolicy, clock: any WallClock, metrics: MetricsRegistry?, call: API.Operation
    ) where Failure == ProviderError<API> {
        self.init(
            name: name, policy: policy, clock: clock, metrics: metrics, classify: { $0.cacheDisposition },
            cancellationError: { ProviderError(.cancelled, operation: call) })
    }
}
