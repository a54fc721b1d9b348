import Foundation
import TenkiCore
import Testing

@testable import TenkiStorage

/// The part of a claim that walks destinations when a busy one fills the window of oldest due
/// messages (`SQLOutbox+Claim`), from a chosen point of the hash space rather than a random one:
/// on both databases the messages it picks, and on PostgreSQL, that its one-statement walk picks
/// exactly what the walk by seeks picks on the same rows.
@Suite("Claim walk over destinations")
struct ClaimWalkTests {
    static let t0 = 1_800_000_000.0
    static let at = t0 + 1000

    /// One row to insert: its destination hash, due time, and lease end (nil: free).
    struct Row {
        let hash: String
        let due: Double
        var lease: Double? = nil
        var state = "pending"
    }

    /// A busy destination (`a0000000`) with 300 due messages at the front, one of them
    /// `30000000`'s (which has two more later); twelve destinations `k0000001` with three due
    /// each; `50000002` with two leased and one whose lease ended; `60000003` not yet due;
    /// `70000004` delivered only. In insertion order, so ids follow this order.
    static var rows: [Row] {
        var rows: [Row] = (1...300).map { Row(hash: $0 == 100 ? "30000000" : "a0000000", due: t0 + Double($0)) }
        rows += [Row(hash: "30000000", due: t0 + 500), Row(hash: "30000000", due: t0 + 501)]
        for k in 0..<12 {
            rows += (0..<3).map { Row(hash: String(k, radix: 16) + "0000001", due: t0 + 600 + Double(k * 3 + $0)) }
        }
        rows += [
            Row(hash: "50000002", due: t0 + 400, lease: at + 60), Row(hash: "50000002", due: t0 + 401, lease: at + 60),
            Row(hash: "50000002", due: t0 + 700, lease: at - 1),
            Row(hash: "60000003", due: at + 100), Row(hash: "60000003", due: at + 101),
            Row(hash: "70000004", due: t0 + 2, state: "delivered"),
        ]
        return rows
    }

    /// Fills a fresh, migrated state with `rows`; returns it and each row's id, in order.
    private func filled(_ backend: StoreBackend) async throws -> (SharedTestState, [Int64]) {
        let state = try await SharedTestState(backend)
        _ = try await state.open()  // migrates
        let values = Self.rows.map { row in
            "('walk', 'https://hooks.slack.com/services/T/B/\(row.hash)', 'webhook', 'hooks.slack.com', '\(row.hash)', BODY,"
                + " '\(row.state)', \(Self.t0), \(Self.t0 + 3600), NULL, 3600, \(row.due), \(row.lease.map { "\($0)" } ?? "NULL"))"
        }.joined(separator: ",\n")
        let insert = """
            INSERT INTO deliveries (kind, destination_url, destination_kind, destination_host, destination_hash, body,
                state, created_at, deadline, max_uses, webhook_lifetime, next_attempt_at, lease_until)
            VALUES \(values);
            """
        try state.execute(
            sqlite: insert.replacingOccurrences(of: "BODY", with: "X'7b7d'"),
            postgres: insert.replacingOccurrences(of: "BODY", with: "decode('7b7d', 'hex')") + "\nANALYZE deliveries;")
        let ids = try await state.open().deliveries.list(states: [.pending, .delivered]).map(\.id.rawValue)
        try #require(ids.count == Self.rows.count)
        return (state, ids)
    }

    /// The ids a claim's choice takes on `state` from `start`, walking with `walkQuery` on
    /// PostgreSQL (the store's own when not given).
    private func pick(
        _ state: SharedTestState, from start: String, perDestination: Int, limit: Int,
        walkQuery: String?? = .none
    ) throws -> [Int64] {
        switch state.backend {
        case .postgres:
            let connection = try PostgresConnection(url: state.url!)
            return try PostgresDeliveryStore.pickDue(
                at: Self.at, perDestination: perDestination, limit: limit, walkFrom: start,
                walkQuery: walkQuery ?? PostgresDeliveryStore.destinationWalkQuery, on: connection)
        default:
            return try SQLiteDatabase(path: state.path!).withConnection { connection throws(SQLiteError) in
                try SQLiteDeliveryStore.pickDue(
                    at: Self.at, perDestination: perDestination, limit: limit, walkFrom: start, on: connection)
            }
        }
    }

