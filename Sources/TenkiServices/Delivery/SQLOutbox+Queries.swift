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
            try connection.query(
                """
                SELECT MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END)
                FROM deliveries WHERE state = 'pending'
                """, []
            ) { $0.optionalDate(0) }.first.flatMap { $0 }
        }
    }

    package func statistics() async throws(DeliveryStoreError) -> DeliveryStatistics {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.query(DeliveryColumns.statisticsQuery, [], row: DeliveryColumns.statistics).first
                ?? DeliveryStatistics(pending: 0, dead: 0, oldestPendingCreatedAt: nil)
        }
    }

    @discardableResult
    package func pruneDelivered(before date: Date) async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(Database.DatabaseError) in
            try connection.run("DELETE FROM deliveries WHERE state = 'delivered' AND finished_at < $1", [.date(date)])
        }
    }
}
