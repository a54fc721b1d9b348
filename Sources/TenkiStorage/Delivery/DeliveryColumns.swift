import Foundation
import TenkiCore

/// How the outbox's rows read back, shared by both backends' queries (the SQL differs where the
/// dialects do; what a row means does not).
enum DeliveryColumns {
    /// The columns of a `DeliverySummary`, in the order `summary(_:)` reads them.
    static let summary = """
        id, kind, state, destination_kind, destination_host, destination_hash, attempts, last_error,
        created_at, next_attempt_at, finished_at
        """

    /// The columns of a claimed message, in the order `claimed(_:attempt:)` reads them.
    static let claimed = """
        id, kind, destination_url, destination_kind, destination_host, destination_hash, body,
        attempts, deadline, max_uses, created_at, installation_key
        """

    static func summary(_ row: some StoreRow) -> DeliverySummary {
        let state = DeliveryState(rawValue: row.text(2)) ?? .pending
        return DeliverySummary(
            id: DeliveryID(rawValue: row.int64(0)), kind: row.text(1), state: state,
            destinationKind: DestinationKind(rawValue: row.text(3)) ?? .incomingWebhook,
            destinationHost: row.text(4), destinationHash: row.text(5), attempts: row.int(6),
            lastError: row.optionalText(7), createdAt: row.date(8),
            nextAttemptAt: state == .pending ? row.date(9) : nil, finishedAt: row.optionalDate(10))
    }

    /// A row of `claimed`, as the `attempt`th try; nil when its URL no longer parses (it can never be sent).
    static func claimed(_ row: some StoreRow, attempt: Int) -> ClaimedDelivery? {
        guard let url = URL(string: row.text(2)) else { return nil }
        return ClaimedDelivery(
            id: DeliveryID(rawValue: row.int64(0)), kind: row.text(1), destination: url,
            destinationKind: DestinationKind(rawValue: row.text(3)) ?? .incomingWebhook,
            destinationHost: row.text(4), destinationHash: row.text(5), body: row.blob(6), attempt: attempt,
            limits: DeliveryLimits(deadline: row.date(8), maxUses: row.optionalInt(9)), createdAt: row.date(10),
            installationKey: row.optionalText(11))
    }

    /// The one row of `SQLOutbox.statisticsQuery`.
    static func statistics(_ row: some StoreRow) -> DeliveryStatistics {
        DeliveryStatistics(pending: row.int(0), dead: row.int(1), oldestPendingCreatedAt: row.optionalDate(2))
    }
}
