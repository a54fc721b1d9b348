import Foundation
import TenkiCore

/// Which due messages a claim takes, the same on both databases, at a cost that does not depend
/// on the backlog: every read walks a partial index of pending rows (`deliveries_claim`,
/// `deliveries_lanes`) and reads ids and destination hashes only; bodies are read for the rows
/// claimed, once chosen.
///
/// The rule is the one the queue always had: due messages whose lease is free, oldest due first,
/// at most `perDestination` of one destination, `limit` in all. It is applied exactly within a
/// window of the oldest `window` due messages, which covers every case but a backlog of one or a
/// few destinations ahead of everyone else; then the remaining places go to the other
/// destinations in turn (their oldest messages first), walking the destinations from a random
/// point of the hash space, so a busy destination at the front cannot starve the rest. SQLite walks
/// with one seek per destination (no round trips); PostgreSQL, where each read is a round trip,
/// applies the window's rule inside its claiming statement (`PostgresDeliveryStore+Claim`) and
/// reads the whole walk, when one is needed, in one statement (`destinationWalkQuery`).
extension SQLOutbox {
    /// The oldest `$2` due messages whose lease is free at `$1`: id, destination, due time
    /// (`deliveries_claim`, read in order, no sort).
    static var oldestDueQuery: String {
        """
        SELECT id, destination_hash, next_attempt_at FROM deliveries\(reading("deliveries_claim"))
        WHERE state = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
        ORDER BY next_attempt_at, id
        LIMIT $2
        """
    }

    /// The first destination with pending messages after `$1`, in hash order (`deliveries_lanes`, one seek).
    static var nextDestinationQuery: String {
        """
        SELECT destination_hash FROM deliveries\(reading("deliveries_lanes"))
        WHERE state = 'pending' AND destination_hash > $1
        ORDER BY destination_hash
        LIMIT 1
        """
    }

    /// Destination `$1`'s oldest `$3` messages due at `$2` whose lease is free (`deliveries_lanes`).
    static var destinationDueQuery: String {
        """
        SELECT id, next_attempt_at FROM deliveries\(reading("deliveries_lanes"))
        WHERE state = 'pending' AND destination_hash = $1 AND next_attempt_at <= $2
            AND (lease_until IS NULL OR lease_until <= $2)
        ORDER BY next_attempt_at, id
        LIMIT $3
        """
    }

    /// How many due messages, oldest first, the exact part of a claim reads at most.
    static func claimWindow(limit: Int, perDestination: Int) -> Int {
        min(4096, max(256, 4 * limit * perDestination))
    }

    /// The ids to claim, oldest due first. Reads only the two partial indexes; locks nothing.
    static func pickDue<Connection: StoreConnection>(
        at: TimeInterval, perDestination: Int, limit: Int, walkFrom start: String, on connection: Connection
    ) throws(Connection.Failure) -> [Int64] {
        try pickDue(
            at: at, perDestination: perDestination, limit: limit, walkFrom: start, walkQuery: destinationWalkQuery,
            on: connection)
    }

    /// The same, walking with `walkQuery` when there is one (see `destinationWalkQuery`) and with
    /// one seek per destination when not: the tests compare the two on one database.
    static func pickDue<Connection: StoreConnection>(
        at: TimeInterval, perDestination: Int, limit: Int, walkFrom start: String, walkQuery: String?,
        on connection: Connection
    ) throws(Connection.Failure) -> [Int64] {
        var picked: [DueMessage] = []
        try pickDue(
            at: at, perDestination: perDestination, limit: limit, walkFrom: start, walkQuery: walkQuery, into: &picked,
            on: connection)
        return picked.sorted { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }.map(\.id)
    }

    private static func pickDue<Connection: StoreConnection>(
        at: TimeInterval, perDestination: Int, limit: Int, walkFrom start: String, walkQuery: String?,
        into picked: inout [DueMessage], on connection: Connection
    ) throws(Connection.Failure) {
        let perDestination = max(1, perDestination)
        let limit = max(1, limit)
        let window = claimWindow(limit: limit, perDestination: perDestination)
        let due = try connection.query(
            oldestDueQuery,
            [.real(at), .integer(Int64(window))]
        ) { row in (message: DueMessage(id: row.int64(0), dueAt: row.double(2)), destination: row.text(1)) }
        var taken: [String: Int] = [:]
        for row in due where picked.count < limit {
            let count = taken[row.destination, default: 0]
            guard count < perDestination else { continue }
            taken[row.destination] = count + 1
            picked.append(row.message)
        }
        // Fewer than the window: every due message was seen, and the rule applied exactly.
        guard due.count == window, picked.count < limit else { return }
        if let walkQuery {
            try walkDestinations(
                walkQuery, at: at, perDestination: perDestination, limit: limit, from: start, taken: &taken,
                picked: &picked, on: connection)
        } else {
            try walkDestinations(
                at: at, perDestination: perDestination, limit: limit, from: start, taken: &taken, picked: &picked,
                on: connection)
        }
    }

