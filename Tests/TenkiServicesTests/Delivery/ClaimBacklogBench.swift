import Foundation
import TenkiCore
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

/// Not a test: the measurement behind `bench/claim-backlog.sh`, run only when
/// `TENKI_BENCH_CLAIM` is set. Fills a fresh outbox with a backlog in one statement, then times
/// claims (each followed by settling what it took, untimed, as the queue would) and, on the same
/// connection and rows, the claim query of 2fadc50 (its SELECT, without the updates), for the
/// before figure. Prints the figures and each query's plan (on PostgreSQL, the one-statement
/// destination walk's too); asserts nothing about time.
@Suite("Claim backlog bench", .enabled(if: ProcessInfo.processInfo.environment["TENKI_BENCH_CLAIM"] != nil))
struct ClaimBacklogBench {
    static let environment = ProcessInfo.processInfo.environment
    static let sizes = (environment["TENKI_BENCH_CLAIM_SIZES"] ?? "1000,100000,400000").split(separator: ",").compactMap { Int($0) }
    static let backends: [StoreBackend] = (environment["TENKI_BENCH_CLAIM_BACKENDS"] ?? "sqlite,postgres")
        .split(separator: ",").compactMap { StoreBackend(rawValue: String($0)) }
        .filter { $0 != .postgres || PostgresTestDatabase.isEnabled }
    static let claims = Int(environment["TENKI_BENCH_CLAIM_SAMPLES"] ?? "") ?? 50
    static let (perDestination, limit) = (2, 32)
    static let t0 = 1_800_000_000.0

    /// Every row its own destination (answers to presses and commands), or 10 destinations
    /// (webhooks), whose oldest rows fill any window.
    enum Spread: String, CaseIterable { case distinct, tenDestinations = "10-destinations" }

    @Test(arguments: backends)
    func claimTimes(_ backend: StoreBackend) async throws {
        for size in Self.sizes {
            for spread in Spread.allCases {
                let state = try await SharedTestState(backend)
                let store = try await state.open().deliveries
                let destinations = spread == .distinct ? size : 10
                let started = ContinuousClock.now
                try fill(state, backend: backend, size: size, destinations: destinations)
                let filled = started.duration(to: .now)
                let now = Date(timeIntervalSince1970: Self.t0 + Double(size) * 0.001 + 1)
                // Before the claims take any rows: the same backlog for both.
                let old = try oldQueryTimes(state, backend: backend, at: now.timeIntervalSince1970, samples: size >= 100_000 ? 3 : 10)
                // What every queue round reads besides its claim: the bounded backlog count and the next
                // due time; and the exact counts for the metrics, read every `statisticsInterval`.
                var roundReads: [Duration] = []
                var statistics: [Duration] = []
                for _ in 0..<5 {
                    let begin = ContinuousClock.now
                    _ = try await store.pendingCount(atMost: DeliveryQueue.backlogCountCeiling)
                    _ = try await store.nextDueTime()
                    let counted = ContinuousClock.now
                    roundReads.append(begin.duration(to: counted))
                    _ = try await store.statistics()
                    statistics.append(counted.duration(to: .now))
                }
                let server = backend == .postgres ? try serverClaimTimes(state, at: now.timeIntervalSince1970) : []
                var samples: [Duration] = []
                var claimed = 0
                for _ in 0..<Self.claims {
                    let begin = ContinuousClock.now
                    let batch = try await store.claim(
                        owner: "bench", now: now, leaseDuration: 60, perDestination: Self.perDestination, limit: Self.limit)
                    samples.append(begin.duration(to: .now))
                    claimed += batch.count
                    for delivery in batch { try await store.markDelivered(delivery.id, owner: "bench", at: now) }
                }
                print(
                    "claim-bench backend=\(backend.rawValue) pending=\(size) spread=\(spread.rawValue) fill=\(Self.ms(filled))"
                        + " claims=\(samples.count) rows=\(claimed) median_ms=\(Self.ms(Self.percentile(samples, 0.5)))"
                        + " p95_ms=\(Self.ms(Self.percentile(samples, 0.95))) max_ms=\(Self.ms(samples.max() ?? .zero))"
                        + " old_select_median_ms=\(Self.ms(Self.percentile(old, 0.5)))"
                        + " round_reads_median_ms=\(Self.ms(Self.percentile(roundReads, 0.5)))"
                        + " statistics_median_ms=\(Self.ms(Self.percentile(statistics, 0.5)))"
                        + " server_median_ms=\(server.isEmpty ? "-" : Self.ms(Self.percentile(server, 0.5)))")
                if size == Self.sizes.last, spread == .tenDestinations { try printPlans(state, backend: backend, at: now) }
            }
        }
    }

