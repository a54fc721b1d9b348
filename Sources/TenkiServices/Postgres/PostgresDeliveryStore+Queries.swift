import Foundation
import TenkiCore

extension PostgresDeliveryStore {
    private static let summaryColumns = """
        id, kind, state, destination_kind, destination_host, destination_hash, attempts, last_error,
        created_at, next_attempt_at, finished_at
        """

    public func list(states: Set<DeliveryState>) async throws(DeliveryStoreError) -> [DeliverySummary] {
        guard !states.isEmpty else { return [] }
        let names = states.map(\.rawValue).sorted()
        return try await PostgresStore.perform(pool) { connection throws(PostgresError) in
            try connection.query(
                "SELECT \(Self.summaryColumns) FROM deliveries WHERE state = ANY(string_to_array($1, ',')) ORDER BY id",
                [.text(names.joined(separator: ","))], row: Self.summary)
        }
    }

    public func summary(of id: DeliveryID) async throws(DeliveryStoreError) -> DeliverySummary? {
        try await PostgresStore.perform(pool) { connection throws(PostgresError) in
            try connection.query(
                "SELECT \(Self.summaryColumns) FROM deliveries WHERE id = $1", [.integer(id.rawValue)], row: Self.summary
            ).first
        }
    }

    public func nextDueTime() async throws(DeliveryStoreError) -> Date? {
        try await PostgresStore.perform(pool) { connection throws(PostgresError) in
            try connection.query(
                "SELECT MIN(GREATEST(lease_until, next_attempt_at)) FROM deliveries WHERE state = 'pending'"
            ) { $0.optionalDouble(0) }.first.flatMap { $0 }.map { Date(timeIntervalSince1970: $0) }
        }
    }

    public func statistics() async throws(DeliveryStoreError) -> DeliveryStatistics {
        try await PostgresStore.perform(pool) { connection throws(PostgresError) in
            let row = try connection.query(
                """
                SELECT COUNT(*) FILTER (WHERE state = 'pending'), COUNT(*) FILTER (WHERE state = 'dead'),
                       MIN(created_at) FILTER (WHERE state = 'pending')
                FROM deliveries WHERE state IN ('pending', 'dead')
                """
            ) { row in
                DeliveryStatistics(
                    pending: row.int(0), dead: row.int(1),
                    oldestPendingCreatedAt: row.optionalDouble(2).map { Date(timeIntervalSince1970: $0) })
            }.first
            return row ?? DeliveryStatistics(pending: 0, dead: 0, oldestPendingCreatedAt: nil)
        }
    }

    @discardableResult
    public func pruneDelivered(before date: Date) async throws(DeliveryStoreError) -> Int {
        try await PostgresStore.perform(pool) { connection throws(PostgresError) in
            try connection.execute(
                "DELETE FROM deliveries WHERE state = 'delivered' AND finished_at < $1", [.real(date.timeIntervalSince1970)]
            ).affectedRows
        }
    }

    private static func summary(_ row: PostgresRow) -> DeliverySummary {
        let state = DeliveryState(rawValue: row.text(2)) ?? .pending
        return DeliverySummary(
            id: DeliveryID(rawValue: row.int64(0)), kind: row.text(1), state: state,
            destinationKind: DestinationKind(rawValue: row.text(3)) ?? .incomingWebhook,
            destinationHost: row.text(4), destinationHash: row.text(5), attempts: row.int(6),
            lastError: row.optionalText(7), createdAt: Date(timeIntervalSince1970: row.double(8)),
            nextAttemptAt: state == .pending ? Date(timeIntervalSince1970: row.double(9)) : nil,
            finishedAt: row.optionalDouble(10).map { Date(timeIntervalSince1970: $0) })
    }
}
