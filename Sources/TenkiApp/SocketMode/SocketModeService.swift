import Foundation
import Synchronization
import TenkiBase
import TenkiHTTPClient
import TenkiLogging
import TenkiMetrics
import TenkiSlackAPI

/// Socket Mode as a service of `serve`'s group: keeps `connections` connections to Slack open, each
/// opened by its own `apps.connections.open`, and hands every envelope to `SocketModeAdapter` (the
/// one dispatcher behind it), acknowledging each on the connection it came by.
///
/// - A `disconnect` (`refresh_requested`, `warning`, `link_disabled`) opens the replacement first;
///   the old connection is read and acknowledged until the new one is open, then closed (1000).
///   A close frame or a drop opens the replacement at once.
/// - Failures to open back off 1 s doubling to 60 s with jitter (`SocketModeBackoff`); a refused
///   token and `link_disabled` are logged as errors and retried slowly; `too_many_websockets` lets
///   the connection being replaced go first, so the process never overlaps at Slack's limit.
/// - The drain (SIGTERM): `run` stops taking new connections, the envelopes in hand are
///   acknowledged, then each open connection sends its close frame (1000) and is read until
///   Slack's close frame arrives (bounded by the WebSocket's close timeout). Late answers already
///   owed are the server's background work, finished or handed over by the later drain steps.
struct SocketModeService: Service {
    let connector: any SocketModeConnector
    let adapter: SocketModeAdapter
    let connections: Int
    let health: SocketModeHealth
    let logger: Logger
    var backoff = SocketModeBackoff()
    /// Waits out a backoff; returns early when the task is cancelled. Tests pass one that returns at once.
    var sleep: @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    /// 0…1, for the jitter. Tests fix it.
    var random: @Sendable () -> Double = { Double.random(in: 0...1) }

    func run() async {
        logger.notice("socket mode: opening connections", [("connections", String(connections))])
        await withDiscardingTaskGroup { group in
            for slot in 0..<connections {
                group.addTask { await keep(slot: slot) }
            }
        }
    }

    /// One of the `connections`: opened, replaced when Slack asks or it goes, until cancelled.
    private func keep(slot: Int) async {
        let log = logger.with("connection", String(slot))
        await withDiscardingTaskGroup { readers in
            var previous: SocketModeReader?
            var failures = 0
            while !Task.isCancelled {
                let connection: any SocketModeConnection
                do throws(SocketModeConnectFailure) {
                    connection = try await connector.connect()
                } catch {
                    if Task.isCancelled { break }
                    failures += 1
                    if case .open(.tooManyWebSockets) = error, let old = previous {
                        // Never overlap at Slack's limit: the connection being replaced goes first.
                        old.replaced.signal()
                        await old.ended.wait()
                        previous = nil
                    }
                    let wait = delay(after: error, failures: failures)
                    logFailure(error, retryIn: wait, log: log)
                    await sleep(wait)
                    continue
                }
                health.opened(connection)
                log.notice("socket mode connection opened", [("replacing", previous == nil ? "no" : "yes")])
                previous?.replaced.signal()
                let reader = SocketModeReader()
                readers.addTask { await read(connection, with: reader, log: log) }
                previous = reader
                await reader.handoff.wait()
                if Task.isCancelled { break }
                if reader.linkDisabled {
                    await sleep(backoff.slowDelay(random: random()))
                } else if !reader.helloReceived {
                    // Ended before its hello: a failure, or a connection that drops at once would spin.
                    failures += 1
                    await sleep(backoff.delay(afterFailures: failures, random: random()))
                } else {
                    failures = 0
                }
            }
        }
    }

    private func delay(after error: SocketModeConnectFailure, failures: Int) -> Duration {
        switch error {
        case .open(.tokenRefused):
            return backoff.slowDelay(random: random())
        case .open(.rateLimited(let retryAfter?)):
            return max(retryAfter, backoff.delay(afterFailures: failures, random: random()))
        default:
            return backoff.delay(afterFailures: failures, random: random())
        }
    }

    private func logFailure(_ error: SocketModeConnectFailure, retryIn wait: Duration, log: Logger) {
        let fields = [("error", error.description), ("retry_in_ms", String(wait.milliseconds))]
        if case .open(.tokenRefused) = error {
            log.error("socket mode connection refused: the app-level token", fields)
        } else {
            log.warning("socket mode connection not opened", fields)
        }
    }

    /// SIGTERM: every connection still open sends its close frame and is read until Slack's
    /// close frame arrives; what arrives meanwhile can no longer be acknowledged (nothing may
    /// follow a close frame), so it is not run: Slack sends events again elsewhere.
    func drain() async {
        let open = health.openConnections
        guard !open.isEmpty else { return }
        logger.notice("socket mode: closing connections", [("connections", String(open.count))])
        await withDiscardingTaskGroup { group in
            for connection in open {
                group.addTask {
                    let reader = SocketModeReader(closing: true)
                    await withDiscardingTaskGroup { both in
                        both.addTask { await read(connection, with: reader, log: logger) }
                        both.addTask { await connection.close() }
                    }
                }
            }
        }
        logger.notice("socket mode: connections closed")
    }
}

extension SocketModeService {
    /// The service of `serve`, built by the composition root.
    init(
        settings: SocketModeSettings, apiBase: URL, transport: any HTTPTransport, router: TenkiRouter, metrics: MetricsRegistry,
        logger: Logger
    ) {
        let client = SlackAppsConnectionsClient(transport: transport, baseURL: apiBase, token: settings.appToken)
        self.init(
            connector: SlackSocketModeConnector(client: client), adapter: SocketModeAdapter(router: router),
            connections: settings.connections, health: SocketModeHealth(metrics: metrics), logger: logger)
    }
}

/// What one connection's reader shares with the loop that opened it.
final class SocketModeReader: Sendable {
    /// Signalled when the connection should be replaced: a `disconnect` arrived, or it ended.
    let handoff = AsyncSignal()
    /// Signalled once the replacement is open: the old connection may close.
    let replaced = AsyncSignal()
    /// Signalled when the reader has finished.
    let ended = AsyncSignal()
    private let flags: Mutex<(hello: Bool, linkDisabled: Bool)> = Mutex((false, false))
    /// In the drain: our close frame is (being) sent, so nothing read is run or acknowledged.
    let closing: Bool

    init(closing: Bool = false) {
        self.closing = closing
    }

    /// Envelopes read and not yet acknowledged (or given up).
    private let inFlight = Mutex(0)
    private let settled = AsyncSignal()

    func began() { inFlight.withLock { $0 += 1 } }

    func finished() {
        inFlight.withLock { $0 -= 1 }
        settled.signal()
    }

    /// Returns once every envelope read so far is acknowledged (or the task is cancelled): only
    /// then may the close frame go, since nothing can be sent after it.
    func untilAcknowledged() async {
        while !Task.isCancelled {
            let generation = settled.generation
            if inFlight.withLock({ $0 }) == 0 { return }
            await settled.wait(after: generation)
        }
    }

    var helloReceived: Bool { flags.withLock { $0.hello } }
    var linkDisabled: Bool { flags.withLock { $0.linkDisabled } }
    func sawHello() { flags.withLock { $0.hello = true } }
    func sawLinkDisabled() { flags.withLock { $0.linkDisabled = true } }
}