    private func fill(_ state: SharedTestState, backend: StoreBackend, size: Int, destinations: Int) throws {
        let columns = """
            kind, destination_url, destination_kind, destination_host, destination_hash, body, state, created_at,
            deadline, max_uses, webhook_lifetime, next_attempt_at
            """
        try state.execute(
            sqlite: """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(size))
                INSERT INTO deliveries (\(columns))
                SELECT 'bench', 'https://hooks.slack.com/actions/T/' || (i % \(destinations)), 'response_url', 'hooks.slack.com',
                    printf('%08x', ((i % \(destinations)) * 2654435761) % 4294967296), randomblob(1000), 'pending',
                    \(Self.t0), \(Self.t0) + 1800, 5, 1800, \(Self.t0) + i * 0.001
                FROM n;
                """,
            postgres: """
                INSERT INTO deliveries (\(columns))
                SELECT 'bench', 'https://hooks.slack.com/actions/T/' || (i % \(destinations)), 'response_url', 'hooks.slack.com',
                    lpad(to_hex(((i % \(destinations))::bigint * 2654435761) % 4294967296), 8, '0'),
                    decode(repeat(md5(i::text), 62), 'hex'), 'pending',
                    \(Self.t0), \(Self.t0) + 1800, 5, 1800, \(Self.t0) + i * 0.001
                FROM generate_series(1, \(size)) AS i;
                ANALYZE deliveries;
                """)
    }

    /// The claim query of 2fadc50, its SELECT only, on the same rows.
    private func oldQueryTimes(_ state: SharedTestState, backend: StoreBackend, at: Double, samples: Int) throws -> [Duration] {
        var times: [Duration] = []
        let database = try state.path.map { try SQLiteDatabase(path: $0) }
        for _ in 0..<samples {
            let begin = ContinuousClock.now
            switch backend {
            case .postgres:
                let connection = try PostgresConnection(url: state.url!)
                let begin = ContinuousClock.now
                _ = try connection.query(
                    """
                    WITH ranked AS (
                        SELECT id, ROW_NUMBER() OVER (PARTITION BY destination_hash ORDER BY next_attempt_at, id) AS rank
                        FROM deliveries
                        WHERE state = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
                    )
                    SELECT d.* FROM deliveries d JOIN ranked r ON r.id = d.id
                    WHERE r.rank <= $2 AND d.state = 'pending' AND d.next_attempt_at <= $1
                        AND (d.lease_until IS NULL OR d.lease_until <= $1)
                    ORDER BY d.next_attempt_at, d.id
                    LIMIT $3
                    """, [.real(at), .integer(Int64(Self.perDestination)), .integer(Int64(Self.limit))]
                ) { $0.int64(0) }
                times.append(begin.duration(to: .now))
                continue
            default:
                _ = try database!.withConnection { connection throws(SQLiteError) in
                    try connection.query(
                    """
                    SELECT id, kind, destination_url, destination_kind, destination_host, destination_hash, body,
                        attempts, deadline, max_uses, created_at
                    FROM (
                        SELECT *, ROW_NUMBER() OVER (PARTITION BY destination_hash ORDER BY next_attempt_at, id) AS rank
                        FROM deliveries
                        WHERE state = 'pending' AND next_attempt_at <= ?1 AND (lease_until IS NULL OR lease_until <= ?1)
                    )
                    WHERE rank <= ?2
                    ORDER BY next_attempt_at, id
                    LIMIT ?3
                    """, [.real(at), .integer(Int64(Self.perDestination)), .integer(Int64(Self.limit))]) { $0.int64(0) }
                }
            }
            times.append(begin.duration(to: .now))
        }
        return times
    }

