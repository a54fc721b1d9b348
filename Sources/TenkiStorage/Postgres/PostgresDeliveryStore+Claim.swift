import Foundation
import TenkiCore

/// A claim on PostgreSQL, where every statement is a round trip: the common claim is one
/// statement, outside any transaction (`windowClaimStatement`). It chooses from the window of
/// oldest due messages by the rule `SQLOutbox+Claim` applies (oldest first, at most
/// `perDestination` of one destination), locks the chosen rows with `SKIP LOCKED` and stamps them.
/// Only when that window was full and left places free does a second transaction walk the other
/// destinations (`walkOnward`, in one statement) and stamp what it found.
///
/// Locked rows are re-checked against the claim's conditions: PostgreSQL re-reads a row that
/// another claim changed after this statement's snapshot, so a row taken meanwhile is left out
/// (this claim is then smaller), and two processes never hold one message.
extension PostgresDeliveryStore {
    package func claim(
        owner: String, now: Date, leaseDuration: TimeInterval, perDestination: Int, limit: Int
    ) async throws(DeliveryStoreError) -> [ClaimedDelivery] {
        try await claim(
            owner: owner, now: now, leaseDuration: leaseDuration, perDestination: perDestination, limit: limit,
            walkFrom: Self.randomWalkStart())
    }

    /// The same, its walk (if any) starting at `walkStart`: tests choose it.
    func claim(
        owner: String, now: Date, leaseDuration: TimeInterval, perDestination: Int, limit: Int, walkFrom walkStart: String
    ) async throws(DeliveryStoreError) -> [ClaimedDelivery] {
        let at = now.timeIntervalSince1970
        let perDestination = max(1, perDestination)
        let limit = max(1, limit)
        let window = Self.claimWindow(limit: limit, perDestination: perDestination)
        let stamp: [PostgresValue] = [.real(at), .text(owner), .real(at + leaseDuration)]
        let (first, windowWasFull) = try await perform { connection throws(PostgresError) in
            let rows = try connection.query(
                Self.windowClaimStatement,
                stamp + [.integer(Int64(window)), .integer(Int64(perDestination)), .integer(Int64(limit))]
            ) { row in (claim: Self.stamped(row), windowSize: row.int(13)) }
            return (rows.map(\.claim), rows.first?.windowSize == window)
        }
        var claims = first
        if windowWasFull, first.count < limit {
            claims += try await transaction { connection throws(PostgresError) in
                var taken: [String: Int] = [:]
                for claim in first { taken[claim.destinationHash, default: 0] += 1 }
                let ids = try Self.walkOnward(
                    at: at, perDestination: perDestination, limit: limit, walkFrom: walkStart,
                    walkQuery: Self.destinationWalkQuery, taken: taken, picked: first.map { DueMessage(id: $0.id, dueAt: $0.dueAt) },
                    on: connection)
                guard !ids.isEmpty else { return [] }
                return try connection.query(
                    Self.stampStatement, stamp + [.text("{" + ids.map { String($0) }.joined(separator: ",") + "}")],
                    row: Self.stamped)
            }
        }
        return try await settle(claims.sorted { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }, at: at)
    }

    /// Delivers what was claimed; a row whose URL no longer parses is settled dead at once.
    private func settle(_ claims: [StampedClaim], at: TimeInterval) async throws(DeliveryStoreError) -> [ClaimedDelivery] {
        let unreadable = claims.filter { $0.delivery == nil }.map(\.id)
        if !unreadable.isEmpty {
            try await perform { connection throws(PostgresError) in
                for id in unreadable { try Self.settleUnreadable(id, at: at, on: connection) }
            }
        }
        return claims.compactMap(\.delivery)
    }

    /// A stamped row: the delivery (nil when its URL no longer parses), and what ordering and the
    /// walk need.
    struct StampedClaim: Sendable {
        let id: Int64
        let dueAt: TimeInterval
        let destinationHash: String
        let delivery: ClaimedDelivery?
    }

    /// A row of `DeliveryColumns.claimed` (12 columns) followed by `next_attempt_at`; `attempts` as returned counts this claim.
    static func stamped(_ row: PostgresRow) -> StampedClaim {
        StampedClaim(
            id: row.int64(0), dueAt: row.double(12), destinationHash: row.text(5),
            delivery: DeliveryColumns.claimed(row, attempt: row.int(7)))
    }

    /// `$1` now, `$2` owner, `$3` lease end, `$4` the window, `$5` per destination, `$6` the limit.
    /// `due` reads `deliveries_claim` in order (ids, hashes, due times); `ranked` numbers each
    /// destination's messages in due order, so `place <= $5` in due order, first `$6`, is exactly
    /// the walk through the window that `SQLOutbox.pickDue` does. Each row returns the window's size.
    static let windowClaimStatement = """
        WITH due AS (
            SELECT id, destination_hash, next_attempt_at FROM deliveries
            WHERE state = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
            ORDER BY next_attempt_at, id
            LIMIT $4
        ), ranked AS (
            SELECT id, next_attempt_at,
                row_number() OVER (PARTITION BY destination_hash ORDER BY next_attempt_at, id) AS place
            FROM due
        ), chosen AS (
            SELECT id FROM ranked WHERE place <= $5 ORDER BY next_attempt_at, id LIMIT $6
        ), picked AS (
            SELECT d.id FROM deliveries d
            WHERE d.id IN (SELECT id FROM chosen) AND d.state = 'pending' AND d.next_attempt_at <= $1
                AND (d.lease_until IS NULL OR d.lease_until <= $1)
            FOR UPDATE OF d SKIP LOCKED
        )
        UPDATE deliveries SET claimed_by = $2, lease_until = $3, attempts = deliveries.attempts + 1
        FROM picked WHERE deliveries.id = picked.id
        RETURNING deliveries.\(DeliveryColumns.claimed), deliveries.next_attempt_at, (SELECT COUNT(*) FROM due)
        """

    /// Stamps the rows `$4` (an array literal of ids) chosen by a walk, on the same conditions.
    static let stampStatement = """
        WITH picked AS (
            SELECT id FROM deliveries
            WHERE id = ANY(CAST($4 AS bigint[])) AND state = 'pending' AND next_attempt_at <= $1
                AND (lease_until IS NULL OR lease_until <= $1)
            FOR UPDATE SKIP LOCKED
        )
        UPDATE deliveries SET claimed_by = $2, lease_until = $3, attempts = deliveries.attempts + 1
        FROM picked WHERE deliveries.id = picked.id
        -- deliveries.id: picked has an id too
        RETURNING deliveries.\(DeliveryColumns.claimed), deliveries.next_attempt_at
        """
}