    /// The walk alone, going on from a choice already made in the window (`picked`, counted per
    /// destination in `taken`): PostgreSQL's claim chooses from its window inside the claiming
    /// statement and walks only when that window was full. Returns the ids the walk adds.
    static func walkOnward<Connection: StoreConnection>(
        at: TimeInterval, perDestination: Int, limit: Int, walkFrom start: String, walkQuery: String?,
        taken: [String: Int], picked: [DueMessage], on connection: Connection
    ) throws(Connection.Failure) -> [Int64] {
        var taken = taken
        var all = picked
        if let walkQuery {
            try walkDestinations(
                walkQuery, at: at, perDestination: perDestination, limit: limit, from: start, taken: &taken, picked: &all,
                on: connection)
        } else {
            try walkDestinations(
                at: at, perDestination: perDestination, limit: limit, from: start, taken: &taken, picked: &all, on: connection)
        }
        return all.dropFirst(picked.count).map(\.id)
    }

    /// The walk below in one statement, `query` (`destinationWalkQuery`): it returns, for the
    /// destinations the walk would look at, in the walk's order, each one's oldest due messages
    /// up to a full share; the shares are then taken exactly as the walk takes them.
    private static func walkDestinations<Connection: StoreConnection>(
        _ query: String, at: TimeInterval, perDestination: Int, limit: Int, from start: String,
        taken: inout [String: Int], picked: inout [DueMessage], on connection: Connection
    ) throws(Connection.Failure) {
        var seen = Set(picked.map(\.id))
        let full = taken.values.filter { $0 >= perDestination }.count
        let lanes = try connection.query(
            query,
            [.text(start), .real(at), .integer(Int64(perDestination)), .integer(Int64(limit + full))]
        ) { row in (destination: row.text(0), message: DueMessage(id: row.int64(1), dueAt: row.double(2))) }
        for lane in lanes where picked.count < limit && taken[lane.destination, default: 0] < perDestination {
            guard seen.insert(lane.message.id).inserted else { continue }
            taken[lane.destination, default: 0] += 1
            picked.append(lane.message)
        }
    }

    /// Fills the remaining places from destinations in hash order, starting after `start` and
    /// wrapping round once, looking at `limit` destinations besides those the window filled; each
    /// gives its oldest due messages up to its share. A destination seen in the window had its
    /// oldest messages there, so the window's picks are the start of its share.
    private static func walkDestinations<Connection: StoreConnection>(
        at: TimeInterval, perDestination: Int, limit: Int, from start: String, taken: inout [String: Int],
        picked: inout [DueMessage], on connection: Connection
    ) throws(Connection.Failure) {
        var seen = Set(picked.map(\.id))
        var cursor = start
        var wrapped = false
        // Each destination costs one seek, and one more when it has a share left: at most `limit`
        // of those, and the ones the window filled on top.
        var looked = 0
        let full = taken.values.filter { $0 >= perDestination }.count
        while picked.count < limit, looked < limit + full {
            let next = try connection.query(
                nextDestinationQuery,
                [.text(cursor)]
            ) { $0.text(0) }.first
            guard let destination = next else {
                if wrapped || start.isEmpty { return }
                (wrapped, cursor) = (true, "")
                continue
            }
            if wrapped, destination > start { return }
            cursor = destination
            looked += 1
            let share = perDestination - taken[destination, default: 0]
            guard share > 0 else { continue }
            let oldest = try connection.query(
                destinationDueQuery,
                [.text(destination), .real(at), .integer(Int64(perDestination))]
            ) { DueMessage(id: $0.int64(0), dueAt: $0.double(1)) }
            for message in oldest where picked.count < limit && taken[destination, default: 0] < perDestination {
                guard seen.insert(message.id).inserted else { continue }
                taken[destination, default: 0] += 1
                picked.append(message)
            }
        }
    }

    /// Where a claim's walk over destinations starts: a random point of the hash space, so that
    /// successive claims behind a busy front serve every destination in turn.
    static func randomWalkStart() -> String {
        let hex = String(UInt32.random(in: 0...UInt32.max), radix: 16)  // not `String(format:)`, which sets up a locale
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// A due message's id and when it fell due: the order a claim returns.
struct DueMessage {
    let id: Int64
    let dueAt: TimeInterval
}