    /// PostgreSQL's own execution time of the one-statement claim (`EXPLAIN ANALYZE`, rolled back so
    /// nothing stays stamped): the claim without the round trip and this debug build's decoding of
    /// the returned rows, which costs about as much at any backlog. Median of 5.
    private func serverClaimTimes(_ state: SharedTestState, at: Double) throws -> [Duration] {
        let connection = try PostgresConnection(url: state.url!)
        let window = PostgresDeliveryStore.claimWindow(limit: Self.limit, perDestination: Self.perDestination)
        let parameters: [PostgresValue] = [
            .real(at), .text("bench-explain"), .real(at + 60), .integer(Int64(window)), .integer(Int64(Self.perDestination)),
            .integer(Int64(Self.limit)),
        ]
        var times: [Duration] = []
        for _ in 0..<5 {
            _ = try connection.execute("BEGIN")
            let plan = try connection.query("EXPLAIN ANALYZE " + PostgresDeliveryStore.windowClaimStatement, parameters) {
                $0.text(0)
            }
            _ = try connection.execute("ROLLBACK")
            let line = try #require(plan.first { $0.hasPrefix("Execution Time:") })
            let milliseconds = try #require(Double(line.split(separator: " ")[2]))
            times.append(.microseconds(Int64(milliseconds * 1000)))
        }
        return times
    }

    private func printPlans(_ state: SharedTestState, backend: StoreBackend, at now: Date) throws {
        let queries: [(String, String, [SQLiteValue], [PostgresValue])] = [
            ("oldest due", SQLiteDeliveryStore.oldestDueQuery, [.real(now.timeIntervalSince1970), .integer(256)],
             [.real(now.timeIntervalSince1970), .integer(256)]),
            ("next destination", SQLiteDeliveryStore.nextDestinationQuery, [.text("8")], [.text("8")]),
            ("destination's due", SQLiteDeliveryStore.destinationDueQuery,
             [.text("00000000"), .real(now.timeIntervalSince1970), .integer(2)],
             [.text("00000000"), .real(now.timeIntervalSince1970), .integer(2)]),
        ]
        for (name, sqliteText, sqliteValues, postgresValues) in queries {
            let plan: [String]
            switch backend {
            case .postgres:
                let text = sqliteText.replacingOccurrences(of: SQLiteDeliveryStore.reading("deliveries_claim"), with: "")
                    .replacingOccurrences(of: SQLiteDeliveryStore.reading("deliveries_lanes"), with: "")
                plan = try PostgresConnection(url: state.url!).query("EXPLAIN (ANALYZE, BUFFERS) " + text, postgresValues) {
                    $0.text(0)
                }
            default:
                plan = try state.sqliteQuery("EXPLAIN QUERY PLAN " + sqliteText, sqliteValues, column: 3)
            }
            print("claim-bench plan backend=\(backend.rawValue) query=\"\(name)\"")
            for line in plan { print("claim-bench plan   \(line)") }
        }
        // PostgreSQL walks the destinations in one statement instead of the two seeks above per destination.
        if backend == .postgres, let walk = PostgresDeliveryStore.destinationWalkQuery {
            let plan = try PostgresConnection(url: state.url!).query(
                "EXPLAIN (ANALYZE, BUFFERS) " + walk,
                [.text("8"), .real(now.timeIntervalSince1970), .integer(Int64(Self.perDestination)), .integer(Int64(Self.limit + 1))]
            ) { $0.text(0) }
            print("claim-bench plan backend=\(backend.rawValue) query=\"destination walk\"")
            for line in plan { print("claim-bench plan   \(line)") }
        }
    }

    static func percentile(_ samples: [Duration], _ fraction: Double) -> Duration {
        guard !samples.isEmpty else { return .zero }
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
    }

    static func ms(_ duration: Duration) -> String {
        String(format: "%.2f", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }
}

extension SharedTestState {
    /// Runs a query on a new connection to the SQLite state; returns column `column` of each row as text.
    func sqliteQuery(_ sql: String, _ values: [SQLiteValue], column: Int = 0) throws -> [String] {
        let path = try #require(self.path)
        return try SQLiteDatabase(path: path).withConnection { connection throws(SQLiteError) in
            try connection.query(sql, values) { $0.optionalText(column) ?? "" }
        }
    }
}