    @Test("past the end of the hash space the walk wraps round to its start", arguments: StoreBackend.durable)
    func wrapsRound(_ backend: StoreBackend) async throws {
        let (state, ids) = try await filled(backend)
        // The window (256 oldest due) holds busy's and 30000000's first; nothing lies after "c", so the
        // walk wraps to 00000001 (two, its share) and 10000001 (one, the claim's last place).
        let picked = try pick(state, from: "c", perDestination: 2, limit: 6)
        #expect(picked == [ids[0], ids[1], ids[99], ids[302], ids[303], ids[305]])
    }

    @Test(
        "the walk gives a destination seen in the window the rest of its share, and skips leased and later messages",
        arguments: StoreBackend.durable)
    func sharesAndLeases(_ backend: StoreBackend) async throws {
        let (state, ids) = try await filled(backend)
        // From "3", in hash order: 30000000 (the rest of its share: its next due), 30000001,
        // 40000001, 50000001, 50000002 (only the message whose lease ended), 60000001, 60000003
        // (nothing due), 70000001 (one, the claim's last place).
        let picked = try pick(state, from: "3", perDestination: 2, limit: 14)
        let idOf = { (hash: String, due: Double) in ids[Self.rows.firstIndex { $0.hash == hash && $0.due == Self.t0 + due }!] }
        let expected = [
            ids[0], ids[1], ids[99], idOf("30000000", 500), idOf("30000001", 609), idOf("30000001", 610),
            idOf("40000001", 612), idOf("40000001", 613), idOf("50000001", 615), idOf("50000001", 616),
            idOf("60000001", 618), idOf("60000001", 619), idOf("70000001", 621), idOf("50000002", 700),
        ]
        #expect(picked == expected)
    }

    @Test(
        "on PostgreSQL the walk in one statement picks what the walk by seeks picks",
        .enabled(if: PostgresTestDatabase.isEnabled))
    func oneStatementMatchesSeeks() async throws {
        try #require(PostgresDeliveryStore.destinationWalkQuery != nil, "PostgreSQL walks in one statement")
        let (state, _) = try await filled(.postgres)
        let hashes = Set(Self.rows.map(\.hash)).sorted()
        let starts = ["", "0", "00000000", "3", "5", "8", "c", "ffffffff"] + hashes
        var walked = 0
        for start in starts {
            for (perDestination, limit) in [(1, 4), (2, 6), (2, 9), (2, 40), (3, 20)] {
                let seeks = try pick(state, from: start, perDestination: perDestination, limit: limit, walkQuery: .some(nil))
                let one = try pick(state, from: start, perDestination: perDestination, limit: limit)
                #expect(one == seeks, "from \(start), \(perDestination) per destination, \(limit) in all")
                if seeks.count > perDestination + 1 { walked += 1 }
            }
        }
        // Most of these reach past the window's two destinations.
        #expect(walked > starts.count * 3)
    }

    @Test(
        "on PostgreSQL a claim, its window chosen inside the claiming statement, takes exactly what the choice picks",
        .enabled(if: PostgresTestDatabase.isEnabled))
    func claimTakesWhatTheChoicePicks() async throws {
        for (start, perDestination, limit) in [("c", 2, 6), ("3", 2, 14), ("", 1, 4), ("5", 3, 20), ("8", 2, 40)] {
            let (chosen, _) = try await filled(.postgres)
            let expected = try pick(chosen, from: start, perDestination: perDestination, limit: limit)
            let (claimed, _) = try await filled(.postgres)
            let store = try #require(try await claimed.open().deliveries as? PostgresDeliveryStore)
            let taken = try await store.claim(
                owner: "walk", now: Date(timeIntervalSince1970: Self.at), leaseDuration: 60, perDestination: perDestination,
                limit: limit, walkFrom: start)
            #expect(taken.map(\.id.rawValue) == expected, "from \(start), \(perDestination) per destination, \(limit) in all")
            #expect(Set(taken.map(\.attempt)) == [1])
        }
        // Within the window alone (a claim small enough that the window's rule fills it): one statement.
        let (state, ids) = try await filled(.postgres)
        let store = try #require(try await state.open().deliveries as? PostgresDeliveryStore)
        let taken = try await store.claim(
            owner: "walk", now: Date(timeIntervalSince1970: Self.at), leaseDuration: 60, perDestination: 2, limit: 3,
            walkFrom: "c")
        #expect(taken.map(\.id.rawValue) == [ids[0], ids[1], ids[99]])
    }
}
