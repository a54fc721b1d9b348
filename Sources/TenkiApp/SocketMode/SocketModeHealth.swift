import Synchronization
import TenkiMetrics

/// The connections a `SocketModeService` has open, for the drain, `/healthz` and
/// `tenki_socket_connections`. Healthy while at least one is open, or while the service is still
/// (re-)opening within its backoff: `unhealthyAfter` with none open turns `/healthz` to 503.
final class SocketModeHealth: Sendable {
    private struct State {
        var open: [ObjectIdentifier: any SocketModeConnection] = [:]
        /// When the last connection went (or the service started), while none is open.
        var noneOpenSince: ContinuousClock.Instant?
    }

    private let state: Mutex<State>
    private let now: @Sendable () -> ContinuousClock.Instant
    let unhealthyAfter: Duration
    private let metrics: MetricsRegistry

    init(
        metrics: MetricsRegistry, unhealthyAfter: Duration = .seconds(150),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.metrics = metrics
        self.unhealthyAfter = unhealthyAfter
        self.now = now
        state = Mutex(State(noneOpenSince: now()))
        metrics.describe("tenki_socket_connections", type: "gauge", help: "Socket Mode connections open (during a replacement, the old one and the new one both count).")
        metrics.describe(
            "tenki_socket_envelopes_total", type: "counter",
            help: "Socket Mode messages read, by type and outcome (answered, acknowledged, duplicate, undecodable, busy, ...).")
        metrics.set("tenki_socket_connections", to: 0)
    }

    func opened(_ connection: any SocketModeConnection) {
        let count = state.withLock { state in
            state.open[ObjectIdentifier(connection)] = connection
            state.noneOpenSince = nil
            return state.open.count
        }
        metrics.set("tenki_socket_connections", to: Double(count))
    }

    func ended(_ connection: any SocketModeConnection) {
        let now = now()
        let count = state.withLock { state in
            state.open.removeValue(forKey: ObjectIdentifier(connection))
            if state.open.isEmpty, state.noneOpenSince == nil { state.noneOpenSince = now }
            return state.open.count
        }
        metrics.set("tenki_socket_connections", to: Double(count))
    }

    var openConnections: [any SocketModeConnection] { state.withLock { Array($0.open.values) } }
    var openCount: Int { state.withLock { $0.open.count } }

    /// Nil while healthy, else why not (for `/healthz`'s 503).
    var problem: String? {
        let since = state.withLock { $0.noneOpenSince }
        guard let since, now() - since > unhealthyAfter else { return nil }
        return "no Socket Mode connection open for \((now() - since).components.seconds) s"
    }

    func count(type: String, outcome: String) {
        metrics.increment("tenki_socket_envelopes_total", [("type", type), ("outcome", outcome)])
    }
}
