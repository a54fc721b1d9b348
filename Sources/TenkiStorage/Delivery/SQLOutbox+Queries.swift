import Foundation
import TenkiCore

/// The outbox's listings and upkeep, the same statements on both databases.
extension SQLOutbox {
    package func list(states: Set<DeliveryState>) async throws(DeliveryStoreError) -> [DeliverySummary] {
        guard !states.isEmpty else { return [] }
        let names = states.map(\.rawValue).sorted()
        let parameters = names.indices.map { "$\($0 + 1)" }.joined(separator: ", ")
        return try await perform { connection throws(Database.DatabaseError) in
            try connection.query(
                "SELECT \(DeliveryColumns.summary) FROM deliveries WHERE state IN (\(parameters)) ORDER BY id",
                names.map { .text($0) }, row: DeliveryColumns.summary)
        }
    }

    package func summary(of id: DeliveryID) async throws(DeliveryStoreError) -> DeliverySummary? {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.query(
                "SELECT \(DeliveryColumns.summary) FROM deliveries WHERE id = $1", [.integer(id.rawValue)],
                row: DeliveryColumns.summary
            ).first
        }
    }

    package func nextDueTime() async throws(DeliveryStoreError) -> Date? {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.query(Self.nextDueQuery, []) { $0.optionalDate(0) }.first.flatMap { $0 }
        }
    }

    /// When the earliest pending message is due, or its lease ends when that is later: the first
    /// row in due order whose lease does not outlast its due time (`deliveries_claim`; it steps
    /// over claims in flight only), and the earliest lease that does (`deliveries_leased`, which
    /// holds claims in flight only). Each round reads it, so it must not read every pending row.
    static var nextDueQuery: String {
        """
        SELECT MIN(due) FROM (
            SELECT (SELECT next_attempt_at FROM deliveries\(reading("deliveries_claim"))
                    WHERE state = 'pending' AND (lease_until IS NULL OR lease_until <= next_attempt_at)
                    ORDER BY next_attempt_at, id LIMIT 1) AS due
            UNION ALL
            SELECT (SELECT MIN(lease_until) FROM deliveries\(reading("deliveries_leased"))
                    WHERE state = 'pending' AND lease_until IS NOT NULL AND lease_until > next_attempt_at) AS due
        ) AS candidates
        """
    }

    package func statistics() async throws(DeliveryStoreError) -> DeliveryStatistics {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.query(Self.statisticsQuery, [], row: DeliveryColumns.statistics).first
                ?? DeliveryStatistics(pending: 0, dead: 0, oldestPendingCreatedAt: nil)
        }
    }

    package func pendingCount(atMost ceiling: Int) async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.query(Self.boundedPendingQuery, [.integer(Int64(max(0, ceiling)))]) { $0.int(0) }.first ?? 0
        }
    }

    /// Pending messages up to `$1`, from `deliveries_claim` alone (it holds pending rows only).
    static var boundedPendingQuery: String {
        """
        SELECT COUNT(*) FROM (
            SELECT 1 FROM deliveries\(reading("deliveries_claim")) WHERE state = 'pending' LIMIT $1
        ) AS pending
        """
    }

    /// How many messages are pending and dead, and when the oldest pending one was queued: the
    /// counts from indexes alone (`deliveries_claim`, `deliveries_finished`), the age in one seek
    /// (`deliveries_pending_age`).
    static var statisticsQuery: String {
        """
        SELECT (SELECT COUNT(*) FROM deliveries\(reading("deliveries_claim")) WHERE state = 'pending'),
               (SELECT COUNT(*) FROM deliveries\(reading("deliveries_finished")) WHERE state = 'dead'),
               (SELECT MIN(created_at) FROM deliveries\(reading("deliveries_pending_age")) WHERE state = 'pending')
        """
    }

    @discardableResult
    package func pruneDelivered(before date: Date) async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.run("DELETE FROM deliveries WHERE state = 'delivered' AND finished_at < $1", [.date(date)])
        }
    }
}
