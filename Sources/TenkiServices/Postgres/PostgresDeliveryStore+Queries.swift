import Foundation
import TenkiCore

extension PostgresDeliveryStore {
    public func list(states: Set<DeliveryState>) async throws(DeliveryStoreError) -> [DeliverySummary] {
        guard !states.isEmpty else { return [] }
        let names = states.map(\.rawValue).sorted()
        return try await perform { connection throws(PostgresError) in
            try connection.query(
                "SELECT \(DeliveryColumns.summary) FROM deliveries WHERE state = ANY(string_to_array($1, ',')) ORDER BY id",
                [.text(names.joined(separator: ","))], row: DeliveryColumns.summary)
        }
    }

    public func summary(of id: DeliveryID) async throws(DeliveryStoreError) -> DeliverySummary? {
        try await perform { connection throws(PostgresError) in
            try connection.query(
                "SELECT \(DeliveryColumns.summary) FROM deliveries WHERE id = $1", [.integer(id.rawValue)],
                row: DeliveryColumns.summary
            ).first
        }
    }

    public func nextDueTime() async throws(DeliveryStoreError) -> Date? {
        try await perform { connection throws(PostgresError) in
            try connection.query(
                "SELECT MIN(GREATEST(lease_until, next_attempt_at)) FROM deliveries WHERE state = 'pending'"
            ) { $0.optionalDouble(0) }.first.flatMap { $0 }.map { Date(timeIntervalSince1970: $0) }
        }
    }

    public func statistics() async throws(DeliveryStoreError) -> DeliveryStatistics {
        try await perform { connection throws(PostgresError) in
            try connection.query(DeliveryColumns.statisticsQuery, row: DeliveryColumns.statistics).first
                ?? DeliveryStatistics(pending: 0, dead: 0, oldestPendingCreatedAt: nil)
        }
    }

    @discardableResult
    public func pruneDelivered(before date: Date) async throws(DeliveryStoreError) -> Int {
        try await perform { connection throws(PostgresError) in
            try connection.execute(
                "DELETE FROM deliveries WHERE state = 'delivered' AND finished_at < $1", [.real(date.timeIntervalSince1970)]
            ).affectedRows
        }
    }
}
