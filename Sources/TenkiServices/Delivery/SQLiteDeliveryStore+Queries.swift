import Foundation
import TenkiCore

extension SQLiteDeliveryStore {
    public func list(states: Set<DeliveryState>) async throws(DeliveryStoreError) -> [DeliverySummary] {
        guard !states.isEmpty else { return [] }
        let names = states.map(\.rawValue).sorted()
        let placeholders = names.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
        return try await perform { connection throws(SQLiteError) in
            try connection.query(
                "SELECT \(DeliveryColumns.summary) FROM deliveries WHERE state IN (\(placeholders)) ORDER BY id",
                names.map { .text($0) }, row: DeliveryColumns.summary)
        }
    }

    public func summary(of id: DeliveryID) async throws(DeliveryStoreError) -> DeliverySummary? {
        try await perform { connection throws(SQLiteError) in
            try connection.query(
                "SELECT \(DeliveryColumns.summary) FROM deliveries WHERE id = ?1", [.integer(id.rawValue)],
                row: DeliveryColumns.summary
            ).first
        }
    }

    public func nextDueTime() async throws(DeliveryStoreError) -> Date? {
        try await perform { connection throws(SQLiteError) in
            try connection.query(
                """
                SELECT MIN(CASE WHEN lease_until > next_attempt_at THEN lease_until ELSE next_attempt_at END)
                FROM deliveries WHERE state = 'pending'
                """
            ) { $0.optionalDouble(0) }.first.flatMap { $0 }.map { Date(timeIntervalSince1970: $0) }
        }
    }

    public func statistics() async throws(DeliveryStoreError) -> DeliveryStatistics {
        try await perform { connection throws(SQLiteError) in
            try connection.query(DeliveryColumns.statisticsQuery, row: DeliveryColumns.statistics).first
                ?? DeliveryStatistics(pending: 0, dead: 0, oldestPendingCreatedAt: nil)
        }
    }

    @discardableResult
    public func pruneDelivered(before date: Date) async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(SQLiteError) in
            try connection.run(
                "DELETE FROM deliveries WHERE state = 'delivered' AND finished_at < ?1", [.real(date.timeIntervalSince1970)])
        }
    }
}
